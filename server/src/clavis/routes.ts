import { AdminErrorCode, adminRoutes } from '@helios/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit, findAccount } from '../accounts/repository';
import type { Context } from '../context';
import { tenants } from '../db/schema';
import { errors, HttpError } from '../http/errors';
import { registerGuarded } from '../http/routes';
import { securityMail } from '../mail/security';
import { limit, rateRules } from '../security/rate-limit';
import { takeClavis } from './clavis';
import { instanceTenantOf } from './client-auth';

/** One answer for every clavis that cannot be used (unknown, used, expired, other tenant), so a
 * caller learns nothing about which it was. */
const invalidClavis = () =>
  new HttpError(404, AdminErrorCode.clavisInvalid, 'Clavis unknown, already used, expired or for another tenant');

/** The instance side of "log in as": an instance redeems the clavis from its link once,
 * authenticated with its own OIDC client id and secret, and for its own tenant only. */
export function registerClavisRoutes(app: FastifyInstance, ctx: Context) {
  const instanceClient = {
    kind: 'instance-client' as const,
    check: async (request: FastifyRequest) => {
      await limit(ctx, request, rateRules.clavis);
      return instanceTenantOf(ctx, request);
    },
  };
  registerGuarded(app, adminRoutes.clavisRedeem, instanceClient, async ({ body }, callerTenant, request) => {
    // An instance speaks for its own tenant only; the clavis is left untouched.
    if (body.tenant_id !== callerTenant) throw errors.forbidden();
    // Taken before the tenant check: a clavis shown to the wrong instance is spent, not retried.
    const record = await takeClavis(ctx, body.clavis);
    if (!record || record.tenantId !== callerTenant) throw invalidClavis();
    const [tenant] = await ctx.db.select().from(tenants).where(eq(tenants.id, record.tenantId));
    const account = await findAccount(ctx.db, record.accountId);
    if (!tenant || !account) throw invalidClavis();
    // The account's holder is told that an admin signed in as them, with the audit row of it.
    const notice = await securityMail(ctx, account, { kind: 'admin_signed_in_as_you', tenant: tenant.name });
    await ctx.outbox.transaction(async (tx, queue) => {
      await audit(tx, {
        actor: record.issuedBy,
        action: 'clavis.redeemed',
        targetType: 'account',
        targetId: account.id,
        ip: request.ip,
        details: { tenant_id: tenant.id },
      });
      await queue(notice);
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
