import { ErrorCode } from '@helios/api';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, auditEvents, credentials } from '../src/db/schema';
import { failure as rejected } from './admin-helpers';
import { type AuthenticationAnswer, creation, type Knobs, request, SoftwareAuthenticator } from './authenticator';
import { codeFromMail, createAccount, PASSWORD } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';

/** The server's clock runs ahead on demand, so a session can outlive the step-up window. */
const STEP_UP_WINDOW_MS = 10 * 60_000;
let aheadMs = 0;
const outlastStepUp = () => {
  aheadMs += STEP_UP_WINDOW_MS + 60_000;
};

let server: TestServer;
beforeAll(async () => {
  // A passkey is bound to a domain name, not an address.
  server = await startTestServer({ hostname: 'localhost', now: () => new Date(Date.now() + aheadMs) });
});
afterAll(async () => {
  await server?.close();
});

async function signInWithPassword(email: string, browser = server.browser()) {
  const started = await browser.api.call('start', { body: { email } });
  const done = await browser.api.call('verifyPassword', {
    body: { session_id: started.session_id as string, email, password: PASSWORD },
  });
  expect(done.state).toBe('Done');
  return browser;
}

async function createPasskey(browser: Browser, key: SoftwareAuthenticator, name = 'Laptop', knobs: Knobs = {}) {
  const options = creation(await browser.api.call('passkeyRegisterOptions', { body: {} }));
  return browser.api.call('passkeyRegister', { body: { name, response: key.create(options, knobs) } });
}

/** An account with a password and one passkey (made with user verification), signed out. */
async function accountWithPasskey() {
  const account = await createAccount(server.ctx, { password: PASSWORD, name: 'Kim Berg' });
  const key = new SoftwareAuthenticator(server.url, { userVerified: true });
  await createPasskey(await signInWithPassword(account.email), key);
  return { account, key };
}

/** A new browser at /login that asked for a passkey challenge. */
async function passkeyLogin(browser = server.browser(), query: Record<string, string> = {}) {
  const { session_id, options } = await browser.api.call('passkeyLoginOptions', { body: {}, query });
  return { browser, sessionId: session_id, options: request(options) };
}

function verify(browser: Browser, sessionId: string, response: AuthenticationAnswer) {
  return browser.api.call('verifyPasskey', { body: { session_id: sessionId, response } });
}

async function storedPasskey(credentialId: string) {
  const [row] = await server.ctx.db
    .select()
    .from(credentials)
    .where(and(eq(credentials.type, 'passkey'), eq(credentials.subject, credentialId)));
  return row;
}

async function auditOf(accountId: string, action: string) {
  return server.ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, accountId)))
    .orderBy(desc(auditEvents.id));
}

