import { ErrorCode, type RouteContract, routes } from '@helios/api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { instanceClient, setInstanceRedirectUris } from '../src/oidc/clients';
import { signedIn, signedInAdmin } from './admin-helpers';
import { createAccount, createTenant, PASSWORD } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import {
  changedTables,
  dataFingerprint,
  expectErrorShape,
  leavesSite,
  percentEncode,
  type RawAnswer,
  STACK_TRACE,
  sendRaw,
  settledFingerprint,
} from './hostile-http';

/**
 * Property-based hostile input on every call of the contract (the `routes` table, so a new route
 * is covered without touching this file) and on the identity provider's own endpoints: random
 * and malformed bodies, path parameters, query strings and headers, as an anonymous caller, a
 * signed-in person and a signed-in admin. Never a 500 or a stack trace; errors in the contract's
 * shape; nothing stored changes when a request is refused.
 */

/** Requests per route and caller; with ~70 routes and three callers the file stays well under
 * a minute and a half in either mode. */
const RUNS = 6;

type Role = 'anonymous' | 'user' | 'admin';
const ROLES: Role[] = ['anonymous', 'user', 'admin'];

/** Refusals that are recorded by design: a wrong password or code counts toward the lockout and
 * is audited. Only the account row and the audit log may change for them. */
const RECORDED_REFUSALS = new Set<string>([
  ErrorCode.invalidCredentials,
  ErrorCode.invalidTotp,
  ErrorCode.otpInvalid,
  ErrorCode.otpRetriesExceeded,
  ErrorCode.webauthnFailed,
]);
const RECORDED_TABLES = new Set(['accounts', 'audit_events']);

let server: TestServer;
const cookies: Record<Role, string> = { anonymous: '', user: '', admin: '' };
/** Real values the generators mix in, so some requests get past the first checks. */
const known = {
  ids: [] as string[],
  sessionIds: [] as string[],
  slugs: [] as string[],
  clientId: '',
  redirectUri: 'https://fuzz-instance.example.com/auth/callback',
  postLogoutUri: 'https://fuzz-instance.example.com/signed-out',
};

async function signInRole(role: Exclude<Role, 'anonymous'>) {
  const { browser } = role === 'admin' ? await signedInAdmin(server) : await signedIn(server);
  cookies[role] = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Signs a role in again when a request of the last round signed it out (logout, a reset). */
async function ensureSignedIn(role: Role) {
  if (role === 'anonymous') return;
  const check = await sendRaw(server.url, 'GET', '/auth/session', { headers: { cookie: cookies[role] } });
  if (check.status !== 200) await signInRole(role);
}

beforeAll(async () => {
  server = await startTestServer();
  await signInRole('user');
  await signInRole('admin');
  const tenant = await createTenant(server.ctx, `fuzz${Date.now().toString(36)}`);
  const victim = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1, tenants: [{ id: tenant.id }] });
  known.ids.push(victim.id, tenant.id, ...Object.values(victim.credentialIds));
  known.slugs.push(tenant.slug);
  const client = await instanceClient(server.ctx, tenant);
  known.clientId = client.client_id;
  await setInstanceRedirectUris(server.ctx, tenant, {
    redirect_uris: [known.redirectUri],
    post_logout_redirect_uris: [known.postLogoutUri],
  });
  // Login sessions at a password step and at a code step.
  for (const email of [victim.email, 'nobody-fuzz@example.com']) {
    const started = await sendRaw(server.url, 'POST', '/auth/login/start', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    known.sessionIds.push((JSON.parse(started.text) as { session_id: string }).session_id);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

// ── generators ────────────────────────────────────────────────────────────────────────────────

/** Pieces of hostile text: control and invisible characters, lone surrogates, RTL marks, path
 * traversal, SQL and template injection, markup, header injection, astral and combining text. */
const FRAGMENTS = [
  '\u0000',
  '\u202e',
  '\u200f',
  '\u200b',
  '\ufeff',
  '\ud800',
  '\udfff',
  '../',
  '..\\',
  '%00',
  '%2e%2e%2f',
  "' OR 1=1 --",
  '"; DROP TABLE accounts; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection probes, literally
  '${7*7}',
  '{{7*7}}',
  '<%= 7*7 %>',
  '#{7*7}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell-style probe, literally
  '${jndi:ldap://x/a}',
  '<script>alert(1)</script>',
  '\r\nSet-Cookie: pwned=1',
  '😀',
  '𝔰',
  'e\u0301',
  '@',
  'example.com',
  '__proto__',
];

/** Values that fit some field somewhere, so that part of the input is valid. A function, and
 * drawn through `chain` below, because the real ids exist only once the server has started. */
const plausibleString = () =>
  fc.constantFrom(
    'someone@example.com',
    'sv',
    'en',
    'locale',
    'google',
    '123456',
    'Plausible-Passw0rd-77',
    'system_sms',
    'public-key',
    '/profile',
    ...known.ids,
    ...known.sessionIds,
    ...known.slugs,
  );

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
const hostileString = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: fc.oneof(codeUnit, fc.constantFrom(...FRAGMENTS)), maxLength: 24 }) },
  { weight: 3, arbitrary: fc.constant(null).chain(() => plausibleString()) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(5_000), '𝔰'.repeat(2_000), ' '.repeat(300), '') },
);

