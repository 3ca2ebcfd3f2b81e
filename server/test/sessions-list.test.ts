import { ErrorCode } from '@helios/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { sha256 } from '../src/security/tokens';
import { SESSION_COOKIE } from '../src/session/portal-session';
import { failure } from './admin-helpers';
import { eventually } from './eventually';
import { createAccount, type FixtureAccount, PASSWORD } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Every answer body the tests saw, and every session cookie they were given: no answer may
 * hold a cookie value or its store key. */
const answers: string[] = [];
const sessionCookies: string[] = [];

/** A browser with its own cookie jar and User-Agent, signed in to `account` with its password. */
async function signedIn(account: FixtureAccount, userAgent: string): Promise<Browser> {
  const browser = server.browser({ 'user-agent': userAgent });
  const started = await browser.api.call('start', { body: { email: account.email } });
  const done = await browser.api.call('verifyPassword', {
    body: { session_id: started.session_id as string, email: account.email, password: PASSWORD },
  });
  expect(done.state).toBe('Done');
  sessionCookies.push(decodeURIComponent(browser.cookies.get(SESSION_COOKIE) as string));
  return browser;
}

async function sessionsOf(browser: Browser) {
  const { sessions } = await browser.api.call('sessions');
  answers.push(JSON.stringify(sessions));
  return sessions;
}

async function isSignedIn(browser: Browser) {
  const response = await browser.fetch(`${server.url}/auth/session`);
  answers.push(await response.text());
  return response.status === 200;
}

