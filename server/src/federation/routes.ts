import { ErrorCode, type FederatedProviderId, routes, safeReturnPath } from '@helios/api';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorizationCodeGrant, buildAuthorizationUrl, calculatePKCECodeChallenge } from 'openid-client';
import {
  type AccountRow,
  type AuditInput,
  audit,
  type CredentialRow,
  credentialsOf,
  factsOf,
} from '../accounts/repository';
import type { FederatedProviderConfig } from '../config';
import type { Context } from '../context';
import { isDatabaseDown } from '../db/unavailable';
import { registerSession, signedInAccount } from '../http/auth';
import { errorForLog, errors, HttpError } from '../http/errors';
import { register } from '../http/routes';
import { loginFlow } from '../login/flow';
import { type LoginSession, loadLoginSession, loginPageUrl, loginResponse } from '../login/login-session';
import { stateAfterFirstFactor } from '../login/machine';
import { limit, rateRules } from '../security/rate-limit';
import { isBrowserRemembered } from '../session/portal-session';
import { StoreUnavailableError } from '../store/store';
import {
  type Attempt,
  type AttemptPurpose,
  beginAttempt,
  forgetAttemptCookie,
  startedByThisBrowser,
  takeAttempt,
} from './attempts';
import { type Assertion, type Decision, decideLink, decideSignIn, errorTypeOf } from './decide';
import { findIdentity, identityFacts, linkIdentity, recordIdentitySignIn } from './identities';
import { configuredProvider, ProviderDirectory, providerHost, redirectUri, SCOPE } from './providers';

/** Where the profile's link flow returns when `from` is missing or not a path on this site. */
const PROFILE_PATH = '/profile';

/** Why a round trip ends back on the page with `error=<code>`; `reason` is for the log only. */
class Refusal extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'Refusal';
  }
}

/** The query that reports a failure to the page; the page translates the code. */
function failure(code: string): Record<string, string> {
  return { error: code, error_type: errorTypeOf(code) };
}

/** The code a failure is reported with. Expected refusals are logged as what they are; anything
 * else is logged in full and still ends on the page, never on an error page. */
function codeOf(error: unknown, log: FastifyBaseLogger, provider: FederatedProviderId): string {
  if (error instanceof Refusal) {
    log.info({ provider, code: error.code, reason: error.reason }, 'provider sign-in not completed');
    return error.code;
  }
  if (error instanceof HttpError) return error.type;
  if (error instanceof StoreUnavailableError || isDatabaseDown(error)) {
    log.warn({ provider, err: errorForLog(error) }, 'provider sign-in: store or database unavailable');
    return ErrorCode.serviceUnavailable;
  }
  log.error({ provider, err: error }, 'provider sign-in failed');
  return ErrorCode.internal;
}

/** A provider library error described by its names and messages only, never by what it
 * carried (tokens, claims, response bodies). */
function describe(error: unknown): string {
  const e = error as { name?: string; code?: string; message?: string; error?: string; cause?: unknown };
  const cause = e.cause instanceof Error ? e.cause.message : undefined;
  return [e.name, e.code, e.error, e.message, cause].filter(Boolean).join(': ').slice(0, 300);
}

