import { ErrorCode, type LoginSessionResponse } from '@helios/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, credentials } from '../src/db/schema';
import { sha256 } from '../src/security/tokens';
import { StoreUnavailableError } from '../src/store/store';
import { codeFromMail, createAccount, PASSWORD, totpCode, uniqueEmail } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';
import { type Idp, type IdpUser, routeToIdp, startIdp } from './idp';
import { allowAuditRows, refuseAuditRowsOf } from './refused-audit';

/** Google and the generic provider are stand-ins on loopback; Microsoft is configured as its
 * multi-directory `common` endpoint, whose public address is routed to a stand-in. */
const MICROSOFT_COMMON = 'https://login.microsoftonline.com/common/v2.0';
const SSO_DOMAIN = 'acme.test';
const clients = {
  google: { id: 'helios-at-google', secret: 'google-client-secret' },
  microsoft: { id: 'helios-at-microsoft', secret: 'microsoft-client-secret' },
  oidc: { id: 'helios-at-acme', secret: 'acme-client-secret' },
};

let google: Idp;
let microsoft: Idp;
let sso: Idp;
let unrouteMicrosoft: () => void;
let server: TestServer;

beforeAll(async () => {
  google = await startIdp();
  microsoft = await startIdp({ publicOrigin: 'https://login.microsoftonline.com', directories: true });
  sso = await startIdp({ issuerPath: '/realms/acme' });
  unrouteMicrosoft = routeToIdp(microsoft);
  server = await startTestServer({
    env: {
      GOOGLE_ISSUER: google.issuer,
      GOOGLE_CLIENT_ID: clients.google.id,
      GOOGLE_CLIENT_SECRET: clients.google.secret,
      MICROSOFT_TENANT: 'common',
      MICROSOFT_CLIENT_ID: clients.microsoft.id,
      MICROSOFT_CLIENT_SECRET: clients.microsoft.secret,
      OIDC_ISSUER: sso.issuer,
      OIDC_CLIENT_ID: clients.oidc.id,
      OIDC_CLIENT_SECRET: clients.oidc.secret,
      OIDC_NAME: 'Acme sign-in',
      OIDC_EMAIL_DOMAINS: SSO_DOMAIN,
    },
  });
  google.addClient(clients.google.id, clients.google.secret, [`${server.url}/auth/oauth/callback/google`]);
  microsoft.addClient(clients.microsoft.id, clients.microsoft.secret, [`${server.url}/auth/oauth/callback/microsoft`]);
  sso.addClient(clients.oidc.id, clients.oidc.secret, [`${server.url}/auth/oauth/callback/oidc`]);
});

afterAll(async () => {
  unrouteMicrosoft?.();
  await server?.close();
  await Promise.all([google?.close(), microsoft?.close(), sso?.close()]);
});

let subjects = 0;
const newSubject = () => `subject-${++subjects}-${Math.random().toString(36).slice(2, 8)}`;

/** A round trip as a browser makes it, one redirect at a time: requests to Helios carry the
 * browser's cookies, requests to the provider are plain fetches. Ends at the first Helios page
 * (not under /auth/), returned as a URL; `hops` are the addresses visited on the way. */
async function follow(browser: Browser, path: string, target = server) {
  const hops: URL[] = [];
  let next = new URL(path, target.url);
  for (let i = 0; i < 6; i++) {
    hops.push(next);
    const ours = next.origin === target.url;
    const response = ours
      ? await browser.fetch(next.href, { redirect: 'manual' })
      : await fetch(next.href, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location)
      throw new Error(`${next.pathname} answered ${response.status}: ${await response.text()}`);
    next = new URL(location, next);
    if (next.origin === target.url && !next.pathname.startsWith('/auth/')) return { page: next, hops };
  }
  throw new Error('too many redirects');
}

/** The callback address a provider sent the browser to, in a finished round trip. */
function callbackOf(hops: URL[]): URL {
  const callback = hops.find((hop) => hop.pathname.startsWith('/auth/oauth/callback/'));
  if (!callback) throw new Error('no callback in the round trip');
  return callback;
}

async function start(browser: Browser, email: string, query: Record<string, string> = {}) {
  const started = await browser.api.call('start', { body: { email }, query });
  return started as LoginSessionResponse & { session_id: string };
}

