import { type ApiError, type ErrorBody, ErrorCode, type LoginSessionResponse } from '@helios/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CredentialRow } from '../src/accounts/repository';
import { auditEvents, credentials } from '../src/db/schema';
import { recordKeyUse } from '../src/webauthn/keys';
import { failure as rejected } from './admin-helpers';
import { type AuthenticationAnswer, creation, type Knobs, request, SoftwareAuthenticator } from './authenticator';
import { createAccount, PASSWORD } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  // A security key is bound to a domain name, not an address.
  server = await startTestServer({ hostname: 'localhost' });
});
afterAll(async () => {
  await server?.close();
});

async function signInWithPassword(browser: Browser, email: string): Promise<LoginSessionResponse> {
  const started = await browser.api.call('start', { body: { email } });
  return browser.api.call('verifyPassword', {
    body: { session_id: started.session_id as string, email, password: PASSWORD },
  });
}

async function registerKey(browser: Browser, key: SoftwareAuthenticator, name: string, knobs: Knobs = {}) {
  const options = await browser.api.call('webauthnRegisterOptions', { body: {} });
  return browser.api.call('webauthnRegister', { body: { name, response: key.create(creation(options), knobs) } });
}

/** An account with a password and one registered security key, signed out again. */
async function accountWithKey(keyOptions: ConstructorParameters<typeof SoftwareAuthenticator>[1] = {}) {
  const account = await createAccount(server.ctx, { password: PASSWORD });
  const key = new SoftwareAuthenticator(server.url, keyOptions);
  const browser = server.browser();
  expect((await signInWithPassword(browser, account.email)).state).toBe('Done');
  await registerKey(browser, key, 'Blue key');
  return { account, key };
}

/** A new browser past the password, at the second factor. */
async function atSecondFactor(email: string) {
  const browser = server.browser();
  const response = await signInWithPassword(browser, email);
  expect(response.state).toBe('MfaRequired');
  return { browser, sessionId: response.session_id as string, response };
}

async function loginOptions(browser: Browser, sessionId: string) {
  return request(await browser.api.call('webauthnLoginOptions', { body: { session_id: sessionId } }));
}

async function verify(browser: Browser, sessionId: string, response: AuthenticationAnswer, remember = false) {
  return browser.api.call('verifyWebauthn', { body: { session_id: sessionId, response, remember } });
}

async function storedKey(credentialId: string) {
  const [row] = await server.ctx.db
    .select()
    .from(credentials)
    .where(and(eq(credentials.type, 'webauthn'), eq(credentials.subject, credentialId)));
  return row;
}

