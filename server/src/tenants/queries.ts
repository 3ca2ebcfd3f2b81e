import type { TenantDetail, TenantSummary } from '@helios/api';
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from '../context';
import { tenants, tenantUsers } from '../db/schema';
import { errors } from '../http/errors';

export type TenantRow = typeof tenants.$inferSelect;

/** Active members of a tenant, counted in the database for each tenant row. */
export const activeUserCount = sql<number>`(
  select count(*)::int from ${tenantUsers}
  where ${tenantUsers.tenantId} = ${tenants.id} and ${tenantUsers.active}
)`;

export const summaryColumns = {
  id: tenants.id,
  name: tenants.name,
  slug: tenants.slug,
  url: tenants.url,
  inactiveAt: tenants.inactiveAt,
  userCount: activeUserCount,
};

type SummaryRow = { id: string; name: string; slug: string; url: string; inactiveAt: Date | null; userCount: number };

export function summaryOf(row: SummaryRow): TenantSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: row.url,
    user_count: row.userCount,
    inactive_at: row.inactiveAt?.toISOString() ?? null,
  };
}

export async function tenantOr404(ctx: Context, id: string): Promise<TenantRow> {
  const [tenant] = await ctx.db.select().from(tenants).where(eq(tenants.id, id));
  if (!tenant) throw errors.notFound('No such tenant');
  return tenant;
}

export async function tenantDetail(ctx: Context, id: string): Promise<TenantDetail> {
  const [row] = await ctx.db
    .select({ ...summaryColumns, smsCredits: tenants.smsCredits, createdAt: tenants.createdAt })
    .from(tenants)
    .where(eq(tenants.id, id));
  if (!row) throw errors.notFound('No such tenant');
  return { ...summaryOf(row), sms_credits: row.smsCredits, created_at: row.createdAt.toISOString() };
}

export async function membership(ctx: Context, tenantId: string, accountId: string) {
  const [row] = await ctx.db
    .select({ active: tenantUsers.active })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.accountId, accountId)));
  return row ?? null;
}
