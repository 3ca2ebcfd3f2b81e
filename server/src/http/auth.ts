import type { RouteContract } from '@helios/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AccountRow, findAccount } from '../accounts/repository';
import type { AccountWithCredentials } from '../accounts/view-cache';
import type { Context } from '../context';
import { requireInstance } from '../instance/auth';
import { limit, rateRules } from '../security/rate-limit';
import { type CurrentSession, currentSession, endedByAccount } from '../session/portal-session';
import { signOutRequest } from '../session/sign-out';
import { isRecent, requiresRecentLogin } from '../session/step-up';
import { errors } from './errors';
import { type Handler, type Input, registerGuarded } from './routes';

/** The portal session of a request and its account, read fresh from the database (a revoked
 * admin or a deleted account loses access at once), or null — also when an account-wide ending
 * (`sessionsValidAfter`) has ended the session. */
export async function signedIn(
  ctx: Context,
  request: FastifyRequest,
): Promise<{ session: CurrentSession; account: AccountRow } | null> {
  const session = await currentSession(ctx, request);
  const account = session ? await findAccount(ctx.db, session.accountId) : null;
  if (!session || !account || endedByAccount(session, account.sessionsValidAfter)) return null;
  return { session, account };
}

/** The account of the portal session (see `signedIn`), or 401. */
export async function signedInAccount(ctx: Context, request: FastifyRequest): Promise<AccountRow> {
  const found = await signedIn(ctx, request);
  if (!found) throw errors.unauthenticated();
  return found.account;
}

/** A signed-in platform admin, or 401 (signed out) / 403 (anyone else). A session of an admin
 * that is not an admin session (made before the account became admin, or before admin sessions
 * had their own limits) keeps longer limits than the console allows: it is ended and the answer
 * is 401, so the next sign-in makes an admin session. */
export async function adminAccount(ctx: Context, request: FastifyRequest, reply: FastifyReply): Promise<AccountRow> {
  const found = await signedIn(ctx, request);
  if (!found) throw errors.unauthenticated();
  if (!found.account.isAdmin) throw errors.forbidden();
  if (found.session.kind !== 'admin') {
    await signOutRequest(ctx, request, reply, 'admin_session_required');
    throw errors.unauthenticated();
  }
  return found.account;
}

export type AdminCall = { admin: AccountRow; request: FastifyRequest; reply: FastifyReply };
export type AdminHandler<R extends RouteContract> = (input: Input<R>, call: AdminCall) => Promise<unknown>;

/** Registers an admin route of the contract behind the one admin guard: the check runs on the
 * server for every call, before the input is even parsed. */
export function registerAdmin<R extends RouteContract & { auth: 'admin' }>(
  app: FastifyInstance,
  ctx: Context,
  route: R,
  handler: AdminHandler<R>,
): void {
  registerGuarded(
    app,
    route,
    { kind: 'admin', check: (request, reply) => adminAccount(ctx, request, reply) },
    (input, admin, request, reply) => handler(input, { admin, request, reply }),
  );
}

/** A call from a signed-in person: the portal session and its account. */
export type SessionCall<A = AccountRow> = {
  session: CurrentSession;
  account: A;
  request: FastifyRequest;
  reply: FastifyReply;
};
export type SessionHandler<R extends RouteContract, A = AccountRow> = (
  input: Input<R>,
  call: SessionCall<A>,
) => Promise<unknown>;

