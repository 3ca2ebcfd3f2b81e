import type { AdminAccount } from '@helios/api';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Context } from '../context';
import { credentials, tenants, tenantUsers } from '../db/schema';
import { tenantActive } from '../tenants/status';
import { type AccountRow, publicCredential } from './repository';

/** The admin view of accounts (spec §3 "Account (admin)"), with credentials and tenant access
 * read in two queries for the whole list. A tenant access is `active` when the membership is
 * active and the tenant is not deactivated: exactly when "log in as" into it is possible. */
export async function adminAccounts(ctx: Context, rows: AccountRow[]): Promise<AdminAccount[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [creds, access] = await Promise.all([
    ctx.db.select().from(credentials).where(inArray(credentials.accountId, ids)).orderBy(asc(credentials.createdAt)),
    ctx.db
      .select({
        accountId: tenantUsers.accountId,
        id: tenants.id,
        slug: tenants.slug,
        name: tenants.name,
        member: tenantUsers.active,
        inactiveAt: tenants.inactiveAt,
      })
      .from(tenantUsers)
      .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
      .where(inArray(tenantUsers.accountId, ids))
      .orderBy(asc(tenants.name)),
  ]);
  const now = ctx.now();
  const credsOf = groupBy(creds, (c) => c.accountId);
  const accessOf = groupBy(access, (a) => a.accountId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    image: row.picture,
    is_user: row.isUser,
    is_stakeholder: row.isStakeholder,
    is_admin: row.isAdmin,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    available_credentials: (credsOf.get(row.id) ?? []).map(publicCredential),
    tenant_access: (accessOf.get(row.id) ?? []).map((a) => ({
      id: a.id,
      slug: a.slug,
      name: a.name,
      active: a.member && tenantActive(a.inactiveAt, now),
    })),
  }));
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
