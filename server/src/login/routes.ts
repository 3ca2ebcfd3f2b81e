import { routes } from '@helios/api';
import type { FastifyInstance } from 'fastify';
import {
  createPassword,
  credentialsOf,
  factsOf,
  findAccountWithCredentials,
  keepOneAuthenticator,
} from '../accounts/repository';
import type { Context } from '../context';
import { errors } from '../http/errors';
import { register } from '../http/routes';
import { securityMail } from '../mail/security';
import { accountLocale, codeMail, localeFromAcceptLanguage, noAccountMail } from '../mail/templates';
import { signedInSince } from '../oidc/sign-in';
import { spendRecoveryCode } from '../recovery/repository';
import { mailQuotas, takeMailQuota } from '../security/mail-quota';
import {
  hashPassword,
  passwordProblems,
  verifyAgainstDummy,
  verifyPassword,
  weakPassword,
} from '../security/passwords';
import { limit, rateRules } from '../security/rate-limit';
import { verifyTotp } from '../security/totp';
import { currentSession, endedByAccount, isBrowserRemembered } from '../session/portal-session';
import { endAccountSessions } from '../session/sign-out';
import { loginFlow } from './flow';
import { accountLocked } from './lock';
import {
  automaticProviderFor,
  createLoginSession,
  forgetLoginCookie,
  type LoginSession,
  loadLoginSession,
  loginCookieOf,
  loginResponse,
  returnQueryOf,
} from './login-session';
import { stateAfterFirstFactor, stateAfterStart } from './machine';
import { checkCode, clearFailures, issueCode } from './otp';