describe('creating a passkey', () => {
  test('a passkey is discoverable and verifies its user; it is listed by name with when it was made and used', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signInWithPassword(account.email);
    const key = new SoftwareAuthenticator(server.url, { userVerified: true });

    const options = creation(await browser.api.call('passkeyRegisterOptions', { body: {} }));
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.rp).toEqual({ id: 'localhost', name: 'Helios' });
    const { passkeys } = await browser.api.call('passkeyRegister', {
      body: { name: '  Work laptop ', response: key.create(options) },
    });
    expect(passkeys).toEqual([
      { id: expect.any(String), name: 'Work laptop', created_at: expect.any(String), last_used_at: null },
    ]);
    expect(JSON.stringify(passkeys)).not.toContain(key.id);
    const info = await browser.api.call('userinfo');
    expect(info.available_credentials).toContainEqual({
      id: passkeys[0]?.id,
      type: 'passkey',
      provider: null,
      label: 'Work laptop',
    });
    const [created] = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'credential.passkey_created'), eq(auditEvents.actorAccountId, account.id)));
    expect(created?.targetId).toBe(passkeys[0]?.id);

    // The same authenticator cannot hold a second passkey of the account.
    const again = creation(await browser.api.call('passkeyRegisterOptions', { body: {} }));
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([key.id]);
  });

  test('a passkey without user verification is refused', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signInWithPassword(account.email);
    const touchOnly = new SoftwareAuthenticator(server.url, { userVerified: false });
    const refused = await rejected(createPasskey(browser, touchOnly));
    expect([refused.status, refused.type]).toEqual([400, ErrorCode.webauthnFailed]);
    expect(await storedPasskey(touchOnly.id)).toBeUndefined();

    // Nor does a passkey made with verification sign in when this answer skipped it.
    const key = new SoftwareAuthenticator(server.url, { userVerified: true });
    await createPasskey(browser, key);
    const { browser: other, sessionId, options } = await passkeyLogin();
    const noVerification = await rejected(verify(other, sessionId, key.get(options, { userVerified: false })));
    expect([noVerification.status, noVerification.type]).toEqual([401, ErrorCode.webauthnFailed]);
    expect((await auditOf(account.id, 'login.passkey_failed')).length).toBe(1);
  });

  test('renaming needs the passkey to be one of the account’s own, and is audited', async () => {
    const { account, key } = await accountWithPasskey();
    const browser = await signInWithPassword(account.email);
    const [passkey] = (await browser.api.call('passkeys')).passkeys;
    const renamed = await browser.api.call('renamePasskey', {
      params: { id: passkey?.id as string },
      body: { name: 'Phone' },
    });
    expect(renamed.passkeys.map((p) => p.name)).toEqual(['Phone']);
    expect((await storedPasskey(key.id))?.label).toBe('Phone');
    const [event] = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'credential.passkey_renamed'), eq(auditEvents.targetId, passkey?.id as string)),
      );
    expect(event?.actorAccountId).toBe(account.id);

    const stranger = await signInWithPassword((await createAccount(server.ctx, { password: PASSWORD })).email);
    const notTheirs = await rejected(
      stranger.api.call('renamePasskey', { params: { id: passkey?.id as string }, body: { name: 'Mine now' } }),
    );
    expect([notTheirs.status, notTheirs.type]).toEqual([404, ErrorCode.credentialNotFound]);
    const empty = await rejected(
      browser.api.call('renamePasskey', { params: { id: passkey?.id as string }, body: { name: '   ' } }),
    );
    expect(empty.status).toBe(422);
    expect((await storedPasskey(key.id))?.label).toBe('Phone');
  });
});

