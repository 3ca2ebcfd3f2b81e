import { ErrorCode, type LoginSessionResponse } from '@helios/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { credentials } from '../src/db/schema';
import { failure as rejected } from './admin-helpers';
import { creation, request, SoftwareAuthenticator } from './authenticator';
import { codeFromMail, createAccount, PASSWORD, totpCode, uniqueEmail } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';
import { type Idp, startIdp } from './idp';

/**
 * Issue 28 §3: a login belongs to the browser that started it. The login's id (`session_id`) is
 * no bearer token: every step, the provider routes and their callbacks also need the login cookie
 * of the browser that called `start`. Replayed from another cookie jar — none at all, or another
 * browser's own login — a step answers as for an unknown login and changes nothing.
 */

let server: TestServer;
let google: Idp;
const GOOGLE_CLIENT = { id: 'helios-at-google', secret: 'google-client-secret-binding' };
const NEW_PASSWORD = 'Correct-horse-battery-staple-42';

beforeAll(async () => {
  google = await startIdp();
  // A security key is bound to a domain name, not an address.
  server = await startTestServer({
    hostname: 'localhost',
    env: {
      GOOGLE_ISSUER: google.issuer,
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
    },
  });
  google.addClient(GOOGLE_CLIENT.id, GOOGLE_CLIENT.secret, [`${server.url}/auth/oauth/callback/google`]);
});

afterAll(async () => {
  await server?.close();
  await google?.close();
});

/** The other browsers a login's id may reach: one with no cookie at all, and one that holds a
 * login cookie of its own (it started a login of its own). */
const intruders: [string, () => Promise<Browser>][] = [
  ['a client without cookies', async () => server.browser()],
  [
    "another browser with its own login's cookie",
    async () => {
      const other = server.browser();
      await other.api.call('start', { body: { email: uniqueEmail('other') } });
      expect(other.cookies.has('helios_login')).toBe(true);
      return other;
    },
  ],
];

async function start(browser: Browser, email: string) {
  const started = await browser.api.call('start', { body: { email } });
  return { ...started, session_id: started.session_id as string };
}

/** The page's check after a reload: no id, the login cookie names the login in progress. */
function reload(browser: Browser) {
  return browser.api.call('ping', { query: {} });
}

/** A login by emailed code of an account without a credential, at the offer to add one. */
async function atTheOffer(name = 'Test Person') {
  const account = await createAccount(server.ctx, { password: null, name });
  const owner = server.browser();
  const started = await start(owner, account.email);
  const code = codeFromMail((await server.waitForMail(account.email)).text);
  const offer = await owner.api.call('verifyOtp', {
    body: { session_id: started.session_id, email: account.email, otp: code },
  });
  expect(offer.state).toBe('AskedCreateCredential');
  return { account, owner, sessionId: started.session_id };
}

/** A login past the password of an account with `totpCount` authenticators. */
async function pastThePassword(totpCount: number) {
  const account = await createAccount(server.ctx, { password: PASSWORD, totpCount });
  const owner = server.browser();
  const started = await start(owner, account.email);
  await owner.api.call('verifyPassword', {
    body: { session_id: started.session_id, email: account.email, password: PASSWORD },
  });
  return { account, owner, sessionId: started.session_id };
}

/** An account with a password and a security key (registered in a browser signed out since),
 * and a new login of it at the second factor. */
async function atTheSecurityKey() {
  const account = await createAccount(server.ctx, { password: PASSWORD });
  const key = new SoftwareAuthenticator(server.url);
  const setup = server.browser();
  const first = await start(setup, account.email);
  await setup.api.call('verifyPassword', {
    body: { session_id: first.session_id, email: account.email, password: PASSWORD },
  });
  const options = await setup.api.call('webauthnRegisterOptions', { body: {} });
  await setup.api.call('webauthnRegister', { body: { name: 'Blue key', response: key.create(creation(options)) } });
  const owner = server.browser();
  const started = await start(owner, account.email);
  const second = await owner.api.call('verifyPassword', {
    body: { session_id: started.session_id, email: account.email, password: PASSWORD },
  });
  expect(second.state).toBe('MfaRequired');
  return { account, key, owner, sessionId: started.session_id };
}

/** A login at a step: the owner's browser, the step as that browser would send it (`replay`, to
 * send from another), and the owner's way on to Done from here (`finish`). */
type AtStep = {
  owner: Browser;
  sessionId: string;
  replay: (browser: Browser) => Promise<unknown>;
  finish: () => Promise<LoginSessionResponse>;
};

