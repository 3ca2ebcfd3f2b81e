import Bowser from 'bowser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config, SessionKind } from '../config';
import type { Context } from '../context';
import type { SecondFactor } from '../login/machine';
import { randomToken, sha256 } from '../security/tokens';
import { getJson, setJson } from '../store/store';
import { cookieName } from './request-cookies';

/** The cookies' names before `cookieName` (which adds `__Host-` over HTTPS). */
export const SESSION_COOKIE = 'helios_session';
export const REMEMBER_COOKIE = 'helios_mfa_remember';
/** The browser's signed device cookie: the accounts that completed a sign-in on it (lockout). */
export const DEVICE_COOKIE = 'helios_device';
export const REMEMBER_BROWSER_MS = 30 * 24 * 60 * 60_000;
/** Last active is written at most this often per session: reading a session is the hot path of
 * every call, a write on each would double its store traffic. */
export const TOUCH_INTERVAL_MS = 60_000;

/** `createdAt` is when the person signed in; `amr` how (RFC 8176 method names), which tenant
 * instances learn through the identity provider. `kind` says which lifetimes apply
 * (`config.sessions`); `lastActiveAt` is the last request, to the minute. `browser` and `os` were
 * read from the User-Agent at sign-in, for the sessions list. */
export type PortalSession = {
  accountId: string;
  persistent: boolean;
  createdAt: string;
  amr?: string[];
  /** The second factor by its own name where `amr` cannot tell: a recovery code is `otp` there,
   * like an authenticator app. */
  secondFactor?: SecondFactor;
  kind?: SessionKind;
  lastActiveAt?: string;
  browser?: string | null;
  os?: string | null;
  /** The session was kept through an account-wide ending at this time (the person acted from
   * it); it counts as made then when compared with the account's `sessionsValidAfter`. */
  validFrom?: string;
};
export type CurrentSession = PortalSession & { key: string };

/** Who signs in: a platform admin's session follows the admin console's limits. */
export type SigningIn = { id: string; isAdmin: boolean };

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

/** A platform admin's session follows the admin limits and is never remembered: the console
 * asks for a sign-in after 30 idle minutes, which a portal session kept for weeks would defeat. */
export function sessionKind(account: SigningIn, remember: boolean): SessionKind {
  if (account.isAdmin) return 'admin';
  return remember ? 'remembered' : 'browser';
}

/** The lifetimes of a session (records from before idle timeouts count as browser or
 * remembered sessions, last active at sign-in). */
const limitsOf = (config: Config, session: PortalSession) =>
  config.sessions[session.kind ?? (session.persistent ? 'remembered' : 'browser')];

/** The longest any portal session can live: what is kept beside sessions lasts this long. */
export const longestSessionMs = (config: Config) =>
  Math.max(...Object.values(config.sessions).map((limits) => limits.absoluteMs));

/** Whether an account-wide ending (a password reset, a removed credential, "sign out of all other
 * sessions") has ended this session: it was made, or last kept, before the account's
 * `sessionsValidAfter`. Every place that accepts a portal session asks this too, so such an
 * ending holds even when removing the session records from the store failed. */
export function endedByAccount(
  session: Pick<PortalSession, 'createdAt' | 'validFrom'>,
  validAfter: Date | null | undefined,
): boolean {
  return validAfter != null && Date.parse(session.validFrom ?? session.createdAt) < validAfter.getTime();
}

/** Milliseconds a session has left at `now`: the sooner of its idle and absolute ends. */
export function timeLeft(config: Config, session: PortalSession, now: number): number {
  const limits = limitsOf(config, session);
  const lastActive = Date.parse(session.lastActiveAt ?? session.createdAt);
  return Math.min(lastActive + limits.idleMs, Date.parse(session.createdAt) + limits.absoluteMs) - now;
}

/** Names Bowser itself knows. For a User-Agent it does not recognise, Bowser takes the header's
 * own text as the name, which would let anyone write their words into the new-browser mail and
 * the sessions list: such a name is shown as unknown. */
const KNOWN_BROWSERS: ReadonlySet<string> = new Set(Object.values(Bowser.BROWSER_MAP));
const KNOWN_SYSTEMS: ReadonlySet<string> = new Set(Object.values(Bowser.OS_MAP));
/** A major version: digits only, like every version a known browser reports. */
const MAJOR = /^\d{1,6}$/;

/** Browser and operating system, as people call them ("Firefox 133", "Windows 10"), from a
 * User-Agent header; null (shown as unknown) where it does not say, or names something Bowser
 * does not know. */