describe('signing in with a passkey', () => {
  test('a passkey signs in with no email', async () => {
    const { account, key } = await accountWithPasskey();
    const { browser, sessionId, options } = await passkeyLogin();
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe('localhost');
    // The browser's request lasts as long as the challenge (the page renews both before then).
    expect(options.timeout).toBe(2 * 60_000);

    const done = await verify(browser, sessionId, key.get(options));
    expect(done.state).toBe('Done');
    expect(done.is_user).toBe(true);
    expect((await browser.api.call('userinfo')).email).toBe(account.email);
    // Both factors at once: the session says passkey, and no second factor was asked for.
    const { sessions } = await browser.api.call('sessions');
    expect(sessions.find((s) => s.current)).toMatchObject({ method: 'passkey', second_factor: null });
    const [success] = await auditOf(account.id, 'login.success');
    expect(success?.details).toMatchObject({ via: 'passkey' });
    const stored = await storedPasskey(key.id);
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt).not.toBeNull();
    expect((await browser.api.call('passkeys')).passkeys[0]?.last_used_at).not.toBeNull();
  });

  test('the login keeps the page’s query, so an instance’s sign-in continues after the passkey', async () => {
    const { key } = await accountWithPasskey();
    const { browser, sessionId, options } = await passkeyLogin(server.browser(), { client_id: 'instance-a' });
    expect((await verify(browser, sessionId, key.get(options))).state).toBe('Done');
    expect(browser.cookies.has('helios_passkey_login')).toBe(false);
  });

  test('asking for a passkey leaves a login started with an email in this browser going on', async () => {
    const { account } = await accountWithPasskey();
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    // The page's passkey suggestions (this tab or another) ask for a challenge meanwhile.
    await passkeyLogin(browser);
    const resumed = await browser.api.call('ping', { query: {} });
    expect([resumed.state, resumed.session_id]).toEqual([started.state, started.session_id]);
    expect(browser.cookies.has('helios_passkey_login')).toBe(true);
    const done = await browser.api.call('verifyPassword', {
      body: { session_id: started.session_id as string, email: account.email, password: PASSWORD },
    });
    expect(done.state).toBe('Done');
    // Signed in, the browser forgets the passkey login it did not use.
    expect(browser.cookies.has('helios_passkey_login')).toBe(false);
  });

  test('a passkey that leads to another step makes its login the browser’s login', async () => {
    const { account, key } = await accountWithPasskey();
    await server.ctx.db.update(accounts).set({ passwordResetRequired: true }).where(eq(accounts.id, account.id));
    const { browser, sessionId, options } = await passkeyLogin();
    expect((await verify(browser, sessionId, key.get(options))).state).toBe('PasswordResetRequired');
    expect(browser.cookies.has('helios_passkey_login')).toBe(false);
    // A reload finds it by the login cookie.
    const reloaded = await browser.api.call('ping', { query: {} });
    expect([reloaded.state, reloaded.session_id]).toEqual(['PasswordResetRequired', sessionId]);
  });

  test('an assertion for another RP ID is refused', async () => {
    const { account, key } = await accountWithPasskey();
    const { browser, sessionId, options } = await passkeyLogin();
    const refused = await rejected(verify(browser, sessionId, key.get(options, { rpId: 'example.net' })));
    expect([refused.status, refused.type]).toEqual([401, ErrorCode.webauthnFailed]);
    const otherOrigin = await passkeyLogin(browser);
    const fromElsewhere = await rejected(
      verify(browser, otherOrigin.sessionId, key.get(otherOrigin.options, { origin: 'https://evil.example' })),
    );
    expect(fromElsewhere.type).toBe(ErrorCode.webauthnFailed);
    expect((await auditOf(account.id, 'login.passkey_failed')).length).toBe(2);
    expect((await browser.api.call('ping', { query: {} })).state).not.toBe('Done');
  });

  test('a replayed assertion is refused', async () => {
    const { key } = await accountWithPasskey();
    const first = await passkeyLogin();
    const assertion = key.get(first.options);
    expect((await verify(first.browser, first.sessionId, assertion)).state).toBe('Done');

    // The same answer again, to a new login: its challenge was used up with the first.
    const second = await passkeyLogin();
    const replayed = await rejected(verify(second.browser, second.sessionId, assertion));
    expect([replayed.status, replayed.type]).toEqual([401, ErrorCode.webauthnFailed]);
    // And to the same login once more: there is no challenge left to answer.
    const third = await passkeyLogin();
    await rejected(verify(third.browser, third.sessionId, key.get(third.options, { rpId: 'example.net' })));
    const again = await rejected(verify(third.browser, third.sessionId, key.get(third.options)));
    expect([again.status, again.type]).toEqual([409, ErrorCode.noPendingWebauthn]);
  });

  test('a counter going backwards is refused', async () => {
    const { account, key } = await accountWithPasskey();
    const first = await passkeyLogin();
    await verify(first.browser, first.sessionId, key.get(first.options, { counter: 5 }));
    const clone = await passkeyLogin();
    const refused = await rejected(verify(clone.browser, clone.sessionId, key.get(clone.options, { counter: 3 })));
    expect([refused.status, refused.type]).toEqual([401, ErrorCode.webauthnFailed]);
    const same = await passkeyLogin();
    await rejected(verify(same.browser, same.sessionId, key.get(same.options, { counter: 5 })));
    expect((await auditOf(account.id, 'login.passkey_counter_regressed')).length).toBe(2);
    expect((await storedPasskey(key.id))?.counter).toBe(5);
  });

  test('a locked account cannot sign in with a passkey', async () => {
    const { account, key } = await accountWithPasskey();
    await server.ctx.db
      .update(accounts)
      .set({ lockedUntil: new Date(Date.now() + aheadMs + 60 * 60_000) })
      .where(eq(accounts.id, account.id));
    const { browser, sessionId, options } = await passkeyLogin();
    const locked = await rejected(verify(browser, sessionId, key.get(options)));
    expect([locked.status, locked.type]).toEqual([423, ErrorCode.accountLocked]);
    await rejected(browser.api.call('userinfo'));
  });

  test('the answer counts only from the browser that asked for the challenge', async () => {
    const { key } = await accountWithPasskey();
    const { sessionId, options } = await passkeyLogin();
    const elsewhere = await rejected(verify(server.browser(), sessionId, key.get(options)));
    expect([elsewhere.status, elsewhere.type]).toEqual([404, ErrorCode.loginSessionMissing]);
  });

  test('a security key is a second factor only: it does not sign in as a passkey', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signInWithPassword(account.email);
    const securityKey = new SoftwareAuthenticator(server.url, { userVerified: true });
    const keyOptions = creation(await browser.api.call('webauthnRegisterOptions', { body: {} }));
    await browser.api.call('webauthnRegister', {
      body: { name: 'Blue key', response: securityKey.create({ ...keyOptions, authenticatorSelection: {} }) },
    });
    const { browser: other, sessionId, options } = await passkeyLogin();
    const refused = await rejected(verify(other, sessionId, securityKey.get(options)));
    expect([refused.status, refused.type]).toEqual([401, ErrorCode.webauthnFailed]);
  });

  test('unknown and malformed answers: 401 or 422, never a 500', async () => {
    const { browser, sessionId, options } = await passkeyLogin();
    const stranger = new SoftwareAuthenticator(server.url, { userVerified: true });
    const unknown = await rejected(verify(browser, sessionId, stranger.get(options)));
    expect([unknown.status, unknown.type]).toEqual([401, ErrorCode.webauthnFailed]);
    const malformed = await rejected(
      browser.api.call('verifyPasskey', {
        body: { session_id: sessionId, response: { id: 'not base64!' } as unknown as AuthenticationAnswer },
      }),
    );
    expect([malformed.status, malformed.type]).toEqual([422, ErrorCode.validation]);
  });
});

