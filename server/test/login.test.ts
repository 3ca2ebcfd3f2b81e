import { type ApiError, ErrorCode, type LoginSessionResponse } from '@helios/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, credentials } from '../src/db/schema';
import { sha256 } from '../src/security/tokens';
import { failure as rejected } from './admin-helpers';
import { codeFromMail, createAccount, createTenant, PASSWORD, totpCode, uniqueEmail } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function start(browser: Browser, email: string): Promise<LoginSessionResponse> {
  return browser.api.call('start', { body: { email } });
}

async function signInWithPassword(browser: Browser, email: string, password = PASSWORD, remember = false) {
  const started = await start(browser, email);
  return browser.api.call('verifyPassword', {
    body: { session_id: started.session_id as string, email, password, remember },
  });
}

describe('ping', () => {
  test('without a session: Start; with an unknown session id: login_session_missing', async () => {
    const browser = server.browser();
    const ping = await browser.api.call('ping');
    expect(ping).toMatchObject({ state: 'Start', session_id: null, available_credentials: [] });
    const error = await rejected(browser.api.call('ping', { query: { session_id: 'x'.repeat(32) } }));
    expect(error.status).toBe(404);
    expect(error.type).toBe(ErrorCode.loginSessionMissing);
  });

  test('returns the state of a login in progress, as the step that led there answered it', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const browser = server.browser();
    const started = await start(browser, account.email);
    const session_id = started.session_id as string;
    const ping = await browser.api.call('ping', { query: { session_id } });
    expect(ping.state).toBe('CredentialsRequired');
    expect(ping).toEqual(started);
    // After the password: the account's methods, the authenticator among them, nothing secret.
    const verified = await browser.api.call('verifyPassword', {
      body: { session_id, email: account.email, password: PASSWORD },
    });
    const again = await browser.api.call('ping', { query: { session_id } });
    expect(again.state).toBe('MfaRequired');
    expect(again).toEqual(verified);
    expect(again.available_credentials.map((c) => c.type).sort()).toEqual(['password', 'totp']);
    expect(JSON.stringify(again)).not.toMatch(/secret|\$argon2/);
  });
});

describe('start', () => {
  test('an account with a password chooses credentials, and learns nothing else yet', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, isStakeholder: true });
    const response = await start(server.browser(), account.email);
    expect(response.state).toBe('CredentialsRequired');
    expect(response.available_credentials.map((c) => c.type)).toEqual(['password']);
    expect(response.is_user).toBe(false);
    expect(response.is_stakeholder).toBe(false);
    expect(response.session_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  test('unknown email and account without credentials get the same answer; only the account gets a code', async () => {
    const known = await createAccount(server.ctx, { password: null });
    const unknown = uniqueEmail('nobody');
    const a = await start(server.browser(), known.email);
    const b = await start(server.browser(), unknown);
    const shape = (r: LoginSessionResponse) => ({ ...r, session_id: typeof r.session_id });
    expect(shape(a)).toEqual(shape(b));
    expect(a.state).toBe('OTPRequired');
    const knownMail = await server.waitForMail(known.email);
    const unknownMail = await server.waitForMail(unknown);
    expect(codeFromMail(knownMail.text)).toMatch(/^\d{6}$/);
    expect(unknownMail.text).toContain('no account exists');
    expect(unknownMail.text).not.toMatch(/\b\d{6}\b/);
  });

  test('the code and its mail are made after the answer, so an address within its mail quota answers as fast as one past it (timing tells no one which addresses have an account)', async () => {
    const known = await createAccount(server.ctx, { password: null });
    const outbox = server.ctx.outbox;
    const send = outbox.send;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // No mail can be written until the answer has come.
    outbox.send = async (mail) => {
      await held;
      return send.call(outbox, mail);
    };
    try {
      const answer = await Promise.race([
        start(server.browser(), known.email),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('start waited for its mail')), 5_000)),
      ]);
      expect(answer.state).toBe('OTPRequired');
    } finally {
      release();
      outbox.send = send;
    }
    expect(codeFromMail((await server.waitForMail(known.email)).text)).toMatch(/^\d{6}$/);
  });

  test('the code mail is in the account language', async () => {
    const account = await createAccount(server.ctx, { password: null, locale: 'sv' });
    await start(server.browser(), account.email);
    const mail = await server.waitForMail(account.email);
    expect(mail.subject).toBe('Din inloggningskod');
  });

  test('an account that must reset its password is told so', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, passwordResetRequired: true });
    expect((await start(server.browser(), account.email)).state).toBe('PasswordResetRequired');
  });

  test('a badly formatted email is a validation error', async () => {
    const error = await rejected(server.browser().api.call('start', { body: { email: 'not-an-email' } }));
    expect(error.status).toBe(422);
    expect(error.type).toBe(ErrorCode.validation);
  });
});

