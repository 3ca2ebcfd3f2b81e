import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { escapeHtml } from '../src/oidc/pages';

/**
 * A relying party as a tenant instance is one, built on openid-client: discovery against the
 * Helios issuer, authorization requests with PKCE (S256), state and nonce, and the code exchange
 * with the ID token's validation (issuer, audience, signature, nonce, expiry; auth_time with
 * max_age). Server tests drive it directly; browser journeys start it as a tiny instance web app
 * with `startTestInstance`.
 */

export type RelyingPartyOptions = { issuer: string; clientId: string; clientSecret: string; redirectUri: string };

/** What an authorization request must check in its answer. */
export type Checks = oidc.AuthorizationCodeGrantChecks & { expectedState: string };

export type RelyingParty = Awaited<ReturnType<typeof relyingParty>>;

export async function relyingParty(options: RelyingPartyOptions) {
  const config = await oidc.discovery(
    new URL(options.issuer),
    options.clientId,
    options.clientSecret,
    oidc.ClientSecretBasic(options.clientSecret),
    // Tests and local development reach Helios over plain HTTP on loopback.
    { execute: [oidc.allowInsecureRequests] },
  );

  return {
    config,
    redirectUri: options.redirectUri,

    /** An authorization request URL (openid email profile unless `parameters` say otherwise)
     * and the checks its answer must pass. */
    async authorizationRequest(parameters: Record<string, string> = {}): Promise<{ url: URL; checks: Checks }> {
      const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
      const checks: Checks = {
        pkceCodeVerifier,
        expectedState: oidc.randomState(),
        expectedNonce: oidc.randomNonce(),
        ...(parameters.max_age ? { maxAge: Number(parameters.max_age) } : {}),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
        code_challenge_method: 'S256',
        state: checks.expectedState,
        nonce: checks.expectedNonce as string,
        ...parameters,
      });
      return { url, checks };
    },

    /** The code exchange for the URL Helios redirected back to; the ID token is validated.
     * `parameters` go to the token endpoint too (e.g. `resource`). */
    exchange(callbackUrl: URL | string, checks: Checks, parameters?: Record<string, string>) {
      return oidc.authorizationCodeGrant(config, new URL(callbackUrl), checks, parameters);
    },

    userinfo(accessToken: string, subject: string) {
      return oidc.fetchUserInfo(config, accessToken, subject);
    },

    refresh(refreshToken: string, parameters?: Record<string, string>) {
      return oidc.refreshTokenGrant(config, refreshToken, parameters);
    },
  };
}

/** A signed-in person at the instance: its own session, keyed by a cookie. */
export type InstanceSession = { sub: string; sid: string | undefined; email: string };

export type TestInstance = {
  url: string;
  redirectUri: string;
  /** Where Helios posts logout tokens (register it as the client's back-channel logout URI). */
  backchannelLogoutUri: string;
  /** The instance's live sessions. */
  sessions: () => InstanceSession[];
  /** The claims of every logout token it accepted, and how many it refused. */
  logouts: JWTPayload[];
  refusedLogouts: () => number;
  close: () => Promise<void>;
};

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * A logout token checked as OpenID Connect Back-Channel Logout 1.0 (2.6) says: signed by the
 * issuer's published keys, `typ` logout+jwt, issuer, audience (this client), iat and exp, the
 * back-channel `events` member, a `sub` or `sid`, and no `nonce`.
 */
export async function verifyLogoutToken(
  token: string,
  options: { issuer: string; clientId: string; jwks: ReturnType<typeof createRemoteJWKSet> },
): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, options.jwks, {
    issuer: options.issuer,
    audience: options.clientId,
    typ: 'logout+jwt',
    requiredClaims: ['iat', 'exp', 'jti', 'events'],
    maxTokenAge: '5 minutes',
  });
  const events = payload.events as Record<string, unknown> | undefined;
  if (typeof events?.[BACKCHANNEL_EVENT] !== 'object') throw new Error('not a back-channel logout event');
  if (payload.sub === undefined && payload.sid === undefined) throw new Error('neither sub nor sid');
  if ('nonce' in payload) throw new Error('a logout token has no nonce');
  return payload;
}