export function describeUserAgent(userAgent: string | undefined): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const { browser, os } = Bowser.parse(userAgent.slice(0, 512));
  const major = (version: string | undefined) => {
    const digits = version?.split('.')[0];
    return digits && MAJOR.test(digits) ? digits : undefined;
  };
  const name = (known: ReadonlySet<string>, named: string | undefined, version: string | undefined) =>
    named && known.has(named) ? [named, version].filter(Boolean).join(' ') : null;
  return {
    browser: name(KNOWN_BROWSERS, browser.name, major(browser.version)),
    os: name(KNOWN_SYSTEMS, os.name, os.versionName ?? major(os.version)),
  };
}

/** Starts a portal session: a fresh 256-bit id (never reused from before sign-in), stored only
 * as its hash, in an HttpOnly SameSite=Lax cookie; the cookie outlives the browser only for
 * "remember me", and then for the absolute lifetime. */
export async function startPortalSession(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  account: SigningIn,
  remember: boolean,
  amr: string[] = [],
  secondFactor?: SecondFactor,
) {
  const token = randomToken();
  const hash = sha256(token);
  const kind = sessionKind(account, remember);
  const limits = ctx.config.sessions[kind];
  const now = ctx.now().toISOString();
  const session: PortalSession = {
    accountId: account.id,
    persistent: kind === 'remembered',
    createdAt: now,
    amr,
    ...(secondFactor ? { secondFactor } : {}),
    kind,
    lastActiveAt: now,
    ...describeUserAgent(request.headers['user-agent']),
  };
  // Both go to the store in one write (Redis pipelines commands issued together). The record
  // expires when idle; the account's list of sessions lives as long as the longest may.
  await Promise.all([
    setJson(ctx.store, sessionKey(hash), session, Math.min(limits.idleMs, limits.absoluteMs)),
    ctx.store.addToSet(accountSessionsKey(account.id), hash, limits.absoluteMs),
  ]);
  reply.setCookie(
    cookieName(ctx.config, SESSION_COOKIE),
    token,
    cookieOptions(ctx, session.persistent ? limits.absoluteMs : null),
  );
}

/** The portal session of a request, or null. A session past its idle or absolute end is
 * forgotten; one last active more than a minute ago is marked active now, which pushes its
 * expiry in the store out by the idle timeout. */
export async function currentSession(ctx: Context, request: FastifyRequest): Promise<CurrentSession | null> {
  const token = requestCookies(request)[cookieName(ctx.config, SESSION_COOKIE)];
  if (!token || token.length > 128) return null;
  const key = sha256(token);
  const session = await getJson<PortalSession>(ctx.store, sessionKey(key));
  if (!session) return null;
  const now = ctx.now().getTime();
  const left = timeLeft(ctx.config, session, now);
  if (left <= 0) {
    ctx.background('forget an expired portal session', () => forget(ctx, session.accountId, key));
    return null;
  }
  // Built field by field: copying the parsed object and adding `key` took V8's slow path.
  const { accountId, persistent, createdAt, amr, secondFactor, kind, browser, os, validFrom } = session;
  let { lastActiveAt } = session;
  if (now - Date.parse(lastActiveAt ?? createdAt) >= TOUCH_INTERVAL_MS) {
    lastActiveAt = new Date(now).toISOString();
    await touch(ctx, key, {
      accountId,
      persistent,
      createdAt,
      amr,
      secondFactor,
      kind,
      lastActiveAt,
      browser,
      os,
      validFrom,
    });
  }
  return { accountId, persistent, createdAt, amr, secondFactor, kind, lastActiveAt, browser, os, validFrom, key };
}

/** Counts use of an instance (a refreshed session-bound token) as activity on the portal session
 * with this key, so its idle timeout means idle everywhere; the absolute lifetime still holds.
 * Only a live session is touched, and only over its record (a sign-out meanwhile stays). */
export async function markActive(ctx: Context, key: string): Promise<void> {
  const session = await getJson<PortalSession>(ctx.store, sessionKey(key));
  if (!session) return;
  const now = ctx.now().getTime();
  if (timeLeft(ctx.config, session, now) <= 0) return;
  if (now - Date.parse(session.lastActiveAt ?? session.createdAt) < TOUCH_INTERVAL_MS) return;
  await touch(ctx, key, { ...session, lastActiveAt: new Date(now).toISOString() });
}

/** Marks the session with this key as kept through an account-wide ending at `at` (see
 * `endedByAccount`); false when it no longer lives. */
export async function keepThroughEnding(ctx: Context, key: string, at: Date): Promise<boolean> {
  const session = await getJson<PortalSession>(ctx.store, sessionKey(key));
  if (!session || timeLeft(ctx.config, session, ctx.now().getTime()) <= 0) return false;
  return touch(ctx, key, {
    ...session,
    lastActiveAt: session.lastActiveAt ?? session.createdAt,
    validFrom: at.toISOString(),
  });
}

/** Writes a session's new last active time, and so its new expiry; only over a record that still
 * exists, so a sign-out between the read and this write stays signed out. */
