import type {
  FederatedProvider,
  FederatedProviderId,
  LoginCredential,
  LoginSessionResponse,
  LoginState,
} from '@helios/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicCredential } from '../accounts/repository';
import type { AccountView, CredentialView } from '../accounts/view-cache';
import type { Context } from '../context';
import { randomToken, safeEqual, sha256 } from '../security/tokens';
import { cookieOptions, requestCookies } from '../session/portal-session';
import { cookieName } from '../session/request-cookies';
import { fromJson, getJson, setJson, withLockedRead } from '../store/store';
import type { FirstFactor, SecondFactor } from './machine';

/** A login in progress. Lives in the store (shared by all nodes) and expires when idle. */
export type LoginSession = {
  id: string;
  email: string;
  accountId: string | null;
  state: LoginState;
  /** How the first factor was proven, once it was. */
  via: FirstFactor | null;
  /** How the second factor was proven, when one was: an authenticator code or a security key. */
  secondFactor?: SecondFactor;
  /** "Remember me" from the password step: the portal session becomes persistent. */
  remember: boolean;
  /** The login page's query when the login started (client_id, type, lang, an instance's
   * authorization request…), so a provider's round trip returns to the same page. */
  returnQuery: string;
  /** SHA-256 of the secret in the login cookie of the browser that started this login: only
   * that browser can take a step of it. */
  browser: string;
};

/** The login cookie's name before `cookieName`. It holds `<login id>.<secret>`: the id lets a
 * reload find the login in progress without the id in the address, the secret proves the browser
 * (the record keeps only its hash). One per browser: a newer login replaces it. */
export const LOGIN_COOKIE = 'helios_login';
/** The cookie of a passkey login waiting in the browser's autofill or prompt, in the same form.
 * Apart from the login cookie, so asking for a passkey never ends a login the person has started
 * in this or another tab; a passkey that signs in makes its login the browser's login. */
export const PASSKEY_LOGIN_COOKIE = 'helios_passkey_login';
type LoginCookie = typeof LOGIN_COOKIE | typeof PASSKEY_LOGIN_COOKIE;

export const LOGIN_SESSION_MS = 15 * 60_000;
/** A finished login is kept briefly: a request its browser sent before Done cleared the login
 * cookie (a second click) finds it Done, not gone. */
const DONE_SESSION_MS = 2 * 60_000;

const key = (id: string) => `login:${id}`;

/** The login cookie of a request: the login it names and its secret, or null. */
export function loginCookieOf(
  ctx: Context,
  request: FastifyRequest,
  name: LoginCookie = LOGIN_COOKIE,
): { id: string; secret: string } | null {
  const value = requestCookies(request)[cookieName(ctx.config, name)];
  if (!value || value.length > 128) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  return { id: value.slice(0, dot), secret: value.slice(dot + 1) };
}

/** Whether this request comes from the browser that started the login, by its login cookie or
 * its passkey login cookie. Compares hashes in constant time, both always, so a wrong or missing
 * cookie takes as long as a right one. A login stored before logins were bound has no hash and
 * belongs to no browser. */
function startedByThisBrowser(ctx: Context, request: FastifyRequest, session: LoginSession): boolean {
  const byLogin = safeEqual(sha256(loginCookieOf(ctx, request)?.secret ?? ''), session.browser ?? '');
  const byPasskey = safeEqual(
    sha256(loginCookieOf(ctx, request, PASSKEY_LOGIN_COOKIE)?.secret ?? ''),
    session.browser ?? '',
  );
  return byLogin || byPasskey;
}

/** A passkey that signed in: its login becomes the browser's login (when it goes on to another
 * step), and the passkey login cookie goes. */
export function adoptPasskeyLogin(ctx: Context, request: FastifyRequest, reply: FastifyReply, done: boolean) {
  const passkey = loginCookieOf(ctx, request, PASSKEY_LOGIN_COOKIE);
  clearLoginCookie(ctx, reply, PASSKEY_LOGIN_COOKIE);
  if (passkey && !done)
    reply.setCookie(cookieName(ctx.config, LOGIN_COOKIE), `${passkey.id}.${passkey.secret}`, cookieOptions(ctx, null));
}

/** The browser forgets its login cookie: the login is Done, or gone. Once signed in it also
 * forgets a passkey login it asked for and did not use. */
export function forgetLoginCookie(ctx: Context, reply: FastifyReply, signedIn = false) {
  clearLoginCookie(ctx, reply, LOGIN_COOKIE);
  if (signedIn) clearLoginCookie(ctx, reply, PASSKEY_LOGIN_COOKIE);
}

function clearLoginCookie(ctx: Context, reply: FastifyReply, name: LoginCookie) {
  reply.clearCookie(cookieName(ctx.config, name), cookieOptions(ctx, null));
}

/** Query parameters of the login page that describe this login, not a step of it. */
const STEP_PARAMETERS = new Set(['session_id', 'email', 'error', 'error_type', 'linked']);

/** The page query to come back to after a provider's round trip (always to /login itself). */
export function returnQueryOf(query: Record<string, string> | undefined): string {
  const kept = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (!STEP_PARAMETERS.has(name)) kept.set(name, value);
  return kept.toString();
}

/** The address of the login page for a session, with the query it started from and its email
 * (the page shows it and sends it with the password). Not its id: the page finds the login in
 * progress through the login cookie. */
