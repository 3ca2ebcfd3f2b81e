import { AdminErrorCode, adminRoutes, ErrorCode } from '@helios/api';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminAuditRow } from '../admin/audit';
import { loginAsLink } from '../clavis/login-as';
import type { Context } from '../context';
import { accounts, tenants, tenantUsers } from '../db/schema';
import { registerAdmin } from '../http/auth';
import { HttpError } from '../http/errors';
import { searchUsingIndexes } from '../search/indexed';
import { containsPattern } from '../search/like';
import { membership, summaryColumns, summaryOf, tenantDetail, tenantOr404 } from './queries';
import { createTenantWithClient, setTenantDeactivation } from './repository';
import { tenantSearchQuery } from './search';
import type { SettingsCache } from './settings-cache';

export const TENANT_USERS_LIMIT = 500;
/** Tenant user search filters only from this many characters on (spec §5: more than 2). */
export const TENANT_USER_SEARCH_MIN = 3;

/** The instance address of a new tenant when the admin gives none (INSTANCE_URL_TEMPLATE). */
export function instanceUrl(template: string, slug: string): string {
  return template.replaceAll('{slug}', slug);
}

/** Admin calls on tenants (spec §7 "Admin"); settings and SMS live in their own modules. */
export function registerTenantRoutes(app: FastifyInstance, ctx: Context, cache: SettingsCache) {
  registerAdmin(app, ctx, adminRoutes.listTenants, async () => {
    const rows = await ctx.db.select(summaryColumns).from(tenants).orderBy(asc(tenants.name), asc(tenants.slug));
    return rows.map(summaryOf);
  });

  registerAdmin(app, ctx, adminRoutes.searchTenants, async ({ params }) => {
    const rows = await searchUsingIndexes(ctx, params.term, (db) => tenantSearchQuery(db, params.term));
    return rows.map(summaryOf);
  });

  registerAdmin(app, ctx, adminRoutes.tenant, async ({ params }) => tenantDetail(ctx, params.tenantId));

  registerAdmin(app, ctx, adminRoutes.tenantUsers, async ({ params, query }) => {
    await tenantOr404(ctx, params.tenantId);
    const term = query.search?.trim() ?? '';
    const pattern = containsPattern(term);
    const rows = await ctx.db
      .select({ id: accounts.id, name: accounts.name, email: accounts.email, active: tenantUsers.active })
      .from(tenantUsers)
      .innerJoin(accounts, eq(accounts.id, tenantUsers.accountId))
      .where(
        and(
          eq(tenantUsers.tenantId, params.tenantId),
          term.length >= TENANT_USER_SEARCH_MIN
            ? or(ilike(accounts.name, pattern), ilike(accounts.email, pattern))
            : undefined,
        ),
      )
      .orderBy(asc(accounts.email))
      .limit(TENANT_USERS_LIMIT);
    return rows;
  });

  registerAdmin(app, ctx, adminRoutes.createTenant, async ({ body }, call) => {
    const url = body.url ?? instanceUrl(ctx.config.instanceUrlTemplate, body.slug);
    if (!/^https?:\/\//i.test(url))
      throw new HttpError(422, ErrorCode.validation, 'body.url: must be an http:// or https:// address');
    const created = await createTenantWithClient(ctx, { name: body.name, slug: body.slug, url }, (id) =>
      adminAuditRow(call, {
        action: 'tenant.created',
        target: { type: 'tenant', id },
        details: { name: body.name, slug: body.slug, url },
      }),
    );
    if (!created)
      throw new HttpError(409, AdminErrorCode.slugTaken, `The slug "${body.slug}" is already taken; choose another`);
    await cache.changed();
    return { id: created.id };
  });

  registerAdmin(app, ctx, adminRoutes.setDeactivation, async ({ params, body }, call) => {
    const inactiveAt = body.inactive_at === null ? null : new Date(body.inactive_at);
    const updated = await setTenantDeactivation(
      ctx,
      params.tenantId,
      inactiveAt,
      adminAuditRow(call, {
        action: inactiveAt ? 'tenant.deactivation_set' : 'tenant.deactivation_cleared',
        target: { type: 'tenant', id: params.tenantId },
        details: { inactive_at: inactiveAt?.toISOString() ?? null },
      }),
    );
    if (!updated) await tenantOr404(ctx, params.tenantId);
    return tenantDetail(ctx, params.tenantId);
  });

  registerAdmin(app, ctx, adminRoutes.tenantLoginAsAdmin, async ({ params }, call) => {
    const tenant = await tenantOr404(ctx, params.tenantId);
    return loginAsLink(ctx, call, tenant, call.admin.id, 'tenant_admin');
  });

  registerAdmin(app, ctx, adminRoutes.tenantUserLoginAs, async ({ params }, call) => {
    const tenant = await tenantOr404(ctx, params.tenantId);
    if (!(await membership(ctx, tenant.id, params.accountId)))
      throw new HttpError(404, AdminErrorCode.notTenantMember, 'The account is not a user of this tenant');
    return loginAsLink(ctx, call, tenant, params.accountId, 'tenant_user');
  });
}