async function touch(ctx: Context, key: string, session: PortalSession): Promise<boolean> {
  const limits = limitsOf(ctx.config, session);
  const absoluteLeft = Date.parse(session.createdAt) + limits.absoluteMs - Date.parse(session.lastActiveAt as string);
  return ctx.store.replace(sessionKey(key), JSON.stringify(session), Math.min(limits.idleMs, absoluteLeft));
}

/** Forgets portal sessions of an account by their keys: the records and their entries in the
 * account's list, sent together (Redis pipelines commands issued together). */
export async function forgetSessions(ctx: Context, accountId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await Promise.all([
    ctx.store.del(...keys.map(sessionKey)),
    ...keys.map((key) => ctx.store.removeFromSet(accountSessionsKey(accountId), key)),
  ]);
}

const forget = (ctx: Context, accountId: string, key: string) => forgetSessions(ctx, accountId, [key]);

/** The portal session with this key while it is live (not signed out, not past its idle or
 * absolute end), read without touching it; null otherwise. */
export async function liveSessionRecord(ctx: Context, key: string): Promise<PortalSession | null> {
  const session = await getJson<PortalSession>(ctx.store, sessionKey(key));
  return session !== null && timeLeft(ctx.config, session, ctx.now().getTime()) > 0 ? session : null;
}

/** The public id of a portal session (sessions list): derived from its key with the server's
 * keyed hash, so the key itself never leaves the server and cannot be worked out from the id. */
export function publicSessionId(ctx: Context, key: string): string {
  return ctx.secrets.mac(`portal-session:${key}`).slice(0, 22);
}

/** The account's portal sessions that are still live, each with its key; an account-wide ending
 * at `validAfter` has ended those made before it. The list's members whose session has gone
 * are removed from it on the way (in the background). */
export async function sessionsOf(
  ctx: Context,
  accountId: string,
  validAfter: Date | null = null,
): Promise<CurrentSession[]> {
  const keys = await ctx.store.members(accountSessionsKey(accountId));
  const records = await Promise.all(keys.map((key) => getJson<PortalSession>(ctx.store, sessionKey(key))));
  const now = ctx.now().getTime();
  const live: CurrentSession[] = [];
  const dead: string[] = [];
  records.forEach((record, index) => {
    const key = keys[index] as string;
    if (!record || record.accountId !== accountId || timeLeft(ctx.config, record, now) <= 0) dead.push(key);
    else if (!endedByAccount(record, validAfter)) live.push({ ...record, key });
  });
  if (dead.length > 0) ctx.background('forget ended portal sessions', () => forgetSessions(ctx, accountId, dead));
  return live;
}

/** Ends every portal session of an account but `exceptKey`, and its remembered browsers (after a
 * password reset). Callers go through `sign-out.ts`, which ends what depends on them too. */
export async function endAllSessions(ctx: Context, accountId: string, exceptKey?: string) {
  const [keys, remembered] = await Promise.all([
    ctx.store.members(accountSessionsKey(accountId)),
    ctx.store.members(accountRememberKey(accountId)),
  ]);
  await Promise.all([
    forgetSessions(
      ctx,
      accountId,
      keys.filter((key) => key !== exceptKey),
    ),
    ctx.store.del(...remembered.map(rememberKey), accountRememberKey(accountId)),
  ]);
}

/** "Remember this browser" after a second factor: later sign-ins on it skip the second factor
 * for 30 days. The record holds the account and when it was made. */
export async function rememberBrowser(ctx: Context, reply: FastifyReply, accountId: string) {
  const token = randomToken();
  const hash = sha256(token);
  await ctx.store.set(rememberKey(hash), `${accountId} ${ctx.now().toISOString()}`, REMEMBER_BROWSER_MS);
  await ctx.store.addToSet(accountRememberKey(accountId), hash, REMEMBER_BROWSER_MS);
  reply.setCookie(cookieName(ctx.config, REMEMBER_COOKIE), token, cookieOptions(ctx, REMEMBER_BROWSER_MS));
}

/** Whether this browser is remembered for the account: an account-wide ending (its
 * `sessionsValidAfter`) ends remembered browsers made before it, as it ends sessions. */
export async function isBrowserRemembered(
  ctx: Context,
  request: FastifyRequest,
  account: { id: string; sessionsValidAfter: Date | null },
): Promise<boolean> {
  const token = requestCookies(request)[cookieName(ctx.config, REMEMBER_COOKIE)];
  if (!token || token.length > 128) return false;
  const [accountId, madeAt] = ((await ctx.store.get(rememberKey(sha256(token)))) ?? '').split(' ');
  if (accountId !== account.id) return false;
  // Records from before the time was kept count as made at the epoch.
  return !endedByAccount({ createdAt: madeAt ?? new Date(0).toISOString() }, account.sessionsValidAfter);
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