/** The page's own check after a round trip: no id in its address, its login cookie names the
 * login in progress (and a finished login has left a portal session). */
async function ping(browser: Browser) {
  return browser.api.call('ping', { query: {} });
}

/** Signs in with a provider from the credentials step; the provider answers as `user`. */
async function signInWith(
  provider: 'google' | 'microsoft' | 'oidc',
  idp: Idp,
  email: string,
  user: IdpUser | null,
  query: Record<string, string> = {},
) {
  const browser = server.browser();
  const started = await start(browser, email, query);
  expect(started.state).toBe('CredentialsRequired');
  if (user) idp.nextUser(user);
  const trip = await follow(browser, `/auth/login/oauth/${provider}?session_id=${started.session_id}`);
  return { browser, sessionId: started.session_id, ...trip };
}

function oidcCredentialsOf(accountId: string) {
  return server.ctx.db
    .select()
    .from(credentials)
    .where(and(eq(credentials.accountId, accountId), eq(credentials.type, 'oidc')));
}

function identityRows(issuer: string, subject: string) {
  return server.ctx.db
    .select()
    .from(credentials)
    .where(and(eq(credentials.issuer, issuer), eq(credentials.subject, subject)));
}

async function signedInWithPassword(options: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(server.ctx, { password: PASSWORD, ...options });
  const browser = server.browser();
  const started = await start(browser, account.email);
  const done = await browser.api.call('verifyPassword', {
    body: { session_id: started.session_id, email: account.email, password: PASSWORD },
  });
  expect(done.state).toBe('Done');
  return { account, browser };
}

/** Binds an identity to an account by a first sign-in with a verified email. */
async function linkedGoogleAccount() {
  const account = await createAccount(server.ctx, { password: PASSWORD });
  const sub = newSubject();
  const { page } = await signInWith('google', google, account.email, {
    sub,
    email: account.email,
    email_verified: true,
  });
  expect(page.searchParams.get('error')).toBeNull();
  return { account, sub };
}

describe('configured providers', () => {
  test('GET /auth/providers lists Google, Microsoft and the single sign-on provider by name', async () => {
    expect(await server.browser().api.call('providers')).toEqual({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'microsoft', name: 'Microsoft' },
        { id: 'oidc', name: 'Acme sign-in' },
      ],
    });
  });

  test('a provider that is not configured does not exist: listed nowhere, its routes answer 404', async () => {
    const onlyGoogle = await startTestServer({
      env: { GOOGLE_ISSUER: google.issuer, GOOGLE_CLIENT_ID: 'other', GOOGLE_CLIENT_SECRET: 'other-secret' },
    });
    try {
      const browser = onlyGoogle.browser();
      expect(await browser.api.call('providers')).toEqual({ providers: [{ id: 'google', name: 'Google' }] });
      const account = await createAccount(onlyGoogle.ctx, { password: PASSWORD });
      const started = await browser.api.call('start', { body: { email: account.email } });
      expect(started.providers).toEqual([{ id: 'google', name: 'Google' }]);
      for (const path of [
        `/auth/login/oauth/microsoft?session_id=${started.session_id}`,
        `/auth/login/link/oauth/oidc?session_id=${started.session_id}`,
        '/auth/link/oauth/microsoft?from=/profile',
        '/auth/oauth/callback/oidc?code=abc&state=def',
      ]) {
        const answer = await browser.raw('GET', path);
        expect(answer.status, path).toBe(404);
        expect(answer.json, path).toEqual({
          detail: [{ type: ErrorCode.providerNotConfigured, msg: expect.any(String) }],
        });
      }
    } finally {
      await onlyGoogle.close();
    }
  });
});

