import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { Context } from '../context';
import { errorForLog } from '../http/errors';
import { cookieOptions, SESSION_COOKIE } from '../session/portal-session';
import { cookieName } from '../session/request-cookies';
import { endThisSession } from '../session/sign-out';
import { sweepExpired } from './adapter';
import { registerOidcClientAdminRoutes } from './admin-routes';
import { registerAthenaRoute } from './athena';
import { backfillInstanceClients } from './clients';
import { INTERACTION_TTL_SECONDS, interactionPath, PROVIDER_ROUTES, providerConfiguration } from './configuration';
import { allowFormPostTarget } from './form-post';
import { registerInteractionRoute } from './interaction';
import { loadSigningKeys, type SigningJwk } from './keys';
import { portalSessionUsed, recordSignIn } from './session-links';
import { fastifyRequestOf, portalSessionOf, recordInteractionStart, rememberRequest } from './sign-in';

/** The provider's endpoints as Fastify serves them. GET /oauth2/userinfo is the account
 * routes' own (the portal's profile) and comes here only with a bearer token. The authorization
 * and logout endpoints take GET only: a POST from another site would arrive without the
 * SameSite=Lax session cookies they need. */
const ENDPOINTS: [HTTPMethods[], string][] = [
  [['GET'], '/.well-known/openid-configuration'],
  [['GET'], PROVIDER_ROUTES.authorization],
  [['GET'], `${PROVIDER_ROUTES.authorization}/:uid`],
  [['POST'], PROVIDER_ROUTES.token],
  [['GET'], PROVIDER_ROUTES.jwks],
  [['POST'], PROVIDER_ROUTES.userinfo],
  [['POST'], PROVIDER_ROUTES.revocation],
  [['GET'], PROVIDER_ROUTES.end_session],
  [['POST'], `${PROVIDER_ROUTES.end_session}/confirm`],
  [['GET'], `${PROVIDER_ROUTES.end_session}/success`],
];

/** How often each node removes expired provider records. */
const SWEEP_MS = 10 * 60_000;

type Running = { provider: Provider; callback: (req: IncomingMessage, res: ServerResponse) => Promise<void> };

const providers = new WeakMap<Context, () => Running>();

function running(ctx: Context): Running {
  const get = providers.get(ctx);
  if (!get) throw new Error('The identity provider is not registered');
  return get();
}

/** Records which provider session and grant an authorization answered from, under the portal
 * session it was made in: ending that portal session ends them (session/sign-out.ts). The code
 * is issued by then: a failure is logged, never turned into an error page, and the provider
 * session is then judged by itself (`portalSessionBehindLives`). */
async function recordAuthorization(ctx: Context, octx: KoaContextWithOIDC) {
  const { oidc } = octx;
  if (!oidc || (oidc.route !== 'authorization' && oidc.route !== 'resume')) return;
  const session = oidc.session;
  const clientId = oidc.client?.clientId;
  if (!oidc.entities.AuthorizationCode || !session?.accountId || !clientId) return;
  try {
    const portal = await portalSessionOf(ctx, octx.req);
    if (portal?.accountId === session.accountId)
      await recordSignIn(ctx, portal.key, session.uid, session.grantIdFor(clientId));
  } catch (error) {
    ctx.log.error({ err: errorForLog(error), client_id: clientId }, 'sign-in not recorded under its portal session');
  }
}

/** A session-bound refresh token was used successfully: the person is active in an instance, which
 * counts as activity on the portal session behind it (after the answer). */
function recordRefresh(ctx: Context, octx: KoaContextWithOIDC) {
  const { oidc } = octx;
  if (oidc?.route !== 'token' || octx.status !== 200) return;
  const used = oidc.entities.RefreshToken;
  if (!used?.expiresWithSession || !used.sessionUid) return;
  const { sessionUid } = used;
  ctx.background('instance activity on its portal session', () => portalSessionUsed(ctx, sessionUid));
}

/** What the provider does around each of its answers: no CORS headers (no client is a browser
 * application), which portal session each authorization belongs to, the start of every
 * interaction to the millisecond, and a sign-out confirmed at /oauth2/logout ends the portal
 * session too. */