/** Signing in with Google, Microsoft or the configured OIDC provider (relying party). */
export function registerFederationRoutes(app: FastifyInstance, ctx: Context) {
  const directory = new ProviderDirectory();
  const { step, advance } = loginFlow(ctx);

  function configured(id: FederatedProviderId): FederatedProviderConfig {
    const provider = configuredProvider(ctx, id);
    if (!provider) throw new HttpError(404, ErrorCode.providerNotConfigured, 'This sign-in provider is not configured');
    return provider;
  }

  /** `from` as the path it resolves to on this site, or the profile. */
  function returnPath(from: string): string {
    return safeReturnPath(from) ?? PROFILE_PATH;
  }

  /** A same-origin path with the outcome of a link in its query. */
  function pathWith(path: string, extra: Record<string, string>): string {
    const url = new URL(returnPath(path), ctx.config.publicUrl);
    for (const name of ['linked', 'error', 'error_type', 'provider']) url.searchParams.delete(name);
    for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
    return `${url.pathname}${url.search}${url.hash}`;
  }

  /** The login page of a session (with its original query), or the bare login page when the
   * session is gone or another browser's. */
  async function loginPageOf(
    request: FastifyRequest,
    sessionId: string,
    extra: Record<string, string>,
  ): Promise<string> {
    const session = await loadLoginSession(ctx, request, sessionId).catch(() => null);
    return session ? loginPageUrl(session, extra) : `/login?${new URLSearchParams(extra)}`;
  }

  /** Where a round trip ends: the login page it came from, or the profile path it was given. */
  function returnTo(purpose: AttemptPurpose, extra: Record<string, string>): string {
    if (purpose.kind === 'profile') return pathWith(purpose.from, extra);
    return loginPageUrl({ returnQuery: purpose.returnQuery, email: purpose.email }, extra);
  }

  /** The provider's sign-in page for a new attempt (state, nonce, PKCE S256). */
  async function authorizationUrl(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: FederatedProviderConfig,
    purpose: AttemptPurpose,
    loginHint: string,
  ): Promise<string> {
    const configuration = await directory.configurationOf(provider).catch((error: unknown) => {
      request.log.warn({ provider: provider.id, reason: describe(error) }, 'provider discovery failed');
      throw new Refusal(ErrorCode.providerFailed, 'discovery failed');
    });
    const { state, attempt } = await beginAttempt(ctx, reply, provider.id, purpose);
    return buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri(ctx, provider.id),
      scope: SCOPE,
      state,
      nonce: attempt.nonce,
      code_challenge: await calculatePKCECodeChallenge(attempt.codeVerifier),
      code_challenge_method: 'S256',
      login_hint: loginHint,
    }).href;
  }

  /** Whether the login offers this provider at its step (the same list the page shows). */
  async function offered(session: LoginSession, account: AccountRow | null, id: FederatedProviderId) {
    const creds = account ? await credentialsOf(ctx.db, account.id) : [];
    const { providers } = loginResponse(ctx, session.state, session.id, account, creds, false, session.email);
    return providers.some((p) => p.id === id);
  }

  /** Start from a login session: sign in (CredentialsRequired) or link from the offer to add a
   * sign-in method (AskedCreateCredential). */
  async function startFromLogin(
    kind: 'login' | 'offer',
    id: FederatedProviderId,
    sessionId: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const provider = configured(id);
    try {
      await limit(ctx, request, rateRules.start);
      const expected = kind === 'login' ? 'CredentialsRequired' : 'AskedCreateCredential';
      const session = await step(request, sessionId, 'federated', null, async (session, account) => {
        if (session.state !== expected || !(await offered(session, account, id))) throw errors.invalidState();
        return session;
      });
      const purpose: AttemptPurpose = {
        kind,
        sessionId: session.id,
        returnQuery: session.returnQuery,
        email: session.email,
      };
      return reply.redirect(await authorizationUrl(request, reply, provider, purpose, session.email));
    } catch (error) {
      return reply.redirect(await loginPageOf(request, sessionId, failure(codeOf(error, request.log, id))));
    }
  }

  register(app, routes.providers, async (_, request) => {
    await limit(ctx, request, rateRules.ping);
    return { providers: ctx.config.providers.map(({ id, name }) => ({ id, name })) };
  });

  register(app, routes.providerLogin, async ({ params, query }, request, reply) =>
    startFromLogin('login', params.provider, query.session_id, request, reply),
  );

  register(app, routes.providerLoginLink, async ({ params, query }, request, reply) =>
    startFromLogin('offer', params.provider, query.session_id, request, reply),
  );

  registerSession(
    app,
    ctx,
    routes.providerLink,
    async ({ params, query }, { account, request, reply }) => {
      const provider = configured(params.provider);
      const from = returnPath(query.from);
      try {
        await limit(ctx, request, rateRules.start);
        const purpose: AttemptPurpose = { kind: 'profile', accountId: account.id, from };
        return reply.redirect(await authorizationUrl(request, reply, provider, purpose, account.email));
      } catch (error) {
        return reply.redirect(pathWith(from, failure(codeOf(error, request.log, provider.id))));
      }
    },
    {
      // Linking adds a way to sign in: it needs a recent sign-in. Without one the browser goes
      // back to the page with the error and the provider, where the person re-authenticates and
      // the page comes back here.
      recentLogin: true,
      notRecent: async ({ params, query }, _request, reply) => {
        configured(params.provider);
        const code = ErrorCode.requiresRecentLogin;
        return reply.redirect(pathWith(query.from, { ...failure(code), provider: params.provider }));
      },
      // A browser that is not signed in goes to sign in first, and comes back here after.
      signedOut: async ({ params, query }, _request, reply) => {
        configured(params.provider);
        return reply.redirect(`/login?${new URLSearchParams({ from: returnPath(query.from) })}`);
      },
      // Back to the page with the error when whether the browser is signed in cannot be read.
      unavailable: async ({ params, query }, request, reply, error) => {
        const provider = configured(params.provider);
        return reply.redirect(pathWith(query.from, failure(codeOf(error, request.log, provider.id))));
      },
    },
  );

  /** The attempt this callback finishes: known, unused, for this provider and started by this
   * browser. */
  async function attemptOf(provider: FederatedProviderConfig, state: string | undefined, request: FastifyRequest) {
    if (!state) throw new Refusal(ErrorCode.providerStateInvalid, 'no state');
    const attempt = await takeAttempt(ctx, state);
    if (!attempt) throw new Refusal(ErrorCode.providerStateInvalid, 'unknown, expired or used state');
    if (attempt.provider !== provider.id)
      throw new Refusal(ErrorCode.providerStateInvalid, 'state of another provider');
    // Finishing someone else's attempt would sign this browser in as them (login CSRF).
    if (!startedByThisBrowser(request, state))
      throw new Refusal(ErrorCode.providerStateInvalid, 'state not started by this browser');
    return attempt;
  }

  /** Redeems the code (client authentication, PKCE verifier) and reads the ID token, which
   * openid-client checks in full: signature, issuer, audience, expiry, nonce. */
  async function exchange(
    provider: FederatedProviderConfig,
    attempt: Attempt,
    state: string,
    request: FastifyRequest,
  ): Promise<Assertion> {
    const current = new URL(redirectUri(ctx, provider.id));
    const query = request.url.indexOf('?');
    current.search = query >= 0 ? request.url.slice(query) : '';
    try {
      const configuration = await directory.configurationOf(provider);
      const tokens = await authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null,
        emailVerified: claims.email_verified === true,
      };
    } catch (error) {
      throw new Refusal(ErrorCode.providerFailed, `code exchange or ID token refused: ${describe(error)}`);
    }
  }

  /** Carries out a decision: links a new identity, notes the use of a bound one, or refuses. A
   * sign-in it completes (`signIn`, its audit row) is written in the same transaction. */
  async function settle(
    decision: Decision,
    provider: FederatedProviderConfig,
    asserted: Assertion,
    bound: CredentialRow | null,
    request: FastifyRequest,
    context: { accountId: string | null; via: AttemptPurpose['kind'] },
    signIn: AuditInput | null = null,
  ) {
    const host = providerHost(provider);
    const target = context.accountId ? { targetType: 'account', targetId: context.accountId } : {};
    if (decision.kind === 'refuse') {
      await audit(ctx.db, {
        action: 'login.federated_refused',
        ...target,
        ip: request.ip,
        details: { provider: host, reason: decision.code, via: context.via },
      });
      throw new Refusal(decision.code, 'refused by policy');
    }
    if (decision.kind === 'use') {
      await recordIdentitySignIn(ctx.db, bound?.id ?? null, asserted, ctx.now(), signIn);
      return;
    }
    const linked: AuditInput = {
      actor: decision.accountId,
      action: 'credential.oidc_linked',
      targetType: 'account',
      targetId: decision.accountId,
      ip: request.ip,
      details: { provider: host, issuer: asserted.issuer, via: context.via },
    };
    const rows = signIn ? [linked, signIn] : [linked];
    if (!(await linkIdentity(ctx.db, decision.accountId, host, asserted, ctx.now(), rows)))
      throw new Refusal(ErrorCode.identityInUse, 'bound to another account meanwhile');
    await ctx.accountViews.changed(decision.accountId);
  }

  /** Sign-in: the provider is the first factor; the state machine decides what follows. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: FederatedProviderConfig,
    sessionId: string,
    asserted: Assertion,
  ) {
    await step(request, sessionId, 'federated', null, async (session, account) => {
      if (session.state !== 'CredentialsRequired') throw errors.invalidState();
      const bound = await findIdentity(ctx.db, asserted.issuer, asserted.subject);
      const creds = account ? await credentialsOf(ctx.db, account.id) : [];
      const facts = identityFacts(bound, creds, providerHost(provider));
      const decision = decideSignIn(facts, { email: session.email, accountId: account?.id ?? null }, asserted);
      const signedIn: AuditInput | null = account && {
        actor: account.id,
        action: 'login.federated',
        targetType: 'account',
        targetId: account.id,
        ip: request.ip,
        details: { provider: providerHost(provider) },
      };
      const context = { accountId: account?.id ?? null, via: 'login' } as const;
      await settle(decision, provider, asserted, bound, request, context, signedIn);
      if (!account) throw errors.invalidState();
      const after = await credentialsOf(ctx.db, account.id);
      const remembered = await isBrowserRemembered(ctx, request, account);
      const state = stateAfterFirstFactor(factsOf(account, after), 'federated', remembered);
      await advance(request, reply, { ...session, via: 'federated' }, account, state, after);
    });
  }

  /** Link from the login's offer (the email was proven by code), then finish signing in. */
  async function linkFromOffer(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: FederatedProviderConfig,
    sessionId: string,
    asserted: Assertion,
  ) {
    await step(request, sessionId, 'federated', null, async (session, account) => {
      if (session.state !== 'AskedCreateCredential' || !account) throw errors.invalidState();
      const bound = await findIdentity(ctx.db, asserted.issuer, asserted.subject);
      const facts = identityFacts(bound, await credentialsOf(ctx.db, account.id), providerHost(provider));
      await settle(decideLink(facts, account.id), provider, asserted, bound, request, {
        accountId: account.id,
        via: 'offer',
      });
      await advance(request, reply, session, account, 'Done');
    });
  }

  /** Link to the signed-in account from the profile; the same account must still be signed in. */
  async function linkFromProfile(
    request: FastifyRequest,
    provider: FederatedProviderConfig,
    accountId: string,
    asserted: Assertion,
  ) {
    const account = await signedInAccount(ctx, request);
    if (account.id !== accountId) throw errors.unauthenticated();
    const bound = await findIdentity(ctx.db, asserted.issuer, asserted.subject);
    const facts = identityFacts(bound, await credentialsOf(ctx.db, account.id), providerHost(provider));
    await settle(decideLink(facts, account.id), provider, asserted, bound, request, {
      accountId: account.id,
      via: 'profile',
    });
  }

  register(app, routes.providerCallback, async ({ params, query }, request, reply) => {
    const provider = configured(params.provider);
    forgetAttemptCookie(ctx, reply);
    let purpose: AttemptPurpose | null = null;
    try {
      await limit(ctx, request, rateRules.verify);
      const attempt = await attemptOf(provider, query.state, request);
      purpose = attempt.purpose;
      if (query.error) {
        const denied = query.error === ErrorCode.providerDenied;
        // The provider's own words stay in the log; the page gets one of our codes.
        throw new Refusal(
          denied ? ErrorCode.providerDenied : ErrorCode.providerFailed,
          `provider answered ${query.error.replace(/[^\w.-]/g, '?').slice(0, 64)}`,
        );
      }
      const asserted = await exchange(provider, attempt, query.state as string, request);
      if (purpose.kind === 'login') await signIn(request, reply, provider, purpose.sessionId, asserted);
      else if (purpose.kind === 'offer') await linkFromOffer(request, reply, provider, purpose.sessionId, asserted);
      else await linkFromProfile(request, provider, purpose.accountId, asserted);
      return reply.redirect(returnTo(purpose, purpose.kind === 'profile' ? { linked: provider.id } : {}));
    } catch (error) {
      const code = codeOf(error, request.log, provider.id);
      if (!purpose) return reply.redirect(`/login?${new URLSearchParams(failure(code))}`);
      if (purpose.kind === 'profile' && code === ErrorCode.unauthenticated)
        return reply.redirect(`/login?${new URLSearchParams({ from: returnPath(purpose.from) })}`);
      return reply.redirect(returnTo(purpose, failure(code)));
    }
  });
}
