import { type ApiError, ErrorCode } from '@helios/api';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, credentials, recoveryCodes } from '../src/db/schema';
import { sha256 } from '../src/security/tokens';
import { auditRows, failure as rejected, signedInAdmin } from './admin-helpers';
import { creation, SoftwareAuthenticator } from './authenticator';
import { createAccount, PASSWORD, totpCode } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';

/**
 * Recovery codes: ten single-use stand-ins for the second factor, given with the first one. The
 * server's clock runs ahead on demand, so a session can outlast the step-up window.
 */
const STEP_UP_WINDOW_MS = 10 * 60_000;
let aheadMs = 0;
const serverNow = () => Date.now() + aheadMs;

let server: TestServer;
beforeAll(async () => {
  // Security keys need a domain name, not an address.
  server = await startTestServer({ hostname: 'localhost', now: () => new Date(serverNow()) });
});
afterAll(async () => {
  await server?.close();
});

const CODE_FORMAT = /^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/;

async function signInWithPassword(browser: Browser, email: string) {
  const started = await browser.api.call('start', { body: { email } });
  return browser.api.call('verifyPassword', {
    body: { session_id: started.session_id as string, email, password: PASSWORD },
  });
}

/** Sets up an authenticator from the profile of a signed-in browser; answers its secret and what
 * activating it answered. */
async function activateAuthenticator(browser: Browser) {
  const { secret } = await browser.api.call('tfaSetup');
  const activated = await browser.api.call('tfaActivate', { body: { totp_code: totpCode(secret, serverNow()) } });
  return { secret, activated };
}

/** An account that turned on an authenticator app from its profile, and the codes it was shown. */
async function accountWithCodes(options: { locale?: 'sv' | 'en' } = {}) {
  const account = await createAccount(server.ctx, { password: PASSWORD, ...options });
  const browser = server.browser();
  expect((await signInWithPassword(browser, account.email)).state).toBe('Done');
  const { secret, activated } = await activateAuthenticator(browser);
  const codes = activated.recovery_codes ?? [];
  return { account, browser, secret, codes };
}

/** A new browser past the password, at the second factor. */
async function atSecondFactor(email: string) {
  const browser = server.browser();
  const response = await signInWithPassword(browser, email);
  expect(response.state).toBe('MfaRequired');
  return { browser, sessionId: response.session_id as string };
}

function enterRecoveryCode(browser: Browser, sessionId: string, code: string) {
  return browser.api.call('verifyRecoveryCode', { body: { session_id: sessionId, recovery_code: code } });
}

const storedCodes = (accountId: string) =>
  server.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));

describe('recovery codes come with the first second factor', () => {
  test('turning on an authenticator app answers ten distinct codes, once; replacing it answers none', async () => {
    const { browser, codes } = await accountWithCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(CODE_FORMAT);
    expect(await browser.api.call('recoveryCodes')).toEqual({ remaining: 10 });
    // The profile's own data never shows them again.
    expect(JSON.stringify(await browser.api.call('userinfo'))).not.toContain(codes[0]);

    const { activated } = await activateAuthenticator(browser);
    expect(activated.recovery_codes).toBeUndefined();
    expect(await browser.api.call('recoveryCodes')).toEqual({ remaining: 10 });
  });

  test('the first security key brings codes; a second key does not', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    await signInWithPassword(browser, account.email);
    const register = async (name: string) => {
      const options = await browser.api.call('webauthnRegisterOptions', { body: {} });
      const key = new SoftwareAuthenticator(server.url);
      return browser.api.call('webauthnRegister', { body: { name, response: key.create(creation(options)) } });
    };
    const first = await register('Blue key');
    expect(first.recovery_codes).toHaveLength(10);
    const second = await register('Red key');
    expect(second.recovery_codes).toBeUndefined();
    expect(await storedCodes(account.id)).toHaveLength(10);
    const [issued] = await auditRows(server, account.id, 'credential.recovery_codes_issued');
    expect(issued).toMatchObject({ targetType: 'account', targetId: account.id });
  });

  test('codes are stored hashed: no row holds a code, in any form, nor its plain hash', async () => {
    const { account, codes } = await accountWithCodes();
    const rows = await storedCodes(account.id);
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      const bare = code.replace('-', '');
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(bare);
      expect(stored).not.toContain(sha256(code));
      expect(stored).not.toContain(sha256(bare));
    }
    expect(rows.every((row) => row.usedAt === null)).toBe(true);
  });
});