describe('signing in with a provider', () => {
  test('first sign-in links the identity by verified email: Done, a portal session, back on the login page with its query', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const sub = newSubject();
    const before = google.authorizations.length;
    const { browser, page } = await signInWith(
      'google',
      google,
      account.email,
      { sub, email: account.email.toUpperCase(), email_verified: true },
      { client_id: 'tenant-acme', lang: 'sv' },
    );
    expect(page.pathname).toBe('/login');
    expect(Object.fromEntries(page.searchParams)).toEqual({
      client_id: 'tenant-acme',
      lang: 'sv',
      email: account.email,
    });

    // What Helios asked the provider for: code flow, PKCE S256, fresh state and nonce.
    const asked = google.authorizations[before] as URLSearchParams;
    expect(asked.get('response_type')).toBe('code');
    expect(asked.get('scope')).toBe('openid email profile');
    expect(asked.get('redirect_uri')).toBe(`${server.url}/auth/oauth/callback/google`);
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.get('login_hint')).toBe(account.email);

    const done = await ping(browser);
    expect(done.state).toBe('Done');
    expect(await browser.api.call('session')).toMatchObject({ email: account.email });
    const [identity] = await oidcCredentialsOf(account.id);
    expect(identity).toMatchObject({ provider: 'google.com', issuer: google.issuer, subject: sub });
    expect(identity?.data).toEqual({ email: account.email });
    const info = await browser.api.call('userinfo');
    expect(info.available_credentials).toContainEqual({
      id: identity?.id,
      type: 'oidc',
      provider: 'google.com',
      label: null,
    });
  });

  test('a second sign-in finds the bound identity, whatever email the provider asserts now', async () => {
    const { account, sub } = await linkedGoogleAccount();
    const { browser, page } = await signInWith('google', google, account.email, {
      sub,
      email: 'renamed@elsewhere.test',
      email_verified: false,
    });
    expect(page.searchParams.get('error')).toBeNull();
    expect((await ping(browser)).state).toBe('Done');
    expect(await oidcCredentialsOf(account.id)).toHaveLength(1);
    // The account lists the linked provider at the credentials step from now on.
    const again = await start(server.browser(), account.email);
    expect(again.available_credentials.map((c) => [c.type, c.provider])).toContainEqual(['oidc', 'google.com']);
    const events = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.targetId, account.id));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['credential.oidc_linked', 'login.federated', 'login.success']),
    );
  });

  test('an account with an authenticator still needs its second factor after the provider', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const { browser, sessionId, page } = await signInWith('google', google, account.email, {
      sub: newSubject(),
      email: account.email,
      email_verified: true,
    });
    expect(page.searchParams.get('error')).toBeNull();
    expect((await ping(browser)).state).toBe('MfaRequired');
    expect(browser.cookies.has('helios_session')).toBe(false);
    const done = await browser.api.call('verifyMfa', {
      body: { session_id: sessionId, totp_code: totpCode(account.totp[0] as string) },
    });
    expect(done.state).toBe('Done');
  });

  const unlinked: [string, (email: string) => IdpUser, string, 'soft' | 'hard'][] = [
    [
      'an unverified email',
      (email) => ({ sub: newSubject(), email, email_verified: false }),
      ErrorCode.providerEmailUnverified,
      'hard',
    ],
    [
      'an email without email_verified',
      (email) => ({ sub: newSubject(), email }),
      ErrorCode.providerEmailUnverified,
      'hard',
    ],
    [
      'another email',
      () => ({ sub: newSubject(), email: uniqueEmail('someone-else'), email_verified: true }),
      ErrorCode.providerEmailMismatch,
      'soft',
    ],
  ];
  test.each(unlinked)('%s: the person is told, nothing is linked, the login goes on', async (_, user, code, type) => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const { browser, page } = await signInWith('google', google, account.email, user(account.email));
    expect(page.searchParams.get('error')).toBe(code);
    expect(page.searchParams.get('error_type')).toBe(type);
    expect(page.searchParams.has('session_id')).toBe(false);
    expect(await oidcCredentialsOf(account.id)).toEqual([]);
    expect((await ping(browser)).state).toBe('CredentialsRequired');
    expect(browser.cookies.has('helios_session')).toBe(false);
  });

  test('an email without an account: told there is none, nothing is linked', async () => {
    const email = `newcomer-${newSubject()}@${SSO_DOMAIN}`;
    const sub = newSubject();
    const { browser, page } = await signInWith('oidc', sso, email, { sub, email, email_verified: true });
    expect(page.searchParams.get('error')).toBe(ErrorCode.providerNoAccount);
    expect(page.searchParams.get('error_type')).toBe('hard');
    expect(await identityRows(sso.issuer, sub)).toEqual([]);
    expect(browser.cookies.has('helios_session')).toBe(false);
  });

  test('an identity bound to another account signs in nobody else', async () => {
    const owner = await linkedGoogleAccount();
    const other = await createAccount(server.ctx, { password: PASSWORD });
    const { browser, page } = await signInWith('google', google, other.email, {
      sub: owner.sub,
      email: other.email,
      email_verified: true,
    });
    expect(page.searchParams.get('error')).toBe(ErrorCode.identityInUse);
    expect(page.searchParams.get('error_type')).toBe('hard');
    expect(browser.cookies.has('helios_session')).toBe(false);
    expect(await oidcCredentialsOf(other.id)).toEqual([]);
  });

  test('a second, different identity of a provider the account already has is not linked', async () => {
    const { account } = await linkedGoogleAccount();
    const { page } = await signInWith('google', google, account.email, {
      sub: newSubject(),
      email: account.email,
      email_verified: true,
    });
    expect(page.searchParams.get('error')).toBe(ErrorCode.identityAlreadyLinked);
    expect(await oidcCredentialsOf(account.id)).toHaveLength(1);
  });

  test('Microsoft (common endpoint): the identity is bound by the issuer of the person’s directory', async () => {
    expect(server.ctx.config.providers.find((p) => p.id === 'microsoft')?.issuer).toBe(MICROSOFT_COMMON);
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const tid = 'a1b2c3d4-0000-4000-8000-000000000001';
    const sub = newSubject();
    const { browser, page } = await signInWith('microsoft', microsoft, account.email, {
      sub,
      tid,
      email: account.email,
      email_verified: true,
    });
    expect(page.searchParams.get('error')).toBeNull();
    expect((await ping(browser)).state).toBe('Done');
    const [identity] = await oidcCredentialsOf(account.id);
    expect(identity).toMatchObject({
      provider: 'microsoft.com',
      issuer: `https://login.microsoftonline.com/${tid}/v2.0`,
      subject: sub,
    });
    // The same subject in another directory is another identity.
    const other = await createAccount(server.ctx, { password: PASSWORD });
    const elsewhere = await signInWith('microsoft', microsoft, other.email, {
      sub,
      tid: 'a1b2c3d4-0000-4000-8000-000000000002',
      email: other.email,
      email_verified: true,
    });
    expect(elsewhere.page.searchParams.get('error')).toBeNull();
    expect(await oidcCredentialsOf(other.id)).toHaveLength(1);
  });

  test('automatic single sign-on: an email of the configured domains goes to the provider at once', async () => {
    const account = await createAccount(server.ctx, { email: `${newSubject()}@${SSO_DOMAIN}`, password: null });
    const browser = server.browser();
    const started = await start(browser, account.email);
    expect(started.state).toBe('CredentialsRequired');
    expect(started.automatic_provider).toBe('oidc');
    expect(started.providers.map((p) => p.id)).toContain('oidc');
    sso.nextUser({ sub: newSubject(), email: account.email, email_verified: true });
    const { page } = await follow(browser, `/auth/login/oauth/oidc?session_id=${started.session_id}`);
    expect(page.searchParams.get('error')).toBeNull();
    expect((await ping(browser)).state).toBe('Done');
    const [identity] = await oidcCredentialsOf(account.id);
    expect(identity).toMatchObject({ provider: '127.0.0.1', issuer: sso.issuer });
  });

  test('the single sign-on provider is refused for a login it was not offered to', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    const started = await start(browser, account.email);
    expect(started.providers.map((p) => p.id)).toEqual(['google', 'microsoft']);
    const before = sso.authorizations.length;
    const { page } = await follow(browser, `/auth/login/oauth/oidc?session_id=${started.session_id}`);
    expect(page.searchParams.get('error')).toBe(ErrorCode.invalidLoginSessionState);
    expect(sso.authorizations.length).toBe(before);
  });

  test('a login that is not at the credentials step goes back with invalid_login_session_state', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const browser = server.browser();
    const started = await start(browser, account.email, { lang: 'en' });
    expect(started.state).toBe('OTPRequired');
    const { page } = await follow(browser, `/auth/login/oauth/google?session_id=${started.session_id}`);
    expect(Object.fromEntries(page.searchParams)).toEqual({
      lang: 'en',
      email: account.email,
      error: ErrorCode.invalidLoginSessionState,
      error_type: 'soft',
    });
    const unknown = await follow(browser, `/auth/login/oauth/google?session_id=${'x'.repeat(32)}`);
    expect(Object.fromEntries(unknown.page.searchParams)).toEqual({
      error: ErrorCode.loginSessionMissing,
      error_type: 'soft',
    });
  });
});

