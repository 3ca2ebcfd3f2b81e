import type { LoginSessionResponse, LoginState } from '@helios/api';
import type { AccountRow, CredentialRow } from '../accounts/repository';
import { publicCredential } from '../accounts/repository';
import type { Context } from '../context';
import { randomToken } from '../security/tokens';
import { getJson, setJson, withLock } from '../store/store';
import type { FirstFactor } from './machine';

/** A login in progress. Lives in the store (shared by all nodes) and expires when idle. */
export type LoginSession = {
  id: string;
  email: string;
  accountId: string | null;
  state: LoginState;
  /** How the first factor was proven, once it was. */
  via: FirstFactor | null;
  /** "Remember me" from the password step: the portal session becomes persistent. */
  remember: boolean;
};

export const LOGIN_SESSION_MS = 15 * 60_000;
/** A finished login is kept briefly so a reload of the page still sees Done. */
const DONE_SESSION_MS = 2 * 60_000;

const key = (id: string) => `login:${id}`;

export async function createLoginSession(ctx: Context, email: string, accountId: string | null, state: LoginState) {
  const session: LoginSession = { id: randomToken(24), email, accountId, state, via: null, remember: false };
  await setJson(ctx.store, key(session.id), session, LOGIN_SESSION_MS);
  return session;
}

export function loadLoginSession(ctx: Context, id: string) {
  return getJson<LoginSession>(ctx.store, key(id));
}

export async function saveLoginSession(ctx: Context, session: LoginSession) {
  await setJson(ctx.store, key(session.id), session, session.state === 'Done' ? DONE_SESSION_MS : LOGIN_SESSION_MS);
}

/** Serialises the steps of one login session across requests and nodes. */
export function lockLoginSession<T>(ctx: Context, id: string, fn: () => Promise<T>) {
  return withLock(ctx.store, key(id), fn);
}

/**
 * The answer every login call gives. Before the first factor is proven it says no more than the
 * identifier-first flow must: which credentials can be used, nothing about the account's kind.
 */
export function loginResponse(
  ctx: Context,
  state: LoginState,
  sessionId: string | null,
  account: AccountRow | null,
  creds: CredentialRow[],
  verified: boolean,
): LoginSessionResponse {
  const visible = creds.filter((c) => {
    if (verified) return true;
    if (state === 'CredentialsRequired') return c.type === 'password' || c.type === 'oidc';
    if (state === 'MfaRequired' || state === 'TOTPResetRequired') return c.type === 'totp' || c.type === 'webauthn';
    return false;
  });
  return {
    state,
    session_id: sessionId,
    available_credentials: visible.map(publicCredential),
    is_user: verified && account ? account.isUser : false,
    is_stakeholder: verified && account ? account.isStakeholder : false,
    allow_totp_remember: ctx.config.allowTotpRemember,
  };
}