describe('signing in with a recovery code', () => {
  test('a recovery code works once: it completes the second factor, is audited and mailed, and is gone', async () => {
    const { account, codes, browser: profile } = await accountWithCodes();
    const code = codes[3] as string;
    const mailsBefore = await server.mailCount(account.email);
    const first = await atSecondFactor(account.email);
    const done = await enterRecoveryCode(first.browser, first.sessionId, code);
    expect(done.state).toBe('Done');
    expect((await first.browser.api.call('session')).email).toBe(account.email);
    // "Where you are signed in" names the recovery code, not the authenticator app it stood in for.
    const { sessions } = await first.browser.api.call('sessions');
    expect(sessions.find((s) => s.current)).toMatchObject({ method: 'password', second_factor: 'recovery_code' });

    const [used] = await auditRows(server, account.id, 'login.recovery_code_used');
    expect(used).toMatchObject({ targetType: 'account', targetId: account.id });
    expect(used?.details).toEqual({ remaining: 9 });
    const mail = await server.waitForMail(account.email, mailsBefore, 'A recovery code was used');
    expect(mail.text).toContain('You have 9 unused recovery codes left.');
    expect(mail.text).not.toContain(code);
    expect(await profile.api.call('recoveryCodes')).toEqual({ remaining: 9 });

    const second = await atSecondFactor(account.email);
    const replayed = await rejected(enterRecoveryCode(second.browser, second.sessionId, code));
    expect(replayed.status).toBe(401);
    expect(replayed.type).toBe(ErrorCode.invalidRecoveryCode);
    expect(await profile.api.call('recoveryCodes')).toEqual({ remaining: 9 });
  });

  test('two sign-ins racing with the same code: only one gets in', async () => {
    const { account, codes } = await accountWithCodes();
    const [a, b] = await Promise.all([atSecondFactor(account.email), atSecondFactor(account.email)]);
    const outcomes = await Promise.allSettled([
      enterRecoveryCode(a.browser, a.sessionId, codes[0] as string),
      enterRecoveryCode(b.browser, b.sessionId, codes[0] as string),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as ApiError).type).toBe(ErrorCode.invalidRecoveryCode);
  });

  test('capitals, spaces and dashes in a typed code do not matter', async () => {
    const { account, codes } = await accountWithCodes();
    const { browser, sessionId } = await atSecondFactor(account.email);
    const typed = ` ${(codes[1] as string).toUpperCase().replace('-', ' ')} `;
    expect((await enterRecoveryCode(browser, sessionId, typed)).state).toBe('Done');
  });

  test('the mail is in the account’s language', async () => {
    const { account, codes } = await accountWithCodes({ locale: 'sv' });
    const mailsBefore = await server.mailCount(account.email);
    const { browser, sessionId } = await atSecondFactor(account.email);
    await enterRecoveryCode(browser, sessionId, codes[0] as string);
    const mail = await server.waitForMail(account.email, mailsBefore, 'En återställningskod har använts');
    expect(mail.text).toContain('Du har 9 oanvända återställningskoder kvar.');
  });

  test('a wrong recovery code counts toward the lockout, and is audited', async () => {
    const { account, codes } = await accountWithCodes();
    const { browser, sessionId } = await atSecondFactor(account.email);
    const wrong = await rejected(enterRecoveryCode(browser, sessionId, 'aaaaa-aaaaa'));
    expect(wrong.status).toBe(401);
    expect(wrong.type).toBe(ErrorCode.invalidRecoveryCode);
    let last: ApiError | undefined;
    for (let i = 1; i < 10; i++) last = await rejected(enterRecoveryCode(browser, sessionId, 'zzzzz-zzzzz'));
    expect(last?.type).toBe(ErrorCode.accountLocked);
    // Locked, even a right code is refused with the same answer.
    const locked = await rejected(enterRecoveryCode(browser, sessionId, codes[0] as string));
    expect(locked.type).toBe(ErrorCode.accountLocked);
    const audited = await server.ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, account.id), like(auditEvents.action, 'login.recovery_code_%')));
    expect(audited.map((row) => row.action)).toEqual(Array(10).fill('login.recovery_code_failed'));
  });

  test('a recovery code is no first factor: before the password it does not fit the login', async () => {
    const { account, codes } = await accountWithCodes();
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    const refused = await rejected(enterRecoveryCode(browser, started.session_id as string, codes[0] as string));
    expect(refused.status).toBe(409);
    expect(refused.type).toBe(ErrorCode.invalidLoginSessionState);
    expect(await storedCodes(account.id).then((rows) => rows.filter((r) => r.usedAt))).toHaveLength(0);
  });

  test('a code of another account does not work', async () => {
    const one = await accountWithCodes();
    const other = await accountWithCodes();
    const { browser, sessionId } = await atSecondFactor(other.account.email);
    const refused = await rejected(enterRecoveryCode(browser, sessionId, one.codes[0] as string));
    expect(refused.type).toBe(ErrorCode.invalidRecoveryCode);
  });

  test('a malformed code is refused with the error shape', async () => {
    const { account } = await accountWithCodes();
    const { browser, sessionId } = await atSecondFactor(account.email);
    const refused = await rejected(enterRecoveryCode(browser, sessionId, '<script>'));
    expect(refused.status).toBe(422);
    expect(refused.type).toBe(ErrorCode.validation);
  });
});

