import { ErrorCode, routes } from '@helios/api';
import type { FastifyInstance } from 'fastify';
import { audit, credentialsOf } from '../accounts/repository';
import type { Context } from '../context';
import { registerSession } from '../http/auth';
import { HttpError } from '../http/errors';
import { securityMail } from '../mail/security';
import { limit, rateRules } from '../security/rate-limit';
// New recovery codes are a new way past the second factor: they need a recent sign-in (step-up).
import { STEP_UP } from '../session/step-up';
import { remainingRecoveryCodes, replaceRecoveryCodes } from './repository';

/** The profile's recovery codes: how many are left, and a new set in place of the old. */
export function registerRecoveryCodeRoutes(app: FastifyInstance, ctx: Context) {
  registerSession(app, ctx, routes.recoveryCodes, async (_, { account }) => ({
    remaining: await remainingRecoveryCodes(ctx.db, account.id),
  }));

  registerSession(
    app,
    ctx,
    routes.regenerateRecoveryCodes,
    async (_, { account, request }) => {
      await limit(ctx, request, rateRules.verify, `recovery-codes:${account.id}`);
      const creds = await credentialsOf(ctx.db, account.id);
      if (!creds.some((c) => c.type === 'totp' || c.type === 'webauthn'))
        throw new HttpError(
          409,
          ErrorCode.noSecondFactor,
          'Recovery codes stand in for a second factor; add one first',
        );
      const notice = await securityMail(ctx, account, { kind: 'recovery_codes_regenerated' });
      // The new set, its audit row and the mail telling the person are kept together or not at all.
      const codes = await ctx.outbox.transaction(async (tx, queue) => {
        const codes = await replaceRecoveryCodes(ctx, tx, account.id);
        await audit(tx, {
          actor: account.id,
          action: 'credential.recovery_codes_regenerated',
          targetType: 'account',
          targetId: account.id,
          ip: request.ip,
          details: { count: codes.length },
        });
        await queue(notice);
        return codes;
      });
      return { codes };
    },
    STEP_UP,
  );
}