function aroundAnswers(ctx: Context) {
  return async (octx: KoaContextWithOIDC, next: () => Promise<void>) => {
    const started = ctx.now().getTime();
    await next();
    for (const name of Object.keys(octx.response.headers)) if (name.startsWith('access-control-')) octx.remove(name);
    await recordAuthorization(ctx, octx);
    recordRefresh(ctx, octx);
    if (octx.status !== 303) return;

    const interaction = octx.oidc?.entities.Interaction;
    if (interaction && octx.response.get('location').endsWith(interactionPath(interaction.uid)))
      await recordInteractionStart(ctx, interaction.uid, started, INTERACTION_TTL_SECONDS * 1000);

    // Only the person the provider session was signed in as is signed out of Helios: a browser
    // whose provider session holds nobody is not signed out of the portal by any page linking here.
    const signedOut = octx.oidc?.session?.accountId;
    if (octx.oidc?.route === 'end_session_confirm' && octx.oidc.params?.logout && signedOut) {
      const request = fastifyRequestOf(octx.req);
      const portal = await portalSessionOf(ctx, octx.req);
      if (!request || portal?.accountId !== signedOut) return;
      // The provider has ended its session and the grants made in it (and told the instances
      // that take logout tokens); the portal session and what else it signed into end here.
      await endThisSession(ctx, signedOut, portal.key, 'logout', { ip: request.ip, details: { via: 'oidc' } });
      octx.cookies.set(cookieName(ctx.config, SESSION_COOKIE), null, { ...cookieOptions(ctx, null), signed: false });
    }
  };
}

/** The provider is made on first use: its issuer is the public address, known for certain only
 * once the server listens (a test server picks its port then). */
function startProvider(ctx: Context, keys: SigningJwk[]): Running {
  const provider = new Provider(ctx.config.publicUrl, providerConfiguration(ctx, keys));
  // Requests reach the provider as they reached Helios at its public address (see handOver).
  provider.proxy = true;
  provider.use(aroundAnswers(ctx));
  provider.use(allowFormPostTarget);
  // Logout tokens the provider posts itself (RP-initiated logout); the token is never logged.
  provider.on('backchannel.error', (_octx, error, client) =>
    ctx.log.warn(
      {
        client_id: client.clientId,
        status: (error as { response?: { status?: number } }).response?.status,
        err: errorForLog(error),
      },
      'back-channel logout not delivered',
    ),
  );
  provider.on('server_error', (_octx: unknown, error: Error) =>
    ctx.log.error({ err: errorForLog(error, { stack: true }) }, 'identity provider error'),
  );
  // The provider is a Koa application: errors outside its own handling (in the middleware above)
  // are Koa's `error` event, which its typings leave out of the provider's event list.
  const application: EventEmitter = provider;
  application.on('error', (error: Error) =>
    ctx.log.error({ err: errorForLog(error, { stack: true }) }, 'identity provider error'),
  );
  return { provider, callback: provider.callback() as Running['callback'] };
}

/**
 * Hands a request to the provider: Fastify lets go of it (`hijack`), the security headers Helmet
 * already set are copied onto the raw response, and the provider answers on it. The provider
 * sees the request as made to its issuer (protocol and host, and the client's forwarded address
 * only when TRUST_PROXY says it can be trusted), so its cookies are Secure exactly when Helios's are.
 */
export async function handOver(ctx: Context, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { callback } = running(ctx);
  rememberRequest(request);
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) reply.raw.setHeader(name, value);
  if (!reply.raw.hasHeader('cache-control')) reply.raw.setHeader('cache-control', 'no-store');
  const headers = request.raw.headers;
  const publicUrl = new URL(ctx.config.publicUrl);
  headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
  // The addresses the provider writes (discovery, redirects) name PUBLIC_URL's host, whichever
  // allowed host the request came by.
  headers.host = publicUrl.host;
  delete headers['x-forwarded-host'];
  if (!ctx.config.trustProxy) delete headers['x-forwarded-for'];
  await callback(request.raw, reply.raw);
}

/** The OpenID Connect provider for tenant instances and the sharing portal (docs/oidc.md). */
export async function registerOidcProvider(app: FastifyInstance, ctx: Context) {
  const keys = await loadSigningKeys(ctx);
  await backfillInstanceClients(ctx);
  let started: Running | undefined;
  providers.set(ctx, () => {
    started ??= startProvider(ctx, keys);
    return started;
  });

  // The provider reads request bodies itself (form-encoded token requests): no parsing here.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    for (const [method, url] of ENDPOINTS)
      scope.route({
        method,
        url,
        config: { guard: 'identity-provider' },
        handler: (request, reply) => handOver(ctx, request, reply),
      });
  });

  registerInteractionRoute(app, ctx, () => running(ctx).provider);
  registerAthenaRoute(app, ctx);
  registerOidcClientAdminRoutes(app, ctx);

  const sweeper = setInterval(() => {
    sweepExpired(ctx).catch((error: unknown) =>
      ctx.log.warn({ err: errorForLog(error) }, 'sweeping expired provider records failed'),
    );
  }, SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
}