const steps: [string, () => Promise<AtStep>][] = [
  [
    'ping with session_id',
    async () => {
      const account = await createAccount(server.ctx, { password: PASSWORD });
      const owner = server.browser();
      const { session_id } = await start(owner, account.email);
      return {
        owner,
        sessionId: session_id,
        replay: (browser) => browser.api.call('ping', { query: { session_id } }),
        finish: () =>
          owner.api.call('verifyPassword', { body: { session_id, email: account.email, password: PASSWORD } }),
      };
    },
  ],
  [
    'verify-otp (with the right code)',
    async () => {
      const account = await createAccount(server.ctx, { password: null });
      const owner = server.browser();
      const { session_id } = await start(owner, account.email);
      const body = {
        session_id,
        email: account.email,
        otp: codeFromMail((await server.waitForMail(account.email)).text),
      };
      return {
        owner,
        sessionId: session_id,
        replay: (browser) => browser.api.call('verifyOtp', { body }),
        finish: async () => {
          expect((await owner.api.call('verifyOtp', { body })).state).toBe('AskedCreateCredential');
          return owner.api.call('skipCreatePassword', { body: { session_id } });
        },
      };
    },
  ],
  [
    'verify-password (with the right password)',
    async () => {
      const account = await createAccount(server.ctx, { password: PASSWORD });
      const owner = server.browser();
      const { session_id } = await start(owner, account.email);
      const body = { session_id, email: account.email, password: PASSWORD };
      return {
        owner,
        sessionId: session_id,
        replay: (browser) => browser.api.call('verifyPassword', { body }),
        finish: () => owner.api.call('verifyPassword', { body }),
      };
    },
  ],
  [
    'verify-mfa (with the right code)',
    async () => {
      const { account, owner, sessionId } = await pastThePassword(1);
      const body = { session_id: sessionId, totp_code: totpCode(account.totp[0] as string) };
      return {
        owner,
        sessionId,
        replay: (browser) => browser.api.call('verifyMfa', { body }),
        finish: () => owner.api.call('verifyMfa', { body }),
      };
    },
  ],
  [
    'merge-mfa (with the right code)',
    async () => {
      const { account, owner, sessionId } = await pastThePassword(2);
      const body = { session_id: sessionId, totp_code: totpCode(account.totp[0] as string) };
      return {
        owner,
        sessionId,
        replay: (browser) => browser.api.call('mergeMfa', { body }),
        finish: () => owner.api.call('mergeMfa', { body }),
      };
    },
  ],
  [
    'create-password',
    async () => {
      const { owner, sessionId } = await atTheOffer();
      const body = { session_id: sessionId, password: NEW_PASSWORD };
      return {
        owner,
        sessionId,
        replay: (browser) => browser.api.call('createPassword', { body }),
        finish: () => owner.api.call('createPassword', { body }),
      };
    },
  ],
  [
    'skip-create-password',
    async () => {
      const { owner, sessionId } = await atTheOffer();
      const body = { session_id: sessionId };
      return {
        owner,
        sessionId,
        replay: (browser) => browser.api.call('skipCreatePassword', { body }),
        finish: () => owner.api.call('skipCreatePassword', { body }),
      };
    },
  ],
  [
    'webauthn options',
    async () => {
      const { key, owner, sessionId } = await atTheSecurityKey();
      const body = { session_id: sessionId };
      return {
        owner,
        sessionId,
        replay: (browser) => browser.api.call('webauthnLoginOptions', { body }),
        finish: async () => {
          const options = await owner.api.call('webauthnLoginOptions', { body });
          const response = key.get(request(options));
          return owner.api.call('verifyWebauthn', { body: { session_id: sessionId, response, remember: false } });
        },
      };
    },
  ],
  [
    "webauthn verify (with the owner's signed answer)",
    async () => {
      const { key, owner, sessionId } = await atTheSecurityKey();
      const options = await owner.api.call('webauthnLoginOptions', { body: { session_id: sessionId } });
      const body = { session_id: sessionId, response: key.get(request(options)), remember: false };
      return {
        owner,
        sessionId,
        replay: (browser) => browser.api.call('verifyWebauthn', { body }),
        // The challenge is still pending: the replay did not take it.
        finish: () => owner.api.call('verifyWebauthn', { body }),
      };
    },
  ],
];