describe('linking a provider', () => {
  /** A login proven by emailed code, at the offer to add a sign-in method. */
  async function atTheOffer() {
    const account = await createAccount(server.ctx, { password: null });
    const browser = server.browser();
    const started = await start(browser, account.email);
    const code = codeFromMail((await server.waitForMail(account.email)).text);
    const offer = await browser.api.call('verifyOtp', {
      body: { session_id: started.session_id, email: account.email, otp: code },
    });
    expect(offer.state).toBe('AskedCreateCredential');
    expect(offer.providers.map((p) => p.id)).toEqual(['google', 'microsoft']);
    return { account, browser, sessionId: started.session_id };
  }

  test('from the offer: binds the identity whatever email it asserts, then Done', async () => {
    const { account, browser, sessionId } = await atTheOffer();
    google.nextUser({ sub: newSubject(), email: 'private@gmail.test', email_verified: false });
    const { page } = await follow(browser, `/auth/login/link/oauth/google?session_id=${sessionId}`);
    expect(page.searchParams.get('error')).toBeNull();
    expect(page.searchParams.has('session_id')).toBe(false);
    expect((await ping(browser)).state).toBe('Done');
    expect(await browser.api.call('session')).toMatchObject({ email: account.email });
    const [identity] = await oidcCredentialsOf(account.id);
    expect(identity).toMatchObject({ provider: 'google.com', data: { email: 'private@gmail.test' } });
  });

  test('from the offer: an identity bound to another account is refused and the offer stays', async () => {
    const owner = await linkedGoogleAccount();
    const { account, browser, sessionId } = await atTheOffer();
    google.nextUser({ sub: owner.sub, email: account.email, email_verified: true });
    const { page } = await follow(browser, `/auth/login/link/oauth/google?session_id=${sessionId}`);
    expect(page.searchParams.get('error')).toBe(ErrorCode.identityInUse);
    expect(page.searchParams.get('error_type')).toBe('hard');
    expect((await ping(browser)).state).toBe('AskedCreateCredential');
    expect(await oidcCredentialsOf(account.id)).toEqual([]);
  });

  test('the offer link needs the offer step', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    const started = await start(browser, account.email);
    const { page } = await follow(browser, `/auth/login/link/oauth/google?session_id=${started.session_id}`);
    expect(page.searchParams.get('error')).toBe(ErrorCode.invalidLoginSessionState);
  });

  test('from the profile: linked, listed as microsoft.com, linking again is harmless, unlinked by DELETE', async () => {
    const { account, browser } = await signedInWithPassword();
    const user = { sub: newSubject(), tid: 'a1b2c3d4-0000-4000-8000-000000000003', email: 'work@corp.test' };
    microsoft.nextUser(user);
    const first = await follow(browser, '/auth/link/oauth/microsoft?from=/profile');
    expect(`${first.page.pathname}${first.page.search}`).toBe('/profile?linked=microsoft');
    let info = await browser.api.call('userinfo');
    const linked = info.available_credentials.filter((c) => c.type === 'oidc');
    expect(linked).toEqual([{ id: expect.any(String), type: 'oidc', provider: 'microsoft.com', label: null }]);

    microsoft.nextUser(user);
    const again = await follow(browser, '/auth/link/oauth/microsoft?from=/profile%3Ftab%3Dmethods');
    expect(`${again.page.pathname}${again.page.search}`).toBe('/profile?tab=methods&linked=microsoft');
    expect(await oidcCredentialsOf(account.id)).toHaveLength(1);

    info = await browser.api.call('deleteCredential', { params: { id: linked[0]?.id as string } });
    expect(info.available_credentials.filter((c) => c.type === 'oidc')).toEqual([]);
    expect(await identityRows(`https://login.microsoftonline.com/${user.tid}/v2.0`, user.sub)).toEqual([]);
  });

  test('from the profile: an identity bound to another account is refused', async () => {
    const owner = await linkedGoogleAccount();
    const { account, browser } = await signedInWithPassword();
    google.nextUser({ sub: owner.sub, email: account.email, email_verified: true });
    const { page } = await follow(browser, '/auth/link/oauth/google?from=/profile');
    expect(page.pathname).toBe('/profile');
    expect(Object.fromEntries(page.searchParams)).toEqual({
      error: ErrorCode.identityInUse,
      error_type: 'hard',
    });
    expect(await oidcCredentialsOf(account.id)).toEqual([]);
  });

  test('from the profile, when the database refuses the audit row: nothing is linked, the page says try again', async () => {
    const { account, browser } = await signedInWithPassword();
    google.nextUser({ sub: newSubject(), email: account.email, email_verified: true });
    await refuseAuditRowsOf(server, 'credential.oidc_linked');
    try {
      const { page } = await follow(browser, '/auth/link/oauth/google?from=/profile');
      expect(page.pathname).toBe('/profile');
      expect(page.searchParams.get('error')).toBe(ErrorCode.serviceUnavailable);
    } finally {
      await allowAuditRows(server);
    }
    expect(await oidcCredentialsOf(account.id)).toEqual([]);
  });

  test('from the profile, when the store cannot say who is signed in: back on the page with service_unavailable, not a 503 body', async () => {
    const { browser } = await signedInWithPassword();
    const store = server.ctx.store;
    const get = store.get;
    store.get = () => Promise.reject(new StoreUnavailableError());
    try {
      const { page } = await follow(browser, '/auth/link/oauth/google?from=/profile');
      expect(page.pathname).toBe('/profile');
      expect(page.searchParams.get('error')).toBe(ErrorCode.serviceUnavailable);
    } finally {
      store.get = get;
    }
  });

  test('from the profile without a portal session: to the login page, which returns to the profile', async () => {
    const browser = server.browser();
    const before = google.authorizations.length;
    const { page } = await follow(browser, '/auth/link/oauth/google?from=/profile');
    expect(`${page.pathname}${page.search}`).toBe('/login?from=%2Fprofile');
    expect(google.authorizations.length).toBe(before);
  });

  test('from the profile: `from` must be a path on this site', async () => {
    const { browser } = await signedInWithPassword();
    for (const from of ['https://evil.example/', '//evil.example/profile']) {
      const answer = await browser.raw('GET', `/auth/link/oauth/google?from=${encodeURIComponent(from)}`);
      expect(answer.status).toBe(422);
      expect((answer.json as { detail: { type: string }[] }).detail[0]?.type).toBe(ErrorCode.validation);
    }
  });
});

