import { type ApiError, ErrorCode, type PublicKeyOptions, routes } from '@helios/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, credentials } from '../src/db/schema';
import { routeGuards } from '../src/http/routes';
import { failure } from './admin-helpers';
import { creation, type RegistrationAnswer, request, SoftwareAuthenticator } from './authenticator';
import { codeFromMail, createAccount, PASSWORD, totpCode } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';

/**
 * Changes to how one signs in need a sign-in, or a re-authentication, within the step-up window
 * (STEP_UP_MINUTES, 10 by default). The server's clock runs ahead on demand, so a session can be
 * made older than the window without waiting.
 */
const WINDOW_MS = 10 * 60_000;
let aheadMs = 0;
const serverNow = () => Date.now() + aheadMs;
/** Moves the server's clock past the window: every session so far is no longer recent. */
const outlast = () => {
  aheadMs += WINDOW_MS + 60_000;
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    now: () => new Date(serverNow()),
    // Security keys need a domain name; linking needs a configured provider (one that cannot be
    // reached: once past the guard, linking ends with provider_error).
    hostname: 'localhost',
    env: { GOOGLE_CLIENT_ID: 'step-up', GOOGLE_CLIENT_SECRET: 'step-up', GOOGLE_ISSUER: 'http://127.0.0.1:9' },
  });
});
afterAll(async () => {
  await server?.close();
});

/** A browser signed in with password (and authenticator code when the account has one). */
async function signIn(account: { email: string; totp: string[] }, browser = server.browser()) {
  const started = await browser.api.call('start', { body: { email: account.email } });
  const session_id = started.session_id as string;
  let state = await browser.api.call('verifyPassword', {
    body: { session_id, email: account.email, password: PASSWORD },
  });
  if (state.state === 'MfaRequired')
    state = await browser.api.call('verifyMfa', {
      body: { session_id, totp_code: totpCode(account.totp[0] as string, serverNow()) },
    });
  expect(state.state).toBe('Done');
  return browser;
}

const credentialsOf = (accountId: string) =>
  server.ctx.db
    .select({ id: credentials.id, type: credentials.type, secret: credentials.secret })
    .from(credentials)
    .where(eq(credentials.accountId, accountId))
    .orderBy(credentials.id);

/** A linked provider, as an earlier round trip would have left it. */
async function linkedProvider(accountId: string) {
  const [row] = await server.ctx.db
    .insert(credentials)
    .values({ accountId, type: 'oidc', provider: 'https://accounts.google.com', subject: `g-${accountId}` })
    .returning();
  return row?.id as string;
}