describe('regenerating from the profile', () => {
  test('regenerating invalidates the old codes and is audited', async () => {
    const { account, browser, codes } = await accountWithCodes();
    const { codes: fresh } = await browser.api.call('regenerateRecoveryCodes', { body: {} });
    expect(fresh).toHaveLength(10);
    for (const code of fresh) expect(code).toMatch(CODE_FORMAT);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    const [row] = await auditRows(server, account.id, 'credential.recovery_codes_regenerated');
    expect(row).toMatchObject({ targetType: 'account', targetId: account.id });

    const old = await atSecondFactor(account.email);
    expect((await rejected(enterRecoveryCode(old.browser, old.sessionId, codes[0] as string))).type).toBe(
      ErrorCode.invalidRecoveryCode,
    );
    const next = await atSecondFactor(account.email);
    expect((await enterRecoveryCode(next.browser, next.sessionId, fresh[0] as string)).state).toBe('Done');
    expect(await browser.api.call('recoveryCodes')).toEqual({ remaining: 9 });
  });

  test('regenerating mails the account, in its language, without the codes', async () => {
    const { account, browser } = await accountWithCodes({ locale: 'sv' });
    const mailsBefore = await server.mailCount(account.email);
    const { codes } = await browser.api.call('regenerateRecoveryCodes', { body: {} });
    const mail = await server.waitForMail(
      account.email,
      mailsBefore,
      'Nya återställningskoder har skapats för ditt Helios-konto',
    );
    expect(mail.text).toContain('Koderna du hade förut fungerar inte längre.');
    for (const code of codes) {
      expect(mail.text).not.toContain(code);
    }
  });

  test('two regenerations side by side leave exactly one set of ten unused codes', async () => {
    const { account, browser } = await accountWithCodes();
    const answers = await Promise.all([
      browser.api.call('regenerateRecoveryCodes', { body: {} }),
      browser.api.call('regenerateRecoveryCodes', { body: {} }),
    ]);
    const stored = await storedCodes(account.id);
    expect(stored).toHaveLength(10);
    expect(stored.every((row) => row.usedAt === null)).toBe(true);
    expect(await browser.api.call('recoveryCodes')).toEqual({ remaining: 10 });
    // The codes of one answer work, those of the other do not.
    const works = [];
    for (const { codes } of answers) {
      const { browser: other, sessionId } = await atSecondFactor(account.email);
      works.push(
        await enterRecoveryCode(other, sessionId, codes[0] as string).then(
          (answer) => answer.state === 'Done',
          () => false,
        ),
      );
    }
    expect(works.sort()).toEqual([false, true]);
  });

  test('regenerating needs a recent sign-in', async () => {
    const { browser } = await accountWithCodes();
    aheadMs += STEP_UP_WINDOW_MS + 60_000;
    const refused = await rejected(browser.api.call('regenerateRecoveryCodes', { body: {} }));
    expect(refused.status).toBe(403);
    expect(refused.type).toBe(ErrorCode.requiresRecentLogin);
    // Reading how many are left needs no step-up.
    expect(await browser.api.call('recoveryCodes')).toEqual({ remaining: 10 });
  });

  test('an account without a second factor has no codes and cannot make any', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    await signInWithPassword(browser, account.email);
    expect(await browser.api.call('recoveryCodes')).toEqual({ remaining: 0 });
    const refused = await rejected(browser.api.call('regenerateRecoveryCodes', { body: {} }));
    expect(refused.status).toBe(409);
    expect(refused.type).toBe(ErrorCode.noSecondFactor);
  });
});

