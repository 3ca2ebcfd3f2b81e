import type { Context } from '../context';
import { endedByAccount, liveSessionRecord, longestSessionMs, markActive } from '../session/portal-session';

/**
 * Which identity provider session and which grants were made under each portal session, so
 * that when one portal session ends (a sign-out, "Sign out" in the sessions list) exactly what
 * it signed into ends with it. Kept in the store beside the portal session (shared by all nodes),
 * for as long as a portal session can live.
 */
export type SessionLinks = { sessions: string[]; grants: string[] };

export const NO_LINKS: SessionLinks = { sessions: [], grants: [] };

const linksKey = (portalKey: string) => `portal-session-oidc:${portalKey}`;
const portalOfKey = (sessionUid: string) => `oidc-session-portal:${sessionUid}`;
const SESSION = 'session:';
const GRANT = 'grant:';

/** Records that a provider session (by its uid) and a grant were used under a portal session. */
export async function recordSignIn(ctx: Context, portalKey: string, sessionUid: string, grantId: string | undefined) {
  const key = linksKey(portalKey);
  const ttl = longestSessionMs(ctx.config);
  await Promise.all([
    ctx.store.addToSet(key, `${SESSION}${sessionUid}`, ttl),
    grantId ? ctx.store.addToSet(key, `${GRANT}${grantId}`, ttl) : undefined,
    ctx.store.set(portalOfKey(sessionUid), portalKey, ttl),
  ]);
}

/** What a portal session signed into. */
export async function linksOf(ctx: Context, portalKey: string): Promise<SessionLinks> {
  const members = await ctx.store.members(linksKey(portalKey));
  const of = (prefix: string) =>
    members.filter((member) => member.startsWith(prefix)).map((m) => m.slice(prefix.length));
  return { sessions: of(SESSION), grants: of(GRANT) };
}

/** Forgets what an ended portal session signed into: called once what it signed into has ended
 * (committed), so a failure before that leaves the record for a retry. */
export async function forgetLinks(ctx: Context, portalKey: string): Promise<void> {
  await ctx.store.del(linksKey(portalKey));
}

/**
 * Whether the portal session a provider session was made under still lives. Tokens without
 * `offline_access` are bound to their provider session; a portal session that ended without a
 * sign-out (idle or absolute timeout) leaves that provider session behind, so the provider asks
 * here before it answers such a token; an account-wide ending at `validAfter` (the account's
 * `sessionsValidAfter`) has ended it too. A provider session with no record (made before this
 * record was kept, or whose record failed to be written) is judged by itself: the provider
 * refuses a session-bound token whose provider session no longer exists.
 */
export async function portalSessionBehindLives(
  ctx: Context,
  sessionUid: string,
  validAfter: Date | null,
): Promise<boolean> {
  const portalKey = await ctx.store.get(portalOfKey(sessionUid));
  if (portalKey === null) return true;
  const session = await liveSessionRecord(ctx, portalKey);
  return session !== null && !endedByAccount(session, validAfter);
}

/** A session-bound refresh token was used: the portal session behind its provider session was
 * active (see `markActive`). */
export async function portalSessionUsed(ctx: Context, sessionUid: string): Promise<void> {
  const portalKey = await ctx.store.get(portalOfKey(sessionUid));
  if (portalKey !== null) await markActive(ctx, portalKey);
}