/** The address linking a provider sends the browser to. */
async function linkLocation(browser: Browser) {
  const response = await browser.fetch(`${server.url}/auth/link/oauth/google?from=/profile`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

/** An account with password, authenticator app and linked provider, signed in, with an
 * authenticator set-up and a security-key registration under way. */
async function accountWithEverything() {
  const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
  const providerId = await linkedProvider(account.id);
  const browser = await signIn(account);
  const pending = await browser.api.call('tfaSetup');
  const key = new SoftwareAuthenticator(server.url);
  const registration: RegistrationAnswer = key.create(
    creation(await browser.api.call('webauthnRegisterOptions', { body: {} })),
  );
  const passkey = new SoftwareAuthenticator(server.url, { userVerified: true }).create(
    creation(await browser.api.call('passkeyRegisterOptions', { body: {} })),
  );
  return { account, browser, providerId, pendingSecret: pending.secret, registration, passkey };
}

/** Every call that changes how one signs in, as the profile makes it; each resolves to the HTTP
 * status and error type (or the redirect target) the server answered with. */
function credentialCalls(setup: Awaited<ReturnType<typeof accountWithEverything>>) {
  const { browser, account, providerId, pendingSecret, registration, passkey } = setup;
  const outcome = (call: Promise<unknown>) =>
    call.then(
      () => ({ status: 200, type: undefined as string | undefined, location: undefined as URL | undefined }),
      (error: ApiError) => ({ status: error.status, type: error.type, location: undefined as URL | undefined }),
    );
  return {
    [`${routes.qrcode.method} ${routes.qrcode.path}`]: async () => {
      const response = await browser.fetch(`${server.url}/auth/qrcode`);
      const body = response.ok ? undefined : ((await response.json()) as { detail: { type: string }[] });
      return { status: response.status, type: body?.detail[0]?.type, location: undefined };
    },
    [`${routes.tfaSetup.method} ${routes.tfaSetup.path}`]: () => outcome(browser.api.call('tfaSetup')),
    [`${routes.tfaActivate.method} ${routes.tfaActivate.path}`]: () =>
      outcome(browser.api.call('tfaActivate', { body: { totp_code: totpCode(pendingSecret, serverNow()) } })),
    [`${routes.regenerateRecoveryCodes.method} ${routes.regenerateRecoveryCodes.path}`]: () =>
      outcome(browser.api.call('regenerateRecoveryCodes', { body: {} })),
    // The answer to the challenge asked for before, then a new challenge (which replaces it).
    [`${routes.webauthnRegister.method} ${routes.webauthnRegister.path}`]: () =>
      outcome(browser.api.call('webauthnRegister', { body: { name: 'Blue key', response: registration } })),
    [`${routes.webauthnRegisterOptions.method} ${routes.webauthnRegisterOptions.path}`]: () =>
      outcome(browser.api.call('webauthnRegisterOptions', { body: {} })),
    [`${routes.passkeyRegister.method} ${routes.passkeyRegister.path}`]: () =>
      outcome(browser.api.call('passkeyRegister', { body: { name: 'Laptop', response: passkey } })),
    [`${routes.passkeyRegisterOptions.method} ${routes.passkeyRegisterOptions.path}`]: () =>
      outcome(browser.api.call('passkeyRegisterOptions', { body: {} })),
    [`${routes.deleteCredential.method} ${routes.deleteCredential.path}`]: async () => {
      // Removing an authenticator and unlinking a provider are the same call.
      const authenticator = (await credentialsOf(account.id)).find((row) => row.type === 'totp');
      const totp = await outcome(browser.api.call('deleteCredential', { params: { id: authenticator?.id as string } }));
      const provider = await outcome(browser.api.call('deleteCredential', { params: { id: providerId } }));
      expect(provider).toEqual(totp);
      return totp;
    },
    // Not a change of how one signs in, but all one's data leaves with it.
    [`${routes.exportData.method} ${routes.exportData.path}`]: () =>
      outcome(browser.api.call('exportData', { body: {} })),
    [`${routes.changePassword.method} ${routes.changePassword.path}`]: () =>
      outcome(browser.api.call('changePassword', { body: { password: 'Lantern-Fjord-Quietly-91' } })),
    [`${routes.providerLink.method} ${routes.providerLink.path}`]: async () => {
      const location = new URL(await linkLocation(browser), server.url);
      return { status: 302, type: location.searchParams.get('error') ?? undefined, location };
    },
  };
}

describe('a session older than the step-up window', () => {
  test('every credential-changing route answers 403 requires_recent_login and changes nothing', async () => {
    const setup = await accountWithEverything();
    const before = await credentialsOf(setup.account.id);
    outlast();
    const calls = credentialCalls(setup);
    // Every route registered with the option is called here.
    const guarded = routeGuards(server.running.app).filter((route) => route.recentLogin && route.method !== 'HEAD');
    expect(guarded.map((route) => `${route.method} ${route.url}`).sort()).toEqual(Object.keys(calls).sort());
    for (const [name, call] of Object.entries(calls)) {
      const answer = await call();
      if (name.endsWith('/auth/link/oauth/:provider')) {
        // A page: back to the profile with the error and the provider, to come back after.
        expect(answer.type, name).toBe(ErrorCode.requiresRecentLogin);
        expect(answer.location?.pathname).toBe('/profile');
        expect(answer.location?.searchParams.get('provider')).toBe('google');
      } else expect(answer, name).toEqual({ status: 403, type: ErrorCode.requiresRecentLogin, location: undefined });
    }
    expect(await credentialsOf(setup.account.id)).toEqual(before);
  });

  test('after re-authentication with password and authenticator code every one of them succeeds', async () => {
    const setup = await accountWithEverything();
    outlast();
    const { browser, account } = setup;
    expect(await browser.api.call('reauthStart', { body: {} })).toEqual({
      method: 'password',
      second_factors: ['totp'],
      webauthn: null,
      passkey: null,
      code_sent: false,
    });
    await browser.api.call('reauthVerify', {
      body: { password: PASSWORD, totp_code: totpCode(account.totp[0] as string, serverNow()) },
    });
    for (const [name, call] of Object.entries(credentialCalls(setup))) {
      const answer = await call();
      if (name.endsWith('/auth/link/oauth/:provider')) expect(answer.type, name).toBe(ErrorCode.providerFailed);
      else expect(answer, name).toEqual({ status: 200, type: undefined, location: undefined });
    }
    const types = (await credentialsOf(account.id)).map((row) => row.type).sort();
    // The old authenticator replaced by the new one, then removed; the provider unlinked; a key
    // and a passkey added.
    expect(types).toEqual(['passkey', 'password', 'webauthn']);
    const audited = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorAccountId, account.id), eq(auditEvents.action, 'reauth.success')));
    expect(audited).toHaveLength(1);
  });

  test('a re-authentication lasts the window, then the session needs another', async () => {
    const setup = await accountWithEverything();
    outlast();
    await setup.browser.api.call('reauthVerify', {
      body: { password: PASSWORD, totp_code: totpCode(setup.account.totp[0] as string, serverNow()) },
    });
    await setup.browser.api.call('tfaSetup');
    outlast();
    expect((await failure(setup.browser.api.call('tfaSetup'))).type).toBe(ErrorCode.requiresRecentLogin);
  });
});

