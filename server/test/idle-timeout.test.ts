import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config';
import { sha256 } from '../src/security/tokens';
import { type PortalSession, SESSION_COOKIE } from '../src/session/portal-session';
import { getJson } from '../src/store/store';
import { eventually } from './eventually';
import { createAccount, PASSWORD } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';
import { expectClient, follow, instanceWithClient, member, signedInTo } from './oidc-helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The servers' clock runs this far ahead of real time; tests move it on. */
let aheadMs = 0;
const now = () => new Date(Date.now() + aheadMs);
let server: TestServer;
/** Shorter limits from the environment. */
let configured: TestServer;

beforeAll(async () => {
  [server, configured] = await Promise.all([
    startTestServer({ now }),
    startTestServer({
      now,
      env: {
        SESSION_IDLE_MINUTES: '10',
        SESSION_MAX_HOURS: '1',
        REMEMBER_IDLE_DAYS: '1',
        REMEMBER_MAX_DAYS: '2',
        ADMIN_IDLE_MINUTES: '5',
        ADMIN_MAX_HOURS: '2',
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), configured?.close()]);
});

type SignedIn = { browser: Browser; cookie: string };

/** Signs a new account in with its password on a fresh browser; the session cookie's header. */
async function signIn(on: TestServer, options: { remember?: boolean; isAdmin?: boolean } = {}): Promise<SignedIn> {
  const account = await createAccount(on.ctx, { password: PASSWORD, isAdmin: options.isAdmin ?? false });
  const browser = on.browser();
  const started = await browser.api.call('start', { body: { email: account.email } });
  const response = await browser.fetch(`${on.url}/auth/login/verify-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      session_id: started.session_id,
      email: account.email,
      password: PASSWORD,
      remember: options.remember ?? false,
    }),
  });
  expect(((await response.json()) as { state: string }).state).toBe('Done');
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  return { browser, cookie: cookie as string };
}

/** Whether the browser is still signed in (a request, so it also counts as activity). */
async function signedIn(on: TestServer, browser: Browser) {
  return (await browser.fetch(`${on.url}/auth/session`)).status === 200;
}

/** Moves the clock by `stepMs` at a time, checking the session at each step, until `untilMs`
 * after now; true when it stayed signed in all along. */
async function activeEvery(on: TestServer, browser: Browser, stepMs: number, untilMs: number) {
  for (let moved = stepMs; moved <= untilMs; moved += stepMs) {
    aheadMs += stepMs;
    if (!(await signedIn(on, browser))) return false;
  }
  return true;
}

describe('portal sessions (defaults: 2 h idle, 12 h absolute)', () => {
  test('a session ends after 2 hours without a request', async () => {
    const { browser, cookie } = await signIn(server);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    aheadMs += 2 * HOUR - MINUTE;
    expect(await signedIn(server, browser)).toBe(true);
    aheadMs += 2 * HOUR + MINUTE;
    expect(await signedIn(server, browser)).toBe(false);
  });

  test('an active session lives 12 hours and ends at 12 hours regardless', async () => {
    const { browser } = await signIn(server);
    expect(await activeEvery(server, browser, HOUR, 11 * HOUR)).toBe(true);
    aheadMs += HOUR - MINUTE;
    expect(await signedIn(server, browser)).toBe(true);
    aheadMs += 2 * MINUTE;
    expect(await signedIn(server, browser)).toBe(false);
  });

  test("the store's expiry follows: each write of last active sets it to the time left", async () => {
    const { browser } = await signIn(server);
    const key = `session:${sha256(decodeURIComponent(browser.cookies.get(SESSION_COOKIE) as string))}`;
    expect(await server.ctx.store.ttl(key)).toBeGreaterThan(2 * HOUR - MINUTE);
    expect(await activeEvery(server, browser, HOUR, 11 * HOUR)).toBe(true);
    // One hour of the twelve is left: less than the idle timeout.
    const left = (await server.ctx.store.ttl(key)) as number;
    expect(left).toBeGreaterThan(HOUR - MINUTE);
    expect(left).toBeLessThanOrEqual(HOUR);
  });

  test('last active is written at most once a minute', async () => {
    const { browser } = await signIn(server);
    const writes: string[] = [];
    const store = server.ctx.store;
    const { set, replace } = store;
    store.set = (key, ...rest) => {
      writes.push(key);
      return set.call(store, key, ...rest);
    };
    store.replace = (key, ...rest) => {
      writes.push(key);
      return replace.call(store, key, ...rest);
    };
    try {
      const { sessions: before } = await browser.api.call('sessions');
      const signedInAt = before[0]?.signed_in_at;
      for (let i = 0; i < 10; i++) expect(await signedIn(server, browser)).toBe(true);
      aheadMs += 59_000;
      for (let i = 0; i < 5; i++) expect(await signedIn(server, browser)).toBe(true);
      expect(writes.filter((key) => key.startsWith('session:'))).toEqual([]);
      const { sessions: within } = await browser.api.call('sessions');
      expect(within[0]?.last_active_at).toBe(signedInAt);

      aheadMs += 2_000;
      for (let i = 0; i < 5; i++) expect(await signedIn(server, browser)).toBe(true);
      expect(writes.filter((key) => key.startsWith('session:'))).toHaveLength(1);
      const { sessions: after } = await browser.api.call('sessions');
      expect(Date.parse(after[0]?.last_active_at as string) - Date.parse(signedInAt as string)).toBeGreaterThanOrEqual(
        MINUTE,
      );
    } finally {
      store.set = set;
      store.replace = replace;
    }
  });
});

describe('"remember me" (defaults: 7 days idle, 30 days absolute)', () => {
  test('the cookie lasts the absolute lifetime, and the session ends after 7 days without a request', async () => {
    const { browser, cookie } = await signIn(server, { remember: true });
    expect(cookie).toMatch(/Max-Age=2592000/);
    aheadMs += 7 * DAY - HOUR;
    expect(await signedIn(server, browser)).toBe(true);
    aheadMs += 7 * DAY + MINUTE;
    expect(await signedIn(server, browser)).toBe(false);
  });

  test('an active remembered session lives 30 days and ends then', async () => {
    const { browser } = await signIn(server, { remember: true });
    expect(await activeEvery(server, browser, 6 * DAY, 29 * DAY)).toBe(true);
    aheadMs += 6 * DAY - MINUTE;
    expect(await signedIn(server, browser)).toBe(true);
    aheadMs += 2 * MINUTE;
    expect(await signedIn(server, browser)).toBe(false);
  });
});

describe('platform admins (defaults: 30 minutes idle, 8 hours absolute, never remembered)', () => {
  test('an admin session is never persistent, even with "remember me"', async () => {
    const { cookie } = await signIn(server, { remember: true, isAdmin: true });
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
  });

  test('an admin session ends after 30 minutes without a request', async () => {
    const { browser } = await signIn(server, { remember: true, isAdmin: true });
    aheadMs += 29 * MINUTE;
    expect(await signedIn(server, browser)).toBe(true);
    aheadMs += 31 * MINUTE;
    expect(await signedIn(server, browser)).toBe(false);
  });

  test('an active admin session ends at 8 hours', async () => {
    const { browser } = await signIn(server, { isAdmin: true });
    expect(await activeEvery(server, browser, 25 * MINUTE, 475 * MINUTE)).toBe(true);
    aheadMs += 4 * MINUTE;
    expect(await signedIn(server, browser)).toBe(true);
    aheadMs += 2 * MINUTE;
    expect(await signedIn(server, browser)).toBe(false);
  });
});

describe('limits from the environment', () => {
  test('SESSION_*, REMEMBER_* and ADMIN_* set the idle and absolute lifetimes', async () => {
    const portal = await signIn(configured);
    aheadMs += 11 * MINUTE;
    expect(await signedIn(configured, portal.browser)).toBe(false);

    const active = await signIn(configured);
    expect(await activeEvery(configured, active.browser, 9 * MINUTE, 54 * MINUTE)).toBe(true);
    aheadMs += 7 * MINUTE;
    expect(await signedIn(configured, active.browser)).toBe(false);

    const remembered = await signIn(configured, { remember: true });
    expect(remembered.cookie).toMatch(/Max-Age=172800/);
    aheadMs += DAY + MINUTE;
    expect(await signedIn(configured, remembered.browser)).toBe(false);

    const admin = await signIn(configured, { isAdmin: true });
    aheadMs += 6 * MINUTE;
    expect(await signedIn(configured, admin.browser)).toBe(false);
  });

  test('a limit that is not a whole number of at least 1 is refused at start', () => {
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ ADMIN_MAX_HOURS: 'eight' })).toThrow(/ADMIN_MAX_HOURS/);
    expect(loadConfig({}).sessions).toEqual({
      browser: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR },
      remembered: { idleMs: 7 * DAY, absoluteMs: 30 * DAY },
      admin: { idleMs: 30 * MINUTE, absoluteMs: 8 * HOUR },
    });
  });
});

describe("an instance's tokens follow the Helios session they came from", () => {
  /** grant_type=refresh_token as the instance sends it (with `parameters` such as `resource`):
   * the status and the error. */
  async function refresh(clientId: string, secret: string, refreshToken: string, parameters = {}) {
    const response = await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ ...parameters, grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    const body = (await response.json()) as { error?: string; refresh_token?: string; access_token?: string };
    return {
      status: response.status,
      error: body.error,
      refreshToken: body.refresh_token,
      accessToken: body.access_token,
    };
  }

  test('a refresh token without offline_access is invalid_grant once its session timed out idle; an offline_access one still refreshes', async () => {
    const { tenant, rp, secret } = await instanceWithClient(server, `idle${Date.now().toString(36)}`);
    const person = await member(server, [tenant.id]);
    const { browser, tokens } = await signedInTo(server, rp, person.email);
    const consent = await rp.authorizationRequest({ scope: 'openid email profile offline_access', prompt: 'consent' });
    const offline = await rp.exchange(await expectClient(follow(browser, consent.url)), consent.checks);

    const stillLive = await refresh(tenant.id, secret, tokens.refresh_token as string);
    expect(stillLive.status).toBe(200);

    aheadMs += 2 * HOUR + MINUTE;
    expect(await refresh(tenant.id, secret, stillLive.refreshToken as string)).toMatchObject({
      status: 400,
      error: 'invalid_grant',
    });
    expect((await refresh(tenant.id, secret, offline.refresh_token as string)).status).toBe(200);
  });

  test('a refresh token asking for a JWT access token (resource) is invalid_grant once its session timed out idle', async () => {
    const { tenant, rp, secret } = await instanceWithClient(server, `idlejwt${Date.now().toString(36)}`);
    const person = await member(server, [tenant.id]);
    const { browser } = await signedInTo(server, rp, person.email);
    const resource = { resource: tenant.url };
    const { url, checks } = await rp.authorizationRequest(resource);
    const tokens = await rp.exchange(await expectClient(follow(browser, url)), checks, resource);

    const stillLive = await refresh(tenant.id, secret, tokens.refresh_token as string, resource);
    expect(stillLive.status).toBe(200);
    expect(decodeProtectedHeader(stillLive.accessToken as string).typ).toBe('at+jwt');

    aheadMs += 2 * HOUR + MINUTE;
    expect(await refresh(tenant.id, secret, stillLive.refreshToken as string, resource)).toMatchObject({
      status: 400,
      error: 'invalid_grant',
      accessToken: undefined,
    });
  });

  /** A person signed in to an instance who then works only there: the portal session's key in
   * the store, and the refresh token. */
  async function workingInAnInstance() {
    const { tenant, rp, secret } = await instanceWithClient(server, `work${Math.random().toString(36).slice(2, 9)}`);
    const person = await member(server, [tenant.id]);
    const { browser, tokens } = await signedInTo(server, rp, person.email);
    const key = `session:${sha256(decodeURIComponent(browser.cookies.get(SESSION_COOKIE) as string))}`;
    let refreshToken = tokens.refresh_token as string;
    /** Refreshes as the instance does; once it worked, waits for the portal session to be marked
     * active (that happens after the answer). */
    const refreshNow = async () => {
      const answer = await refresh(tenant.id, secret, refreshToken);
      if (answer.status !== 200) return answer;
      refreshToken = answer.refreshToken as string;
      await eventually('the portal session is marked active', async () => {
        const session = await getJson<PortalSession>(server.ctx.store, key);
        return Date.parse(session?.lastActiveAt ?? '') > now().getTime() - MINUTE;
      });
      return answer;
    };
    return { refreshNow };
  }

  test('refreshing a session-bound token every hour keeps its portal session alive past 2 h idle; without refreshes it ends after 2 h idle', async () => {
    const { refreshNow } = await workingInAnInstance();
    for (let hour = 1; hour <= 4; hour++) {
      aheadMs += HOUR;
      expect((await refreshNow()).status).toBe(200);
    }
    aheadMs += 2 * HOUR + MINUTE;
    expect(await refreshNow()).toMatchObject({ status: 400, error: 'invalid_grant' });
  });

  test('refreshing every hour does not outlast the absolute 12 h', async () => {
    const { refreshNow } = await workingInAnInstance();
    for (let hour = 1; hour <= 11; hour++) {
      aheadMs += HOUR;
      expect((await refreshNow()).status).toBe(200);
    }
    aheadMs += HOUR + MINUTE;
    expect(await refreshNow()).toMatchObject({ status: 400, error: 'invalid_grant' });
  });
});
