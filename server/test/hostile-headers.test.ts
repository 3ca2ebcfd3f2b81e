import { ErrorCode, type RouteContract, routes } from '@helios/api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BODY_LIMIT } from '../src/app';
import { instanceClient, setInstanceRedirectUris } from '../src/oidc/clients';
import { signedIn, signedInAdmin } from './admin-helpers';
import { createAccount, createTenant, PASSWORD, totpCode } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import {
  changedTables,
  dataFingerprint,
  expectErrorShape,
  type PageServer,
  type RawAnswer,
  sendRaw,
  startPageServer,
} from './hostile-http';
import { type Idp, startIdp } from './idp';

/**
 * Security headers on every answer (every call of the contract, both apps' pages, the identity
 * provider's endpoints, and requests refused before any route), cookie attributes over HTTP and
 * HTTPS, HSTS only over HTTPS, and cross-site state-changing requests refused on every route.
 */

const HTTPS_ORIGIN = 'https://login.example.com';
const ID = '00000000-0000-4000-8000-000000000000';

let server: TestServer;
let https: TestServer;
let google: Idp;
let adminCookie = '';
let userCookie = '';
let pages: PageServer;

/** An example address for a route: its parameters filled with values of the right shape. */
function examplePath(route: RouteContract): string {
  const values: Record<string, string> = { provider: 'google', uid: 'abcdefgh12345678', term: 'anna', slug: 'acme' };
  return route.path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? ID);
}

const contract = Object.values(routes as Record<string, RouteContract>);
const unsafeRoutes = contract.filter((route) => route.method !== 'GET');

function cookieHeader(setCookies: string[]): string {
  return setCookies.map((line) => line.split(';')[0]).join('; ');
}

function setCookiesOf(answer: RawAnswer): string[] {
  const value = answer.headers['set-cookie'];
  return Array.isArray(value) ? value : value ? [value] : [];
}