describe('the codes go with the last second factor', () => {
  const secondFactorsOf = async (accountId: string) =>
    (await server.ctx.db.select().from(credentials).where(eq(credentials.accountId, accountId))).filter(
      (row) => row.type === 'totp' || row.type === 'webauthn',
    );

  test('removing one of two second factors keeps the codes; removing the last removes them', async () => {
    const { account, browser } = await accountWithCodes();
    const options = await browser.api.call('webauthnRegisterOptions', { body: {} });
    const key = new SoftwareAuthenticator(server.url);
    await browser.api.call('webauthnRegister', { body: { name: 'Blue key', response: key.create(creation(options)) } });
    const [first, second] = await secondFactorsOf(account.id);
    await browser.api.call('deleteCredential', { params: { id: first?.id as string } });
    expect(await storedCodes(account.id)).toHaveLength(10);
    await browser.api.call('deleteCredential', { params: { id: second?.id as string } });
    expect(await storedCodes(account.id)).toHaveLength(0);
    expect(await browser.api.call('recoveryCodes')).toEqual({ remaining: 0 });
  });

  test('removing the last two second factors side by side removes the codes', async () => {
    const { account, browser } = await accountWithCodes();
    const options = await browser.api.call('webauthnRegisterOptions', { body: {} });
    const key = new SoftwareAuthenticator(server.url);
    await browser.api.call('webauthnRegister', { body: { name: 'Blue key', response: key.create(creation(options)) } });
    const [first, second] = await secondFactorsOf(account.id);
    await Promise.all([
      browser.api.call('deleteCredential', { params: { id: first?.id as string } }),
      browser.api.call('deleteCredential', { params: { id: second?.id as string } }),
    ]);
    expect(await secondFactorsOf(account.id)).toHaveLength(0);
    expect(await storedCodes(account.id)).toHaveLength(0);
  });

  test("the admin's delete credential of the last second factor is audited and removes the codes", async () => {
    const admin = await signedInAdmin(server);
    const { account } = await accountWithCodes();
    const [authenticator] = await secondFactorsOf(account.id);
    await admin.browser.api.call('accountDeleteCredential', {
      params: { accountId: account.id, credentialId: authenticator?.id as string },
    });
    const [row] = await auditRows(server, admin.account.id, 'admin.credential.deleted');
    expect(row).toMatchObject({ targetType: 'account', targetId: account.id });
    expect(row?.details).toMatchObject({ credential_id: authenticator?.id, type: 'totp' });
    expect(await storedCodes(account.id)).toHaveLength(0);
    // Without a second factor the login needs none, and offers no recovery code either.
    const browser = server.browser();
    expect((await signInWithPassword(browser, account.email)).state).toBe('Done');
  });
});
