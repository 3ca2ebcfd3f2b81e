import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oidcPayloads } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { SessionLinks } from './session-links';

/**
 * What ends in the identity provider when Helios sessions end (docs/oidc.md, "What ends when").
 * Revoking a grant removes it and every code and token issued under it; ending a provider
 * session removes its record, so single sign-on and every token bound to it end too. Each
 * function works in one transaction — or in the caller's, as part of the change that ends them —
 * and answers who to tell: the clients each ended session (or token) was signed into, with the
 * `sid` their ID tokens carried. Records that had already expired end too, but are told of to no
 * one: their sessions ended long ago.
 */
export type LogoutNotice = { clientId: string; sid: string };

type Row = { model: string; payload: Record<string, unknown>; expiresAt: Date | null };

const SCOPE_THAT_OUTLIVES_SESSIONS = 'offline_access';

/** Whether a grant holds `offline_access`: its tokens outlive the Helios session they came from. */
function outlivesSessions(grant: Record<string, unknown>): boolean {
  const scope = (grant.openid as { scope?: unknown } | undefined)?.scope;
  return typeof scope === 'string' && scope.split(' ').includes(SCOPE_THAT_OUTLIVES_SESSIONS);
}

/** The clients and sids of ended records that were still live at `now`: a session's
 * authorizations, a token's own sid. */
function noticesOf(rows: Row[], now: Date): LogoutNotice[] {
  const notices = new Map<string, LogoutNotice>();
  const add = (clientId: unknown, sid: unknown) => {
    if (typeof clientId === 'string' && typeof sid === 'string') notices.set(`${clientId} ${sid}`, { clientId, sid });
  };
  for (const { model, payload, expiresAt } of rows) {
    if (expiresAt !== null && expiresAt <= now) continue;
    if (model === 'Session') {
      const authorizations = (payload.authorizations ?? {}) as Record<string, { sid?: unknown }>;
      for (const [clientId, authorization] of Object.entries(authorizations)) add(clientId, authorization?.sid);
    } else add(payload.clientId, payload.sid);
  }
  return [...notices.values()];
}

const ofAccount = (accountId: string) => eq(oidcPayloads.accountId, accountId);
const returned = { model: oidcPayloads.model, payload: oidcPayloads.payload, expiresAt: oidcPayloads.expiresAt };

/**
 * One portal session ended: the provider sessions that followed it end, and every grant made in
 * it (or held by those sessions) is revoked, except grants holding `offline_access`.
 */
export function endSignedInSessions(
  db: Database,
  accountId: string,
  links: SessionLinks,
  now: Date,
): Promise<LogoutNotice[]> {
  if (links.sessions.length === 0 && links.grants.length === 0) return Promise.resolve([]);
  return inTransaction(db, async (tx) => {
    const sessions = links.sessions.length
      ? await tx
          .select(returned)
          .from(oidcPayloads)
          .where(
            and(eq(oidcPayloads.model, 'Session'), inArray(oidcPayloads.uid, links.sessions), ofAccount(accountId)),
          )
      : [];
    const candidates = new Set(links.grants);
    for (const { payload } of sessions)
      for (const authorization of Object.values(
        (payload.authorizations ?? {}) as Record<string, { grantId?: unknown }>,
      ))
        if (typeof authorization?.grantId === 'string') candidates.add(authorization.grantId);
    const grants = candidates.size
      ? await tx
          .select({ id: oidcPayloads.id, payload: oidcPayloads.payload })
          .from(oidcPayloads)
          .where(and(eq(oidcPayloads.model, 'Grant'), inArray(oidcPayloads.id, [...candidates]), ofAccount(accountId)))
      : [];
    const revoked = grants.filter((grant) => !outlivesSessions(grant.payload)).map((grant) => grant.id);

    const ending: SQL[] = [];
    if (sessions.length > 0)
      ending.push(and(eq(oidcPayloads.model, 'Session'), inArray(oidcPayloads.uid, links.sessions)) as SQL);
    if (revoked.length > 0)
      ending.push(
        inArray(oidcPayloads.grantId, revoked),
        and(eq(oidcPayloads.model, 'Grant'), inArray(oidcPayloads.id, revoked)) as SQL,
      );
    if (ending.length === 0) return [];
    const ended = await tx
      .delete(oidcPayloads)
      .where(and(ofAccount(accountId), or(...ending)))
      .returning(returned);
    return noticesOf(ended, now);
  });
}

/**
 * The way an account signs in changed, or it asked to be signed out everywhere: every provider
 * session, grant and token of the account ends, `offline_access` included, except what the
 * portal session it acted from (`keep`) signed into. `db` is the transaction of that change.
 */
export function endAccountGrants(
  db: Database,
  accountId: string,
  keep: SessionLinks,
  now: Date,
): Promise<LogoutNotice[]> {
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .select({ model: oidcPayloads.model, id: oidcPayloads.id, uid: oidcPayloads.uid, grantId: oidcPayloads.grantId })
      .from(oidcPayloads)
      // A sign-in under way (an interaction) is no session yet: it is left to finish or expire.
      .where(and(ofAccount(accountId), ne(oidcPayloads.model, 'Interaction')));
    const keptSessions = new Set(keep.sessions);
    const keptGrants = new Set(keep.grants);
    const kept = (row: (typeof rows)[number]) =>
      (row.model === 'Session' && row.uid !== null && keptSessions.has(row.uid)) ||
      (row.model === 'Grant' && keptGrants.has(row.id)) ||
      (row.grantId !== null && keptGrants.has(row.grantId));
    const byModel = new Map<string, string[]>();
    for (const row of rows) if (!kept(row)) byModel.set(row.model, [...(byModel.get(row.model) ?? []), row.id]);
    if (byModel.size === 0) return [];
    const ended = await tx
      .delete(oidcPayloads)
      .where(
        and(
          ofAccount(accountId),
          or(...[...byModel].map(([model, ids]) => and(eq(oidcPayloads.model, model), inArray(oidcPayloads.id, ids)))),
        ),
      )
      .returning(returned);
    return noticesOf(ended, now);
  });
}
