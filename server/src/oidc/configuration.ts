import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { errors, interactionPolicy } from 'oidc-provider';
import { findAccount } from '../accounts/repository';
import type { Context } from '../context';
import { adapterFactory } from './adapter';
import { accountForClient, CLIENT_SCOPE, mayUseClient } from './clients';
import { grantWithScopes } from './grants';
import type { SigningJwk } from './keys';
import { errorPage, logoutPage, signedOutPage } from './pages';
import { INSTANCE_URL_METADATA, instanceResourceServer, withAuthenticationClaims } from './resources';
import { portalSessionBehindLives } from './session-links';
import { portalSessionCheck, portalSessionOf } from './sign-in';

/** The provider's endpoints, all under /oauth2/ (discovery stays at the well-known address). */
export const PROVIDER_ROUTES = {
  authorization: '/oauth2/authorize',
  token: '/oauth2/token',
  jwks: '/oauth2/jwks',
  userinfo: '/oauth2/userinfo',
  revocation: '/oauth2/revoke',
  end_session: '/oauth2/logout',
} as const;

export const interactionPath = (uid: string) => `/oauth2/interaction/${uid}`;

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** How long a sign-in request may wait for the person to sign in. */
export const INTERACTION_TTL_SECONDS = 60 * MINUTE;

function html(octx: KoaContextWithOIDC, body: string) {
  octx.type = 'html';
  octx.body = body;
}

/** Everything the provider needs to know, one decision per setting (the reasons are in
 * docs/oidc.md). */
export function providerConfiguration(ctx: Context, keys: SigningJwk[]): Configuration {
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(portalSessionCheck(ctx));

  return {
    adapter: adapterFactory(ctx),
    jwks: { keys },
    enabledJWA: { idTokenSigningAlgValues: ['RS256', 'ES256'] },
    scopes: CLIENT_SCOPE.split(' '),
    claims: {
      // auth_time and amr tell an instance when and how the person signed in to Helios.
      openid: ['sub', 'auth_time', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'locale', 'picture'],
    },
    // Instances read the person's claims from the ID token itself, not only from userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // The provider accepts only the S256 method; every request must use it.
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    // An instance client's own address names the one resource server (API) it may ask tokens for.
    extraClientMetadata: { properties: [INSTANCE_URL_METADATA] },
    clientAuthMethods: ['client_secret_basic'],
    // Every client is a server-side application: no browser calls the endpoints across origins.
    clientBasedCORS: () => false,
    routes: PROVIDER_ROUTES,
    cookies: {
      names: { session: 'helios_oidc_session', interaction: 'helios_oidc_interaction', resume: 'helios_oidc_resume' },
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
      // Derived from the server secret, so every node signs and reads the same cookies.
      keys: [ctx.secrets.mac('oidc-provider-cookies')],
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: {
        enabled: true,
        // A client revokes only tokens issued to it; another client's token is refused (RFC 7009).
        allowedPolicy: (_octx, client, token) => {
          if (token.clientId !== client.clientId)
            throw new errors.InvalidRequest('client is not authorized to revoke the presented token');
          return true;
        },
      },
      // Instances with a back-channel logout URI get logout tokens when a session they signed
      // into ends (session/sign-out.ts); the provider sends its own on RP-initiated logout.
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (octx, form) => html(octx, logoutPage(form)),
        postLogoutSuccessSource: (octx) => html(octx, signedOutPage()),
      },
      // RFC 8707: with `resource=<its instance's address>` at authorization and token requests, an
      // instance gets a JWT access token (RFC 9068) its API can verify against the published keys.
      // Without a resource the access token is opaque and meant for userinfo; the token request
      // decides each time (the granted resource is not used unless asked for again).
      resourceIndicators: {
        enabled: true,
        getResourceServerInfo: (_octx, resource, client) => instanceResourceServer(resource, client),
      },
      pushedAuthorizationRequests: { enabled: false },
      claimsParameter: { enabled: false },
      // Instances are server-side applications holding a client secret; their access tokens are
      // bearer tokens (the provider enables DPoP proofs unless told otherwise).
      dPoP: { enabled: false },
    },
    discovery: { ui_locales_supported: ['sv', 'en'] },
    formats: { customizers: { jwt: withAuthenticationClaims } },
    // The provider's only outgoing requests are logout tokens to the back-channel logout URIs
    // platform admins registered (clients have no jwks_uri, sector or request URIs). Instances may
    // run on a private network, or on loopback in development, which the provider's own check for
    // special-use addresses would refuse; Helios's own deliveries (oidc/backchannel.ts) reach them too.
    fetch: (url, init) => {
      const { dispatcher: _specialUseCheck, ...options } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
      return globalThis.fetch(url, options);
    },
    interactions: { policy, url: (_octx, interaction) => interactionPath(interaction.uid) },
    renderError: (octx, out) => html(octx, errorPage(out.error, out.error_description)),

    async findAccount(_octx, sub, token) {
      // Tokens stop working for an account that has lost access to the application since: with a
      // token, the account is read together with its access to the token's client.
      // A token bound to its session (no offline_access) also ends when the Helios session it
      // came from has timed out.
      const account = token
        ? await accountForClient(ctx, sub, token.clientId as string)
        : await findAccount(ctx.db, sub);
      if (!account) return undefined;
      if (token && 'expiresWithSession' in token && token.expiresWithSession) {
        const { sessionUid } = token;
        if (!sessionUid || !(await portalSessionBehindLives(ctx, sessionUid, account.sessionsValidAfter)))
          return undefined;
      }
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          // Helios sends every account's codes and reset links to this address; people never
          // type in an address that is not theirs to get an account.
          email_verified: true,
          name: account.name,
          locale: account.locale,
          ...(account.picture ? { picture: account.picture } : {}),
        }),
      };
    },

    /** Single sign-on: an account that may use the client gets its grant at once, so a second
     * instance signs in without a prompt. Anyone else gets no grant; the interaction then
     * answers `access_denied`. */
    async loadExistingGrant(octx) {
      const { oidc } = octx;
      const accountId = oidc.session?.accountId;
      const clientId = oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const portal = await portalSessionOf(ctx, octx.req);
      if (portal?.accountId !== accountId || !(await mayUseClient(ctx, accountId, clientId))) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
      return grantWithScopes(oidc.provider, grantId, accountId, clientId, oidc.params ?? {});
    },

    // Every client allowed the refresh token grant gets refresh tokens; each use replaces the
    // token, and a replayed one revokes the whole grant.
    issueRefreshToken: (_octx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,

    ttl: {
      AccessToken: 15 * MINUTE,
      AuthorizationCode: MINUTE,
      IdToken: 60 * MINUTE,
      RefreshToken: 14 * DAY,
      Grant: 30 * DAY,
      Interaction: INTERACTION_TTL_SECONDS,
      // The provider's session lasts as long as a portal session of the same kind.
      Session: (_octx, session) => ctx.config.sessions[session.transient ? 'browser' : 'remembered'].absoluteMs / 1000,
    },
  };
}
