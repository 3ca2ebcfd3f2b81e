import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../accounts/repository';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { accounts } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { notifyLogout } from '../oidc/backchannel';
import { endAccountGrants, endSignedInSessions, type LogoutNotice } from '../oidc/session-end';
import { forgetLinks, linksOf, NO_LINKS } from '../oidc/session-links';
import { forgetOtherBrowsers } from './known-browsers';
import {
  type CurrentSession,
  cookieOptions,
  currentSession,
  endAllSessions,
  forgetSessions,
  keepThroughEnding,
  SESSION_COOKIE,
} from './portal-session';
import { cookieName } from './request-cookies';

/**
 * What ends when (docs/oidc.md, "What ends when"). Every way a session ends goes through here, so
 * what depends on a session — the identity provider's grants and tokens, the instances it
 * signed into — ends with it.
 *
 * - `endThisSession`: one portal session ends (sign-out, "Sign out" on one entry of the
 *   sessions list). The provider session that followed it ends, and every grant made in it,
 *   except `offline_access` ones.
 * - `endAccountSessions`: the way an account signs in changed, or the person asked to be signed
 *   out everywhere (password reset or change, an admin removing a credential, "Sign out of all
 *   other sessions"). The change, the account's `sessionsValidAfter` and the end of every provider
 *   session, grant and token of the account (`offline_access` included, except what the kept
 *   session signed into) are one transaction. From its commit every portal session but the kept
 *   one is refused wherever a session is accepted; removing their records, and the remembered
 *   browsers, follows after the answer.
 *
 * Both then post a logout token to every instance the ended sessions signed into that takes
 * them (Back-Channel Logout), in the background: a slow instance never holds up the answer.
 * A lockout ends nothing.
 */
export type EndReason =
  | 'logout'
  | 'sessions_list'
  | 'admin_session_required'
  | 'password_reset'
  | 'password_changed'
  | 'credential_removed'
  | 'sign_out_others';

/** Endings after which no browser but the person's current one counts as known: after a
 * compromise, the intruder's browser would otherwise sign in again without a new-browser mail. */
const FORGETS_KNOWN_BROWSERS: ReadonlySet<EndReason> = new Set([
  'password_reset',
  'password_changed',
  'sign_out_others',
]);

/** The audit action of one session ended (`endThisSession`), by why it ended. */
const ENDED_ONE: Record<string, string> = {
  logout: 'logout',
  sessions_list: 'session.signed_out',
  admin_session_required: 'session.ended',
};

/** Who ended a session, for its audit row: the person, from this address. */
export type EndedBy = { ip: string; details?: Record<string, unknown> };

function notifyInBackground(ctx: Context, accountId: string, notices: LogoutNotice[]) {
  if (notices.length > 0) ctx.background('back-channel logout', () => notifyLogout(ctx, accountId, notices));
}

/** Ends one portal session of an account by its key (the hash of its cookie); what it signed
 * into ends with its audit row, in one transaction. The record of what it signed into is
 * forgotten only once that has committed. */
export async function endThisSession(
  ctx: Context,
  accountId: string,
  sessionKey: string,
  reason: EndReason,
  by: EndedBy,
) {
  const links = await linksOf(ctx, sessionKey);
  await forgetSessions(ctx, accountId, [sessionKey]);
  const notices = await inTransaction(ctx.db, async (tx) => {
    const notices = await endSignedInSessions(tx, accountId, links, ctx.now());
    await audit(tx, {
      actor: accountId,
      action: ENDED_ONE[reason] ?? 'logout',
      targetType: 'account',
      targetId: accountId,
      ip: by.ip,
      ...(by.details ? { details: by.details } : {}),
    });
    return notices;
  });
  await forgetLinks(ctx, sessionKey);
  notifyInBackground(ctx, accountId, notices);
}

/** Ends the portal session of a request and clears its cookie; answers the session it ended. */
export async function signOutRequest(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  reason: EndReason,
  details?: Record<string, unknown>,
): Promise<CurrentSession | null> {
  const session = await currentSession(ctx, request);
  reply.clearCookie(cookieName(ctx.config, SESSION_COOKIE), cookieOptions(ctx, null));
  if (session) await endThisSession(ctx, session.accountId, session.key, reason, { ip: request.ip, details });
  return session;
}

/**
 * Ends every portal session of an account but `exceptKey`, its remembered browsers, and every
 * grant and token of it but those the kept session signed into (and, after a password reset or
 * change or signing out everywhere else, every known browser but `browserId`) — together with `change` (the
 * change of how the account signs in), which runs first in the same transaction. A `change` that
 * throws ends nothing. The kept session is marked as kept before the transaction, so a failure
 * there changes nothing either. Answers what `change` answered.
 */
export async function endAccountSessions<T = undefined>(
  ctx: Context,
  accountId: string,
  options: {
    exceptKey?: string;
    reason: EndReason;
    /** The id of the browser the ending is asked from (`browserIdOf`), kept as a known browser. */
    browserId?: string | null;
  },
  change?: (tx: Database) => Promise<T>,
): Promise<T | undefined> {
  const { exceptKey } = options;
  const at = ctx.now();
  const keep = exceptKey ? await linksOf(ctx, exceptKey) : NO_LINKS;
  if (exceptKey) await keepThroughEnding(ctx, exceptKey, at);
  const { result, notices } = await inTransaction(ctx.db, async (tx) => {
    const result = change ? await change(tx) : undefined;
    if (FORGETS_KNOWN_BROWSERS.has(options.reason))
      await forgetOtherBrowsers(ctx, tx, accountId, options.browserId ?? null);
    await tx.update(accounts).set({ sessionsValidAfter: at }).where(eq(accounts.id, accountId));
    return { result, notices: await endAccountGrants(tx, accountId, keep, at) };
  });
  // The account's view carries `sessionsValidAfter`: every node drops it.
  await ctx.accountViews.changed(accountId);
  ctx.background('forget the ended portal sessions', () => endAllSessions(ctx, accountId, exceptKey));
  notifyInBackground(ctx, accountId, notices);
  return result;
}
