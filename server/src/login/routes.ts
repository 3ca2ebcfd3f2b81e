import { ErrorCode, type LoginState, routes } from '@helios/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AccountRow,
  audit,
  type CredentialRow,
  credentialsOf,
  deleteOtherTotp,
  factsOf,
  findAccount,
  findAccountByEmail,
} from '../accounts/repository';
import type { Context } from '../context';
import { credentials } from '../db/schema';
import { errors, HttpError } from '../http/errors';
import { register } from '../http/routes';
import { codeMail, localeFromAcceptLanguage, noAccountMail } from '../mail/templates';
import { hashPassword, passwordProblems, verifyAgainstDummy, verifyPassword } from '../security/passwords';
import { consume, type RateRule, rateRules } from '../security/rate-limit';
import { verifyTotp } from '../security/totp';
import { currentSession, isBrowserRemembered, rememberBrowser, startPortalSession } from '../session/portal-session';
import { accountLocked, recordFailure, recordSuccess } from './lock';
import {
  createLoginSession,
  type LoginSession,
  loadLoginSession,
  lockLoginSession,
  loginResponse,
  saveLoginSession,
} from './login-session';
import {
  canPerform,
  type LoginAction,
  stateAfterFirstFactor,
  stateAfterSecondFactor,
  stateAfterStart,
} from './machine';
import { checkCode, clearFailures, issueCode } from './otp';

export async function limit(ctx: Context, request: FastifyRequest, rule: RateRule, subject = request.ip) {
  if (!ctx.config.rateLimit) return;
  const decision = await consume(ctx.store, rule, subject);
  if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds);
}

/** Weak-password answer listing every rule the password breaks. */
export function weakPassword(problems: string[]): HttpError {
  const type = problems.includes('common') ? ErrorCode.commonPassword : ErrorCode.weakPassword;
  return new HttpError(
    422,
    type,
    'Password does not meet the rules',
    {},
    problems.map((problem) => ({
      type: problem === 'common' ? ErrorCode.commonPassword : ErrorCode.weakPassword,
      msg: problem,
    })),
  );
}