describe('registering a security key', () => {
  test('a signed-in person registers a named key; it is listed with its name and nothing secret', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, name: 'Kim Berg' });
    const browser = server.browser();
    await signInWithPassword(browser, account.email);
    const key = new SoftwareAuthenticator(server.url);

    const options = creation(await browser.api.call('webauthnRegisterOptions', { body: {} }));
    expect(options.rp).toEqual({ id: 'localhost', name: 'Helios' });
    expect(options.user.name).toBe(account.email);
    expect(Buffer.from(options.user.id, 'base64url').toString('latin1')).not.toContain(account.email);
    expect(options.pubKeyCredParams.map((p) => p.alg)).toEqual([-7, -257]);
    expect(options.attestation).toBe('none');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'preferred', userVerification: 'preferred' });
    expect(options.excludeCredentials).toEqual([]);

    const info = await browser.api.call('webauthnRegister', {
      body: { name: '  Blue key  ', response: key.create(options) },
    });
    const listed = info.available_credentials.filter((c) => c.type === 'webauthn');
    expect(listed).toEqual([{ id: expect.any(String), type: 'webauthn', provider: null, label: 'Blue key' }]);
    expect(JSON.stringify(info)).not.toContain(key.id);
    expect((await browser.api.call('userinfo')).available_credentials).toContainEqual(listed[0]);

    const row = await storedKey(key.id);
    expect(row).toMatchObject({ accountId: account.id, counter: 0, label: 'Blue key' });
    expect(row?.data).toMatchObject({ transports: ['usb'], aaguid: '00000000-0000-0000-0000-000000000000' });
    const [event] = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'credential.webauthn_registered'), eq(auditEvents.actorAccountId, account.id)));
    expect(event?.targetId).toBe(listed[0]?.id);

    // The next options exclude the registered key and keep the same user handle, so the key
    // cannot be registered twice and a second key belongs to the same person.
    const again = creation(await browser.api.call('webauthnRegisterOptions', { body: {} }));
    expect(again.excludeCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['usb'] }]);
    expect(again.user.id).toBe(options.user.id);
    expect(again.challenge).not.toBe(options.challenge);
    expect(() => key.create(again)).toThrow(/InvalidStateError/);
  });

  test('signed out: both registration calls answer 401', async () => {
    const browser = server.browser();
    const options = await rejected(browser.api.call('webauthnRegisterOptions', { body: {} }));
    expect(options.status).toBe(401);
    const key = new SoftwareAuthenticator(server.url);
    const fake = key.create({
      challenge: 'AAAA',
      rp: { id: 'localhost', name: 'Helios' },
      user: { id: 'AAAA', name: 'x', displayName: 'x' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    });
    const registered = await rejected(browser.api.call('webauthnRegister', { body: { name: 'Key', response: fake } }));
    expect(registered.status).toBe(401);
  });

  test('the same options answered twice (replayed challenge): the second answer is refused', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    await signInWithPassword(browser, account.email);
    const options = creation(await browser.api.call('webauthnRegisterOptions', { body: {} }));
    const first = new SoftwareAuthenticator(server.url).create(options);
    const second = new SoftwareAuthenticator(server.url).create(options);
    await browser.api.call('webauthnRegister', { body: { name: 'First', response: first } });
    const error = await rejected(browser.api.call('webauthnRegister', { body: { name: 'Second', response: second } }));
    expect(error.status).toBe(409);
    expect(error.type).toBe(ErrorCode.noPendingWebauthn);
  });

  test('wrong origin or wrong RP ID: webauthn_failed (400), nothing saved, the challenge is spent', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    await signInWithPassword(browser, account.email);
    for (const knobs of [{ origin: 'https://helios.example.net' }, { rpId: 'example.net' }]) {
      const key = new SoftwareAuthenticator(server.url);
      const options = creation(await browser.api.call('webauthnRegisterOptions', { body: {} }));
      const error = await rejected(
        browser.api.call('webauthnRegister', { body: { name: 'Key', response: key.create(options, knobs) } }),
      );
      expect(error.status).toBe(400);
      expect(error.type).toBe(ErrorCode.webauthnFailed);
      expect(error.detail).toEqual([{ type: ErrorCode.webauthnFailed, msg: 'The security key was not accepted' }]);
      expect(await storedKey(key.id)).toBeUndefined();
      const retry = await rejected(
        browser.api.call('webauthnRegister', { body: { name: 'Key', response: key.create(options) } }),
      );
      expect(retry.type).toBe(ErrorCode.noPendingWebauthn);
    }
  });

  test('a key already registered to another account is refused', async () => {
    const { key } = await accountWithKey();
    const other = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    await signInWithPassword(browser, other.email);
    const error = await rejected(registerKey(browser, key, 'Borrowed key'));
    expect(error.type).toBe(ErrorCode.webauthnFailed);
    expect((await storedKey(key.id))?.label).toBe('Blue key');
  });
});