/** Numbers JSON.stringify cannot write; spliced into the body text as literals. */
const BIG = ['1e400', '-1e400', '123456789012345678901234567890', '1e-400', '-0'];
const bigLiteral = fc.constantFrom(...BIG).map((literal) => `@@BIG:${literal}@@`);

const leaf = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 2 ** 53, 1e308) },
  { weight: 1, arbitrary: bigLiteral },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);
const anyKey = fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'is_admin'));
const { value: jsonValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyKey, tie('value'), { maxKeys: 4 }),
  ),
}));

type AnyZod = z.ZodType & { def?: { type?: string; innerType?: AnyZod; in?: AnyZod; shape?: Record<string, AnyZod> } };

/** The object fields of a schema (through optional, default, nullable and pipes), or null. */
function fieldsOf(schema: AnyZod | undefined): Record<string, AnyZod> | null {
  let current = schema;
  for (let i = 0; i < 10 && current?.def; i++) {
    const { type } = current.def;
    if (type === 'object') return current.def.shape ?? null;
    if (type === 'pipe') current = current.def.in;
    else if (current.def.innerType) current = current.def.innerType;
    else return null;
  }
  return null;
}

/** A body shaped after a schema: its fields (each may be missing) with hostile values, nested
 * objects followed, plus extra fields. */
function shapedBody(schema: AnyZod | undefined, depth = 0): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema);
  if (!fields || depth > 3) return jsonValue;
  const record = fc.record(
    Object.fromEntries(
      Object.entries(fields).map(([name, field]) => [
        name,
        fieldsOf(field) ? fc.oneof(shapedBody(field, depth + 1), jsonValue) : fc.oneof(leaf, jsonValue),
      ]),
    ),
    { requiredKeys: [] },
  );
  return fc
    .tuple(record, fc.dictionary(anyKey, jsonValue, { maxKeys: 2 }))
    .map(([shaped, extra]) => ({ ...extra, ...shaped }));
}

function deepObject(levels: number) {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** Bodies that are not JSON objects at all, or JSON that parsers get wrong. */
const RAW_BODIES: (string | Buffer)[] = [
  '',
  '{',
  '{"email": "a@example.com",',
  'nul',
  '[1,]',
  "{'a':1}",
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"email":"a@example.com","email":"b@example.com"}',
  '{"__proto__":{"isAdmin":true,"is_admin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  deepObject(4_000),
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"email":"${'a'.repeat(70_000)}@example.com"}`,
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
];

function bodyText(value: unknown): string {
  return JSON.stringify(value).replace(/"@@BIG:([^@]+)@@"/g, '$1');
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16le',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
];

/** One path segment: hostile text, written raw (traversal reaches the server unnormalised) or
 * percent-encoded, a random or a real id. */
const SEGMENTS = [
  '..',
  '../..',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  "'%20OR%201=1--",
  '%7B%7B7*7%7D%7D',
  'x'.repeat(3_000),
  '',
];
const segment = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...SEGMENTS) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 3, arbitrary: hostileString.map(percentEncode) },
  { weight: 2, arbitrary: fc.constant(null).chain(() => plausibleString().map(percentEncode)) },
);

function queryKeys(schema: AnyZod | undefined): string[] {
  return Object.keys(fieldsOf(schema) ?? {});
}

/** A query string: the schema's keys and others, hostile values, repeats and broken escapes. */
function queryString(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom('x', 'from', 'redirect_uri', ...keys), hostileString.map(percentEncode));
  const value = fc.oneof(hostileString.map(percentEncode), fc.constantFrom('%', '%zz', '%ED%A0%80', ''));
  return fc
    .array(fc.tuple(key, value), { maxLength: 5 })
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`));
}

type HostileRequest = { path: string; body: string | Buffer | undefined; headers: Record<string, string> };