describe('each login step replayed from another cookie jar is refused as an unknown login', () => {
  for (const [step, setUp] of steps) {
    test.each(intruders)(`${step}, from %s: login_session_missing; the owner still finishes`, async (_, intruder) => {
      const { owner, sessionId, replay, finish } = await setUp();
      const before = await owner.api.call('ping', { query: { session_id: sessionId } });
      const browser = await intruder();

      const refused = await rejected(replay(browser));
      expect(refused.status).toBe(404);
      expect(refused.type).toBe(ErrorCode.loginSessionMissing);
      expect(browser.cookies.has('helios_session')).toBe(false);

      expect(await owner.api.call('ping', { query: { session_id: sessionId } })).toEqual(before);
      expect((await finish()).state).toBe('Done');
      expect(owner.cookies.has('helios_session')).toBe(true);
    });
  }

  test("the issue's reproduction: after david's verify-otp, skip-create-password from a client without cookies gets no session", async () => {
    const { account, owner, sessionId } = await atTheOffer('David Dahl');
    const stranger = server.browser();
    const answer = await stranger.raw(
      'POST',
      '/auth/login/skip-create-password',
      JSON.stringify({ session_id: sessionId }),
    );
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ detail: [{ type: ErrorCode.loginSessionMissing, msg: expect.any(String) }] });
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(stranger.cookies.size).toBe(0);

    const done = await owner.api.call('skipCreatePassword', { body: { session_id: sessionId } });
    expect(done.state).toBe('Done');
    expect(await owner.api.call('session')).toMatchObject({ email: account.email });
  });

  test('a wrong login cookie (right id, made-up secret) is as good as none', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const owner = server.browser();
    const { session_id } = await start(owner, account.email);
    const forger = server.browser();
    forger.cookies.set('helios_login', `${session_id}.${'A'.repeat(43)}`);
    const refused = await rejected(
      forger.api.call('verifyPassword', { body: { session_id, email: account.email, password: PASSWORD } }),
    );
    expect(refused.type).toBe(ErrorCode.loginSessionMissing);
    expect((await reload(forger)).state).toBe('Start');
  });
});

