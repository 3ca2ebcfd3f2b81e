import { randomBytes } from 'node:crypto';
import { ErrorCode, type ReauthStartResponse, type ReauthVerifyRequest, routes } from '@helios/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AccountRow, audit, type CredentialRow, credentialsOf } from '../accounts/repository';
import type { Context } from '../context';
import { registerSession } from '../http/auth';
import { errors, HttpError } from '../http/errors';
import { loginFlow } from '../login/flow';
import { accountLocked } from '../login/lock';
import { checkCode, clearFailures, issueCode } from '../login/otp';
import { accountLocale, codeMail } from '../mail/templates';
import { mailQuotas, takeMailQuota } from '../security/mail-quota';
import { verifyPassword } from '../security/passwords';
import { limit, type RateRule } from '../security/rate-limit';
import { verifyTotp } from '../security/totp';
import { securityKeysOf } from '../webauthn/keys';
import { passkeyRequestOptions, verifyPasskeyAnswer } from '../webauthn/passkeys';
import { challenges, webauthnErrors } from '../webauthn/relying-party';
import { authenticationOptions, verifyKeyAnswer } from '../webauthn/routes';
import type { CurrentSession } from './portal-session';
import { firstFactorProven, markRecent, rememberFirstFactor } from './step-up';

/** Per account: a signed-in person re-authenticates now and then; a guesser holding a stolen
 * session gets few tries a minute (and the lockout after ten wrong passwords or codes). */
const reauthRule: RateRule = { name: 'reauth', limit: 10, windowMs: 60_000 };

type VerifyBody = z.output<typeof ReauthVerifyRequest>;
type SecondFactor = ReauthStartResponse['second_factors'][number];
type Methods = {
  method: ReauthStartResponse['method'];
  secondFactors: SecondFactor[];
  keys: CredentialRow[];
  passkeys: CredentialRow[];
};

/** What the account re-authenticates with: its password, or a mailed code when it has none; then
 * its authenticator app or a security key when it has either. Or one of its passkeys, which is
 * both at once. */
function methodsOf(creds: CredentialRow[]): Methods {
  const keys = securityKeysOf(creds);
  const secondFactors: SecondFactor[] = [];
  if (creds.some((c) => c.type === 'totp')) secondFactors.push('totp');
  if (keys.length > 0) secondFactors.push('webauthn');
  const method = creds.some((c) => c.type === 'password' && c.secret) ? 'password' : 'otp';
  return { method, secondFactors, keys, passkeys: creds.filter((c) => c.type === 'passkey') };
}

/** In the profile 401 means "signed out", so a refused password or code answers 400 with the
 * sign-in's error type. */
const refused = (type: string, message: string) => () => new HttpError(400, type, message);
const reauthErrors = {
  password: refused(ErrorCode.invalidCredentials, 'Invalid credentials'),
  otp: refused(ErrorCode.otpInvalid, 'One-time password invalid'),
  otpExpired: refused(ErrorCode.otpSessionInvalid, 'One-time password expired'),
  totp: refused(ErrorCode.invalidTotp, 'Invalid code'),
  missing: (field: string) =>
    new HttpError(422, ErrorCode.validation, 'Invalid body', {}, [
      { type: ErrorCode.validation, msg: `body.${field}: Required for this account` },
    ]),
};