export function registerLoginRoutes(app: FastifyInstance, ctx: Context) {
  /** Loads the login session for a step, checks that the step fits, and runs it under the
   * session's lock. */
  async function step<T>(
    sessionId: string,
    action: LoginAction,
    email: string | null,
    run: (session: LoginSession, account: AccountRow | null) => Promise<T>,
  ): Promise<T> {
    return lockLoginSession(ctx, sessionId, async () => {
      const session = await loadLoginSession(ctx, sessionId);
      if (!session) throw errors.sessionMissing();
      if (!canPerform(session.state, action)) throw errors.invalidState();
      if (email !== null && email !== session.email) throw errors.invalidState();
      const account = session.accountId ? await findAccount(ctx.db, session.accountId) : null;
      return run(session, account);
    });
  }

  /** Moves a session on after a proven factor; Done starts the portal session. */
  async function advance(
    request: FastifyRequest,
    reply: FastifyReply,
    session: LoginSession,
    account: AccountRow,
    state: LoginState,
    /** The account's credentials when the caller already has them current; read otherwise. */
    known?: CredentialRow[],
  ) {
    const next: LoginSession = { ...session, state };
    await saveLoginSession(ctx, next);
    if (state === 'Done') {
      await recordSuccess(ctx, account);
      await startPortalSession(ctx, reply, account.id, session.remember);
      await audit(ctx.db, {
        actor: account.id,
        action: 'login.success',
        targetType: 'account',
        targetId: account.id,
        ip: request.ip,
        details: { via: session.via },
      });
    }
    const creds = known ?? (await credentialsOf(ctx.db, account.id));
    return loginResponse(ctx, state, next.id, account, creds, true);
  }

  register(app, routes.ping, async ({ query }, request) => {
    await limit(ctx, request, rateRules.ping);
    if (query.session_id) {
      const session = await loadLoginSession(ctx, query.session_id);
      if (!session) throw errors.sessionMissing();
      const account = session.accountId ? await findAccount(ctx.db, session.accountId) : null;
      const creds = account ? await credentialsOf(ctx.db, account.id) : [];
      return loginResponse(ctx, session.state, session.id, account, creds, session.via !== null);
    }
    const portal = await currentSession(ctx, request);
    const account = portal ? await findAccount(ctx.db, portal.accountId) : null;
    if (account) return loginResponse(ctx, 'Done', null, account, await credentialsOf(ctx.db, account.id), true);
    return loginResponse(ctx, 'Start', null, null, [], false);
  });

  register(app, routes.start, async ({ body }, request) => {
    await limit(ctx, request, rateRules.start);
    const account = await findAccountByEmail(ctx.db, body.email);
    const creds = account ? await credentialsOf(ctx.db, account.id) : [];
    const state = stateAfterStart(account ? factsOf(account, creds) : null);
    const session = await createLoginSession(ctx, body.email, account?.id ?? null, state);
    if (state === 'OTPRequired') {
      // Known and unknown emails take the same path and the same time: a code is issued either
      // way, and the mail goes out after the answer. Only a real account's mail holds the code.
      const code = await issueCode(ctx, body.email);
      const mail = account
        ? codeMail(body.email, code, account.locale === 'sv' ? 'sv' : 'en')
        : noAccountMail(body.email, localeFromAcceptLanguage(request.headers['accept-language']));
      ctx.background('mail.code', () => ctx.mailer.send(mail));
    }
    return loginResponse(ctx, state, session.id, account, creds, false);
  });

  register(app, routes.verifyOtp, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(body.session_id, 'verify-otp', body.email, async (session, account) => {
      const result = await checkCode(ctx, session.email, body.otp);
      if (result === 'retries-exceeded') throw errors.otpRetriesExceeded();
      if (result === 'expired') throw errors.otpSessionInvalid();
      if (result === 'invalid' || !account) throw errors.otpInvalid();
      await clearFailures(ctx, session.email);
      const creds = await credentialsOf(ctx.db, account.id);
      const remembered = await isBrowserRemembered(ctx, request, account.id);
      const state = stateAfterFirstFactor(factsOf(account, creds), 'otp', remembered);
      return advance(request, reply, { ...session, via: 'otp' }, account, state, creds);
    });
  });

  register(app, routes.verifyPassword, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(body.session_id, 'verify-password', body.email, async (session, account) => {
      if (!account) throw errors.invalidCredentials();
      // A locked account answers the same whether or not the password is right.
      if (accountLocked(ctx, account)) throw errors.accountLocked();
      const creds = await credentialsOf(ctx.db, account.id);
      const stored = creds.find((c) => c.type === 'password');
      const ok = stored?.secret
        ? await verifyPassword(stored.secret, body.password)
        : await verifyAgainstDummy(body.password);
      if (!ok) {
        const locked = await recordFailure(ctx, account);
        await audit(ctx.db, {
          action: 'login.password_failed',
          targetType: 'account',
          targetId: account.id,
          ip: request.ip,
          details: { locked },
        });
        throw locked ? errors.accountLocked() : errors.invalidCredentials();
      }
      const remembered = await isBrowserRemembered(ctx, request, account.id);
      const state = stateAfterFirstFactor(factsOf(account, creds), 'password', remembered);
      return advance(request, reply, { ...session, via: 'password', remember: body.remember }, account, state, creds);
    });
  });

  register(app, routes.verifyMfa, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(body.session_id, 'verify-mfa', null, async (session, account) => {
      if (!account || !session.via) throw errors.invalidState();
      if (accountLocked(ctx, account)) throw errors.accountLocked();
      const creds = await credentialsOf(ctx.db, account.id);
      const matched = await verifyTotp(ctx, creds, body.totp_code);
      if (!matched) {
        const locked = await recordFailure(ctx, account);
        await audit(ctx.db, {
          action: 'login.totp_failed',
          targetType: 'account',
          targetId: account.id,
          ip: request.ip,
          details: { locked },
        });
        throw locked ? errors.accountLocked() : errors.invalidTotp();
      }
      if (body.remember && ctx.config.allowTotpRemember) await rememberBrowser(ctx, reply, account.id);
      const state = stateAfterSecondFactor(factsOf(account, creds), session.via);
      return advance(request, reply, session, account, state, creds);
    });
  });

  register(app, routes.mergeMfa, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(body.session_id, 'merge-mfa', null, async (session, account) => {
      if (!account || !session.via) throw errors.invalidState();
      if (accountLocked(ctx, account)) throw errors.accountLocked();
      const creds = await credentialsOf(ctx.db, account.id);
      const kept = await verifyTotp(ctx, creds, body.totp_code);
      if (!kept) {
        const locked = await recordFailure(ctx, account);
        throw locked ? errors.accountLocked() : errors.invalidTotp();
      }
      await deleteOtherTotp(ctx.db, account.id, kept.id);
      await audit(ctx.db, {
        actor: account.id,
        action: 'credential.totp_merged',
        targetType: 'account',
        targetId: account.id,
        ip: request.ip,
        details: { kept: kept.id },
      });
      const after = await credentialsOf(ctx.db, account.id);
      return advance(
        request,
        reply,
        session,
        account,
        stateAfterSecondFactor(factsOf(account, after), session.via),
        after,
      );
    });
  });

  register(app, routes.createPassword, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(body.session_id, 'create-password', null, async (session, account) => {
      if (!account) throw errors.invalidState();
      const problems = passwordProblems(body.password, 'login');
      if (problems.length > 0) throw weakPassword(problems);
      const secret = await hashPassword(body.password);
      await ctx.db
        .insert(credentials)
        .values({ accountId: account.id, type: 'password', secret })
        .onConflictDoUpdate({
          target: credentials.accountId,
          targetWhere: eq(credentials.type, 'password'),
          set: { secret },
        });
      await audit(ctx.db, {
        actor: account.id,
        action: 'credential.password_created',
        targetType: 'account',
        targetId: account.id,
        ip: request.ip,
      });
      return advance(request, reply, session, account, 'Done');
    });
  });

  register(app, routes.skipCreatePassword, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(body.session_id, 'skip-create-password', null, async (session, account) => {
      if (!account) throw errors.invalidState();
      return advance(request, reply, session, account, 'Done');
    });
  });
}