function requestFor(route: RouteContract, role: Role): fc.Arbitrary<HostileRequest> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const unsafe = route.method !== 'GET';
  const body = fc.oneof(
    { weight: 6, arbitrary: shapedBody(route.body as AnyZod | undefined).map(bodyText) },
    { weight: 2, arbitrary: jsonValue.map(bodyText) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
  return fc
    .record({
      params: fc.tuple(...names.map(() => segment)),
      query: queryString(queryKeys(route.query as AnyZod | undefined)),
      body: unsafe ? body : fc.option(body, { freq: 5 }),
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        fc.constantFrom(...CONTENT_TYPES),
      ),
      accept: fc.constantFrom('application/json', 'text/html', '*/*', ''),
      origin: fc.constantFrom('own', 'none'),
      host: fc.oneof({ weight: 6, arbitrary: fc.constant('') }, fc.constantFrom('evil.example', '127.0.0.1')),
      forwarded: fc.boolean(),
    })
    .map((draw) => {
      let index = 0;
      const path = route.path.replace(/:(\w+)/g, () => draw.params[index++] as string) + draw.query;
      const headers: Record<string, string> = {};
      if (draw.body !== null && draw.body !== undefined) headers['content-type'] = draw.contentType;
      if (draw.accept) headers.accept = draw.accept;
      if (unsafe && draw.origin === 'own') headers.origin = server.url;
      if (draw.host) headers.host = draw.host;
      if (draw.forwarded) {
        headers['x-forwarded-host'] = 'evil.example';
        headers['x-forwarded-proto'] = 'https';
        headers['x-forwarded-for'] = '203.0.113.9';
      }
      if (cookies[role]) headers.cookie = cookies[role];
      const request: HostileRequest = { path, body: draw.body ?? undefined, headers };
      // Counterexamples print short: long values are cut, cookies left out.
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(route, role, request) });
    });
}

// ── the checks ───────────────────────────────────────────────────────────────────────────────

function cut(text: string, length = 200) {
  return text.length > length ? `${text.slice(0, length)}…(${text.length} characters)` : text;
}

function describeRequest(route: RouteContract, role: Role, request: HostileRequest) {
  const body = request.body === undefined ? '' : ` body ${JSON.stringify(cut(request.body.toString()))}`;
  const { cookie: _cookie, ...headers } = request.headers;
  return `${role} ${route.method} ${cut(request.path)}${body} headers ${JSON.stringify(headers)}`;
}

/** Answers given before a route is chosen: an address that is not valid percent-encoding (400),
 * no route for it (404), a path part over the length limit (414), headers too large (431). A
 * cross-site or traversing request is refused with 403 before any route, too. */
const BEFORE_ROUTING = new Set([400, 404, 414, 431]);

/** A request's headers without those that describe its body. */
function withoutBodyHeaders(headers: Record<string, string>) {
  const { 'content-type': _type, 'content-length': _length, ...rest } = headers;
  return rest;
}

/** What every answer of the contract must be, whoever asks and whatever they send. `unrouted`:
 * the address matches no route (the same request without its body answered 404), so a body over
 * the server-wide limit is refused as too large (413) before the not-found answer. */
function checkAnswer(route: RouteContract, role: Role, request: HostileRequest, answer: RawAnswer, unrouted = false) {
  const context = `${describeRequest(route, role, request)} → ${answer.status}`;
  expect(answer.status, `${context}: ${cut(answer.text, 300)}`).toBeLessThan(500);
  expect(answer.text, context).not.toMatch(STACK_TRACE);
  const type = String(answer.headers['content-type'] ?? '');
  if (answer.status >= 300 && answer.status < 400) {
    const location = String(answer.headers.location ?? '');
    expect(leavesSite(location, server.url), `${context} redirects to ${location}`).toBe(false);
    return null;
  }
  if (answer.status >= 400) {
    if (type.includes('text/html')) {
      // Browser routes answer a page for a browser; everything else answers JSON.
      expect(route.produces, context).toBe('text/html');
      return null;
    }
    const code = expectErrorShape(answer, context);
    // Whoever may not call an admin route learns nothing of its input rules: 401 or 403 before
    // anything else is looked at (or a refusal before any route is chosen).
    if (route.auth === 'admin' && role !== 'admin')
      expect([401, 403, ...BEFORE_ROUTING, ...(unrouted ? [413] : [])], context).toContain(answer.status);
    return code;
  }
  // A success only for a caller the route allows.
  if (route.auth === 'admin') expect(role, context).toBe('admin');
  if (route.auth === 'session') expect(role, context).not.toBe('anonymous');
  return null;
}

const contract = Object.entries(routes as Record<string, RouteContract>);