describe('password', () => {
  test('right password: Done, a fresh HttpOnly session cookie, user info readable', async () => {
    const tenant = await createTenant(server.ctx, `t${Date.now()}a`);
    const account = await createAccount(server.ctx, { password: PASSWORD, tenants: [{ id: tenant.id }] });
    const browser = server.browser();
    const done = await signInWithPassword(browser, account.email);
    expect(done.state).toBe('Done');
    expect(done.is_user).toBe(true);
    expect(browser.cookies.get('helios_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await browser.api.call('userinfo');
    expect(info.email).toBe(account.email);
    expect(await browser.api.call('session')).toMatchObject({ email: account.email });
    const [row] = await server.ctx.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
    // After sign-in the ping says Done, so a second visit continues at once (single sign-on).
    expect((await browser.api.call('ping')).state).toBe('Done');
  });

  test('remember me makes the session cookie persistent (30 days); without it, a browser session', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const remembered = server.browser();
    const started = await start(remembered, account.email);
    const response = await remembered.fetch(`${server.url}/auth/login/verify-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        session_id: started.session_id,
        email: account.email,
        password: PASSWORD,
        remember: true,
      }),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('helios_session='));
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const plain = server.browser();
    const started2 = await start(plain, account.email);
    const response2 = await plain.fetch(`${server.url}/auth/login/verify-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: started2.session_id, email: account.email, password: PASSWORD }),
    });
    const cookie2 = response2.headers.getSetCookie().find((c) => c.startsWith('helios_session='));
    expect(cookie2).toBeDefined();
    expect(cookie2).not.toMatch(/Max-Age|Expires/);
  });

  test('wrong password: invalid_credentials; the same session may try again', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    const started = await start(browser, account.email);
    const body = { session_id: started.session_id as string, email: account.email, password: 'wrong' };
    const error = await rejected(browser.api.call('verifyPassword', { body }));
    expect(error.status).toBe(401);
    expect(error.type).toBe(ErrorCode.invalidCredentials);
    const done = await browser.api.call('verifyPassword', { body: { ...body, password: PASSWORD } });
    expect(done.state).toBe('Done');
  });

  test('ten failures lock the account; while locked even the right password is refused', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    const started = await start(browser, account.email);
    const body = { session_id: started.session_id as string, email: account.email, password: 'wrong-password' };
    const types: (string | undefined)[] = [];
    for (let i = 0; i < 10; i++) types.push((await rejected(browser.api.call('verifyPassword', { body }))).type);
    expect(types.slice(0, 9).every((t) => t === ErrorCode.invalidCredentials)).toBe(true);
    expect(types[9]).toBe(ErrorCode.accountLocked);
    const locked = await rejected(browser.api.call('verifyPassword', { body: { ...body, password: PASSWORD } }));
    expect(locked.status).toBe(423);
    expect(locked.type).toBe(ErrorCode.accountLocked);
    const [row] = await server.ctx.db.select().from(accounts).where(eq(accounts.id, account.id));
    const lockedForMs = (row?.lockedUntil?.getTime() ?? 0) - Date.now();
    expect(lockedForMs).toBeGreaterThan(14 * 60_000);
    expect(lockedForMs).toBeLessThanOrEqual(15 * 60_000);
  });

  test('a call that does not fit the state: invalid_login_session_state; another email: too', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    const started = await start(browser, account.email);
    const wrongStep = await rejected(
      browser.api.call('verifyMfa', { body: { session_id: started.session_id as string, totp_code: '123456' } }),
    );
    expect(wrongStep.status).toBe(409);
    expect(wrongStep.type).toBe(ErrorCode.invalidLoginSessionState);
    const otherEmail = await rejected(
      browser.api.call('verifyPassword', {
        body: { session_id: started.session_id as string, email: 'someone-else@example.com', password: PASSWORD },
      }),
    );
    expect(otherEmail.type).toBe(ErrorCode.invalidLoginSessionState);
    const missing = await rejected(
      browser.api.call('verifyPassword', {
        body: { session_id: 'y'.repeat(32), email: account.email, password: PASSWORD },
      }),
    );
    expect(missing.type).toBe(ErrorCode.loginSessionMissing);
  });
});