async function endSession(browser: Browser, id: string) {
  const response = await browser.fetch(`${server.url}/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
  const text = await response.text();
  answers.push(text);
  return { status: response.status, body: JSON.parse(text) as unknown };
}

describe('where you are signed in', () => {
  test("lists the account's sessions, newest activity first, with the current one marked, browser and OS from the User-Agent and the sign-in method", async () => {
    const alice = await createAccount(server.ctx, { password: PASSWORD });
    const firefox = await signedIn(alice, FIREFOX_ON_WINDOWS);
    const chrome = await signedIn(alice, CHROME_ON_MAC);
    const bob = await signedIn(await createAccount(server.ctx, { password: PASSWORD }), SAFARI_ON_IPHONE);

    const seenFromFirefox = await sessionsOf(firefox);
    expect(seenFromFirefox).toHaveLength(2);
    const [mine, other] = [
      seenFromFirefox.find((entry) => entry.current),
      seenFromFirefox.find((entry) => !entry.current),
    ];
    expect(mine).toMatchObject({ browser: 'Firefox 133', os: 'Windows 10', method: 'password', second_factor: null });
    expect(other).toMatchObject({ browser: 'Chrome 131', os: 'macOS Catalina', method: 'password' });
    for (const entry of seenFromFirefox) {
      expect(Date.parse(entry.signed_in_at)).not.toBeNaN();
      expect(Date.parse(entry.last_active_at)).toBeGreaterThanOrEqual(Date.parse(entry.signed_in_at));
    }

    // The same two from Chrome, its own marked this time.
    const seenFromChrome = await sessionsOf(chrome);
    expect(seenFromChrome.map((entry) => entry.id).sort()).toEqual(seenFromFirefox.map((entry) => entry.id).sort());
    expect(seenFromChrome.find((entry) => entry.current)?.id).toBe(other?.id);

    const bobs = await sessionsOf(bob);
    expect(bobs).toHaveLength(1);
    expect(bobs[0]).toMatchObject({ browser: 'Safari 17', os: 'iOS 17', current: true });
    expect(seenFromFirefox.map((entry) => entry.id)).not.toContain(bobs[0]?.id);
  });

  test('Sign out on another session ends it in that browser; the id of another account’s session is unknown (404)', async () => {
    const alice = await createAccount(server.ctx, { password: PASSWORD });
    const firefox = await signedIn(alice, FIREFOX_ON_WINDOWS);
    const chrome = await signedIn(alice, CHROME_ON_MAC);
    const bob = await signedIn(await createAccount(server.ctx, { password: PASSWORD }), SAFARI_ON_IPHONE);
    const chromeId = (await sessionsOf(chrome)).find((entry) => entry.current)?.id as string;
    const bobsId = (await sessionsOf(bob))[0]?.id as string;

    const ended = await endSession(firefox, chromeId);
    expect(ended.status).toBe(200);
    expect((ended.body as { sessions: { current: boolean }[] }).sessions).toEqual([
      expect.objectContaining({ current: true }),
    ]);
    expect(await isSignedIn(chrome)).toBe(false);
    expect(await isSignedIn(firefox)).toBe(true);

    const foreign = await endSession(firefox, bobsId);
    expect(foreign.status).toBe(404);
    expect(await isSignedIn(bob)).toBe(true);
    // An ended session's id is unknown too, and a made-up one.
    expect((await endSession(firefox, chromeId)).status).toBe(404);
    expect((await endSession(firefox, 'A'.repeat(22))).status).toBe(404);
    expect((await endSession(firefox, 'not/an id')).status).toBe(422);

    const audited = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.actorAccountId, alice.id));
    expect(audited.map((row) => row.action)).toContain('session.signed_out');
  });

  test('Sign out on the current session is a logout: the cookie is cleared', async () => {
    const alice = await createAccount(server.ctx, { password: PASSWORD });
    const firefox = await signedIn(alice, FIREFOX_ON_WINDOWS);
    const chrome = await signedIn(alice, CHROME_ON_MAC);
    const mine = (await sessionsOf(firefox)).find((entry) => entry.current)?.id as string;
    const response = await firefox.fetch(`${server.url}/auth/sessions/${mine}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))).toMatch(
      /Expires=Thu, 01 Jan 1970/i,
    );
    expect(firefox.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await isSignedIn(firefox)).toBe(false);
    expect(await sessionsOf(chrome)).toHaveLength(1);
  });

  test('sign out of all other sessions keeps the current one and ends the rest', async () => {
    const alice = await createAccount(server.ctx, { password: PASSWORD });
    const firefox = await signedIn(alice, FIREFOX_ON_WINDOWS);
    const chrome = await signedIn(alice, CHROME_ON_MAC);
    const phone = await signedIn(alice, SAFARI_ON_IPHONE);
    const bob = await signedIn(await createAccount(server.ctx, { password: PASSWORD }), FIREFOX_ON_WINDOWS);

    const { sessions } = await firefox.api.call('signOutOthers', { body: {} });
    answers.push(JSON.stringify(sessions));
    expect(sessions).toEqual([expect.objectContaining({ current: true, browser: 'Firefox 133' })]);
    expect(await isSignedIn(firefox)).toBe(true);
    expect(await isSignedIn(chrome)).toBe(false);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(bob)).toBe(true);
    expect(await sessionsOf(firefox)).toHaveLength(1);

    const audited = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.actorAccountId, alice.id));
    expect(audited.find((row) => row.action === 'session.signed_out_others')?.details).toEqual({ sessions: 2 });
  });

  test('signed out, the list and both ways to sign out answer 401', async () => {
    const api = server.browser().api;
    for (const call of [
      () => api.call('sessions'),
      () => api.call('signOutOthers', { body: {} }),
      () => api.call('endSession', { params: { id: 'A'.repeat(22) } }),
    ]) {
      const error = await failure(call());
      expect(error.status).toBe(401);
      expect(error.type).toBe(ErrorCode.unauthenticated);
    }
  });

  test("listing removes the account list's members whose session has gone", async () => {
    const alice = await createAccount(server.ctx, { password: PASSWORD });
    const firefox = await signedIn(alice, FIREFOX_ON_WINDOWS);
    const list = `account-sessions:${alice.id}`;
    // A member whose record expired in the store (its key is a hash of no live cookie).
    await server.ctx.store.addToSet(list, sha256('gone'), 60_000);
    expect(await server.ctx.store.members(list)).toHaveLength(2);

    expect(await sessionsOf(firefox)).toHaveLength(1);
    await eventually('the dead member is removed', async () => (await server.ctx.store.members(list)).length === 1);
  });

  test('no answer holds a session cookie value or its store key', async () => {
    // Its own sessions and answers: the list, Sign out on one, Sign out of all other sessions.
    const seenBefore = answers.length;
    const cookiesBefore = sessionCookies.length;
    const alice = await createAccount(server.ctx, { password: PASSWORD });
    const firefox = await signedIn(alice, FIREFOX_ON_WINDOWS);
    const chrome = await signedIn(alice, CHROME_ON_MAC);
    await signedIn(alice, SAFARI_ON_IPHONE);
    const listed = await sessionsOf(firefox);
    // The store keys are the cookies' hashes.
    const mine = sessionCookies.slice(cookiesBefore);
    const keys = await server.ctx.store.members(`account-sessions:${alice.id}`);
    expect(keys.sort()).toEqual(mine.map(sha256).sort());
    const chromeId = listed.find((entry) => entry.browser === 'Chrome 131')?.id as string;
    await endSession(firefox, chromeId);
    expect(await isSignedIn(chrome)).toBe(false);
    answers.push(JSON.stringify((await firefox.api.call('signOutOthers', { body: {} })).sessions));
    await sessionsOf(firefox);

    const seen = answers.slice(seenBefore);
    expect(seen.length).toBeGreaterThanOrEqual(5);
    const all = seen.join('\n');
    for (const cookie of mine) {
      expect(all).not.toContain(cookie);
      expect(all).not.toContain(sha256(cookie));
    }
  });
});