describe('hostile input on every call of the contract', () => {
  test('the contract has calls to cover', () => {
    expect(contract.length).toBeGreaterThan(50);
  });

  for (const [name, route] of contract) {
    test(`${route.method} ${route.path} (${name})`, async () => {
      for (const role of ROLES) {
        await ensureSignedIn(role);
        let before = await settledFingerprint(server);
        await fc.assert(
          fc.asyncProperty(requestFor(route, role), async (request) => {
            const answer = await sendRaw(server.url, route.method, request.path, request);
            // What a refused request left behind is read before anything else is sent.
            const after = answer.status < 400 ? null : await dataFingerprint(server);
            // A traversing path (`/api/accounts/../..`) can leave every route behind: then an
            // oversized body is refused as such before the 404, and says nothing of any route.
            // The probe is the same call without its body; where that is a valid call it does
            // its work (clearing a cache, say), which no later request may be blamed for.
            const probe =
              answer.status === 413
                ? await sendRaw(server.url, route.method, request.path, {
                    headers: withoutBodyHeaders(request.headers),
                  })
                : null;
            const code = checkAnswer(route, role, request, answer, probe?.status === 404);
            if (after === null) {
              before = await settledFingerprint(server);
              return;
            }
            const changed = changedTables(before, after);
            const allowed = code !== null && RECORDED_REFUSALS.has(code);
            expect(
              changed.filter((table) => !(allowed && RECORDED_TABLES.has(table))),
              `${describeRequest(route, role, request)} → ${answer.status} ${code} changed stored data`,
            ).toEqual([]);
            before = probe !== null && probe.status < 400 ? await settledFingerprint(server) : after;
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
      }
    });
  }

  test('a method a path does not have: 404 with the error shape', async () => {
    for (const [, route] of contract) {
      const path = route.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const answer = await sendRaw(server.url, 'PATCH', path, { headers: { cookie: cookies.admin } });
      expect(answer.status, `PATCH ${path}`).toBe(404);
      expectErrorShape(answer, `PATCH ${path}`);
    }
  });
});

// ── the identity provider's own endpoints ────────────────────────────────────────────────────

/** OAuth 2.0 and OpenID Connect parameter names the provider reads. */
const OAUTH_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'max_age',
  'login_hint',
  'ui_locales',
  'claims',
  'request',
  'request_uri',
  'grant_type',
  'code',
  'code_verifier',
  'refresh_token',
  'token',
  'token_type_hint',
  'id_token_hint',
  'post_logout_redirect_uri',
  'client_secret',
  'xsrf',
  'logout',
];

function oauthValue(name: string): fc.Arbitrary<string> {
  const real: Record<string, string[]> = {
    client_id: [known.clientId],
    redirect_uri: [
      known.redirectUri,
      `${known.redirectUri}/../evil`,
      `${known.redirectUri}?next=https://evil.example`,
      'https://fuzz-instance.example.com.evil.example/auth/callback',
      'https://evil.example/auth/callback',
      '//evil.example',
      'javascript:alert(1)',
    ],
    post_logout_redirect_uri: [known.postLogoutUri, 'https://evil.example/', `${known.postLogoutUri}@evil.example`],
    response_type: ['code', 'token', 'id_token', 'code id_token', 'none'],
    scope: ['openid', 'openid email profile', 'openid offline_access', 'admin'],
    code_challenge_method: ['S256', 'plain'],
    code_challenge: ['E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'],
    grant_type: ['authorization_code', 'refresh_token', 'client_credentials', 'password'],
    prompt: ['login', 'none', 'consent', 'select_account'],
    response_mode: ['query', 'fragment', 'form_post', 'web_message'],
  };
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(real[name] ?? ['x'])) },
    { weight: 2, arbitrary: hostileString },
  );
}

const oauthParameters = fc
  .uniqueArray(fc.constantFrom(...OAUTH_PARAMETERS), { maxLength: 9 })
  .chain((names) => fc.tuple(...names.map((name) => oauthValue(name).map((value) => [name, value] as const))));

function formOf(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([name, value]) => `${name}=${percentEncode(value)}`).join('&');
}

