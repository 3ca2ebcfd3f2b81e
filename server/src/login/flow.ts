import type { LoginState } from '@helios/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type AccountRow,
  type CredentialRow,
  credentialsOf,
  factsOf,
  findAccountWithCredentials,
} from '../accounts/repository';
import type { Context } from '../context';
import { errors, type HttpError } from '../http/errors';
import { noteSignInBrowser } from '../session/known-browsers';
import { rememberBrowser, startPortalSession } from '../session/portal-session';
import { trustDevice } from '../session/trusted-device';
import { lockScopeOf, recordFailure, recordSuccess } from './lock';
import {
  forgetLoginCookie,
  type LoginSession,
  lockLoginSession,
  loginResponse,
  saveLoginSession,
} from './login-session';
import {
  authenticationMethods,
  canPerform,
  type LoginAction,
  type SecondFactor,
  stateAfterSecondFactor,
} from './machine';

/**
 * The two moves every login step makes, shared by the code, password, provider and security-key
 * routes: `step` loads a login session, checks that this browser started it and that the action
 * fits its state, and runs it under the session's lock; `advance` moves the session on after a
 * proven factor (Done starts the portal session and clears the login cookie). `refuse` and
 * `passSecondFactor` are the two ends of every factor check.
 */
export function loginFlow(ctx: Context) {
  async function step<T>(
    request: FastifyRequest,
    sessionId: string,
    action: LoginAction,
    email: string | null,
    /** `creds` are the account's sign-in methods, read with it (none without an account). */
    run: (session: LoginSession, account: AccountRow | null, creds: CredentialRow[]) => Promise<T>,
  ): Promise<T> {
    return lockLoginSession(ctx, request, sessionId, async (session) => {
      // Unknown, expired and another browser's login answer alike.
      if (!session) throw errors.sessionMissing();
      if (!canPerform(session.state, action)) throw errors.invalidState();
      if (email !== null && email !== session.email) throw errors.invalidState();
      const found = session.accountId ? await findAccountWithCredentials(ctx.db, { id: session.accountId }) : null;
      return run(session, found?.account ?? null, found?.creds ?? []);
    });
  }

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
    if (state !== 'Done') await saveLoginSession(ctx, next);
    else {
      // The sign-in is recorded first (the account's stamp and its audit, one statement); only
      // then does the login read Done and the portal session start, both in one write to the
      // store. A failed record leaves the login where it was, to be tried again — with its
      // cookie, which is cleared only once both writes succeeded.
      const scope = lockScopeOf(ctx, request, account.id);
      await recordSuccess(ctx, account, { ip: request.ip, via: session.via, scope });
      trustDevice(ctx, request, reply, account.id);
      await Promise.all([
        saveLoginSession(ctx, next),
        startPortalSession(
          ctx,
          request,
          reply,
          account,
          session.remember,
          authenticationMethods(session.via, session.secondFactor),
          session.secondFactor,
        ),
      ]);
      // Only a sign-in that was kept makes the browser known (and mails about a new one).
      noteSignInBrowser(ctx, request, reply, account);
      forgetLoginCookie(ctx, reply, true);
    }
    const creds = known ?? (await credentialsOf(ctx.db, account.id));
    return loginResponse(ctx, state, next.id, account, creds, true, next.email);
  }

  /** A wrong password, code or key: counts toward the lockout of this client (the browser's own
   * when it is trusted for the account) and is audited; the answer says locked when this failure
   * locked the client out, and is `wrong` otherwise. */
  async function refuse(request: FastifyRequest, account: AccountRow, action: string, wrong: () => HttpError) {
    const locked = await recordFailure(ctx, request, account, (outcome) => ({
      action,
      targetType: 'account',
      targetId: account.id,
      ip: request.ip,
      details: outcome,
    }));
    return locked ? errors.accountLocked() : wrong();
  }

  /** A proven second factor: the browser is remembered when asked (and allowed), then on. */
  async function passSecondFactor(
    request: FastifyRequest,
    reply: FastifyReply,
    session: LoginSession,
    account: AccountRow,
    creds: CredentialRow[],
    factor: SecondFactor,
    remember: boolean,
  ) {
    if (!session.via) throw errors.invalidState();
    if (remember && ctx.config.allowTotpRemember) await rememberBrowser(ctx, reply, account.id);
    const state = stateAfterSecondFactor(factsOf(account, creds), session.via);
    return advance(request, reply, { ...session, secondFactor: factor }, account, state, creds);
  }

  return { step, advance, refuse, passSecondFactor };
}
