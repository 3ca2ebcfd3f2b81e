import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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

    /** The code exchange for the URL Helios redirected back to; the ID token is validated. */
    exchange(callbackUrl: URL | string, checks: Checks) {
      return oidc.authorizationCodeGrant(config, new URL(callbackUrl), checks);
    },

    userinfo(accessToken: string, subject: string) {
      return oidc.fetchUserInfo(config, accessToken, subject);
    },

    refresh(refreshToken: string) {
      return oidc.refreshTokenGrant(config, refreshToken);
    },
  };
}

export type TestInstance = { url: string; redirectUri: string; close: () => Promise<void> };

function page(res: ServerResponse, status: number, title: string, lines: string[]) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul></main></body></html>`,
  );
}

/**
 * A tenant instance's web app on a loopback port: `/` starts a sign-in at Helios, and
 * `/auth/callback` exchanges the code, validates the ID token, reads userinfo, refreshes once and
 * shows the signed-in email with every check it made. Register `redirectUri` with the client
 * before signing in.
 */
export async function startTestInstance(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The host in the instance's address (default 127.0.0.1; browser tests may use localhost). */
  hostname?: string;
}): Promise<TestInstance> {
  const pending = new Map<string, Checks>();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => page(res, 500, 'Instance error', [(error as Error).message]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.hostname ?? '127.0.0.1'}:${port}`;
  const instance: TestInstance = {
    url,
    redirectUri: `${url}/auth/callback`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const rp = await relyingParty({ ...options, redirectUri: instance.redirectUri }).catch(async (error: unknown) => {
    await instance.close();
    throw error;
  });
  // Browsers share cookies between the ports of a host: the name is this instance's own.
  const cookieName = `instance_${port}_login`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', instance.url);
    if (url.pathname === '/') {
      const { url: target, checks } = await rp.authorizationRequest();
      const id = randomBytes(16).toString('base64url');
      pending.set(id, checks);
      res.writeHead(303, {
        location: target.toString(),
        'set-cookie': `${cookieName}=${id}; Path=/; HttpOnly; SameSite=Lax`,
      });
      res.end();
      return;
    }
    if (url.pathname === '/auth/callback') {
      const id = new RegExp(`(?:^|; )${cookieName}=([^;]+)`).exec(req.headers.cookie ?? '')?.[1];
      const checks = id ? pending.get(id) : undefined;
      if (!id || !checks) return page(res, 400, 'Sign-in failed', ['No sign-in was started in this browser']);
      pending.delete(id);
      try {
        const tokens = await rp.exchange(url, checks);
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token');
        const info = await rp.userinfo(tokens.access_token, claims.sub);
        const refreshed = tokens.refresh_token ? await rp.refresh(tokens.refresh_token) : null;
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