describe('a security key as the second factor', () => {
  test('password then the key → Done; the key is listed at the second factor with its name', async () => {
    const { account, key } = await accountWithKey();
    const { browser, sessionId, response } = await atSecondFactor(account.email);
    expect(response.available_credentials.filter((c) => c.type === 'webauthn')).toEqual([
      { id: expect.any(String), type: 'webauthn', provider: null, label: 'Blue key' },
    ]);
    expect(browser.cookies.has('helios_session')).toBe(false);

    const options = await loginOptions(browser, sessionId);
    expect(options.rpId).toBe('localhost');
    expect(options.userVerification).toBe('preferred');
    expect(options.allowCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['usb'] }]);

    const done = await verify(browser, sessionId, key.get(options));
    expect(done.state).toBe('Done');
    expect(done.is_user).toBe(true);
    expect(browser.cookies.get('helios_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.cookies.has('helios_mfa_remember')).toBe(false);
    expect((await browser.api.call('session')).email).toBe(account.email);
    const row = await storedKey(key.id);
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  test('remember this browser: the next sign-in on it skips the key; another browser still needs it', async () => {
    const { account, key } = await accountWithKey();
    const { browser, sessionId } = await atSecondFactor(account.email);
    await verify(browser, sessionId, key.get(await loginOptions(browser, sessionId)), true);
    expect(browser.cookies.has('helios_mfa_remember')).toBe(true);
    browser.cookies.delete('helios_session');
    expect((await signInWithPassword(browser, account.email)).state).toBe('Done');
    expect((await signInWithPassword(server.browser(), account.email)).state).toBe('MfaRequired');
  });

  test('a key that never counts (counter always 0) is accepted each time', async () => {
    const { account, key } = await accountWithKey({ counts: false });
    for (let i = 0; i < 2; i++) {
      const { browser, sessionId } = await atSecondFactor(account.email);
      expect((await verify(browser, sessionId, key.get(await loginOptions(browser, sessionId)))).state).toBe('Done');
    }
    expect((await storedKey(key.id))?.counter).toBe(0);
  });

  test('a removed key is gone from the list and no longer asked for', async () => {
    const { account, key } = await accountWithKey();
    const { browser, sessionId } = await atSecondFactor(account.email);
    const done = await verify(browser, sessionId, key.get(await loginOptions(browser, sessionId)));
    const listed = done.available_credentials.find((c) => c.type === 'webauthn');
    const info = await browser.api.call('deleteCredential', { params: { id: listed?.id as string } });
    expect(info.available_credentials.some((c) => c.type === 'webauthn')).toBe(false);
    expect(await storedKey(key.id)).toBeUndefined();
    expect((await signInWithPassword(server.browser(), account.email)).state).toBe('Done');
  });
});

describe('what the second factor refuses', () => {
  async function expectFailed(promise: Promise<unknown>) {
    const error = await rejected(promise);
    expect(error.status).toBe(401);
    expect(error.detail).toEqual([{ type: ErrorCode.webauthnFailed, msg: 'The security key was not accepted' }]);
  }

  test('wrong origin: webauthn_failed; the login stays at the second factor', async () => {
    const { account, key } = await accountWithKey();
    const { browser, sessionId } = await atSecondFactor(account.email);
    const options = await loginOptions(browser, sessionId);
    await expectFailed(verify(browser, sessionId, key.get(options, { origin: 'https://helios.example.net' })));
    expect((await browser.api.call('ping', { query: { session_id: sessionId } })).state).toBe('MfaRequired');
    expect(browser.cookies.has('helios_session')).toBe(false);
    expect((await verify(browser, sessionId, key.get(await loginOptions(browser, sessionId)))).state).toBe('Done');
  });

  test('wrong RP ID: webauthn_failed', async () => {
    const { account, key } = await accountWithKey();
    const { browser, sessionId } = await atSecondFactor(account.email);
    const options = await loginOptions(browser, sessionId);
    await expectFailed(verify(browser, sessionId, key.get(options, { rpId: 'helios.example.net' })));
  });

  test('the same options answered twice (replayed challenge): the second answer finds nothing pending', async () => {
    const { account, key } = await accountWithKey();
    const { browser, sessionId } = await atSecondFactor(account.email);
    const options = await loginOptions(browser, sessionId);
    await expectFailed(verify(browser, sessionId, key.get(options, { origin: 'https://helios.example.net' })));
    const error = await rejected(verify(browser, sessionId, key.get(options)));
    expect(error.status).toBe(409);
    expect(error.type).toBe(ErrorCode.noPendingWebauthn);
  });

  test('a replayed assertion (from an earlier sign-in) is refused', async () => {
    const { account, key } = await accountWithKey();
    const first = await atSecondFactor(account.email);
    const assertion = key.get(await loginOptions(first.browser, first.sessionId));
    expect((await verify(first.browser, first.sessionId, assertion)).state).toBe('Done');
    const second = await atSecondFactor(account.email);
    await loginOptions(second.browser, second.sessionId);
    await expectFailed(verify(second.browser, second.sessionId, assertion));
  });

  test('a counter that does not increase (a cloned key) is refused', async () => {
    const { account, key } = await accountWithKey();
    const first = await atSecondFactor(account.email);
    await verify(first.browser, first.sessionId, key.get(await loginOptions(first.browser, first.sessionId)));
    expect((await storedKey(key.id))?.counter).toBe(1);
    for (const counter of [1, 0]) {
      const { browser, sessionId } = await atSecondFactor(account.email);
      await expectFailed(verify(browser, sessionId, key.get(await loginOptions(browser, sessionId), { counter })));
    }
    expect((await storedKey(key.id))?.counter).toBe(1);
  });

  test('two sign-ins racing with the same counter: only one is accepted', async () => {
    const { account, key } = await accountWithKey();
    const a = await atSecondFactor(account.email);
    const b = await atSecondFactor(account.email);
    const answerA = key.get(await loginOptions(a.browser, a.sessionId), { counter: 7 });
    const answerB = key.get(await loginOptions(b.browser, b.sessionId), { counter: 7 });
    const results = await Promise.allSettled([
      verify(a.browser, a.sessionId, answerA),
      verify(b.browser, b.sessionId, answerB),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const reasons = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as ApiError).type] : []));
    expect(reasons).toEqual([ErrorCode.webauthnFailed]);
    expect((await storedKey(key.id))?.counter).toBe(7);
  });

  test('a node that read the key before another node accepted a count cannot accept that count again', async () => {
    // The race above may be serialised by timing; this is the interleaving it guards against.
    const { key } = await accountWithKey();
    const readByBothNodes = (await storedKey(key.id)) as CredentialRow;
    expect(await recordKeyUse(server.ctx, readByBothNodes, 3, false)).toBe(true);
    expect(await recordKeyUse(server.ctx, readByBothNodes, 3, false)).toBe(false);
    expect(await recordKeyUse(server.ctx, readByBothNodes, 2, false)).toBe(false);
    expect((await storedKey(key.id))?.counter).toBe(3);
  });

  test("a key of another account is refused, and that key's record is untouched", async () => {
    const { account } = await accountWithKey();
    const other = await accountWithKey();
    const { browser, sessionId } = await atSecondFactor(account.email);
    const options = await loginOptions(browser, sessionId);
    // A page that clears the allow list lets any key answer (as a discoverable credential).
    await expectFailed(verify(browser, sessionId, other.key.get({ ...options, allowCredentials: [] })));
    const row = await storedKey(other.key.id);
    expect(row?.counter).toBe(0);
    expect(row?.lastUsedAt).toBeNull();
  });

  test('verify without asking for options first: no_pending_webauthn', async () => {
    const { account, key } = await accountWithKey();
    const { browser, sessionId } = await atSecondFactor(account.email);
    const error = await rejected(
      verify(browser, sessionId, key.get({ challenge: Buffer.from('made up').toString('base64url') })),
    );
    expect(error.status).toBe(409);
    expect(error.type).toBe(ErrorCode.noPendingWebauthn);
  });

  test('wrong state (CredentialsRequired), no keys, or an unknown session: both calls refuse', async () => {
    const { account, key } = await accountWithKey();
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    expect(started.state).toBe('CredentialsRequired');
    const sessionId = started.session_id as string;
    const options = await rejected(browser.api.call('webauthnLoginOptions', { body: { session_id: sessionId } }));
    expect(options.status).toBe(409);
    expect(options.type).toBe(ErrorCode.invalidLoginSessionState);
    const verified = await rejected(verify(browser, sessionId, key.get({ challenge: 'AAAA' })));
    expect(verified.type).toBe(ErrorCode.invalidLoginSessionState);

    const totpOnly = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const noKeys = await atSecondFactor(totpOnly.email);
    const noKeyOptions = await rejected(
      noKeys.browser.api.call('webauthnLoginOptions', { body: { session_id: noKeys.sessionId } }),
    );
    expect(noKeyOptions.type).toBe(ErrorCode.invalidLoginSessionState);

    const unknown = await rejected(browser.api.call('webauthnLoginOptions', { body: { session_id: 'z'.repeat(32) } }));
    expect(unknown.status).toBe(404);
    expect(unknown.type).toBe(ErrorCode.loginSessionMissing);
  });

  test('ten failed keys lock the account; while locked even the right key is refused unchecked', async () => {
    const { account, key } = await accountWithKey();
    const { browser, sessionId } = await atSecondFactor(account.email);
    const types: (string | undefined)[] = [];
    for (let i = 0; i < 10; i++) {
      const options = await loginOptions(browser, sessionId);
      types.push((await rejected(verify(browser, sessionId, key.get(options, { rpId: 'example.net' })))).type);
    }
    expect(types.slice(0, 9).every((t) => t === ErrorCode.webauthnFailed)).toBe(true);
    expect(types[9]).toBe(ErrorCode.accountLocked);
    const right = key.get(await loginOptions(browser, sessionId));
    const locked = await rejected(verify(browser, sessionId, right));
    expect(locked.status).toBe(423);
    expect(locked.type).toBe(ErrorCode.accountLocked);
    expect((await storedKey(key.id))?.counter).toBe(0);
  });
});

