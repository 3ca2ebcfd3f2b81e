import { randomUUID } from 'node:crypto';
import { adminRoutes, ErrorCode } from '@helios/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts } from '../src/db/schema';
import { failure, signedIn, signedInAdmin } from './admin-helpers';
import { type Browser, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const guarded = Object.entries(adminRoutes).filter(([, route]) => route.auth === 'admin');

/** A concrete path for a contract path: ids as fresh UUIDs, a search term for :term. */
function concretePath(path: string) {
  return path.replace(/:(\w+)/g, (_, name: string) => (name === 'term' ? 'ann' : randomUUID()));
}

async function walk(browser: Browser) {
  const answers: { name: string; status: number; type: string | undefined }[] = [];
  for (const [name, route] of guarded) {
    const withBody = 'body' in route;
    const response = await browser.fetch(`${server.url}${concretePath(route.path)}`, {
      method: route.method,
      headers: withBody ? { 'content-type': 'application/json' } : {},
      body: withBody ? '{}' : undefined,
    });
    const json = (await response.json().catch(() => undefined)) as { detail?: { type: string }[] } | undefined;
    answers.push({ name, status: response.status, type: json?.detail?.[0]?.type });
  }
  return answers;
}

describe('every admin call is guarded on the server', () => {
  test('the contract has admin calls to walk', () => {
    expect(guarded.length).toBeGreaterThanOrEqual(24);
  });

  test('signed out: 401 unauthenticated, before the input is even looked at', async () => {
    for (const answer of await walk(server.browser())) {
      expect(answer, answer.name).toMatchObject({ status: 401, type: ErrorCode.unauthenticated });
    }
  });

  test('a signed-in user who is not an admin: 403 forbidden', async () => {
    const { browser } = await signedIn(server);
    for (const answer of await walk(browser)) {
      expect(answer, answer.name).toMatchObject({ status: 403, type: ErrorCode.forbidden });
    }
  });

  test('an admin gets through to every call', async () => {
    const { browser } = await signedInAdmin(server);
    for (const answer of await walk(browser)) {
      expect([401, 403], answer.name).not.toContain(answer.status);
      expect(answer.status, answer.name).toBeLessThan(500);
    }
  });

  test('revoking admin rights takes effect on the next call, without signing out', async () => {
    const { browser, account } = await signedInAdmin(server);
    expect(await browser.api.call('listTenants')).toBeInstanceOf(Array);
    await server.ctx.db.update(accounts).set({ isAdmin: false }).where(eq(accounts.id, account.id));
    const error = await failure(browser.api.call('listTenants'));
    expect(error.status).toBe(403);
  });

  test('the session check says whether the signed-in person is a platform admin, read fresh each time', async () => {
    const { browser: user, account: person } = await signedIn(server);
    expect(await user.api.call('session')).toEqual({ email: person.email, is_admin: false });
    const { browser, account } = await signedInAdmin(server);
    expect(await browser.api.call('session')).toEqual({ email: account.email, is_admin: true });
    await server.ctx.db.update(accounts).set({ isAdmin: false }).where(eq(accounts.id, account.id));
    expect((await browser.api.call('session')).is_admin).toBe(false);
    const raw = await (await browser.fetch(`${server.url}/auth/session`)).json();
    expect(raw).toEqual({ email: account.email, is_admin: false });
  });

  test('a signed-out browser with a forged or stale cookie is still 401', async () => {
    const browser = server.browser();
    browser.cookies.set('helios_session', 'x'.repeat(43));
    expect((await failure(browser.api.call('listAccounts'))).status).toBe(401);
  });

  test('admin calls that change something are refused cross-site', async () => {
    const { browser } = await signedInAdmin(server);
    const result = await browser.raw('DELETE', '/api/tenants/settings/cache', undefined, {
      origin: 'https://evil.example',
    });
    expect(result.status).toBe(403);
    expect((result.json as { detail: { type: string }[] }).detail[0]?.type).toBe(ErrorCode.crossSite);
  });

  test('admin answers are never cached', async () => {
    const { browser } = await signedInAdmin(server);
    const result = await browser.raw('GET', '/api/tenants/');
    expect(result.status).toBe(200);
    expect(result.headers.get('cache-control')).toBe('no-store');
  });
});
