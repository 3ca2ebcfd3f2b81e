import { ErrorCode } from '@helios/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { knownBrowsers } from '../src/db/schema';
import { StoreUnavailableError } from '../src/store/store';
import { failure } from './admin-helpers';
import { eventually } from './eventually';
import { createAccount, PASSWORD } from './fixtures';
import { startTestServer, type TestServer } from './harness';

/** The last step of a login writes the login as Done and starts the portal session; the login
 * cookie is cleared only once those writes succeeded, so a failed step can be tried again. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

test('a last login step whose writes fail keeps the login cookie, and the step succeeds when tried again', async () => {
  const account = await createAccount(server.ctx, { password: PASSWORD });
  const browser = server.browser();
  const started = await browser.api.call('start', { body: { email: account.email } });
  const body = { session_id: started.session_id as string, email: account.email, password: PASSWORD };

  const store = server.ctx.store;
  const set = store.set;
  // The store refuses the login's and the portal session's writes, as Redis down would.
  store.set = (key, value, ttlMs) =>
    key.startsWith('login:') || key.startsWith('session:')
      ? Promise.reject(new StoreUnavailableError(new Error('injected')))
      : set.call(store, key, value, ttlMs);
  try {
    const error = await failure(browser.api.call('verifyPassword', { body }));
    expect(error.status).toBe(503);
    expect(error.detail).toEqual([{ type: ErrorCode.serviceUnavailable, msg: expect.any(String) }]);
  } finally {
    store.set = set;
  }

  expect((await browser.api.call('verifyPassword', { body })).state).toBe('Done');
  expect((await browser.raw('GET', '/auth/session')).status).toBe(200);
});

test('a last login step whose writes fail makes no browser known and sends no new-browser mail', async () => {
  const account = await createAccount(server.ctx, { password: PASSWORD });
  const known = () => server.ctx.db.select().from(knownBrowsers).where(eq(knownBrowsers.accountId, account.id));
  // A first browser, so that a second one would be mailed about.
  const first = server.browser();
  const opened = await first.api.call('start', { body: { email: account.email } });
  await first.api.call('verifyPassword', {
    body: { session_id: opened.session_id as string, email: account.email, password: PASSWORD },
  });
  await eventually('the first browser known', async () => (await known()).length === 1);

  const browser = server.browser();
  const started = await browser.api.call('start', { body: { email: account.email } });
  const body = { session_id: started.session_id as string, email: account.email, password: PASSWORD };
  const store = server.ctx.store;
  const set = store.set;
  store.set = (key, value, ttlMs) =>
    key.startsWith('login:') || key.startsWith('session:')
      ? Promise.reject(new StoreUnavailableError(new Error('injected')))
      : set.call(store, key, value, ttlMs);
  try {
    expect((await failure(browser.api.call('verifyPassword', { body }))).status).toBe(503);
  } finally {
    store.set = set;
  }
  // Whatever the background would have written has had its time.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(browser.cookies.get('helios_browser')).toBeUndefined();
  expect(await known()).toHaveLength(1);
  expect(await server.mailCount(account.email)).toBe(0);
});