describe('one-time code', () => {
  async function codeLogin(email: string) {
    const browser = server.browser();
    const before = await server.mailCount(email);
    const started = await start(browser, email);
    const code = codeFromMail((await server.waitForMail(email, before)).text);
    return { browser, sessionId: started.session_id as string, code };
  }

  test('right code → offer to add a sign-in method; the code works once', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const { browser, sessionId, code } = await codeLogin(account.email);
    const next = await browser.api.call('verifyOtp', {
      body: { session_id: sessionId, email: account.email, otp: code },
    });
    expect(next.state).toBe('AskedCreateCredential');
    expect(next.is_user).toBe(true);
    const again = server.browser();
    const started = await start(again, account.email);
    await server.waitForMail(account.email, 1);
    const reused = await rejected(
      again.api.call('verifyOtp', {
        body: { session_id: started.session_id as string, email: account.email, otp: code },
      }),
    );
    expect([ErrorCode.otpInvalid, ErrorCode.otpSessionInvalid]).toContain(reused.type);
  });

  test('wrong code: otp/invalid; the fifth wrong one: retries-exceeded; a resend does not reset the count', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const { browser, sessionId, code } = await codeLogin(account.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { session_id: sessionId, email: account.email, otp: wrong };
    for (let i = 0; i < 3; i++)
      expect((await rejected(browser.api.call('verifyOtp', { body }))).type).toBe(ErrorCode.otpInvalid);
    // Resend: a new start mails a new code, but the failures so far still count.
    const resend = await codeLogin(account.email);
    const fresh = resend.code === wrong ? '222222' : wrong;
    const body2 = { session_id: resend.sessionId, email: account.email, otp: fresh };
    expect((await rejected(resend.browser.api.call('verifyOtp', { body: body2 }))).type).toBe(ErrorCode.otpInvalid);
    expect((await rejected(resend.browser.api.call('verifyOtp', { body: body2 }))).type).toBe(
      ErrorCode.otpRetriesExceeded,
    );
    // Even the right code is dead now.
    const right = await rejected(resend.browser.api.call('verifyOtp', { body: { ...body2, otp: resend.code } }));
    expect(right.type).toBe(ErrorCode.otpRetriesExceeded);
  });

  test('an expired code: otp/session/invalid', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const { browser, sessionId, code } = await codeLogin(account.email);
    // The store drops the code when its 10 minutes are up; drop it now instead of waiting.
    await server.ctx.store.del(`otp:${sha256(account.email)}`);
    const error = await rejected(
      browser.api.call('verifyOtp', { body: { session_id: sessionId, email: account.email, otp: code } }),
    );
    expect(error.type).toBe(ErrorCode.otpSessionInvalid);
  });

  test('a guessed code for an unknown email never signs in', async () => {
    const browser = server.browser();
    const email = uniqueEmail('ghost');
    const started = await start(browser, email);
    // Its code is issued after the answer, with the "no account" mail.
    await server.waitForMail(email);
    const error = await rejected(
      browser.api.call('verifyOtp', { body: { session_id: started.session_id as string, email, otp: '123456' } }),
    );
    expect(error.type).toBe(ErrorCode.otpInvalid);
  });

  test('create password after a code: weak passwords are refused, a good one signs in and works next time', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const { browser, sessionId, code } = await codeLogin(account.email);
    await browser.api.call('verifyOtp', { body: { session_id: sessionId, email: account.email, otp: code } });
    for (const weak of ['Short1!', 'alllowercase1!', 'NoDigitsHere!', 'NoSpecial123', 'Password123!']) {
      const error = await rejected(
        browser.api.call('createPassword', { body: { session_id: sessionId, password: weak } }),
      );
      expect(error.status).toBe(422);
    }
    const strong = 'Fjällräven-Kånken-7';
    const done = await browser.api.call('createPassword', { body: { session_id: sessionId, password: strong } });
    expect(done.state).toBe('Done');
    expect(done.available_credentials.map((c) => c.type)).toContain('password');
    expect((await signInWithPassword(server.browser(), account.email, strong)).state).toBe('Done');
  });

  test('skip the offer: Done without a password', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const { browser, sessionId, code } = await codeLogin(account.email);
    await browser.api.call('verifyOtp', { body: { session_id: sessionId, email: account.email, otp: code } });
    const done = await browser.api.call('skipCreatePassword', { body: { session_id: sessionId } });
    expect(done.state).toBe('Done');
    expect(browser.cookies.has('helios_session')).toBe(true);
    const creds = await server.ctx.db.select().from(credentials).where(eq(credentials.accountId, account.id));
    expect(creds).toHaveLength(0);
  });
});

