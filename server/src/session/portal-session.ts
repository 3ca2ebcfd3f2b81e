import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { randomToken, sha256 } from '../security/tokens';
import { getJson, setJson } from '../store/store';
import { cookieName } from './request-cookies';

/** The cookies' names before `cookieName` (which adds `__Host-` over HTTPS). */
export const SESSION_COOKIE = 'helios_session';
export const REMEMBER_COOKIE = 'helios_mfa_remember';
/** The browser's signed device cookie: the accounts that completed a sign-in on it (lockout). */
export const DEVICE_COOKIE = 'helios_device';
/** "Remember me": the portal session outlives the browser for 30 days. */
export const PERSISTENT_SESSION_MS = 30 * 24 * 60 * 60_000;
/** Without it, the cookie is a browser session and the server forgets it after 12 hours. */
export const BROWSER_SESSION_MS = 12 * 60 * 60_000;
export const REMEMBER_BROWSER_MS = 30 * 24 * 60 * 60_000;

/** `createdAt` is when the person signed in; `amr` how (RFC 8176 method names), which tenant
 * instances learn through the identity provider. */
export type PortalSession = { accountId: string; persistent: boolean; createdAt: string; amr?: string[] };
export type CurrentSession = PortalSession & { key: string };

const sessionKey = (hash: string) => `session:${hash}`;
const accountSessionsKey = (accountId: string) => `account-sessions:${accountId}`;
const rememberKey = (hash: string) => `mfa-remember:${hash}`;
const accountRememberKey = (accountId: string) => `account-remember:${accountId}`;

/** The request's cookies, parsed the first time a route asks (most answers never look). Read
 * them only through here: `request.cookies` stays null until then (request-cookies.test.ts). */
export function requestCookies(request: FastifyRequest): Record<string, string | undefined> {
  request.cookies ??= request.headers.cookie ? request.server.parseCookie(request.headers.cookie) : {};
  return request.cookies;
}

/** The attributes of Helios's cookies: at `Path=/`, without `Domain`, Secure over HTTPS — what a
 * `__Host-` name requires. */
export function cookieOptions(ctx: Context, maxAgeMs: number | null) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.secure,
    ...(maxAgeMs === null ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
  };
}

/** Starts a portal session: a fresh 256-bit id (never reused from before sign-in), stored only
 * as its hash, in an HttpOnly SameSite=Lax cookie. */
export async function startPortalSession(
  ctx: Context,
  reply: FastifyReply,
  accountId: string,
  persistent: boolean,
  amr: string[] = [],
) {
  const token = randomToken();
  const hash = sha256(token);
  const ttl = persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS;
  const session: PortalSession = {
    accountId,
    persistent,
    createdAt: ctx.now().toISOString(),
    amr,
  };
  // Both go to the store in one write (Redis pipelines commands issued together).
  await Promise.all([
    setJson(ctx.store, sessionKey(hash), session, ttl),
    ctx.store.addToSet(accountSessionsKey(accountId), hash, ttl),
  ]);
  reply.setCookie(cookieName(ctx.config, SESSION_COOKIE), token, cookieOptions(ctx, persistent ? ttl : null));
}

export async function currentSession(ctx: Context, request: FastifyRequest): Promise<CurrentSession | null> {
  const token = requestCookies(request)[cookieName(ctx.config, SESSION_COOKIE)];
  if (!token || token.length > 128) return null;
  const key = sha256(token);
  const session = await getJson<PortalSession>(ctx.store, sessionKey(key));
  if (!session) return null;
  // Built field by field: copying the parsed object and adding `key` took V8's slow path.
  const { accountId, persistent, createdAt, amr } = session;
  return { accountId, persistent, createdAt, amr, key };
}

/** Forgets the portal session of a request on the server; the caller clears the cookie. */
export async function forgetPortalSession(ctx: Context, request: FastifyRequest): Promise<CurrentSession | null> {
  const session = await currentSession(ctx, request);
  if (session) {
    await ctx.store.del(sessionKey(session.key));
    await ctx.store.removeFromSet(accountSessionsKey(session.accountId), session.key);
  }
  return session;
}

/** Ends every portal session of an account (after a password reset), optionally but one, or
 * only one (`only`). Callers go through `sign-out.ts`, which ends what depends on them too. */
export async function endAllSessions(
  ctx: Context,
  accountId: string,
  exceptKey?: string,
  options: { only?: string } = {},
) {
  const keys = options.only === undefined ? await ctx.store.members(accountSessionsKey(accountId)) : [options.only];
  for (const key of keys) {
    if (key === exceptKey) continue;
    await ctx.store.del(sessionKey(key));
    await ctx.store.removeFromSet(accountSessionsKey(accountId), key);
  }
  if (options.only !== undefined) return;
  for (const key of await ctx.store.members(accountRememberKey(accountId))) await ctx.store.del(rememberKey(key));
  await ctx.store.del(accountRememberKey(accountId));
}

/** "Remember this browser" after a second factor: later sign-ins on it skip the second factor
 * for 30 days. */
export async function rememberBrowser(ctx: Context, reply: FastifyReply, accountId: string) {
  const token = randomToken();
  const hash = sha256(token);
  await ctx.store.set(rememberKey(hash), accountId, REMEMBER_BROWSER_MS);
  await ctx.store.addToSet(accountRememberKey(accountId), hash, REMEMBER_BROWSER_MS);
  reply.setCookie(cookieName(ctx.config, REMEMBER_COOKIE), token, cookieOptions(ctx, REMEMBER_BROWSER_MS));
}

export async function isBrowserRemembered(ctx: Context, request: FastifyRequest, accountId: string): Promise<boolean> {
  const token = requestCookies(request)[cookieName(ctx.config, REMEMBER_COOKIE)];
  if (!token || token.length > 128) return false;
  return (await ctx.store.get(rememberKey(sha256(token)))) === accountId;
}

export type LiveToken = { kind: 'session' | 'mfa-remember'; hash: string; ttlMs: number };

/** The live portal sessions and remembered browsers of an account, as hashes with their time
 * left (admin token listing). Set members whose entry has already expired are left out. */
export async function liveTokensOf(ctx: Context, accountId: string): Promise<LiveToken[]> {
  const live: LiveToken[] = [];
  const sources = [
    { kind: 'session', set: accountSessionsKey(accountId), key: sessionKey },
    { kind: 'mfa-remember', set: accountRememberKey(accountId), key: rememberKey },
  ] as const;
  for (const source of sources) {
    for (const hash of await ctx.store.members(source.set)) {
      const ttlMs = await ctx.store.ttl(source.key(hash));
      if (ttlMs !== null && ttlMs > 0) live.push({ kind: source.kind, hash, ttlMs });
    }
  }
  return live;
}
