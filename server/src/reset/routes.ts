import { routes } from '@helios/api';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { findAccount, findAccountByEmail } from '../accounts/repository';
import type { Context } from '../context';
import { passwordResets } from '../db/schema';
import { errors } from '../http/errors';
import { register } from '../http/routes';
import { liftDeviceLocks } from '../login/lock';
import { securityMail } from '../mail/security';
import { localeFromAcceptLanguage, resetMail } from '../mail/templates';
import { hashPassword, passwordProblems, weakPassword } from '../security/passwords';
import { limit, rateRules } from '../security/rate-limit';
import { sha256 } from '../security/tokens';
import { browserIdOf } from '../session/known-browsers';
import { endAccountSessions } from '../session/sign-out';
import { completeReset, issueAuditedResetLink } from './repository';

export function registerResetRoutes(app: FastifyInstance, ctx: Context) {
  async function liveReset(token: string) {
    const [row] = await ctx.db
      .select()
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, ctx.now()),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  register(app, routes.resetRequest, async ({ body }, request) => {
    await limit(ctx, request, rateRules.resetRequest);
    await limit(ctx, request, rateRules.resetRequest, `email:${sha256(body.email)}`);
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    // The same answer, at the same speed, whether or not the email has an account: the work
    // that differs happens after the answer.
    ctx.background('reset.request', async () => {
      const account = await findAccountByEmail(ctx.db, body.email);
      if (!account) return;
      // The link, its audit row and its mail are kept together or not at all.
      await issueAuditedResetLink(
        ctx,
        account.id,
        body.type || null,
        { action: 'password_reset.requested', targetType: 'account', targetId: account.id, ip: request.ip },
        (link) => resetMail(account.email, link, locale),
      );
    });
    return {};
  });

  register(app, routes.resetCheckToken, async ({ body }, request) => {
    await limit(ctx, request, rateRules.resetToken);
    if (!(await liveReset(body.token))) throw errors.tokenInvalid();
    return {};
  });

  register(app, routes.resetConfirm, async ({ body }, request) => {
    await limit(ctx, request, rateRules.resetToken);
    const problems = passwordProblems(body.password, 'reset');
    const reset = await liveReset(body.token);
    if (!reset) throw errors.tokenInvalid();
    if (problems.length > 0) throw weakPassword(problems);
    const secret = await hashPassword(body.password);
    const account = await findAccount(ctx.db, reset.accountId);
    const notice = account && (await securityMail(ctx, account, { kind: 'password_reset' }));
    const row = {
      actor: reset.accountId,
      action: 'password_reset.completed',
      targetType: 'account',
      targetId: reset.accountId,
      ip: request.ip,
    };
    // The new password, the end of every session, grant and token of the account and the mail
    // telling of it commit together: a reset is never left with the old sessions alive.
    const browserId = browserIdOf(ctx, request);
    await endAccountSessions(ctx, reset.accountId, { reason: 'password_reset', browserId }, async (tx) => {
      if (!(await completeReset(ctx, reset, secret, row, tx))) throw errors.tokenInvalid();
      if (notice) await ctx.outbox.add(tx, notice);
    });
    ctx.outbox.nudge();
    await liftDeviceLocks(ctx, reset.accountId);
    return { type: reset.type };
  });
}
