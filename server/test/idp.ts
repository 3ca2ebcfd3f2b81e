import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { startTestServer, type TestServer } from './harness';

/**
 * A stand-in OpenID provider for tests: a real HTTP server on loopback with discovery, a JWKS,
 * an authorization endpoint without a page (the test decides who signs in next) and a token
 * endpoint that authenticates the client and checks PKCE. ID tokens are RS256 JWTs signed with
 * the key the JWKS publishes, so the relying party's checks are the real ones.
 *
 * One instance plays one provider (Google, the generic provider, or Microsoft's multi-directory
 * endpoint with `directories`); start several for several providers.
 */

/** Who signs in at the next authorization request. */
export type IdpUser = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** The person's directory (Microsoft); required with `directories`. */
  tid?: string;
};

/** Ways to spoil the next ID token, each mirroring an attack the relying party must refuse. */
export type Tamper =
  /** Signed with a key that is not in the JWKS (under the published key id). */
  | 'bad-signature'
  /** A nonce other than the one in the authorization request (replayed or injected token). */
  | 'wrong-nonce'
  /** Issued to another client. */
  | 'wrong-audience'
  /** Issued by someone else (with `directories`: naming another directory than its `tid`). */
  | 'wrong-issuer'
  /** Already expired. */
  | 'expired';

export type IdpOptions = {
  /** The origin the provider says it lives at (default: its loopback address). A test that uses
   * a public origin routes it here with `routeToIdp`. */
  publicOrigin?: string;
  /** Path of the issuer under the origin (default none), e.g. `/realms/acme`. */
  issuerPath?: string;
  /** Microsoft's shape: discovery at `/common/v2.0` and `/organizations/v2.0` publishing the
   * issuer `{origin}/{tenantid}/v2.0`; each ID token names the person's directory in `iss`
   * and `tid`. */
  directories?: boolean;
};

type Client = { secret: string; redirectUris: Set<string> };

type IssuedCode = {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  user: IdpUser;
  tamper: Tamper | undefined;
  expiresAt: number;
};

const CODE_MS = 60_000;

function base64url(buffer: Buffer): string {
  return buffer.toString('base64url');
}