describe('the provider routes and callbacks continue only the browser’s own login', () => {
  /** The provider round trip's first hop, as a browser sends it; the answer is a redirect. */
  async function toProvider(browser: Browser, path: string) {
    const answer = await browser.fetch(`${server.url}${path}`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    return answer.headers.get('location') as string;
  }

  /** Follows a Helios redirect chain through the provider back to the first page of Helios. */
  async function follow(browser: Browser, address: string) {
    let next = new URL(address, server.url);
    for (let i = 0; i < 6; i++) {
      const ours = next.origin === server.url;
      const response = ours
        ? await browser.fetch(next.href, { redirect: 'manual' })
        : await fetch(next.href, { redirect: 'manual' });
      next = new URL(response.headers.get('location') as string, next);
      if (next.origin === server.url && !next.pathname.startsWith('/auth/')) return next;
    }
    throw new Error('too many redirects');
  }

  const providerSteps: [string, () => Promise<{ owner: Browser; path: string; email: string }>][] = [
    [
      'signing in with Google (/auth/login/oauth/google)',
      async () => {
        const account = await createAccount(server.ctx, { password: PASSWORD });
        const owner = server.browser();
        const { session_id } = await start(owner, account.email);
        return { owner, path: `/auth/login/oauth/google?session_id=${session_id}`, email: account.email };
      },
    ],
    [
      'linking Google from the offer (/auth/login/link/oauth/google)',
      async () => {
        const { account, owner, sessionId } = await atTheOffer();
        return { owner, path: `/auth/login/link/oauth/google?session_id=${sessionId}`, email: account.email };
      },
    ],
  ];

  for (const [step, setUp] of providerSteps) {
    test.each(intruders)(`${step}, from %s: back to /login with login_session_missing`, async (_, intruder) => {
      const { owner, path, email } = await setUp();
      const browser = await intruder();
      const asked = google.authorizations.length;

      const location = await toProvider(browser, path);
      // Exactly what an unknown login gets: the bare page, neither the owner's email nor query.
      expect(location).toBe(`/login?error=${ErrorCode.loginSessionMissing}&error_type=soft`);
      expect(browser.cookies.has('helios_oauth_state')).toBe(false);
      expect(google.authorizations.length).toBe(asked);

      google.nextUser({ sub: `subject-${Math.random().toString(36).slice(2)}`, email, email_verified: true });
      const page = await follow(owner, path);
      expect(page.searchParams.get('error')).toBeNull();
      expect((await reload(owner)).state).toBe('Done');
    });
  }

  const lostCookie: [string, (owner: Browser) => Promise<void>][] = [
    [
      'lost its login cookie',
      async (owner) => {
        owner.cookies.delete('helios_login');
      },
    ],
    [
      'started a newer login since',
      async (owner) => {
        await owner.api.call('start', { body: { email: uniqueEmail('newer') } });
      },
    ],
  ];

  test.each(lostCookie)(
    'a callback in a browser that %s is refused: nobody signed in, nothing linked',
    async (_, lose) => {
      const account = await createAccount(server.ctx, { password: PASSWORD });
      const owner = server.browser();
      const { session_id } = await start(owner, account.email);
      const sub = `subject-${Math.random().toString(36).slice(2)}`;
      google.nextUser({ sub, email: account.email, email_verified: true });
      const atProvider = await fetch(await toProvider(owner, `/auth/login/oauth/google?session_id=${session_id}`), {
        redirect: 'manual',
      });
      const callback = atProvider.headers.get('location') as string;
      expect(owner.cookies.has('helios_oauth_state')).toBe(true);

      await lose(owner);
      const page = await follow(owner, callback);
      expect(page.pathname).toBe('/login');
      expect(page.searchParams.get('error')).toBe(ErrorCode.loginSessionMissing);
      expect(page.searchParams.has('session_id')).toBe(false);
      expect(owner.cookies.has('helios_session')).toBe(false);
      const linked = await server.ctx.db
        .select()
        .from(credentials)
        .where(and(eq(credentials.issuer, google.issuer), eq(credentials.subject, sub)));
      expect(linked).toEqual([]);
    },
  );
});

describe('one login per browser, found again by its cookie', () => {
  test('a reload without session_id resumes the login in progress; other browsers do not see it', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const owner = server.browser();
    const started = await start(owner, account.email);
    expect(await reload(owner)).toEqual(started);
    const verified = await owner.api.call('verifyPassword', {
      body: { session_id: started.session_id, email: account.email, password: PASSWORD },
    });
    expect(verified.state).toBe('MfaRequired');
    expect(await reload(owner)).toEqual(verified);

    expect((await reload(server.browser())).state).toBe('Start');
    const [, otherLogin] = intruders[1] as [string, () => Promise<Browser>];
    const other = await otherLogin();
    const theirs = await reload(other);
    expect(theirs.session_id).not.toBe(started.session_id);
    expect(theirs.state).toBe('OTPRequired');
  });

  test('Done forgets the login cookie; the reload then finds the portal session', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const owner = server.browser();
    const { session_id } = await start(owner, account.email);
    expect(owner.cookies.has('helios_login')).toBe(true);
    await owner.api.call('verifyPassword', { body: { session_id, email: account.email, password: PASSWORD } });
    expect(owner.cookies.has('helios_login')).toBe(false);
    expect(await reload(owner)).toMatchObject({ state: 'Done', session_id: null });
  });

  test('a newer start in the same browser replaces the older login: its id is then unknown there', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    const older = await start(browser, account.email);
    const newer = await start(browser, account.email);
    const refused = await rejected(
      browser.api.call('verifyPassword', {
        body: { session_id: older.session_id, email: account.email, password: PASSWORD },
      }),
    );
    expect(refused.type).toBe(ErrorCode.loginSessionMissing);
    expect((await reload(browser)).session_id).toBe(newer.session_id);
    const done = await browser.api.call('verifyPassword', {
      body: { session_id: newer.session_id, email: account.email, password: PASSWORD },
    });
    expect(done.state).toBe('Done');
  });

  test('a login cookie whose login has expired is cleared by the reload', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    const { session_id } = await start(browser, account.email);
    expect(browser.cookies.has('helios_login')).toBe(true);
    await server.ctx.store.del(`login:${session_id}`);
    expect((await reload(browser)).state).toBe('Start');
    expect(browser.cookies.has('helios_login')).toBe(false);
  });

  test('the login cookie is HttpOnly, SameSite=Lax, at Path=/, and lives as long as the browser session', async () => {
    const answer = await server.browser().raw('POST', '/auth/login/start', JSON.stringify({ email: uniqueEmail() }));
    const line = answer.headers.getSetCookie().find((l) => l.startsWith('helios_login=')) as string;
    const attributes = line.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(attributes.some((a) => a.startsWith('max-age') || a.startsWith('expires'))).toBe(false);
    // The id, then at least 128 random bits.
    expect(line).toMatch(/^helios_login=[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{43};/);
  });
});