describe('the offer after a code sign-in', () => {
  test('someone who signed in with a code creates a passkey, and the next sign-in needs no code', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    const session_id = started.session_id as string;
    const otp = codeFromMail((await server.waitForMail(account.email)).text);
    const asked = await browser.api.call('verifyOtp', { body: { session_id, email: account.email, otp } });
    expect(asked.state).toBe('AskedCreateCredential');

    const key = new SoftwareAuthenticator(server.url, { userVerified: true });
    const options = creation(await browser.api.call('loginPasskeyRegisterOptions', { body: { session_id } }));
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const done = await browser.api.call('createPasskey', {
      body: { session_id, name: 'Phone', response: key.create(options) },
    });
    expect(done.state).toBe('Done');
    expect((await storedPasskey(key.id))?.label).toBe('Phone');

    const next = await passkeyLogin();
    expect((await verify(next.browser, next.sessionId, key.get(next.options))).state).toBe('Done');
  });

  test('before the first factor there is nothing to create a passkey for', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    const early = await rejected(
      browser.api.call('loginPasskeyRegisterOptions', { body: { session_id: started.session_id as string } }),
    );
    expect(early.type).toBe(ErrorCode.invalidLoginSessionState);
  });
});

describe('removing a passkey', () => {
  test('removing a passkey needs a recent sign-in', async () => {
    const { account, key } = await accountWithPasskey();
    const browser = await signInWithPassword(account.email);
    const other = await signInWithPassword(account.email);
    const [passkey] = (await browser.api.call('passkeys')).passkeys;
    outlastStepUp();
    const stale = await rejected(browser.api.call('deleteCredential', { params: { id: passkey?.id as string } }));
    expect([stale.status, stale.type]).toEqual([403, ErrorCode.requiresRecentLogin]);
    expect(await storedPasskey(key.id)).toBeDefined();

    // Signed in again just now: the passkey goes, with the account's other sessions.
    const fresh = await signInWithPassword(account.email);
    await fresh.api.call('deleteCredential', { params: { id: passkey?.id as string } });
    expect(await storedPasskey(key.id)).toBeUndefined();
    expect((await fresh.api.call('passkeys')).passkeys).toEqual([]);
    expect((await rejected(other.api.call('userinfo'))).status).toBe(401);
    const { browser: later, sessionId, options } = await passkeyLogin();
    expect((await rejected(verify(later, sessionId, key.get(options)))).type).toBe(ErrorCode.webauthnFailed);
  });
});