/** Re-authentication of a signed-in person (step-up, `step-up.ts`). */
export function registerReauthRoutes(app: FastifyInstance, ctx: Context) {
  const { refuse } = loginFlow(ctx);

  /** Mails a sign-in code, within the address's mail quota (past it the last code stays valid). */
  async function mailCode(request: FastifyRequest, account: AccountRow) {
    if (!(await takeMailQuota(ctx, mailQuotas.signInCode, account.email))) {
      request.log.info({ quota: mailQuotas.signInCode.name }, 'mail quota reached, no re-authentication code sent');
      return;
    }
    const code = await issueCode(ctx, account.email);
    await ctx.outbox.send(await codeMail(account.email, code, accountLocale(account)));
  }

  async function proveFirstFactor(
    request: FastifyRequest,
    account: AccountRow,
    creds: CredentialRow[],
    methods: Methods,
    body: VerifyBody,
  ) {
    if (methods.method === 'password') {
      if (body.password === undefined) throw reauthErrors.missing('password');
      const stored = creds.find((c) => c.type === 'password');
      const ok = stored?.secret ? await verifyPassword(stored.secret, body.password) : false;
      if (!ok) throw await refuse(request, account, 'reauth.password_failed', reauthErrors.password);
      return;
    }
    if (body.otp === undefined) throw reauthErrors.missing('otp');
    const result = await checkCode(ctx, account.email, body.otp);
    if (result === 'retries-exceeded') throw errors.otpRetriesExceeded();
    if (result === 'expired') throw reauthErrors.otpExpired();
    if (result === 'invalid') throw reauthErrors.otp();
    await clearFailures(ctx, account.email);
  }

  /** The second factor where the account has one; which one was used, or null. */
  async function proveSecondFactor(
    request: FastifyRequest,
    session: CurrentSession,
    account: AccountRow,
    creds: CredentialRow[],
    methods: Methods,
    body: VerifyBody,
  ): Promise<SecondFactor | null> {
    if (methods.secondFactors.length === 0) return null;
    if (body.totp_code !== undefined && methods.secondFactors.includes('totp')) {
      if (!(await verifyTotp(ctx, creds, body.totp_code)))
        throw await refuse(request, account, 'reauth.totp_failed', reauthErrors.totp);
      return 'totp';
    }
    if (body.webauthn !== undefined && methods.secondFactors.includes('webauthn')) {
      const challenge = await challenges.takeForReauth(ctx, session.key);
      if (!challenge) throw webauthnErrors.noPending();
      if (!(await verifyKeyAnswer(ctx, creds, body.webauthn, challenge)))
        throw await refuse(request, account, 'reauth.webauthn_failed', webauthnErrors.reauthFailed);
      return 'webauthn';
    }
    throw reauthErrors.missing(methods.secondFactors.includes('totp') ? 'totp_code' : 'webauthn');
  }

  /** Confirming with a passkey: one of the account's own, its user verified; both factors. A
   * refusal counts toward the lockout like a wrong password. */
  async function provePasskey(
    request: FastifyRequest,
    session: CurrentSession,
    account: AccountRow,
    creds: CredentialRow[],
    answer: NonNullable<VerifyBody['passkey']>,
  ) {
    const challenge = await challenges.takeForReauth(ctx, session.key);
    if (!challenge) throw webauthnErrors.noPending();
    const outcome = await verifyPasskeyAnswer(ctx, { account, creds }, answer, challenge);
    if (outcome === 'cloned')
      throw await refuse(request, account, 'reauth.passkey_counter_regressed', webauthnErrors.reauthFailed);
    if (outcome === 'refused')
      throw await refuse(request, account, 'reauth.passkey_failed', webauthnErrors.reauthFailed);
  }

  registerSession(app, ctx, routes.reauthStart, async ({ body }, { session, account, request }) => {
    await limit(ctx, request, reauthRule, account.id);
    const methods = methodsOf(await credentialsOf(ctx.db, account.id));
    // One challenge for the re-authentication, answered by a security key or a passkey.
    const challenge = randomBytes(32);
    const webauthn = methods.keys.length > 0 ? await authenticationOptions(ctx, methods.keys, challenge) : null;
    const passkey =
      methods.passkeys.length > 0 ? await passkeyRequestOptions(ctx, methods.passkeys, { challenge }) : null;
    const issued = webauthn ?? passkey;
    if (issued) await challenges.forReauth(ctx, session.key, issued.challenge);
    // A first factor already proven (the second was refused) needs no new code; an account with a
    // passkey is mailed one only when it asks.
    const mails =
      methods.method === 'otp' &&
      (body.send_code === true || methods.passkeys.length === 0) &&
      !(await firstFactorProven(ctx, session));
    if (mails) await mailCode(request, account);
    return { method: methods.method, second_factors: methods.secondFactors, webauthn, passkey, code_sent: mails };
  });

  registerSession(app, ctx, routes.reauthVerify, async ({ body }, { session, account, request }) => {
    await limit(ctx, request, reauthRule, account.id);
    // A locked client answers the same whether or not what it sent was right.
    if (await accountLocked(ctx, request, account)) throw errors.accountLocked();
    const creds = await credentialsOf(ctx.db, account.id);
    const methods = methodsOf(creds);
    let details: { method: string; second_factor: SecondFactor | null };
    if (body.passkey !== undefined) {
      await provePasskey(request, session, account, creds, body.passkey);
      details = { method: 'passkey', second_factor: null };
    } else {
      if (!(await firstFactorProven(ctx, session))) {
        await proveFirstFactor(request, account, creds, methods, body);
        if (methods.secondFactors.length > 0) await rememberFirstFactor(ctx, session);
      }
      const secondFactor = await proveSecondFactor(request, session, account, creds, methods, body);
      details = { method: methods.method, second_factor: secondFactor };
    }
    await markRecent(ctx, session);
    await audit(ctx.db, {
      actor: account.id,
      action: 'reauth.success',
      targetType: 'account',
      targetId: account.id,
      ip: request.ip,
      details,
    });
    return undefined;
  });
}