describe('malformed requests', () => {
  test('bodies that do not fit the contract: 422 validation_error, never a 500', async () => {
    const { account, key } = await accountWithKey();
    const { sessionId } = await atSecondFactor(account.email);
    const assertion = key.get({ challenge: 'AAAA' });
    const registration = new SoftwareAuthenticator(server.url).create({
      challenge: 'AAAA',
      rp: { id: 'localhost', name: 'Helios' },
      user: { id: 'AAAA', name: 'x', displayName: 'x' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    });
    const signedIn = server.browser();
    expect(
      (await signInWithPassword(signedIn, (await createAccount(server.ctx, { password: PASSWORD })).email)).state,
    ).toBe('Done');
    const cases: [Browser, string, unknown][] = [
      [signedIn, '/auth/webauthn/register', { name: '   ', response: registration }],
      [signedIn, '/auth/webauthn/register', { name: 'x'.repeat(65), response: registration }],
      [signedIn, '/auth/webauthn/register', { name: 'Key' }],
      [signedIn, '/auth/webauthn/register', { name: 'Key', response: { ...registration, type: 'password' } }],
      [
        signedIn,
        '/auth/webauthn/register',
        { name: 'Key', response: { ...registration, response: { clientDataJSON: '{"not":"base64url"}' } } },
      ],
      [signedIn, '/auth/login/webauthn/options', { session_id: 'not a session id!' }],
      [signedIn, '/auth/login/webauthn/options', {}],
      [signedIn, '/auth/login/verify-webauthn', { session_id: sessionId }],
      [
        signedIn,
        '/auth/login/verify-webauthn',
        { session_id: sessionId, response: { ...assertion, response: { ...assertion.response, signature: 'n/a+' } } },
      ],
      [signedIn, '/auth/login/verify-webauthn', { session_id: sessionId, response: assertion, remember: 'yes' }],
      [
        signedIn,
        '/auth/login/verify-webauthn',
        { session_id: sessionId, response: { ...assertion, rawId: 'x'.repeat(20_000) } },
      ],
    ];
    for (const [client, path, body] of cases) {
      const answer = await client.raw('POST', path, JSON.stringify(body));
      expect(answer.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      const { detail } = answer.json as ErrorBody;
      expect(detail.length).toBeGreaterThan(0);
      expect(detail.every((d) => d.type === ErrorCode.validation)).toBe(true);
      expect(answer.text).not.toMatch(/at .+\.ts:\d+/);
    }
    const notJson = await signedIn.raw('POST', '/auth/login/verify-webauthn', '{"session_id":');
    expect(notJson.status).toBe(400);
    // A malformed body spends nothing: the login can still finish with the key.
    const { browser: atFactor, sessionId: freshId } = await atSecondFactor(account.email);
    expect((await verify(atFactor, freshId, key.get(await loginOptions(atFactor, freshId)))).state).toBe('Done');
  });
});