/** CSP directives by name. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [(name as string).toLowerCase(), sources]),
  );
}

/** The headers every answer carries. */
function expectSecurityHeaders(answer: RawAnswer, context: string, options: { https?: boolean } = {}) {
  const csp = directives(String(answer.headers['content-security-policy'] ?? ''));
  const scripts = csp['script-src'] ?? csp['default-src'];
  expect(scripts, `${context}: script-src`).toBeDefined();
  for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
    expect(scripts, `${context}: script-src`).not.toContain(forbidden);
  expect(csp['frame-ancestors'], `${context}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp['object-src'] ?? csp['default-src'], `${context}: object-src`).toEqual(["'none'"]);
  expect(answer.headers['x-content-type-options'], `${context}: nosniff`).toBe('nosniff');
  expect(answer.headers['referrer-policy'], `${context}: Referrer-Policy`).toBe('no-referrer');
  const hsts = answer.headers['strict-transport-security'];
  if (options.https) expect(hsts, `${context}: HSTS`).toMatch(/max-age=31536000; includeSubDomains/);
  else expect(hsts, `${context}: no HSTS over plain HTTP`).toBeUndefined();
  if (String(answer.headers['content-type'] ?? '').includes('json'))
    expect(String(answer.headers['cache-control']), `${context}: Cache-Control`).toContain('no-store');
}

/** Every cookie: HttpOnly, SameSite, and Secure exactly over HTTPS. */
function expectCookieAttributes(setCookies: string[], context: string, options: { https: boolean }) {
  for (const line of setCookies) {
    const name = line.split('=')[0];
    const attributes = line
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes, `${context}: ${name} HttpOnly`).toContain('httponly');
    expect(
      attributes.some((part) => part === 'samesite=lax' || part === 'samesite=strict'),
      `${context}: ${name} SameSite in ${line}`,
    ).toBe(true);
    if (options.https) expect(attributes, `${context}: ${name} Secure`).toContain('secure');
    else expect(attributes, `${context}: ${name} not Secure over HTTP`).not.toContain('secure');
  }
}

beforeAll(async () => {
  google = await startIdp();
  server = await startTestServer();
  adminCookie = cookieHeader([...(await signedInAdmin(server)).browser.cookies].map(([k, v]) => `${k}=${v}`));
  userCookie = cookieHeader([...(await signedIn(server)).browser.cookies].map(([k, v]) => `${k}=${v}`));
  pages = await startPageServer(server.ctx);
  https = await startTestServer({
    env: {
      PUBLIC_URL: HTTPS_ORIGIN,
      TRUST_PROXY: 'true',
      GOOGLE_ISSUER: google.issuer,
      GOOGLE_CLIENT_ID: 'helios-google',
      GOOGLE_CLIENT_SECRET: 'google-client-secret-for-tests',
    },
  });
  // The harness points every server at its loopback address; this one stays at its public
  // HTTPS address, as a deployment behind a TLS-terminating load balancer is.
  https.ctx.config.publicUrl = HTTPS_ORIGIN;
  google.addClient('helios-google', 'google-client-secret-for-tests', [`${HTTPS_ORIGIN}/auth/oauth/callback/google`]);
  // Two servers and two sign-ins: more than the default hook time on a loaded machine.
}, 180_000);

afterAll(async () => {
  await pages?.close();
  await server?.close();
  await https?.close();
  await google?.close();
});

/** A request through the HTTPS load balancer: forwarded protocol, public host, a client address. */
function viaTls(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}) {
  return sendRaw(https.url, method, path, {
    body: options.body,
    headers: {
      host: 'login.example.com',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.7',
      ...(options.body !== undefined ? { 'content-type': 'application/json', origin: HTTPS_ORIGIN } : {}),
      ...options.headers,
    },
  });
}

const PROVIDER_PATHS: [string, string][] = [
  ['GET', '/.well-known/openid-configuration'],
  ['GET', '/oauth2/jwks'],
  ['GET', '/oauth2/authorize'],
  ['POST', '/oauth2/token'],
  ['POST', '/oauth2/revoke'],
  ['GET', '/oauth2/logout'],
];

describe('security headers on every answer', () => {
  test('every call of the contract, signed out and as an admin', async () => {
    for (const route of contract) {
      for (const cookie of ['', adminCookie]) {
        const unsafe = route.method !== 'GET';
        const answer = await sendRaw(server.url, route.method, examplePath(route), {
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(unsafe ? { origin: server.url, 'content-type': 'application/json' } : {}),
          },
          body: unsafe ? '{}' : undefined,
        });
        expectSecurityHeaders(answer, `${route.method} ${route.path} (${cookie ? 'admin' : 'signed out'})`);
      }
    }
  });

  test("both apps' pages and their assets", async () => {
    for (const path of [
      '/',
      '/login',
      '/login?from=https://evil.example',
      '/login/set-password/some-token',
      '/profile',
      '/profile/security',
      '/admin',
      '/admin/accounts',
      '/admin/tenants/acme',
      '/no-such-page',
    ]) {
      const answer = await sendRaw(pages.url, 'GET', path, { headers: { accept: 'text/html' } });
      expect(String(answer.headers['content-type']), `${path} (${pages.apps} apps)`).toContain('text/html');
      expectSecurityHeaders(answer, `${path} (${pages.apps} apps)`);
      // The CSP allows no inline script: every script of the page is a same-origin file.
      const scripts = [...answer.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const [, attributes = '', body = ''] of scripts) {
        expect(body.trim(), `${path}: inline script`).toBe('');
        const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1] ?? '';
        expect(src, `${path}: script source`).toMatch(/^\/(?!\/)/);
        const asset = await sendRaw(pages.url, 'GET', src);
        expect(asset.status, src).toBe(200);
        expectSecurityHeaders(asset, src);
      }
      expect(answer.text, `${path}: inline event handlers`).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
    }
  });

  test("the identity provider's endpoints", async () => {
    for (const [method, path] of PROVIDER_PATHS) {
      const answer = await sendRaw(server.url, method, path, {
        headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
        body: method === 'POST' ? 'grant_type=authorization_code&code=x' : undefined,
      });
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
      expectSecurityHeaders(answer, `${method} ${path}`);
    }
  });

  test("JSON answers carry the API's policy (nothing may load or run); pages keep a page's", async () => {
    const json: [string, string, string, string][] = [
      [server.url, 'POST', '/auth/login/ping', userCookie],
      [server.url, 'GET', '/oauth2/userinfo', userCookie],
      [server.url, 'GET', '/api/accounts', adminCookie],
      [server.url, 'GET', '/health', ''],
      [server.url, 'GET', '/api/tenants/%ED%A0%80', ''],
      // Where the apps are served, an unknown API address reaches the not-found answer through
      // the portal app's static files, whose route gives a page's headers: still the API's.
      [pages.url, 'GET', '/api/accounts', adminCookie],
      [pages.url, 'GET', '/api/no-such-route', ''],
      [pages.url, 'GET', '/auth/login/no-such-step', ''],
    ];
    for (const [base, method, path, cookie] of json) {
      const answer = await sendRaw(base, method, path, { headers: cookie ? { cookie } : {} });
      const context = `${method} ${path} → ${answer.status}`;
      expect(answer.status, context).toBeLessThan(500);
      expect(String(answer.headers['content-type']), context).toContain('application/json');
      expect(answer.headers['content-security-policy'], context).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-frame-options'], context).toBe('DENY');
      expect(answer.headers['cross-origin-resource-policy'], context).toBe('same-origin');
      expect(answer.headers['cache-control'], context).toBe('no-store');
      // What only a document uses is left out of a JSON answer.
      for (const pageOnly of ['cross-origin-opener-policy', 'x-xss-protection', 'x-dns-prefetch-control'])
        expect(answer.headers[pageOnly], `${context}: ${pageOnly}`).toBeUndefined();
    }
    const pageAnswers: [string, string][] = [
      // A page of a contract route (its answers are otherwise JSON), the apps' pages (one of them
      // the not-found page) and the identity provider's own page (its sign-out question).
      [server.url, '/oauth2/interaction/abcdefgh12345678'],
      [pages.url, '/login'],
      [pages.url, '/no-such-page'],
      [server.url, '/oauth2/logout'],
    ];
    for (const [base, path] of pageAnswers) {
      const answer = await sendRaw(base, 'GET', path, { headers: { accept: 'text/html' } });
      const context = `${path} → ${answer.status}`;
      expect(String(answer.headers['content-type']), context).toContain('text/html');
      const csp = directives(String(answer.headers['content-security-policy']));
      expect(csp['default-src'], context).toEqual(["'self'"]);
      // Helios's plain pages style themselves inline; no page runs inline script (but for the
      // provider's own, allowed by its hash).
      expect(csp['style-src'], context).toContain("'unsafe-inline'");
      expect(csp['script-src']?.[0], context).toBe("'self'");
      expect(csp['script-src'], context).not.toContain("'unsafe-inline'");
      expect(answer.headers['cross-origin-opener-policy'], context).toBe('same-origin');
    }
  });

  test('requests refused before any route: broken addresses, oversized headers, not HTTP', async () => {
    const badAddress = await sendRaw(server.url, 'GET', '/api/tenants/%ED%A0%80');
    expect(badAddress.status).toBe(400);
    expectErrorShape(badAddress, 'broken percent-encoding');
    expectSecurityHeaders(badAddress, 'broken percent-encoding');

    const longPart = await sendRaw(server.url, 'GET', `/api/tenants/${'x'.repeat(3_000)}/users`);
    expect([404, 414]).toContain(longPart.status);
    expectErrorShape(longPart, 'long path part');
    expectSecurityHeaders(longPart, 'long path part');

    const oversized = await sendRaw(server.url, 'GET', '/health', { headers: { 'x-filler': 'x'.repeat(20_000) } });
    expect(oversized.status).toBe(431);
    expectErrorShape(oversized, 'oversized headers');
    expectSecurityHeaders(oversized, 'oversized headers');
  });

  test('over HTTPS behind a load balancer: HSTS on every answer, pages and provider included', async () => {
    for (const route of contract) {
      const unsafe = route.method !== 'GET';
      const answer = await viaTls(route.method, examplePath(route), { body: unsafe ? '{}' : undefined });
      expectSecurityHeaders(answer, `HTTPS ${route.method} ${route.path}`, { https: true });
    }
    const extra: [string, string][] = [
      ['GET', '/health'],
      ['GET', '/api/tenants/%ED%A0%80'],
    ];
    for (const [method, path] of [...PROVIDER_PATHS, ...extra]) {
      const answer = await viaTls(method, path);
      expectSecurityHeaders(answer, `HTTPS ${method} ${path}`, { https: true });
    }
  });
});

describe('cookies', () => {
  /** Signs in through the API over the given transport; every cookie set on the way. */
  async function signInCookies(
    send: (
      method: string,
      path: string,
      options: { headers?: Record<string, string>; body?: string },
    ) => Promise<RawAnswer>,
    target: TestServer,
  ) {
    const account = await createAccount(target.ctx, { password: PASSWORD, totpCount: 1 });
    const seen: string[] = [];
    const call = async (path: string, body: unknown) => {
      const answer = await send('POST', path, { body: JSON.stringify(body), headers: { cookie: cookieHeader(seen) } });
      seen.push(...setCookiesOf(answer));
      return { answer, json: JSON.parse(answer.text || '{}') as { session_id?: string; state?: string } };
    };
    const started = await call('/auth/login/start', { email: account.email });
    const sessionId = started.json.session_id as string;
    const password = await call('/auth/login/verify-password', {
      session_id: sessionId,
      email: account.email,
      password: PASSWORD,
      remember: true,
    });
    expect(password.json.state).toBe('MfaRequired');
    const mfa = await call('/auth/login/verify-mfa', {
      session_id: sessionId,
      totp_code: totpCode(account.totp[0] as string),
      remember: true,
    });
    expect(mfa.json.state).toBe('Done');
    const names = seen.map((line) => line.split('=')[0]);
    const prefix = target.ctx.config.secure ? '__Host-' : '';
    expect(names).toEqual(
      expect.arrayContaining([`${prefix}helios_session`, `${prefix}helios_mfa_remember`, `${prefix}helios_login`]),
    );
    const logout = await send('POST', '/auth/logout', { body: '{}', headers: { cookie: cookieHeader(seen) } });
    seen.push(...setCookiesOf(logout));
    return seen;
  }

  test('over plain HTTP: HttpOnly and SameSite, not Secure', async () => {
    const seen = await signInCookies(
      (method, path, options) =>
        sendRaw(server.url, method, path, {
          body: options.body,
          headers: { 'content-type': 'application/json', origin: server.url, ...options.headers },
        }),
      server,
    );
    expectCookieAttributes(seen, 'HTTP', { https: false });
  });

  test('over HTTPS: HttpOnly, SameSite and Secure — the sign-in, the remembered browser, sign-out', async () => {
    const seen = await signInCookies(viaTls, https);
    expectCookieAttributes(seen, 'HTTPS', { https: true });
  });

  test("over HTTPS: the identity provider's and a provider sign-in's cookies are Secure too", async () => {
    const tenant = await createTenant(https.ctx, `cookies${Date.now().toString(36)}`);
    const client = await instanceClient(https.ctx, tenant);
    await setInstanceRedirectUris(https.ctx, tenant, {
      redirect_uris: ['https://cookie-instance.example.com/callback'],
      post_logout_redirect_uris: [],
    });
    const query = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: 'https://cookie-instance.example.com/callback',
      response_type: 'code',
      scope: 'openid',
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const authorize = await viaTls('GET', `/oauth2/authorize?${query}`);
    expect(authorize.status).toBe(303);
    const providerCookies = setCookiesOf(authorize);
    expect(providerCookies.map((line) => line.split('=')[0])).toContain('helios_oidc_interaction');
    expectCookieAttributes(providerCookies, 'HTTPS identity provider', { https: true });

    const account = await createAccount(https.ctx, { password: PASSWORD });
    const started = await viaTls('POST', '/auth/login/start', { body: JSON.stringify({ email: account.email }) });
    const { session_id } = JSON.parse(started.text) as { session_id: string };
    const withGoogle = await viaTls('GET', `/auth/login/oauth/google?session_id=${session_id}`, {
      headers: { cookie: cookieHeader(setCookiesOf(started)) },
    });
    expect(withGoogle.status).toBe(302);
    expect(String(withGoogle.headers.location)).toMatch(new RegExp(`^${new URL(google.issuer).origin}/`));
    const stateCookies = setCookiesOf(withGoogle);
    expect(stateCookies.length).toBeGreaterThan(0);
    expectCookieAttributes(stateCookies, 'HTTPS provider sign-in', { https: true });
  });
});

describe('cross-site state-changing requests', () => {
  const CROSS_SITE: [string, Record<string, string>][] = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null (sandboxed frame, data: page)', { origin: 'null' }],
    ['an Origin that starts like ours', { origin: 'http://127.0.0.1.evil.example' }],
    ['our host on another port', { origin: 'http://127.0.0.1:1' }],
    ['cross-site even with our Origin', { 'sec-fetch-site': 'cross-site', origin: 'OWN' }],
  ];

  test('refused with 403 cross_site_request on every POST and DELETE, signed in; nothing stored changes', async () => {
    const before = await dataFingerprint(server);
    for (const route of unsafeRoutes) {
      for (const cookie of [adminCookie, userCookie]) {
        for (const [label, headers] of CROSS_SITE) {
          const answer = await sendRaw(server.url, route.method, examplePath(route), {
            headers: {
              cookie,
              'content-type': 'application/json',
              ...headers,
              ...(headers.origin === 'OWN' ? { origin: server.url } : {}),
            },
            body: '{}',
          });
          const context = `${route.method} ${route.path} with ${label}`;
          expect(answer.status, context).toBe(403);
          expect(expectErrorShape(answer, context), context).toBe(ErrorCode.crossSite);
        }
      }
    }
    expect(changedTables(before, await dataFingerprint(server))).toEqual([]);
    // The same requests from the site itself are not refused as cross-site: the check is what
    // refused them above, not something else about the request.
    for (const route of unsafeRoutes) {
      const answer = await sendRaw(server.url, route.method, examplePath(route), {
        headers: {
          cookie: userCookie,
          'content-type': 'application/json',
          origin: server.url,
          'sec-fetch-site': 'same-origin',
        },
        body: '{}',
      });
      if (answer.status >= 400) expect(expectErrorShape(answer, route.path), route.path).not.toBe(ErrorCode.crossSite);
    }
  });

  test("the identity provider's form posts are refused cross-site too", async () => {
    for (const path of ['/oauth2/token', '/oauth2/revoke', '/oauth2/logout/confirm']) {
      for (const [label, headers] of CROSS_SITE.filter(([, h]) => h.origin !== 'OWN')) {
        const answer = await sendRaw(server.url, 'POST', path, {
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: userCookie, ...headers },
          body: 'logout=yes&xsrf=x',
        });
        expect(answer.status, `${path} with ${label}`).toBe(403);
      }
    }
  });

  test('to an address without a route, refused before the body is read, whatever the body', async () => {
    const bodies: [string, Record<string, string>, string, number][] = [
      ['malformed JSON', { 'content-type': 'application/json' }, '{"email":', 400],
      ['a body over the limit', { 'content-type': 'application/json' }, `"${'x'.repeat(BODY_LIMIT)}"`, 413],
      ['another media type', { 'content-type': 'application/xml' }, '<a/>', 404],
      ['a well-formed body', { 'content-type': 'application/json' }, '{}', 404],
    ];
    // Where only the API is served, and where the apps are too (an unknown API address there
    // goes by the portal app's static files).
    for (const base of [server.url, pages.url]) {
      for (const path of ['/api/no-such-route', '/auth/login/no-such-step', '/no/such/page']) {
        for (const [body, bodyHeaders, text, fromTheSite] of bodies) {
          for (const [label, headers] of CROSS_SITE.filter(([, h]) => h.origin !== 'OWN')) {
            const answer = await sendRaw(base, 'POST', path, { headers: { ...bodyHeaders, ...headers }, body: text });
            const context = `POST ${path} with ${body}, ${label}`;
            expect(answer.status, context).toBe(403);
            expect(expectErrorShape(answer, context), context).toBe(ErrorCode.crossSite);
            expectSecurityHeaders(answer, context);
          }
          // From the site itself the body is read as usual: the refusal above came first.
          const own = await sendRaw(base, 'POST', path, { headers: { ...bodyHeaders, origin: base }, body: text });
          expect(own.status, `POST ${path} with ${body} from the site`).toBe(fromTheSite);
        }
      }
    }
  });

  test('over HTTPS: an http:// Origin of our own host and a sibling subdomain are other sites', async () => {
    for (const origin of ['http://login.example.com', 'https://tenant.login.example.com', 'https://example.com']) {
      const answer = await viaTls('POST', '/auth/login/start', {
        body: JSON.stringify({ email: 'someone@example.com' }),
        headers: { origin },
      });
      expect(answer.status, origin).toBe(403);
    }
    const own = await viaTls('POST', '/auth/login/start', { body: JSON.stringify({ email: 'someone@example.com' }) });
    expect(own.status).toBe(200);
  });
});