describe('NUL characters, which PostgreSQL text cannot hold', () => {
  test('refused with 422 where text is searched or stored, unknown to the identity provider', async () => {
    const tenantId = known.ids[1] as string;
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/accounts/search/a%00b'],
      ['GET', '/api/tenants/search/a%00b'],
      ['POST', `/api/tenants/${tenantId}/settings`, { key: 'theme', value: 'dark\u0000' }],
      ['POST', '/api/tenants', { name: 'Nul\u0000 AB', slug: `nul${Date.now().toString(36)}` }],
      ['POST', '/api/notification/', { message: 'Hello\u0000', tenants: [tenantId] }],
      ['POST', '/auth/login/start?lang=sv%00', { email: 'someone@example.com' }],
    ];
    const before = await settledFingerprint(server);
    for (const [method, path, body] of cases) {
      const answer = await sendRaw(server.url, method, path, {
        headers: { cookie: cookies.admin, origin: server.url, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(422);
      expect(expectErrorShape(answer, path)).toBe(ErrorCode.validation);
      expect(answer.text, `${method} ${path}`).toContain('NUL');
    }
    expect(changedTables(before, await dataFingerprint(server))).toEqual([]);
    const authorize = await sendRaw(server.url, 'GET', '/oauth2/authorize?client_id=a%00b&response_type=code', {
      headers: { accept: 'text/html' },
    });
    expect(authorize.status).toBe(400);
  });
});

describe("the identity provider's endpoints", () => {
  test('random and malformed OAuth requests: never a 500, never a redirect anywhere unregistered', async () => {
    const discovery = await sendRaw(server.url, 'GET', '/.well-known/openid-configuration');
    expect(discovery.status).toBe(200);
    const metadata = JSON.parse(discovery.text) as Record<string, unknown>;
    const endpoints = Object.entries(metadata)
      .filter(([key, value]) => (key.endsWith('_endpoint') || key === 'jwks_uri') && typeof value === 'string')
      .map(([, value]) => new URL(value as string).pathname);
    endpoints.push('/.well-known/openid-configuration', '/oauth2/logout/confirm', '/oauth2/authorize/x');
    expect(endpoints).toEqual(expect.arrayContaining(['/oauth2/authorize', '/oauth2/token', '/oauth2/logout']));
    const allowedTargets = [known.redirectUri, known.postLogoutUri];

    for (const path of new Set(endpoints)) {
      await fc.assert(
        fc.asyncProperty(
          oauthParameters,
          fc.constantFrom('GET', 'POST'),
          fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain'),
          fc.constantFrom(
            '',
            `Basic ${Buffer.from(`${known.clientId}:wrong`).toString('base64')}`,
            'Basic !!!',
            'Bearer x.y.z',
            `Bearer ${'a'.repeat(2000)}`,
          ),
          fc.constantFrom('user', 'anonymous' as const),
          async (pairs, method, contentType, authorization, role) => {
            const form = formOf(pairs);
            const headers: Record<string, string> = { accept: 'text/html,application/json' };
            if (authorization) headers.authorization = authorization;
            if (cookies[role as Role]) headers.cookie = cookies[role as Role];
            const target = method === 'GET' && form ? `${path}?${form}` : path;
            if (method === 'POST') headers['content-type'] = contentType;
            const answer = await sendRaw(server.url, method, target, {
              headers,
              body: method === 'POST' ? form : undefined,
            });
            const context = `${method} ${target.slice(0, 300)} ${method === 'POST' ? form.slice(0, 300) : ''} → ${answer.status}`;
            expect(answer.status, `${context}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
            expect(answer.text, context).not.toMatch(STACK_TRACE);
            const location = answer.headers.location;
            if (
              answer.status >= 300 &&
              answer.status < 400 &&
              typeof location === 'string' &&
              leavesSite(location, server.url)
            ) {
              const registered = allowedTargets.some(
                (uri) => location === uri || location.startsWith(`${uri}?`) || location.startsWith(`${uri}#`),
              );
              expect(registered, `${context} redirects to ${location}`).toBe(true);
            }
            if (answer.status >= 400 && String(answer.headers['content-type']).includes('json')) {
              const json = JSON.parse(answer.text) as { error?: unknown; detail?: unknown };
              // OAuth's own error format, or the contract's for what Helios refuses before the
              // provider sees it (a cross-site request, a body that is not a form).
              expect(typeof json.error === 'string' || Array.isArray(json.detail), context).toBe(true);
            }
          },
        ),
        { numRuns: 25, endOnFailure: true },
      );
    }
  });

  test('a parameter the provider keeps with a NUL character in it is refused (400); a POST never reaches it', async () => {
    for (const role of ['user', 'anonymous'] as const) {
      const headers: Record<string, string> = { accept: 'text/html' };
      if (cookies[role]) headers.cookie = cookies[role];
      const query = await sendRaw(server.url, 'GET', '/oauth2/logout?state=a%00b', { headers });
      expect(query.status, query.text.slice(0, 200)).toBe(400);
      // The logout endpoint takes GET only (docs/oidc.md).
      const form = await sendRaw(server.url, 'POST', '/oauth2/logout', {
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'state=a%00b',
      });
      expect(form.status, form.text.slice(0, 200)).toBe(404);
    }
  });
});
