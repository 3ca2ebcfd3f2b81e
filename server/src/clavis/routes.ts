import { AdminErrorCode, adminRoutes } from '@helios/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit, findAccount } from '../accounts/repository';
import type { Context } from '../context';
import { tenants } from '../db/schema';
import { HttpError } from '../http/errors';
import { register } from '../http/routes';
import { limit, rateRules } from '../security/rate-limit';
import { takeClavis } from './clavis';

/** One answer for every clavis that cannot be used (unknown, used, expired, other tenant), so a
 * caller learns nothing about which it was. */
const invalidClavis = () =>
  new HttpError(404, AdminErrorCode.clavisInvalid, 'Clavis unknown, already used, expired or for another tenant');

/** The instance side of "log in as": an instance redeems the clavis from its link once. */
export function registerClavisRoutes(app: FastifyInstance, ctx: Context) {
  register(app, adminRoutes.clavisRedeem, async ({ body }, request) => {
    await limit(ctx, request, rateRules.clavis);
    // Taken before the tenant check: a clavis shown to the wrong instance is spent, not retried.
    const record = await takeClavis(ctx, body.clavis);
    if (!record || record.tenantId !== body.tenant_id) throw invalidClavis();
    const [tenant] = await ctx.db.select().from(tenants).where(eq(tenants.id, record.tenantId));
    const account = await findAccount(ctx.db, record.accountId);
    if (!tenant || !account) throw invalidClavis();
    await audit(ctx.db, {
      actor: record.issuedBy,
      action: 'clavis.redeemed',
      targetType: 'account',
      targetId: account.id,
      ip: request.ip,
      details: { tenant_id: tenant.id },
    });
    return {
      account_id: account.id,
      email: account.email,
      name: account.name,
      tenant_id: tenant.id,
      tenant_slug: tenant.slug,
    };
  });
}
