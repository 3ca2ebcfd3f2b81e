import { ErrorCode, routes } from '@helios/api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts } from '../src/db/schema';
import { rateRules } from '../src/security/rate-limit';
import { createAccount, PASSWORD } from './fixtures';
import { INSTANCE_KEY, startTestServer, type TestServer } from './harness';
import { sendRaw } from './hostile-http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const bodyRoutes = Object.values(routes).filter((route) => 'body' in route);

const hostileBodies: [string, string][] = [
  ['empty object', '{}'],
  ['array', '[]'],
  ['null', 'null'],
  ['string', '"hello"'],
  ['number', '42'],
  [
    'wrong types',
    JSON.stringify({
      email: 42,
      session_id: true,
      password: [],
      otp: {},
      token: 1,
      totp_code: 123456,
      key: null,
      value: 5,
    }),
  ],
  [
    'odd unicode',
    JSON.stringify({
      email: '\u202e\u0000@\ud83d\ude00.se',
      session_id: '𝔰𝔢𝔰𝔰𝔦𝔬𝔫'.repeat(4),
      password: '\u0000',
      otp: '１２３４５６',
      token: '\u200b'.repeat(40),
      totp_code: '٠١٢٣٤٥',
    }),
  ],
  [
    'injection strings',
    JSON.stringify({
      email: "' OR 1=1 --@x.se",
      session_id: '../../../../etc/passwd',
      password: '<script>alert(1)</script>',
      otp: '12345;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell-style probe, literally
      token: '${jndi:ldap://x}',
      totp_code: "1' --",
    }),
  ],
  [
    'oversized fields',
    JSON.stringify({
      email: `${'a'.repeat(5000)}@example.com`,
      session_id: 'a'.repeat(5000),
      password: 'a'.repeat(5000),
      otp: '1'.repeat(5000),
      token: 'a'.repeat(5000),
      totp_code: '1'.repeat(5000),
    }),
  ],
  ['malformed JSON', '{"email": "a@b.se",'],
  ['prototype pollution', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'],
];

function expectErrorShape(status: number, json: unknown) {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  const detail = (json as { detail?: { type?: unknown; msg?: unknown }[] }).detail;
  expect(Array.isArray(detail)).toBe(true);
  expect(detail?.length).toBeGreaterThan(0);
  for (const entry of detail ?? []) {
    expect(typeof entry.type).toBe('string');
    expect(typeof entry.msg).toBe('string');
  }
}

describe('bad input on every endpoint with a body', () => {
  for (const route of bodyRoutes) {
    test(`${route.method} ${route.path}: 4xx with the error shape, never a 500`, async () => {
      const browser = server.browser();
      for (const [, body] of hostileBodies) {
        // A call that takes no fields (a passkey sign-in's options) rightly accepts `{}`, and no
        // body at all (`null`, as the server reads a missing one); anything else is refused.
        if ((body === '{}' || body === 'null') && route.body.safeParse({}).success) continue;
        const result = await browser.raw(route.method, route.path.replace(':id', 'not-a-uuid'), body);
        expectErrorShape(result.status, result.json);
        expect(result.text).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+/);
      }
    });
  }

  test('a body over 64 KB is refused with 413', async () => {
    const result = await server
      .browser()
      .raw('POST', '/auth/login/start', JSON.stringify({ email: `${'a'.repeat(70_000)}@x.se` }));
    expect(result.status).toBe(413);
    expectErrorShape(result.status, result.json);
  });

  test('a non-JSON content type is refused with 415', async () => {
    const result = await server
      .browser()
      .raw('POST', '/auth/login/start', 'email=a@b.se', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(result.status).toBe(415);
    expectErrorShape(result.status, result.json);
  });

  test('unknown routes and bad path parameters answer with the error shape', async () => {
    const browser = server.browser();
    const missing = await browser.raw('GET', '/auth/nothing-here');
    expect(missing.status).toBe(404);
    expectErrorShape(missing.status, missing.json);
    const badQuery = await browser.raw('POST', '/auth/login/ping?session_id=%00%00');
    expectErrorShape(badQuery.status, badQuery.json);
  });

  test('hostile input changes nothing that is stored', async () => {
    const before = await server.ctx.db.select().from(accounts);
    const browser = server.browser();
    for (const route of bodyRoutes) {
      for (const [, body] of hostileBodies) await browser.raw(route.method, route.path.replace(':id', 'x'), body);
    }
    expect(await server.ctx.db.select().from(accounts)).toEqual(before);
  });
});

describe('headers and cross-site requests', () => {
  test('security headers on every answer', async () => {
    for (const path of ['/health', '/auth/login/ping', '/nothing']) {
      const response = await fetch(`${server.url}${path}`, { method: path.includes('ping') ? 'POST' : 'GET' });
      const csp = response.headers.get('content-security-policy') ?? '';
      // Scripts from the site's own files at most (a page), or nothing at all (a JSON answer).
      const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1];
      expect(["'self'", "'none'"]).toContain(scripts);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      // Plain HTTP here: HSTS is only sent when the public URL is HTTPS.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  test('cross-site state-changing requests are refused; same-origin ones pass', async () => {
    const body = JSON.stringify({ email: 'someone@example.com' });
    const headers = { 'content-type': 'application/json' };
    const evil = await fetch(`${server.url}/auth/login/start`, {
      method: 'POST',
      body,
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { detail: { type: string }[] }).detail[0]?.type).toBe('cross_site_request');
    const fetchSite = await fetch(`${server.url}/auth/login/start`, {
      method: 'POST',
      body,
      headers: { ...headers, 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.status).toBe(403);
    const own = await fetch(`${server.url}/auth/login/start`, {
      method: 'POST',
      body,
      headers: { ...headers, origin: server.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
  });

  test('HTTPS deployments send HSTS and Secure cookies', { timeout: 90_000 }, async () => {
    const https = await startTestServer({ env: { PUBLIC_URL: 'https://login.example.com' } });
    // The harness points every server at its loopback address; this one stays at its public one.
    https.ctx.config.publicUrl = 'https://login.example.com';
    try {
      const account = await createAccount(https.ctx, { password: PASSWORD });
      const headers = {
        host: 'login.example.com',
        origin: 'https://login.example.com',
        'content-type': 'application/json',
      };
      const started = await sendRaw(https.url, 'POST', '/auth/login/start', {
        headers,
        body: JSON.stringify({ email: account.email }),
      });
      expect(started.headers['strict-transport-security']).toContain('max-age=31536000');
      const { session_id } = JSON.parse(started.text) as { session_id: string };
      const login = [started.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0]);
      const done = await sendRaw(https.url, 'POST', '/auth/login/verify-password', {
        headers: { ...headers, cookie: login.join('; ') },
        body: JSON.stringify({ session_id, email: account.email, password: PASSWORD }),
      });
      expect([done.headers['set-cookie']].flat().join(';')).toMatch(/helios_session=[^;]+;.*Secure/);
    } finally {
      await https.close();
    }
  });
});

describe('rate limits', () => {
  test('too many starts from one address: 429 with Retry-After and the error shape', { timeout: 90_000 }, async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT: 'true' } });
    try {
      const browser = limited.browser();
      let last = { status: 0, headers: new Headers(), json: undefined as unknown };
      for (let i = 0; i < 31; i++)
        last = await browser.raw('POST', '/auth/login/start', JSON.stringify({ email: `r${i}@example.com` }));
      expect(last.status).toBe(429);
      expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(last.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expectErrorShape(last.status, last.json);
      expect((last.json as { detail: { type: string }[] }).detail[0]?.type).toBe(ErrorCode.rateLimited);
      // Each rule counts on its own: a sign-in step is still answered from this address.
      const step = await browser.raw(
        'POST',
        '/auth/login/verify-password',
        JSON.stringify({ session_id: 'x'.repeat(32), email: 'r0@example.com', password: 'whatever' }),
      );
      expect(step.status).toBe(404);
      expect((step.json as { detail: { type: string }[] }).detail[0]?.type).toBe(ErrorCode.loginSessionMissing);
    } finally {
      await limited.close();
    }
  });

  test('guessing the instance API key is rate limited: wrong keys count, and past the limit even the right key waits', {
    timeout: 90_000,
  }, async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT: 'true' } });
    try {
      const call = (key: string) =>
        fetch(`${limited.url}/api/instance/settings/no-such-tenant`, { headers: { authorization: `Bearer ${key}` } });
      const { limit } = rateRules.instance;
      const wrong: number[] = [];
      for (let sent = 0; sent < limit; sent += 100)
        wrong.push(...(await Promise.all(Array.from({ length: 100 }, () => call('wrong-key')))).map((r) => r.status));
      expect(new Set(wrong)).toEqual(new Set([401]));
      const refused = await call('wrong-key');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await call(INSTANCE_KEY)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  test('with RATE_LIMIT=false nothing is limited: the 31st start in a minute is answered', async () => {
    const browser = server.browser();
    const answers: number[] = [];
    for (let i = 0; i < 31; i++)
      answers.push(
        (await browser.raw('POST', '/auth/login/start', JSON.stringify({ email: `u${i}@example.com` }))).status,
      );
    expect(answers).toEqual(Array(31).fill(200));
  });
});

describe('OpenAPI', () => {
  test('the served document lists every call of the contract', async () => {
    const response = await fetch(`${server.url}/openapi.json`);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    for (const route of Object.values(routes)) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
  });
});
