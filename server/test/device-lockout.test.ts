import { ErrorCode } from '@helios/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts } from '../src/db/schema';
import { DEVICE_COOKIE } from '../src/session/portal-session';
import { createAccount, type FixtureAccount, PASSWORD, totpCode } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';

const MINUTE = 60_000;
/** The server's clock runs this far ahead of real time; tests move it on. */
let aheadMs = 0;
const serverNow = () => new Date(Date.now() + aheadMs);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: serverNow });
});
afterAll(async () => {
  await server?.close();
});

type Answer = { status: number; body: Record<string, unknown> };

async function post(browser: Browser, path: string, body: unknown): Promise<Answer> {
  const response = await browser.fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A login on `browser` up to the password: the password step's answer and the session id. */
async function password(browser: Browser, email: string, secret: string) {
  const started = await post(browser, '/auth/login/start', { email });
  const session_id = started.body.session_id as string;
  const answer = await post(browser, '/auth/login/verify-password', { session_id, email, password: secret });
  return { answer, session_id };
}

/** A full sign-in with password and authenticator code (one of a later time step each time: the
 * server's clock moves on a minute first, as a code is accepted once). */
async function signIn(browser: Browser, account: FixtureAccount): Promise<Answer> {
  aheadMs += MINUTE;
  const { answer, session_id } = await password(browser, account.email, PASSWORD);
  if (answer.body.state !== 'MfaRequired') return answer;
  const totp_code = totpCode(account.totp[0] as string, serverNow().getTime());
  const done = await post(browser, '/auth/login/verify-mfa', { session_id, totp_code });
  browser.cookies.delete('helios_session');
  return done;
}

/** Wrong passwords on one login session; the answers' error types. */
async function wrongPasswords(browser: Browser, email: string, times: number) {
  const started = await post(browser, '/auth/login/start', { email });
  const session_id = started.body.session_id as string;
  const types: unknown[] = [];
  for (let i = 0; i < times; i++) {
    const answer = await post(browser, '/auth/login/verify-password', { session_id, email, password: 'not-it' });
    types.push((answer.body.detail as { type: string }[])[0]?.type);
  }
  return types;
}

/** A browser that completed a sign-in for the account: it holds the account's device cookie. */
async function trustedBrowser(account: FixtureAccount) {
  const browser = server.browser();
  expect((await signIn(browser, account)).body.state).toBe('Done');
  expect(browser.cookies.get(DEVICE_COOKIE)).toBeTruthy();
  return browser;
}

const lockedFor = async (id: string) =>
  (await server.ctx.db.select().from(accounts).where(eq(accounts.id, id)))[0]?.lockedUntil ?? null;

describe('device cookies', () => {
  test('a completed sign-in sets a long-lived HttpOnly, SameSite=Lax device cookie', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    const started = await post(browser, '/auth/login/start', { email: account.email });
    const response = await browser.fetch(`${server.url}/auth/login/verify-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: started.body.session_id, email: account.email, password: PASSWORD }),
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(Number(/Max-Age=(\d+)/.exec(cookie ?? '')?.[1])).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    // A wrong password sets none.
    const stranger = server.browser();
    expect((await password(stranger, account.email, 'not-it')).answer.status).toBe(401);
    expect(stranger.cookies.has(DEVICE_COOKIE)).toBe(false);
  });
});

describe('lockout that a stranger cannot turn against the owner', () => {
  test("a stranger without a device cookie locks the account, and the owner's trusted browser still signs in with password and second factor", async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const owner = await trustedBrowser(account);
    const stranger = server.browser();
    const types = await wrongPasswords(stranger, account.email, 10);
    expect(types.at(-1)).toBe(ErrorCode.accountLocked);
    expect((await password(stranger, account.email, PASSWORD)).answer.status).toBe(423);
    expect((await password(server.browser(), account.email, PASSWORD)).answer.status).toBe(423);

    const done = await signIn(owner, account);
    expect(done.status).toBe(200);
    expect(done.body.state).toBe('Done');
    // The owner's sign-in does not lift the strangers' lock.
    expect((await password(stranger, account.email, PASSWORD)).answer.status).toBe(423);
    expect(await lockedFor(account.id)).not.toBeNull();
  });

  test('wrong passwords from a trusted browser lock that browser only, after its own ten', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const clumsy = await trustedBrowser(account);
    const other = await trustedBrowser(account);
    const types = await wrongPasswords(clumsy, account.email, 10);
    expect(types.slice(0, 9)).toEqual(Array(9).fill(ErrorCode.invalidCredentials));
    expect(types[9]).toBe(ErrorCode.accountLocked);
    expect((await signIn(clumsy, account)).status).toBe(423);

    expect((await signIn(other, account)).body.state).toBe('Done');
    // Strangers were not locked out by it either.
    expect((await password(server.browser(), account.email, PASSWORD)).answer.body.state).toBe('MfaRequired');
    expect(await lockedFor(account.id)).toBeNull();

    // Its lock ends after 15 minutes; the next one, its own second, lasts 30.
    aheadMs += 15 * MINUTE;
    expect((await signIn(clumsy, account)).body.state).toBe('Done');
    expect((await wrongPasswords(clumsy, account.email, 10)).at(-1)).toBe(ErrorCode.accountLocked);
    aheadMs += 25 * MINUTE;
    expect((await signIn(clumsy, account)).status).toBe(423);
    aheadMs += 5 * MINUTE;
    expect((await signIn(clumsy, account)).body.state).toBe('Done');
  });

  test('repeated locks escalate only for the clients that failed', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const owner = server.browser();
    expect((await password(owner, account.email, PASSWORD)).answer.body.state).toBe('Done');
    // Strangers lock the account three times: the third lock lasts an hour.
    for (let lock = 0; lock < 3; lock++) {
      expect((await wrongPasswords(server.browser(), account.email, 10)).at(-1)).toBe(ErrorCode.accountLocked);
      aheadMs += 31 * MINUTE;
    }
    aheadMs -= 31 * MINUTE;
    // The owner's browser fails ten times: its own first lock, 15 minutes.
    expect((await wrongPasswords(owner, account.email, 10)).at(-1)).toBe(ErrorCode.accountLocked);
    aheadMs += 16 * MINUTE;
    expect((await password(owner, account.email, PASSWORD)).answer.body.state).toBe('Done');
    expect((await password(server.browser(), account.email, PASSWORD)).answer.status).toBe(423);
  });

  test("a forged, altered, expired or another account's device cookie counts as untrusted", async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const other = await createAccount(server.ctx, { password: PASSWORD });
    const owner = server.browser();
    expect((await password(owner, account.email, PASSWORD)).answer.body.state).toBe('Done');
    const genuine = owner.cookies.get(DEVICE_COOKIE) as string;
    const elsewhere = server.browser();
    expect((await password(elsewhere, other.email, PASSWORD)).answer.body.state).toBe('Done');
    const othersCookie = elsewhere.cookies.get(DEVICE_COOKIE) as string;

    expect((await wrongPasswords(server.browser(), account.email, 10)).at(-1)).toBe(ErrorCode.accountLocked);
    const [, deviceId, expires, mac] = genuine.split('.');
    const [otherId] = othersCookie.split('.');
    const untrusted = {
      "another account's": othersCookie,
      'renamed to this account': othersCookie.replace(otherId as string, account.id),
      'altered device id': [account.id, `${deviceId}x`, expires, mac].join('.'),
      'made-up signature': [account.id, deviceId, expires, 'A'.repeat(43)].join('.'),
      'longer expiry': [account.id, deviceId, Number(expires) + 86_400, mac].join('.'),
    };
    for (const [kind, value] of Object.entries(untrusted)) {
      const browser = server.browser();
      browser.cookies.set(DEVICE_COOKIE, value);
      expect({ kind, status: (await password(browser, account.email, PASSWORD)).answer.status }).toEqual({
        kind,
        status: 423,
      });
    }
    expect((await password(owner, account.email, PASSWORD)).answer.body.state).toBe('Done');

    // A year and a day later the cookie has expired: the browser is a stranger again.
    aheadMs += 366 * 24 * 60 * MINUTE;
    expect((await wrongPasswords(server.browser(), account.email, 10)).at(-1)).toBe(ErrorCode.accountLocked);
    const expired = server.browser();
    expired.cookies.set(DEVICE_COOKIE, genuine);
    expect((await password(expired, account.email, PASSWORD)).answer.status).toBe(423);
  });

  test('the locked answer reveals no more than a wrong password does', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const owner = server.browser();
    expect((await password(owner, account.email, PASSWORD)).answer.body.state).toBe('Done');
    await wrongPasswords(owner, account.email, 10);
    await wrongPasswords(server.browser(), account.email, 10);
    for (const browser of [owner, server.browser()]) {
      const right = (await password(browser, account.email, PASSWORD)).answer;
      const wrong = (await password(browser, account.email, 'not-it')).answer;
      expect(right).toEqual(wrong);
      expect(right.status).toBe(423);
      expect(right.body).toEqual({
        detail: [{ type: ErrorCode.accountLocked, msg: 'Account temporarily locked after too many failed attempts' }],
      });
    }
  });

  test("a password reset lifts a trusted browser's lock", async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const owner = server.browser();
    expect((await password(owner, account.email, PASSWORD)).answer.body.state).toBe('Done');
    await wrongPasswords(owner, account.email, 10);
    expect((await password(owner, account.email, PASSWORD)).answer.status).toBe(423);

    const before = await server.mailCount(account.email);
    await server.browser().api.call('resetRequest', { body: { email: account.email } });
    const token = /\/login\/set-password\/([A-Za-z0-9_-]+)/.exec(
      (await server.waitForMail(account.email, before)).text,
    )?.[1];
    await server
      .browser()
      .api.call('resetConfirm', { body: { token: token as string, password: 'lantern-over-water' } });
    expect((await password(owner, account.email, 'lantern-over-water')).answer.body.state).toBe('Done');
  });
});