function page(res: ServerResponse, status: number, title: string, lines: string[]) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul></main></body></html>`,
  );
}

/**
 * A tenant instance's web app on a loopback port: `/` starts a sign-in at Helios, and
 * `/auth/callback` exchanges the code, validates the ID token, reads userinfo, refreshes once,
 * starts the instance's own session and shows the signed-in email with every check it made.
 * `/me` shows whether this browser still has a session there; `/auth/backchannel-logout` takes
 * Helios's logout tokens and ends the sessions they name. Register `redirectUri` (and
 * `backchannelLogoutUri`) with the client before signing in.
 */
export async function startTestInstance(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The host in the instance's address (default 127.0.0.1; browser tests may use localhost). */
  hostname?: string;
}): Promise<TestInstance> {
  const pending = new Map<string, Checks>();
  const sessions = new Map<string, InstanceSession>();
  const logouts: JWTPayload[] = [];
  let refusedLogouts = 0;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => page(res, 500, 'Instance error', [(error as Error).message]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.hostname ?? '127.0.0.1'}:${port}`;
  const instance: TestInstance = {
    url,
    redirectUri: `${url}/auth/callback`,
    backchannelLogoutUri: `${url}/auth/backchannel-logout`,
    sessions: () => [...sessions.values()],
    logouts,
    refusedLogouts: () => refusedLogouts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const rp = await relyingParty({ ...options, redirectUri: instance.redirectUri }).catch(async (error: unknown) => {
    await instance.close();
    throw error;
  });
  // Browsers share cookies between the ports of a host: the names are this instance's own.
  const cookieName = `instance_${port}_login`;
  const sessionCookie = `instance_${port}_session`;
  const cookie = (req: IncomingMessage, name: string) =>
    new RegExp(`(?:^|; )${name}=([^;]+)`).exec(req.headers.cookie ?? '')?.[1];
  const jwks = createRemoteJWKSet(new URL(rp.config.serverMetadata().jwks_uri as string));

  /** Back-Channel Logout: a valid logout token ends this instance's sessions for its sid (or,
   * without one, for its subject). */
  async function backchannelLogout(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      const token = new URLSearchParams(body).get('logout_token') ?? '';
      const claims = await verifyLogoutToken(token, { issuer: options.issuer, clientId: options.clientId, jwks });
      logouts.push(claims);
      for (const [id, session] of sessions)
        if (claims.sid !== undefined ? session.sid === claims.sid : session.sub === claims.sub) sessions.delete(id);
      res.writeHead(200, { 'cache-control': 'no-store' }).end();
    } catch {
      refusedLogouts += 1;
      res.writeHead(400, { 'cache-control': 'no-store' }).end();
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', instance.url);
    if (url.pathname === '/') {
      // `/?ui_locales=sv` asks Helios for its Swedish pages.
      const locales = url.searchParams.get('ui_locales');
      const { url: target, checks } = await rp.authorizationRequest(locales ? { ui_locales: locales } : {});
      const id = randomBytes(16).toString('base64url');
      pending.set(id, checks);
      res.writeHead(303, {
        location: target.toString(),
        'set-cookie': `${cookieName}=${id}; Path=/; HttpOnly; SameSite=Lax`,
      });
      res.end();
      return;
    }
    if (url.pathname === '/auth/backchannel-logout' && req.method === 'POST') return backchannelLogout(req, res);
    if (url.pathname === '/me') {
      const session = sessions.get(cookie(req, sessionCookie) ?? '');
      return session
        ? page(res, 200, `Signed in as ${session.email}`, [`subject ${session.sub}`])
        : page(res, 200, 'Signed out', ['This instance has no session for this browser']);
    }
    if (url.pathname === '/auth/callback') {
      const id = cookie(req, cookieName);
      const checks = id ? pending.get(id) : undefined;
      if (!id || !checks) return page(res, 400, 'Sign-in failed', ['No sign-in was started in this browser']);
      pending.delete(id);
      try {
        const tokens = await rp.exchange(url, checks);
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token');
        const info = await rp.userinfo(tokens.access_token, claims.sub);
        const refreshed = tokens.refresh_token ? await rp.refresh(tokens.refresh_token) : null;
        const sessionId = randomBytes(16).toString('base64url');
        sessions.set(sessionId, {
          sub: claims.sub,
          sid: typeof claims.sid === 'string' ? claims.sid : undefined,
          email: String(info.email),
        });
        res.setHeader('set-cookie', `${sessionCookie}=${sessionId}; Path=/; HttpOnly; SameSite=Lax`);
        return page(res, 200, `Signed in as ${info.email}`, [
          `ID token valid: issuer ${claims.iss}, audience ${options.clientId}, nonce matched`,
          `subject ${claims.sub}, signed in at ${claims.auth_time}`,
          `userinfo email ${info.email}`,
          refreshed?.refresh_token && refreshed.refresh_token !== tokens.refresh_token
            ? 'refresh token rotated'
            : 'refresh token not rotated',
        ]);
      } catch (error) {
        return page(res, 400, 'Sign-in failed', [(error as Error).message]);
      }
    }
    return page(res, 404, 'Not found', [url.pathname]);
  }

  return instance;
}
