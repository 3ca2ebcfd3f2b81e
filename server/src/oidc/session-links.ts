import type { Context } from '../context';
import { isSessionLive, longestSessionMs } from '../session/portal-session';

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

/** What a portal session that is ending signed into; the record goes with it. */
export async function takeLinks(ctx: Context, portalKey: string): Promise<SessionLinks> {
  const links = await linksOf(ctx, portalKey);
  await ctx.store.del(linksKey(portalKey));
  return links;
}

/**
 * Whether the portal session a provider session was made under still lives. Tokens without
 * `offline_access` are bound to their provider session; a portal session that ended without a
 * sign-out (idle or absolute timeout) leaves that provider session behind, so the provider asks
 * here before it answers such a token. A provider session never recorded under a portal session
 * has none behind it.
 */
export async function portalSessionBehindLives(ctx: Context, sessionUid: string): Promise<boolean> {
  const portalKey = await ctx.store.get(portalOfKey(sessionUid));
  return portalKey !== null && (await isSessionLive(ctx, portalKey));
}