export type SessionOptions<R extends RouteContract> = {
  /** A request with a bearer token is not a portal-session call: this answers it instead (the
   * identity provider's userinfo checks the token itself). */
  bearer?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** A page the browser navigates to answers a signed-out visitor itself (sends them to sign
   * in) instead of with 401. */
  signedOut?: (input: Input<R>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Such a page also answers itself when whether the visitor is signed in cannot be read (the
   * store or the database is down), instead of with 503. */
  unavailable?: (input: Input<R>, request: FastifyRequest, reply: FastifyReply, error: unknown) => Promise<unknown>;
  /** The call changes how the person signs in: it needs a sign-in or re-authentication within
   * the step-up window, or the answer is 403 `requires_recent_login`. */
  recentLogin?: boolean;
  /** A page with `recentLogin` answers a session that is not recent itself (sends the browser
   * back with the error) instead of with 403. */
  notRecent?: (input: Input<R>, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
};

type SessionPass<A> =
  | { kind: 'signed-in'; session: CurrentSession; account: A }
  | { kind: 'bearer' }
  | { kind: 'signed-out' }
  | { kind: 'not-recent' }
  | { kind: 'unavailable'; error: unknown };

const BEARER = /^bearer /i;

function registerWithSession<R extends RouteContract & { auth: 'session' }, A>(
  app: FastifyInstance,
  ctx: Context,
  route: R,
  load: (accountId: string) => Promise<A | null>,
  /** When an account-wide ending last ended the account's sessions (`sessionsValidAfter`). */
  validAfter: (account: A) => Date | null,
  handler: SessionHandler<R, A>,
  options: SessionOptions<R>,
): void {
  const check = async (request: FastifyRequest): Promise<SessionPass<A>> => {
    if (options.bearer && BEARER.test(request.headers.authorization ?? '')) return { kind: 'bearer' };
    let session: CurrentSession | null;
    let account: A | null;
    let recent = true;
    try {
      session = await currentSession(ctx, request);
      account = session ? await load(session.accountId) : null;
      if (session && account && endedByAccount(session, validAfter(account))) account = null;
      if (session && account && options.recentLogin) recent = await isRecent(ctx, session);
    } catch (error) {
      if (options.unavailable) return { kind: 'unavailable', error };
      throw error;
    }
    if (session && account && !recent) {
      if (options.notRecent) return { kind: 'not-recent' };
      throw requiresRecentLogin();
    }
    if (session && account) return { kind: 'signed-in', session, account };
    if (options.signedOut) return { kind: 'signed-out' };
    throw errors.unauthenticated();
  };
  const guard = { kind: 'session' as const, check, recentLogin: options.recentLogin === true };
  registerGuarded(app, route, guard, (input, pass, request, reply) => {
    if (pass.kind === 'signed-in')
      return handler(input, { session: pass.session, account: pass.account, request, reply });
    if (pass.kind === 'bearer' && options.bearer) return options.bearer(request, reply);
    if (pass.kind === 'signed-out' && options.signedOut) return options.signedOut(input, request, reply);
    if (pass.kind === 'not-recent' && options.notRecent) return options.notRecent(input, request, reply);
    if (pass.kind === 'unavailable' && options.unavailable)
      return options.unavailable(input, request, reply, pass.error);
    throw errors.unauthenticated();
  });
}

/** Registers a route of the contract for a signed-in person: without a portal session whose
 * account exists, the answer is 401 before the input is even parsed. The handler gets the
 * session and the account, read fresh from the database. */
export function registerSession<R extends RouteContract & { auth: 'session' }>(
  app: FastifyInstance,
  ctx: Context,
  route: R,
  handler: SessionHandler<R>,
  options: SessionOptions<R> = {},
): void {
  registerWithSession(
    app,
    ctx,
    route,
    (id) => findAccount(ctx.db, id),
    (account) => account.sessionsValidAfter,
    handler,
    options,
  );
}

/** `registerSession` for the calls every open page makes: the handler gets the account's public
 * view from the node's cache (`accountViews`) instead of a fresh read. Whether the session is
 * valid is still read from the store on every call. */
export function registerCachedSession<R extends RouteContract & { auth: 'session' }>(
  app: FastifyInstance,
  ctx: Context,
  route: R,
  handler: SessionHandler<R, AccountWithCredentials>,
  options: SessionOptions<R> = {},
): void {
  registerWithSession(
    app,
    ctx,
    route,
    (id) => ctx.accountViews.get(id),
    (view) => view.account.sessionsValidAfter,
    handler,
    options,
  );
}

/** Registers a route that tenant instances call with the instance API key as a bearer token:
 * counted against the instances' rate limit first (so guessing the key is limited too), then 401
 * without the key, 404 when no key is configured, before the input is even parsed. */
export function registerInstance<R extends RouteContract & { auth: 'public' }>(
  app: FastifyInstance,
  ctx: Context,
  route: R,
  handler: Handler<R>,
): void {
  registerGuarded(
    app,
    route,
    {
      kind: 'instance',
      check: async (request) => {
        await limit(ctx, request, rateRules.instance);
        requireInstance(ctx, request);
      },
    },
    (input, _, request, reply) => handler(input, request, reply),
  );
}
