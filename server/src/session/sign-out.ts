import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { notifyLogout } from '../oidc/backchannel';
import { endAccountGrants, endSignedInSessions } from '../oidc/session-end';
import { linksOf, NO_LINKS, takeLinks } from '../oidc/session-links';
import { cookieOptions, endAllSessions, forgetPortalSession, SESSION_COOKIE } from './portal-session';
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
 *   other sessions"). Every portal session but `exceptKey` ends, every remembered browser, and
 *   every provider session, grant and token of the account, `offline_access` included — except
 *   what the kept session signed into.
 *
 * Both then post a logout token to every instance the ended sessions signed into that takes
 * them (Back-Channel Logout), waiting a few seconds at most. A lockout ends nothing.
 */
export type EndReason =
  | 'logout'
  | 'sessions_list'
  | 'password_reset'
  | 'password_changed'
  | 'credential_removed'
  | 'sign_out_others';

/** Ends one portal session of an account by its key (the hash of its cookie). */
export async function endThisSession(ctx: Context, accountId: string, sessionKey: string, _reason: EndReason) {
  await endAllSessions(ctx, accountId, undefined, { only: sessionKey });
  const notices = await endSignedInSessions(ctx, accountId, await takeLinks(ctx, sessionKey));
  await notifyLogout(ctx, accountId, notices);
}

/** Ends the portal session of a request and clears its cookie; answers the session it ended. */
export async function signOutRequest(ctx: Context, request: FastifyRequest, reply: FastifyReply, reason: EndReason) {
  const session = await forgetPortalSession(ctx, request);
  reply.clearCookie(cookieName(ctx.config, SESSION_COOKIE), cookieOptions(ctx, null));
  if (session) await endThisSession(ctx, session.accountId, session.key, reason);
  return session;
}

/** Ends every portal session of an account but `exceptKey`, its remembered browsers, and every
 * grant and token of it but those the kept session signed into. */
export async function endAccountSessions(
  ctx: Context,
  accountId: string,
  options: { exceptKey?: string; reason: EndReason },
) {
  await endAllSessions(ctx, accountId, options.exceptKey);
  const keep = options.exceptKey ? await linksOf(ctx, options.exceptKey) : NO_LINKS;
  const notices = await endAccountGrants(ctx, accountId, keep);
  await notifyLogout(ctx, accountId, notices);
}