export function loginPageUrl(
  session: Pick<LoginSession, 'returnQuery'> & { email?: string },
  extra: Record<string, string> = {},
) {
  const query = new URLSearchParams(session.returnQuery);
  if (session.email) query.set('email', session.email);
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return `/login?${query.toString()}`;
}

/** Starts a login bound to this browser: the record holds the hash of a fresh secret that goes
 * to the browser in the login cookie (a browser-session cookie; the record's expiry ends it). */
export async function createLoginSession(
  ctx: Context,
  reply: FastifyReply,
  email: string,
  accountId: string | null,
  state: LoginState,
  returnQuery = '',
  cookie: LoginCookie = LOGIN_COOKIE,
) {
  const secret = randomToken();
  const session: LoginSession = {
    id: randomToken(24),
    email,
    accountId,
    state,
    via: null,
    remember: false,
    returnQuery,
    browser: sha256(secret),
  };
  await setJson(ctx.store, key(session.id), session, LOGIN_SESSION_MS);
  reply.setCookie(cookieName(ctx.config, cookie), `${session.id}.${secret}`, cookieOptions(ctx, null));
  return session;
}

/** The login session `id` when this browser started it; null when it is unknown, expired or
 * another browser's — the three look the same to the caller. */
export async function loadLoginSession(ctx: Context, request: FastifyRequest, id: string) {
  const session = await getJson<LoginSession>(ctx.store, key(id));
  return session && startedByThisBrowser(ctx, request, session) ? session : null;
}

export async function saveLoginSession(ctx: Context, session: LoginSession) {
  await setJson(ctx.store, key(session.id), session, session.state === 'Done' ? DONE_SESSION_MS : LOGIN_SESSION_MS);
}

/** Serialises the steps of one login session across requests and nodes: `fn` runs under the
 * session's lock with the session as stored, read with the lock; null when there is none or
 * another browser started it. */
export function lockLoginSession<T>(
  ctx: Context,
  request: FastifyRequest,
  id: string,
  fn: (session: LoginSession | null) => Promise<T>,
) {
  return withLockedRead(ctx.store, key(id), (raw) => {
    const session = fromJson<LoginSession>(raw);
    return fn(session && startedByThisBrowser(ctx, request, session) ? session : null);
  });
}

/** The configured provider an email's domain signs in with automatically, if any. */
export function automaticProviderFor(ctx: Context, email: string): FederatedProviderId | null {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return ctx.config.providers.find((p) => p.emailDomains.includes(domain))?.id ?? null;
}

/** Which providers a login can continue with: Google and Microsoft when configured (a first
 * sign-in links by verified email), the single sign-on provider when the account has linked it
 * or its domain uses it. The offer to add a sign-in method offers Google and Microsoft. */
function providersFor(
  ctx: Context,
  state: LoginState,
  email: string,
  creds: CredentialView[],
): { providers: FederatedProvider[]; automatic: FederatedProviderId | null } {
  if (state !== 'CredentialsRequired' && state !== 'AskedCreateCredential') return { providers: [], automatic: null };
  const automatic = state === 'CredentialsRequired' ? automaticProviderFor(ctx, email) : null;
  const linkedIssuers = new Set(creds.filter((c) => c.type === 'oidc').map((c) => c.issuer));
  const providers = ctx.config.providers
    .filter(
      (p) =>
        p.id !== 'oidc' || (state === 'CredentialsRequired' && (automatic === 'oidc' || linkedIssuers.has(p.issuer))),
    )
    .map((p) => ({ id: p.id, name: p.name }));
  return { providers, automatic };
}

/** Credentials as their kinds only (type and provider, each once): before the first factor is
 * proven, an answer must not tell an account's security keys or authenticators apart, nor how
 * many it has. */
function typesOf(creds: CredentialView[]): LoginCredential[] {
  const seen = new Map<string, LoginCredential>();
  for (const c of creds)
    seen.set(`${c.type} ${c.provider ?? ''}`, { type: c.type as LoginCredential['type'], provider: c.provider });
  return [...seen.values()];
}

/**
 * The answer every login call gives. Before the first factor is proven it says no more than the
 * identifier-first flow must: which credentials can be used, nothing about the account's kind.
 */
export function loginResponse(
  ctx: Context,
  state: LoginState,
  sessionId: string | null,
  account: Pick<AccountView, 'isUser' | 'isStakeholder'> | null,
  creds: CredentialView[],
  verified: boolean,
  email = '',
): LoginSessionResponse {
  const { providers, automatic } = providersFor(ctx, state, email, creds);
  const visible = creds.filter((c) => {
    if (verified) return true;
    if (state === 'CredentialsRequired') return c.type === 'password' || c.type === 'oidc';
    if (state === 'MfaRequired' || state === 'TOTPResetRequired') return c.type === 'totp' || c.type === 'webauthn';
    return false;
  });
  return {
    state,
    session_id: sessionId,
    available_credentials: verified ? visible.map(publicCredential) : typesOf(visible),
    is_user: verified && account ? account.isUser : false,
    is_stakeholder: verified && account ? account.isStakeholder : false,
    allow_totp_remember: ctx.config.allowTotpRemember,
    providers,
    automatic_provider: automatic,
  };
}