test('a fresh sign-in changes sign-in methods without re-authentication', async () => {
  const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
  const browser = await signIn(account);
  const after = await browser.api.call('deleteCredential', { params: { id: account.credentialIds.totp0 as string } });
  expect(after.available_credentials.map((c) => c.type)).toEqual(['password']);
});

describe('re-authentication', () => {
  test('a wrong password is refused, counts toward the lockout and leaves the session not recent', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signIn(account);
    outlast();
    const wrong = await failure(browser.api.call('reauthVerify', { body: { password: 'not the password' } }));
    expect([wrong.status, wrong.type]).toEqual([400, ErrorCode.invalidCredentials]);
    const failures = () =>
      server.ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, account.id), eq(auditEvents.action, 'reauth.password_failed')));
    expect(await failures()).toHaveLength(1);
    expect((await failure(browser.api.call('tfaSetup'))).type).toBe(ErrorCode.requiresRecentLogin);
    // Ten in a row lock the account, as at sign-in; then even the right password is refused.
    for (let i = 1; i < 9; i++) await failure(browser.api.call('reauthVerify', { body: { password: `wrong ${i}` } }));
    const locked = await failure(browser.api.call('reauthVerify', { body: { password: 'wrong again' } }));
    expect([locked.status, locked.type]).toEqual([423, ErrorCode.accountLocked]);
    expect((await failures()).at(-1)?.details).toMatchObject({ locked: true });
    const stillLocked = await failure(browser.api.call('reauthVerify', { body: { password: PASSWORD } }));
    expect(stillLocked.type).toBe(ErrorCode.accountLocked);
    expect((await failure(browser.api.call('tfaSetup'))).type).toBe(ErrorCode.requiresRecentLogin);
  });

  test('the second factor is required when the account has one, and a wrong code is refused', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const browser = await signIn(account);
    outlast();
    const missing = await failure(browser.api.call('reauthVerify', { body: { password: PASSWORD } }));
    expect([missing.status, missing.type]).toEqual([422, ErrorCode.validation]);
    expect((await failure(browser.api.call('tfaSetup'))).type).toBe(ErrorCode.requiresRecentLogin);
    const wrong = await failure(
      browser.api.call('reauthVerify', { body: { password: PASSWORD, totp_code: '000000' } }),
    );
    expect([wrong.status, wrong.type]).toEqual([400, ErrorCode.invalidTotp]);
    expect((await failure(browser.api.call('tfaSetup'))).type).toBe(ErrorCode.requiresRecentLogin);
    // The password was proven: the authenticator code alone completes it.
    await browser.api.call('reauthVerify', { body: { totp_code: totpCode(account.totp[0] as string, serverNow()) } });
    await browser.api.call('tfaSetup');
  });

  test('an account without a password re-authenticates with a mailed code', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    const session_id = started.session_id as string;
    const otp = codeFromMail((await server.waitForMail(account.email)).text);
    const asked = await browser.api.call('verifyOtp', { body: { session_id, email: account.email, otp } });
    expect(asked.state).toBe('AskedCreateCredential');
    await browser.api.call('skipCreatePassword', { body: { session_id } });
    const providerId = await linkedProvider(account.id);
    outlast();
    const mailsBefore = await server.mailCount(account.email);
    expect(await browser.api.call('reauthStart', { body: {} })).toEqual({
      method: 'otp',
      second_factors: [],
      webauthn: null,
      passkey: null,
      code_sent: true,
    });
    const code = codeFromMail((await server.waitForMail(account.email, mailsBefore)).text);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await failure(browser.api.call('reauthVerify', { body: { otp: wrongCode } }));
    expect([wrong.status, wrong.type]).toEqual([400, ErrorCode.otpInvalid]);
    const withPassword = await failure(browser.api.call('reauthVerify', { body: { password: PASSWORD } }));
    expect(withPassword.type).toBe(ErrorCode.validation);
    await browser.api.call('reauthVerify', { body: { otp: code } });
    const after = await browser.api.call('deleteCredential', { params: { id: providerId } });
    expect(after.available_credentials).toEqual([]);
  });

  test('a security key answers as the second factor', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const key = new SoftwareAuthenticator(server.url);
    const browser = await signIn(account);
    const options = await browser.api.call('webauthnRegisterOptions', { body: {} });
    await browser.api.call('webauthnRegister', { body: { name: 'Blue key', response: key.create(creation(options)) } });
    outlast();
    const start = await browser.api.call('reauthStart', { body: {} });
    expect([start.method, start.second_factors]).toEqual(['password', ['webauthn']]);
    const answer = key.get(request(start.webauthn as PublicKeyOptions));
    await browser.api.call('reauthVerify', { body: { password: PASSWORD, webauthn: answer } });
    await browser.api.call('tfaSetup');
    // The challenge was single use.
    outlast();
    const replayed = await failure(
      browser.api.call('reauthVerify', { body: { password: PASSWORD, webauthn: answer } }),
    );
    expect(replayed.type).toBe(ErrorCode.noPendingWebauthn);
  });

  describe('with a passkey', () => {
    /** An account with a password and an authenticator app, signed in, that made a passkey. */
    async function accountWithPasskey(options: { password?: string | null; totpCount?: number } = {}) {
      const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1, ...options });
      const key = new SoftwareAuthenticator(server.url, { userVerified: true });
      const browser = server.browser();
      if (options.password === null) {
        const started = await browser.api.call('start', { body: { email: account.email } });
        const session_id = started.session_id as string;
        const otp = codeFromMail((await server.waitForMail(account.email)).text);
        await browser.api.call('verifyOtp', { body: { session_id, email: account.email, otp } });
        await browser.api.call('skipCreatePassword', { body: { session_id } });
      } else await signIn(account, browser);
      const mailsBefore = await server.mailCount(account.email);
      const made = creation(await browser.api.call('passkeyRegisterOptions', { body: {} }));
      await browser.api.call('passkeyRegister', { body: { name: 'Laptop', response: key.create(made) } });
      // Its security mail is out before anything counts mail.
      await server.waitForMail(account.email, mailsBefore, 'A passkey was added to your Helios account');
      return { account, key, browser };
    }

    test('a passkey alone re-authenticates: both factors at once, audited as a passkey', async () => {
      const { account, key, browser } = await accountWithPasskey();
      outlast();
      const start = await browser.api.call('reauthStart', { body: {} });
      expect([start.method, start.second_factors, start.code_sent]).toEqual(['password', ['totp'], false]);
      const options = request(start.passkey as PublicKeyOptions);
      expect(options.userVerification).toBe('required');
      expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
      await browser.api.call('reauthVerify', { body: { passkey: key.get(options) } });
      await browser.api.call('tfaSetup');
      const [success] = await server.ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'reauth.success'), eq(auditEvents.targetId, account.id)));
      expect(success?.details).toEqual({ method: 'passkey', second_factor: null });
    });

    test('a passkey that did not verify its user, or is another account’s, is refused and counts', async () => {
      const { account, key, browser } = await accountWithPasskey();
      const other = await accountWithPasskey();
      outlast();
      const start = await browser.api.call('reauthStart', { body: {} });
      const unverified = await failure(
        browser.api.call('reauthVerify', {
          body: { passkey: key.get(request(start.passkey as PublicKeyOptions), { userVerified: false }) },
        }),
      );
      expect([unverified.status, unverified.type]).toEqual([400, ErrorCode.webauthnFailed]);
      const again = await browser.api.call('reauthStart', { body: {} });
      const foreign = await failure(
        browser.api.call('reauthVerify', {
          // The other account's passkey, offered anyway (its key is not among the allowed ones).
          body: { passkey: other.key.get({ ...request(again.passkey as PublicKeyOptions), allowCredentials: [] }) },
        }),
      );
      expect(foreign.type).toBe(ErrorCode.webauthnFailed);
      const refused = await server.ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'reauth.passkey_failed'), eq(auditEvents.targetId, account.id)));
      expect(refused).toHaveLength(2);
      expect((await failure(browser.api.call('tfaSetup'))).type).toBe(ErrorCode.requiresRecentLogin);
    });

    test('without a password, no code is mailed until asked for; then the code works as before', async () => {
      const { account, browser } = await accountWithPasskey({ password: null, totpCount: 0 });
      outlast();
      const mailsBefore = await server.mailCount(account.email);
      const start = await browser.api.call('reauthStart', { body: {} });
      expect([start.method, start.code_sent, start.passkey === null]).toEqual(['otp', false, false]);
      expect(await server.mailCount(account.email)).toBe(mailsBefore);
      const asked = await browser.api.call('reauthStart', { body: { send_code: true } });
      expect(asked.code_sent).toBe(true);
      const code = codeFromMail((await server.waitForMail(account.email, mailsBefore, 'Your sign-in code')).text);
      await browser.api.call('reauthVerify', { body: { otp: code } });
      await browser.api.call('passkeyRegisterOptions', { body: {} });
    });
  });

  test('re-authenticating one session does not make another session recent', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const first = await signIn(account);
    const second = await signIn(account);
    outlast();
    await first.api.call('reauthVerify', { body: { password: PASSWORD } });
    await first.api.call('tfaSetup');
    expect((await failure(second.api.call('tfaSetup'))).type).toBe(ErrorCode.requiresRecentLogin);
  });

  test('re-authentication is rate limited per account', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signIn(account);
    outlast();
    server.ctx.config.rateLimit = true;
    try {
      for (let i = 0; i < 5; i++) await browser.api.call('reauthStart', { body: {} });
      for (let i = 0; i < 5; i++) await failure(browser.api.call('reauthVerify', { body: { password: `wrong ${i}` } }));
      const limited = await failure(browser.api.call('reauthVerify', { body: { password: PASSWORD } }));
      expect([limited.status, limited.type]).toEqual([429, ErrorCode.rateLimited]);
      expect((await failure(browser.api.call('tfaSetup'))).type).toBe(ErrorCode.requiresRecentLogin);
    } finally {
      server.ctx.config.rateLimit = false;
    }
  });

  test('signed out, both calls answer 401', async () => {
    const api = server.browser().api;
    expect((await failure(api.call('reauthStart', { body: {} }))).status).toBe(401);
    expect((await failure(api.call('reauthVerify', { body: { password: PASSWORD } }))).status).toBe(401);
  });
});