export function registerLoginRoutes(app: FastifyInstance, ctx: Context) {
  const { step, advance, refuse, passSecondFactor } = loginFlow(ctx);

  /** The answer for a login in progress, as its browser sees it. */
  async function answerFor(session: LoginSession) {
    const found = session.accountId ? await findAccountWithCredentials(ctx.db, { id: session.accountId }) : null;
    return loginResponse(
      ctx,
      session.state,
      session.id,
      found?.account ?? null,
      found?.creds ?? [],
      session.via !== null,
      session.email,
    );
  }

  register(app, routes.ping, async ({ query }, request, reply) => {
    await limit(ctx, request, rateRules.ping);
    if (query.session_id) {
      const session = await loadLoginSession(ctx, request, query.session_id);
      if (!session) throw errors.sessionMissing();
      return answerFor(session);
    }
    const portal = await currentSession(ctx, request);
    // When an instance asked for a fresh sign-in, only one made after its request counts.
    const counts = portal && (!query.interaction || (await signedInSince(ctx, portal, query.interaction)));
    const view = counts ? await ctx.accountViews.get(portal.accountId) : null;
    if (view && portal && !endedByAccount(portal, view.account.sessionsValidAfter))
      return loginResponse(ctx, 'Done', null, view.account, view.creds, true);
    // A reload in the middle of a login: the login cookie names the login in progress.
    const cookie = loginCookieOf(ctx, request);
    if (cookie) {
      const session = await loadLoginSession(ctx, request, cookie.id);
      if (session) return answerFor(session);
      forgetLoginCookie(ctx, reply);
    }
    return loginResponse(ctx, 'Start', null, null, [], false);
  });

  register(app, routes.start, async ({ body, query }, request, reply) => {
    await limit(ctx, request, rateRules.start);
    const found = await findAccountWithCredentials(ctx.db, { email: body.email });
    const account = found?.account ?? null;
    const creds = found?.creds ?? [];
    const automatic = automaticProviderFor(ctx, body.email) !== null;
    const state = stateAfterStart(account ? factsOf(account, creds) : null, automatic);
    const session = await createLoginSession(ctx, reply, body.email, account?.id ?? null, state, returnQueryOf(query));
    if (state === 'OTPRequired') {
      // Known and unknown emails get the same answer at the same speed: the code and its mail are
      // made after the answer (the quotas differ, so doing it before would tell by timing which
      // addresses have an account). Only a real account's mail holds the code. The code is in the
      // store before its mail is written, so no mail carries a code the store does not hold. An
      // address that has had its share of mail gets none, and no new code replaces the one it
      // was sent last.
      const quota = account ? mailQuotas.signInCode : mailQuotas.noAccount;
      const locale = account ? accountLocale(account) : localeFromAcceptLanguage(request.headers['accept-language']);
      ctx.background('login.code', async () => {
        if (!(await takeMailQuota(ctx, quota, body.email))) {
          request.log.info({ quota: quota.name, domain: body.email.split('@').pop() }, 'mail quota reached, none sent');
          return;
        }
        const code = await issueCode(ctx, body.email);
        await ctx.outbox.send(await (account ? codeMail(body.email, code, locale) : noAccountMail(body.email, locale)));
      });
    }
    return loginResponse(ctx, state, session.id, account, creds, false, body.email);
  });

  register(app, routes.verifyOtp, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(request, body.session_id, 'verify-otp', body.email, async (session, account, creds) => {
      const result = await checkCode(ctx, session.email, body.otp);
      if (result === 'retries-exceeded') throw errors.otpRetriesExceeded();
      if (result === 'expired') throw errors.otpSessionInvalid();
      if (result === 'invalid' || !account) throw errors.otpInvalid();
      await clearFailures(ctx, session.email);
      const remembered = await isBrowserRemembered(ctx, request, account);
      const state = stateAfterFirstFactor(factsOf(account, creds), 'otp', remembered);
      return advance(request, reply, { ...session, via: 'otp' }, account, state, creds);
    });
  });

  register(app, routes.verifyPassword, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(request, body.session_id, 'verify-password', body.email, async (session, account, creds) => {
      if (!account) throw errors.invalidCredentials();
      // A locked account answers the same whether or not the password is right.
      if (await accountLocked(ctx, request, account)) throw errors.accountLocked();
      const stored = creds.find((c) => c.type === 'password');
      const ok = stored?.secret
        ? await verifyPassword(stored.secret, body.password)
        : await verifyAgainstDummy(body.password);
      if (!ok) throw await refuse(request, account, 'login.password_failed', errors.invalidCredentials);
      const remembered = await isBrowserRemembered(ctx, request, account);
      const state = stateAfterFirstFactor(factsOf(account, creds), 'password', remembered);
      return advance(request, reply, { ...session, via: 'password', remember: body.remember }, account, state, creds);
    });
  });

  register(app, routes.verifyMfa, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(request, body.session_id, 'verify-mfa', null, async (session, account, creds) => {
      if (!account || !session.via) throw errors.invalidState();
      if (await accountLocked(ctx, request, account)) throw errors.accountLocked();
      const matched = await verifyTotp(ctx, creds, body.totp_code);
      if (!matched) throw await refuse(request, account, 'login.totp_failed', errors.invalidTotp);
      return passSecondFactor(request, reply, session, account, creds, 'totp', body.remember);
    });
  });

  register(app, routes.verifyRecoveryCode, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(request, body.session_id, 'verify-recovery-code', null, async (session, account, creds) => {
      if (!account || !session.via) throw errors.invalidState();
      if (await accountLocked(ctx, request, account)) throw errors.accountLocked();
      // The code is spent with its audit row and the mail telling the person, in one transaction.
      const remaining = await spendRecoveryCode(
        ctx,
        account.id,
        body.recovery_code,
        (left) => ({
          actor: account.id,
          action: 'login.recovery_code_used',
          targetType: 'account',
          targetId: account.id,
          ip: request.ip,
          details: { remaining: left },
        }),
        (left) => securityMail(ctx, account, { kind: 'recovery_code_used', remaining: left }),
      );
      if (remaining === null)
        throw await refuse(request, account, 'login.recovery_code_failed', errors.invalidRecoveryCode);
      // A browser is not remembered on a recovery code: the person's usual second factor is gone.
      return passSecondFactor(request, reply, session, account, creds, 'recovery_code', false);
    });
  });

  register(app, routes.mergeMfa, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(request, body.session_id, 'merge-mfa', null, async (session, account, creds) => {
      if (!account || !session.via) throw errors.invalidState();
      if (await accountLocked(ctx, request, account)) throw errors.accountLocked();
      const kept = await verifyTotp(ctx, creds, body.totp_code);
      if (!kept) throw await refuse(request, account, 'login.totp_failed', errors.invalidTotp);
      const notice = await securityMail(ctx, account, {
        kind: 'second_factor_removed',
        method: 'totp',
        byAdmin: false,
      });
      // The other authenticators are removed: every session of the account ends with them, and
      // the mail telling of it is written, in one transaction (the portal session this login
      // starts comes after, and lives).
      await endAccountSessions(ctx, account.id, { reason: 'credential_removed' }, async (tx) => {
        await keepOneAuthenticator(tx, account.id, kept.id, {
          actor: account.id,
          action: 'credential.totp_merged',
          targetType: 'account',
          targetId: account.id,
          ip: request.ip,
          details: { kept: kept.id },
        });
        await ctx.outbox.add(tx, notice);
      });
      ctx.outbox.nudge();
      const after = await credentialsOf(ctx.db, account.id);
      return passSecondFactor(request, reply, session, account, after, 'totp', false);
    });
  });

  register(app, routes.createPassword, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(request, body.session_id, 'create-password', null, async (session, account) => {
      if (!account) throw errors.invalidState();
      const problems = passwordProblems(body.password, 'login');
      if (problems.length > 0) throw weakPassword(problems);
      const secret = await hashPassword(body.password);
      await createPassword(ctx.db, account.id, secret, {
        actor: account.id,
        action: 'credential.password_created',
        targetType: 'account',
        targetId: account.id,
        ip: request.ip,
      });
      await ctx.accountViews.changed(account.id);
      return advance(request, reply, session, account, 'Done');
    });
  });

  register(app, routes.skipCreatePassword, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(request, body.session_id, 'skip-create-password', null, async (session, account) => {
      if (!account) throw errors.invalidState();
      return advance(request, reply, session, account, 'Done');
    });
  });
}
