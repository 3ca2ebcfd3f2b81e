import { and, count, desc, eq, ne, notInArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountRow } from '../accounts/repository';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { knownBrowsers } from '../db/schema';
import { securityMail } from '../mail/security';
import { randomToken } from '../security/tokens';
import { cookieOptions, requestCookies } from './portal-session';
import { cookieName } from './request-cookies';

/** The browser's own random id, the same for every account signed in on it. Only its keyed hash,
 * bound to the account, is stored: the table cannot be turned back into cookies, nor tell which
 * accounts signed in on one browser. */
export const BROWSER_COOKIE = 'helios_browser';
/** Renewed at each sign-in; a browser unused for longer starts again as a new one. */
const BROWSER_COOKIE_MS = 365 * 24 * 60 * 60_000;
/** The browsers remembered per account: the most recently used ones. */
export const KNOWN_BROWSERS_PER_ACCOUNT = 20;
/** `randomToken()`: 32 random bytes, base64url. Anything else is not a cookie Helios set. */
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;

// Rows kept before the hash was bound to the account match no browser any more: each such browser
// counts as new once, at its next sign-in.
const hashOf = (ctx: Context, accountId: string, browserId: string) =>
  ctx.secrets.mac(`known-browser:${accountId}:${browserId}`);

/** The browser id the request's cookie carries, when it is one Helios set. */
export function browserIdOf(ctx: Context, request: FastifyRequest): string | null {
  const sent = requestCookies(request)[cookieName(ctx.config, BROWSER_COOKIE)];
  return sent && BROWSER_ID.test(sent) ? sent : null;
}

/** Forgets every browser known for the account but `keepBrowserId` (the one the person is
 * using, if any): after a password reset or change, or signing out everywhere else, a browser
 * that signed in before — perhaps someone else's — is new again. `tx` is the ending's
 * transaction. */
export async function forgetOtherBrowsers(
  ctx: Context,
  tx: Database,
  accountId: string,
  keepBrowserId: string | null,
): Promise<void> {
  const ofAccount = eq(knownBrowsers.accountId, accountId);
  await tx
    .delete(knownBrowsers)
    .where(
      keepBrowserId === null
        ? ofAccount
        : and(ofAccount, ne(knownBrowsers.browserHash, hashOf(ctx, accountId, keepBrowserId))),
    );
}

/**
 * At a completed sign-in: the browser keeps (or gets) its id in the cookie, and the account
 * remembers the browser in the background (the answer does not wait for it). A browser new to an
 * account that already has known browsers is mailed about; the first browser an account is seen
 * in is not (its first sign-in, or its first since browsers are remembered), as there is nothing
 * yet to tell it apart from.
 */
export function noteSignInBrowser(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  account: Pick<AccountRow, 'id' | 'email' | 'locale'>,
) {
  const browserId = browserIdOf(ctx, request) ?? randomToken();
  reply.setCookie(cookieName(ctx.config, BROWSER_COOKIE), browserId, cookieOptions(ctx, BROWSER_COOKIE_MS));
  const userAgent = request.headers['user-agent'];
  ctx.background('remember the sign-in browser', () =>
    rememberBrowser(ctx, account, hashOf(ctx, account.id, browserId), userAgent),
  );
}

/** The browser recorded for the account (or its last use updated), the account's browsers cut
 * to the most recent, and the mail about a new one, in one transaction. A second sign-in racing
 * the first from the same new browser finds its row and sends nothing. */
async function rememberBrowser(
  ctx: Context,
  account: Pick<AccountRow, 'id' | 'email' | 'locale'>,
  browserHash: string,
  userAgent: string | undefined,
) {
  const accountId = account.id;
  const now = ctx.now();
  await ctx.outbox.transaction(async (tx, queue) => {
    const added = await tx
      .insert(knownBrowsers)
      .values({ accountId, browserHash, firstSeenAt: now, lastSeenAt: now })
      .onConflictDoNothing()
      .returning({ accountId: knownBrowsers.accountId });
    if (added.length === 0) {
      await tx
        .update(knownBrowsers)
        .set({ lastSeenAt: now })
        .where(and(eq(knownBrowsers.accountId, accountId), eq(knownBrowsers.browserHash, browserHash)));
      return;
    }
    const [others] = await tx
      .select({ count: count() })
      .from(knownBrowsers)
      .where(and(eq(knownBrowsers.accountId, accountId), ne(knownBrowsers.browserHash, browserHash)));
    if ((others?.count ?? 0) > 0)
      await queue(await securityMail(ctx, account, { kind: 'new_browser_sign_in', userAgent }));
    await keepMostRecent(tx, account.id);
  });
}

async function keepMostRecent(tx: Database, accountId: string) {
  const recent = tx
    .select({ browserHash: knownBrowsers.browserHash })
    .from(knownBrowsers)
    .where(eq(knownBrowsers.accountId, accountId))
    .orderBy(desc(knownBrowsers.lastSeenAt))
    .limit(KNOWN_BROWSERS_PER_ACCOUNT);
  await tx
    .delete(knownBrowsers)
    .where(and(eq(knownBrowsers.accountId, accountId), notInArray(knownBrowsers.browserHash, recent)));
}