describe('provider answers and callbacks that are refused', () => {
  test('the person denies consent: back on the login page with access_denied (soft)', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    google.denyNext();
    const { browser, page } = await signInWith('google', google, account.email, null, { lang: 'sv' });
    expect(Object.fromEntries(page.searchParams)).toEqual({
      lang: 'sv',
      email: account.email,
      error: ErrorCode.providerDenied,
      error_type: 'soft',
    });
    expect((await ping(browser)).state).toBe('CredentialsRequired');
  });

  test('a provider error on the profile link goes back to the profile', async () => {
    const { browser } = await signedInWithPassword();
    // Nobody queued: the stand-in answers login_required.
    const { page } = await follow(browser, '/auth/link/oauth/google?from=/profile');
    expect(`${page.pathname}${page.search}`).toBe(`/profile?error=${ErrorCode.providerFailed}&error_type=soft`);
  });

  test('bad state: a callback with a state Helios never issued is refused before any code is redeemed', async () => {
    const browser = server.browser();
    const tokens = google.tokenRequests();
    for (const query of ['code=abc&state=never-issued-state', 'code=abc', '']) {
      const { page } = await follow(browser, `/auth/oauth/callback/google?${query}`);
      expect(`${page.pathname}${page.search}`).toBe(`/login?error=${ErrorCode.providerStateInvalid}&error_type=soft`);
    }
    expect(google.tokenRequests()).toBe(tokens);
  });

  test('reused state: a callback works once (single use)', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const { browser, hops } = await signInWith('google', google, account.email, {
      sub: newSubject(),
      email: account.email,
      email_verified: true,
    });
    const tokens = google.tokenRequests();
    // The same browser, with its state cookie as it was: only the state's single use is left.
    const callback = callbackOf(hops);
    browser.cookies.set('helios_oauth_state', sha256(callback.searchParams.get('state') as string));
    const { page } = await follow(browser, callback.href);
    expect(page.searchParams.get('error')).toBe(ErrorCode.providerStateInvalid);
    expect(page.searchParams.has('session_id')).toBe(false);
    expect(google.tokenRequests()).toBe(tokens);
  });

  test('missing state cookie (login CSRF): a callback started by another browser signs nobody in', async () => {
    const victim = await createAccount(server.ctx, { password: PASSWORD });
    const attacker = server.browser();
    const started = await start(attacker, victim.email);
    google.nextUser({ sub: newSubject(), email: victim.email, email_verified: true });
    // The attacker stops at the callback and sends its address to someone else.
    const atStart = await attacker.fetch(`${server.url}/auth/login/oauth/google?session_id=${started.session_id}`, {
      redirect: 'manual',
    });
    expect(attacker.cookies.get('helios_oauth_state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const atProvider = await fetch(atStart.headers.get('location') as string, { redirect: 'manual' });
    const callback = atProvider.headers.get('location') as string;

    const target = server.browser();
    const { page } = await follow(target, callback);
    expect(`${page.pathname}${page.search}`).toBe(`/login?error=${ErrorCode.providerStateInvalid}&error_type=soft`);
    expect(target.cookies.has('helios_session')).toBe(false);
    expect((await ping(attacker)).state).toBe('CredentialsRequired');
    expect(await oidcCredentialsOf(victim.id)).toEqual([]);
  });

  const tampered = [
    ['bad nonce', 'wrong-nonce'],
    ['bad signature', 'bad-signature'],
    ['wrong audience', 'wrong-audience'],
    ['wrong issuer', 'wrong-issuer'],
    ['expired ID token', 'expired'],
  ] as const;
  test.each(tampered)('%s: the ID token is refused, nothing is linked, the login goes on', async (_, kind) => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const sub = newSubject();
    google.tamperNext(kind);
    const { browser, page } = await signInWith('google', google, account.email, {
      sub,
      email: account.email,
      email_verified: true,
    });
    expect(Object.fromEntries(page.searchParams)).toEqual({
      email: account.email,
      error: ErrorCode.providerFailed,
      error_type: 'soft',
    });
    expect(await identityRows(google.issuer, sub)).toEqual([]);
    expect(browser.cookies.has('helios_session')).toBe(false);
    expect((await ping(browser)).state).toBe('CredentialsRequired');
  });

  test('wrong issuer (Microsoft): a token naming another directory than its own tid is refused', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    microsoft.tamperNext('wrong-issuer');
    const { page } = await signInWith('microsoft', microsoft, account.email, {
      sub: newSubject(),
      tid: 'a1b2c3d4-0000-4000-8000-000000000004',
      email: account.email,
      email_verified: true,
    });
    expect(page.searchParams.get('error')).toBe(ErrorCode.providerFailed);
    expect(await oidcCredentialsOf(account.id)).toEqual([]);
  });

  test('a provider whose discovery fails answers provider_error, and is tried again on the next sign-in', async () => {
    const flaky = await startIdp();
    const other = await startTestServer({
      env: { OIDC_ISSUER: flaky.issuer, OIDC_CLIENT_ID: 'flaky', OIDC_CLIENT_SECRET: 'flaky-secret' },
    });
    try {
      flaky.addClient('flaky', 'flaky-secret', [`${other.url}/auth/oauth/callback/oidc`]);
      const account = await createAccount(other.ctx, { password: PASSWORD });
      await other.ctx.db.insert(credentials).values({
        accountId: account.id,
        type: 'oidc',
        provider: '127.0.0.1',
        issuer: flaky.issuer,
        subject: 'known-subject',
      });
      const browser = other.browser();
      const started = await browser.api.call('start', { body: { email: account.email } });
      expect(started.providers.map((p) => p.id)).toEqual(['oidc']);
      const path = `/auth/login/oauth/oidc?session_id=${started.session_id}`;
      flaky.failDiscovery(1);
      const failed = await follow(browser, path, other);
      expect(failed.page.searchParams.get('error')).toBe(ErrorCode.providerFailed);
      expect(failed.page.searchParams.get('error_type')).toBe('soft');
      flaky.nextUser({ sub: 'known-subject' });
      const retried = await follow(browser, path, other);
      expect(retried.page.searchParams.get('error')).toBeNull();
      expect((await browser.api.call('ping', { query: {} })).state).toBe('Done');
    } finally {
      await other.close();
      await flaky.close();
    }
  });
});