describe('second factor', () => {
  test('password then authenticator code → Done; the same code cannot be used again', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const browser = server.browser();
    const afterPassword = await signInWithPassword(browser, account.email);
    expect(afterPassword.state).toBe('MfaRequired');
    expect(browser.cookies.has('helios_session')).toBe(false);
    const code = totpCode(account.totp[0] as string);
    const done = await browser.api.call('verifyMfa', {
      body: { session_id: afterPassword.session_id as string, totp_code: code },
    });
    expect(done.state).toBe('Done');
    const replay = server.browser();
    const second = await signInWithPassword(replay, account.email);
    const error = await rejected(
      replay.api.call('verifyMfa', { body: { session_id: second.session_id as string, totp_code: code } }),
    );
    expect(error.type).toBe(ErrorCode.invalidTotp);
  });

  test('remember this browser: the next sign-in on it skips the second factor', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const browser = server.browser();
    const afterPassword = await signInWithPassword(browser, account.email);
    await browser.api.call('verifyMfa', {
      body: {
        session_id: afterPassword.session_id as string,
        totp_code: totpCode(account.totp[0] as string),
        remember: true,
      },
    });
    expect(browser.cookies.has('helios_mfa_remember')).toBe(true);
    browser.cookies.delete('helios_session');
    expect((await signInWithPassword(browser, account.email)).state).toBe('Done');
    // Another browser still needs the code.
    expect((await signInWithPassword(server.browser(), account.email)).state).toBe('MfaRequired');
  });

  test('several authenticators: merge keeps the one whose code is given and removes the others', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 2 });
    const browser = server.browser();
    const afterPassword = await signInWithPassword(browser, account.email);
    expect(afterPassword.state).toBe('TOTPResetRequired');
    const done = await browser.api.call('mergeMfa', {
      body: { session_id: afterPassword.session_id as string, totp_code: totpCode(account.totp[1] as string) },
    });
    expect(done.state).toBe('Done');
    const totps = done.available_credentials.filter((c) => c.type === 'totp');
    expect(totps.map((c) => c.id)).toEqual([account.credentialIds.totp1]);
  });

  test('wrong authenticator codes count towards the lockout', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const browser = server.browser();
    const afterPassword = await signInWithPassword(browser, account.email);
    const body = { session_id: afterPassword.session_id as string, totp_code: '000000' };
    let last: ApiError | undefined;
    for (let i = 0; i < 10; i++) last = await rejected(browser.api.call('verifyMfa', { body }));
    expect(last?.type).toBe(ErrorCode.accountLocked);
  });
});