function sameSecret(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

function redirect(response: ServerResponse, to: URL) {
  response.writeHead(302, { location: to.href });
  response.end();
}

/** Client credentials from HTTP Basic (form-encoded id and secret, RFC 6749 §2.3.1) or the body. */
function clientCredentials(request: IncomingMessage, form: URLSearchParams): { id: string; secret: string } | null {
  const header = request.headers.authorization;
  const inBody = form.has('client_secret');
  if (header?.startsWith('Basic ')) {
    if (inBody) return null;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const unform = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
    return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
  }
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  return id && secret ? { id, secret } : null;
}

export async function startIdp(options: IdpOptions = {}) {
  const signing = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256');
  const kid = base64url(randomBytes(8));
  const publicJwk: JWK = { ...(await exportJWK(signing.publicKey)), kid, alg: 'RS256', use: 'sig' };

  const clients = new Map<string, Client>();
  const codes = new Map<string, IssuedCode>();
  const users: IdpUser[] = [];
  let denyNext = false;
  let tamperNext: Tamper | undefined;
  let discoveryFailures = 0;
  /** Every authorization request received, for tests that check what the relying party asked. */
  const authorizations: URLSearchParams[] = [];
  /** Token requests received (redeemed or refused). */
  let tokenRequests = 0;

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { error: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = options.publicOrigin ?? url;
  const issuer = options.directories ? `${origin}/{tenantid}/v2.0` : `${origin}${options.issuerPath ?? ''}`;
  const endpoints = options.directories
    ? {
        authorization: `${origin}/common/oauth2/v2.0/authorize`,
        token: `${origin}/common/oauth2/v2.0/token`,
        jwks: `${origin}/common/discovery/v2.0/keys`,
      }
    : { authorization: `${issuer}/authorize`, token: `${issuer}/token`, jwks: `${issuer}/jwks` };
  const discoveryPaths = options.directories
    ? ['/common/v2.0', '/organizations/v2.0'].map((base) => `${base}/.well-known/openid-configuration`)
    : [`${options.issuerPath ?? ''}/.well-known/openid-configuration`];

  function issuerFor(user: IdpUser): string {
    if (!options.directories) return issuer;
    if (!user.tid) throw new Error('a user of a provider with directories needs a tid');
    return issuer.replace('{tenantid}', user.tid);
  }

  async function idToken(issued: IssuedCode): Promise<string> {
    const { user, tamper } = issued;
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      email: user.email,
      email_verified: user.email_verified,
      name: user.name,
      tid: user.tid,
      nonce: tamper === 'wrong-nonce' ? base64url(randomBytes(16)) : issued.nonce,
    };
    let iss = issuerFor(user);
    if (tamper === 'wrong-issuer')
      iss = options.directories ? issuer.replace('{tenantid}', 'another-directory') : `${origin}/impostor`;
    return new SignJWT(Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined)))
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(iss)
      .setSubject(user.sub)
      .setAudience(tamper === 'wrong-audience' ? 'another-client' : issued.clientId)
      .setIssuedAt(tamper === 'expired' ? now - 7200 : now)
      .setExpirationTime(tamper === 'expired' ? now - 3600 : now + 600)
      .sign(tamper === 'bad-signature' ? stranger.privateKey : signing.privateKey);
  }

  function authorize(query: URLSearchParams, response: ServerResponse) {
    authorizations.push(query);
    const client = clients.get(query.get('client_id') ?? '');
    const redirectUri = query.get('redirect_uri') ?? '';
    // Never send anyone to an address the client did not register: answer here instead.
    if (!client?.redirectUris.has(redirectUri)) return send(response, 400, { error: 'invalid_client' });
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (state) back.searchParams.set('state', state);
    const fail = (error: string) => {
      back.searchParams.set('error', error);
      redirect(response, back);
    };
    if (query.get('response_type') !== 'code') return fail('unsupported_response_type');
    if (!(query.get('scope') ?? '').split(' ').includes('openid')) return fail('invalid_scope');
    const codeChallenge = query.get('code_challenge');
    if (!codeChallenge || query.get('code_challenge_method') !== 'S256') return fail('invalid_request');
    if (denyNext) {
      denyNext = false;
      return fail('access_denied');
    }
    const user = users.shift();
    if (!user) return fail('login_required');
    const code = base64url(randomBytes(32));
    codes.set(code, {
      clientId: query.get('client_id') as string,
      redirectUri,
      codeChallenge,
      nonce: query.get('nonce') ?? undefined,
      user,
      tamper: tamperNext,
      expiresAt: Date.now() + CODE_MS,
    });
    tamperNext = undefined;
    back.searchParams.set('code', code);
    redirect(response, back);
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    tokenRequests += 1;
    const form = await readForm(request);
    const credentials = clientCredentials(request, form);
    const client = credentials ? clients.get(credentials.id) : undefined;
    if (!credentials || !client || !sameSecret(client.secret, credentials.secret))
      return send(response, 401, { error: 'invalid_client' }, { 'www-authenticate': 'Basic realm="token"' });
    if (form.get('grant_type') !== 'authorization_code')
      return send(response, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    codes.delete(code);
    const verifier = form.get('code_verifier') ?? '';
    const challenge = base64url(createHash('sha256').update(verifier).digest());
    if (
      !issued ||
      issued.expiresAt < Date.now() ||
      issued.clientId !== credentials.id ||
      issued.redirectUri !== form.get('redirect_uri') ||
      challenge !== issued.codeChallenge
    )
      return send(response, 400, { error: 'invalid_grant' });
    send(response, 200, {
      access_token: base64url(randomBytes(32)),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid email profile',
      id_token: await idToken(issued),
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const at = new URL(request.url ?? '/', url);
    const path = at.pathname;
    if (request.method === 'GET' && discoveryPaths.includes(path)) {
      if (discoveryFailures > 0) {
        discoveryFailures -= 1;
        return send(response, 503, { error: 'temporarily_unavailable' });
      }
      return send(response, 200, {
        issuer,
        authorization_endpoint: endpoints.authorization,
        token_endpoint: endpoints.token,
        jwks_uri: endpoints.jwks,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'email', 'email_verified', 'name', 'tid'],
      });
    }
    const local = (endpoint: string) => new URL(endpoint).pathname;
    if (request.method === 'GET' && path === local(endpoints.jwks)) return send(response, 200, { keys: [publicJwk] });
    if (request.method === 'GET' && path === local(endpoints.authorization))
      return authorize(at.searchParams, response);
    if (request.method === 'POST' && path === local(endpoints.token)) return token(request, response);
    send(response, 404, { error: 'not_found' });
  }

  return {
    /** The loopback address it listens on. */
    url,
    /** The issuer it publishes (with `directories`: the `{tenantid}` template). */
    issuer,
    publicOrigin: origin,
    authorizations,
    tokenRequests: () => tokenRequests,
    /** Registers a client (its redirect URIs must match exactly). */
    addClient(clientId: string, secret: string, redirectUris: string[]) {
      clients.set(clientId, { secret, redirectUris: new Set(redirectUris) });
    },
    /** Queues who signs in at the next authorization request. */
    nextUser(user: IdpUser) {
      users.push(user);
    },
    /** The next authorization request answers `error=access_denied` (the person said no). */
    denyNext() {
      denyNext = true;
    },
    /** Spoils the ID token of the next code issued. */
    tamperNext(kind: Tamper) {
      tamperNext = kind;
    },
    /** The next `times` discovery requests answer 503 (the provider is down for a while). */
    failDiscovery(times: number) {
      discoveryFailures = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Idp = Awaited<ReturnType<typeof startIdp>>;

/**
 * Routes requests for a stand-in's public origin (e.g. https://login.microsoftonline.com) to its
 * loopback address, as a hosts-file entry would: everything in this process that uses the global
 * fetch (openid-client, the test itself) reaches the stand-in. Returns the undo.
 */
export function routeToIdp(idp: Idp): () => void {
  const original = globalThis.fetch;
  const prefix = `${idp.publicOrigin}/`;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!href.startsWith(prefix)) return original(input, init);
    return original(`${idp.url}/${href.slice(prefix.length)}`, init);
  };
  return () => {
    globalThis.fetch = original;
  };
}

/**
 * A test server signing in with Google at a local stand-in provider (its client registered), and
 * with Microsoft at an address nothing answers: every Microsoft link attempt fails at once and
 * goes straight back to `from`.
 */
export async function startServerWithProviders(): Promise<{ google: Idp; server: TestServer }> {
  const google = await startIdp();
  const client = { id: 'helios-google', secret: `google-client-secret-${randomBytes(6).toString('hex')}` };
  const server = await startTestServer({
    env: {
      GOOGLE_ISSUER: google.issuer,
      GOOGLE_CLIENT_ID: client.id,
      GOOGLE_CLIENT_SECRET: client.secret,
      MICROSOFT_ISSUER: 'http://127.0.0.1:9/v2.0',
      MICROSOFT_CLIENT_ID: 'helios-microsoft',
      MICROSOFT_CLIENT_SECRET: `microsoft-client-secret-${randomBytes(6).toString('hex')}`,
    },
  });
  google.addClient(client.id, client.secret, [`${server.url}/auth/oauth/callback/google`]);
  return { google, server };
}
