import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, tenants, tenantUsers } from '../src/db/schema';
import { instanceClient, rotateClientSecret, saveSharingPortal, setInstanceRedirectUris } from '../src/oidc/clients';
import { uniqueSlug } from './admin-helpers';
import { createAccount, createTenant, PASSWORD, totpCode } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import {
  authorizeAgain,
  expectClient,
  expectLogin,
  follow,
  instanceWithClient,
  member,
  signedInTo,
  signIn,
} from './oidc-helpers';
import { relyingParty, startTestInstance } from './relying-party';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('discovery', () => {
  test('the issuer is the public address and every endpoint is under /oauth2/', async () => {
    const response = await fetch(`${server.url}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: server.url,
      authorization_endpoint: `${server.url}/oauth2/authorize`,
      token_endpoint: `${server.url}/oauth2/token`,
      jwks_uri: `${server.url}/oauth2/jwks`,
      userinfo_endpoint: `${server.url}/oauth2/userinfo`,
      revocation_endpoint: `${server.url}/oauth2/revoke`,
      end_session_endpoint: `${server.url}/oauth2/logout`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
    });
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(metadata.grant_types_supported).not.toContain('implicit');
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile', 'offline_access']));
    expect(metadata.id_token_signing_alg_values_supported).toEqual(expect.arrayContaining(['RS256', 'ES256']));
    // Access tokens are bearer tokens: no DPoP proofs are offered.
    expect(metadata).not.toHaveProperty('dpop_signing_alg_values_supported');
    const jwks = (await (await fetch(`${server.url}/oauth2/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.map((key) => key.alg).sort()).toEqual(['ES256', 'RS256']);
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');
  });
});

describe('methods', () => {
  test('the authorization and logout endpoints take GET only; a POST is an unknown route', async () => {
    const { rp } = await instanceWithClient(server, uniqueSlug());
    const { url } = await rp.authorizationRequest();
    for (const path of ['/oauth2/authorize', '/oauth2/logout']) {
      const answer = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: url.search.slice(1),
        redirect: 'manual',
      });
      expect(answer.status, path).toBe(404);
      expect(await answer.json()).toMatchObject({ detail: [{ type: 'not_found' }] });
    }
  });
});

describe('an instance signs a person in', () => {
  test('sign-in through the login page, code with PKCE, validated ID token, userinfo and refresh', async () => {
    const { tenant, rp } = await instanceWithClient(server, uniqueSlug());
    const person = await member(server, [tenant.id], { name: 'Ingrid Instance', locale: 'sv' });
    const browser = server.browser();

    const { url, checks } = await rp.authorizationRequest({ login_hint: person.email, ui_locales: 'sv-SE en' });
    const login = await expectLogin(follow(browser, url));
    for (const name of ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'nonce', 'code_challenge'])
      expect(login.searchParams.get(name)).toBe(url.searchParams.get(name));
    expect(login.searchParams.get('code_challenge_method')).toBe('S256');
    expect(login.searchParams.get('email')).toBe(person.email);
    expect(login.searchParams.get('lang')).toBe('sv');

    const before = Math.floor(Date.now() / 1000);
    await signIn(browser, person.email, login.search);
    const callback = await expectClient(follow(browser, authorizeAgain(login)));
    expect(callback.origin + callback.pathname).toBe(rp.redirectUri);
    expect(callback.searchParams.get('state')).toBe(checks.expectedState);

    const tokens = await rp.exchange(callback, checks);
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: server.url,
      aud: tenant.id,
      sub: person.id,
      nonce: checks.expectedNonce,
      email: person.email,
      email_verified: true,
      name: 'Ingrid Instance',
      locale: 'sv',
      amr: ['pwd'],
    });
    expect(claims?.auth_time).toBeGreaterThanOrEqual(before);
    expect(claims?.auth_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));

    const info = await rp.userinfo(tokens.access_token, person.id);
    expect(info).toMatchObject({ sub: person.id, email: person.email, name: 'Ingrid Instance', locale: 'sv' });
    // The same address with the portal cookie and no bearer token is still the profile.
    const profile = await browser.api.call('userinfo');
    expect(profile).toMatchObject({ email: person.email, is_user: true });

    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await rp.refresh(tokens.refresh_token as string);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.claims()).toMatchObject({ sub: person.id, auth_time: claims?.auth_time });
  });

  test('single sign-on: a second instance signs in without any prompt', async () => {
    const first = await instanceWithClient(server, uniqueSlug());
    const second = await instanceWithClient(server, uniqueSlug());
    const person = await member(server, [first.tenant.id, second.tenant.id]);
    const { browser } = await signedInTo(server, first.rp, person.email);

    const { url, checks } = await second.rp.authorizationRequest();
    const answer = await browser.fetch(url, { redirect: 'manual' });
    expect(answer.status).toBe(303);
    const callback = new URL(answer.headers.get('location') as string);
    expect(callback.origin + callback.pathname).toBe(second.rp.redirectUri);
    const tokens = await second.rp.exchange(callback, checks);
    expect(tokens.claims()).toMatchObject({ sub: person.id, aud: second.tenant.id });
  });

  test('a security key or authenticator after the password shows in amr', async () => {
    const { tenant, rp } = await instanceWithClient(server, uniqueSlug());
    const person = await member(server, [tenant.id], { totpCount: 1 });
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: person.email } });
    const second = await browser.api.call('verifyPassword', {
      body: { session_id: started.session_id as string, email: person.email, password: PASSWORD },
    });
    expect(second.state).toBe('MfaRequired');
    await browser.api.call('verifyMfa', {
      body: { session_id: started.session_id as string, totp_code: totpCode(person.totp[0] as string) },
    });
    const { url, checks } = await rp.authorizationRequest();
    const tokens = await rp.exchange(await expectClient(follow(browser, url)), checks);
    expect(tokens.claims()?.amr).toEqual(['pwd', 'otp', 'mfa']);
  });

  test('the test instance app signs in end to end over HTTP', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    await instanceClient(server.ctx, tenant);
    const instance = await startTestInstance({
      issuer: server.url,
      clientId: tenant.id,
      clientSecret: await rotateClientSecret(server.ctx, tenant.id),
    });
    try {
      await setInstanceRedirectUris(server.ctx, tenant, {
        redirect_uris: [instance.redirectUri],
        post_logout_redirect_uris: [],
      });
      const person = await member(server, [tenant.id]);
      const browser = server.browser();
      await signIn(browser, person.email);
      const start = await browser.fetch(`${instance.url}/`, { redirect: 'manual' });
      expect(start.status).toBe(303);
      const callback = await expectClient(follow(browser, start.headers.get('location') as string));
      const page = await browser.fetch(callback, { redirect: 'manual' });
      const html = await page.text();
      expect(page.status, html).toBe(200);
      expect(html).toContain(`Signed in as ${person.email}`);
      expect(html).toContain('nonce matched');
      expect(html).toContain('refresh token rotated');
    } finally {
      await instance.close();
    }
  });
});

describe('who may sign in where', () => {
  test('access_denied for an account without an active membership or in an inactive tenant', async () => {
    const { tenant, rp } = await instanceWithClient(server, uniqueSlug());
    const outsider = await createAccount(server.ctx, { password: PASSWORD });
    const former = await member(server, []);
    await server.ctx.db.insert(tenantUsers).values({ tenantId: tenant.id, accountId: former.id, active: false });
    for (const account of [outsider, former]) {
      const browser = server.browser();
      await signIn(browser, account.email);
      const { url, checks } = await rp.authorizationRequest();
      const callback = await expectClient(follow(browser, url));
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(callback.searchParams.get('state')).toBe(checks.expectedState);
      expect(callback.searchParams.get('code')).toBeNull();
    }
    const inactive = await instanceWithClient(server, uniqueSlug());
    await server.ctx.db
      .update(tenants)
      .set({ inactiveAt: new Date(Date.now() - 60_000) })
      .where(eq(tenants.id, inactive.tenant.id));
    const person = await member(server, [inactive.tenant.id]);
    const browser = server.browser();
    await signIn(browser, person.email);
    const { url } = await inactive.rp.authorizationRequest();
    expect((await expectClient(follow(browser, url))).searchParams.get('error')).toBe('access_denied');
  });

  test('tokens stop working once the account loses access: membership ended, tenant deactivated', async () => {
    const refused = { error: 'invalid_grant' };
    const ended = await instanceWithClient(server, uniqueSlug());
    const deactivated = await instanceWithClient(server, uniqueSlug());
    const person = await member(server, [ended.tenant.id, deactivated.tenant.id]);
    const first = await signedInTo(server, ended.rp, person.email);
    const second = await signedInTo(server, deactivated.rp, person.email);
    // While access lasts, refresh and userinfo work with both instances.
    const refreshedFirst = await ended.rp.refresh(first.tokens.refresh_token as string);
    const refreshedSecond = await deactivated.rp.refresh(second.tokens.refresh_token as string);
    expect(await ended.rp.userinfo(refreshedFirst.access_token, person.id)).toMatchObject({ sub: person.id });

    await server.ctx.db
      .update(tenantUsers)
      .set({ active: false })
      .where(and(eq(tenantUsers.tenantId, ended.tenant.id), eq(tenantUsers.accountId, person.id)));
    await expect(ended.rp.refresh(refreshedFirst.refresh_token as string)).rejects.toMatchObject(refused);
    await expect(ended.rp.userinfo(refreshedFirst.access_token, person.id)).rejects.toThrow();
    // The other tenant's membership is untouched.
    const again = await deactivated.rp.refresh(refreshedSecond.refresh_token as string);

    await server.ctx.db
      .update(tenants)
      .set({ inactiveAt: new Date(Date.now() - 1_000) })
      .where(eq(tenants.id, deactivated.tenant.id));
    await expect(deactivated.rp.refresh(again.refresh_token as string)).rejects.toMatchObject(refused);
    await expect(deactivated.rp.userinfo(again.access_token, person.id)).rejects.toThrow();
  });

  test('the sharing portal signs in stakeholders only', async () => {
    const { secret } = await saveSharingPortal(server.ctx, {
      loginUri: 'https://share.example.com/login',
      redirectUri: 'https://share.example.com/auth/callback',
      postLogoutUri: null,
    });
    const rp = await relyingParty({
      issuer: server.url,
      clientId: 'athena',
      clientSecret: secret as string,
      redirectUri: 'https://share.example.com/auth/callback',
    });
    const stakeholder = await member(server, [], { isUser: false, isStakeholder: true });
    const user = await member(server, []);
    const allowed = server.browser();
    await signIn(allowed, stakeholder.email);
    const request = await rp.authorizationRequest();
    const tokens = await rp.exchange(await expectClient(follow(allowed, request.url)), request.checks);
    expect(tokens.claims()?.sub).toBe(stakeholder.id);
    const refused = server.browser();
    await signIn(refused, user.email);
    const denied = await rp.authorizationRequest();
    expect((await expectClient(follow(refused, denied.url))).searchParams.get('error')).toBe('access_denied');

    // /auth/athena hands the signed-in stakeholder to the portal's sign-in entry.
    const handOff = await allowed.fetch(`${server.url}/auth/athena`, { redirect: 'manual' });
    expect(handOff.status).toBe(303);
    const target = new URL(handOff.headers.get('location') as string);
    expect(target.origin + target.pathname).toBe('https://share.example.com/login');
    expect(target.searchParams.get('iss')).toBe(server.url);
    expect(target.searchParams.get('login_hint')).toBe(stakeholder.email);
  });
});

describe('single sign-on follows the Helios sign-in', () => {
  test('signing out of the portal ends single sign-on: prompt=none answers login_required', async () => {
    const { tenant, rp } = await instanceWithClient(server, uniqueSlug());
    const person = await member(server, [tenant.id]);
    const { browser } = await signedInTo(server, rp, person.email);
    await browser.api.call('logout');

    const silent = await rp.authorizationRequest({ prompt: 'none' });
    const callback = await expectClient(follow(browser, silent.url));
    expect(callback.searchParams.get('error')).toBe('login_required');
    expect(callback.searchParams.get('state')).toBe(silent.checks.expectedState);
    const again = await rp.authorizationRequest();
    await expectLogin(follow(browser, again.url));
  });

  test('signing in as someone else: the instance gets the new account', async () => {
    const { tenant, rp } = await instanceWithClient(server, uniqueSlug());
    const first = await member(server, [tenant.id]);
    const second = await member(server, [tenant.id]);
    const { browser } = await signedInTo(server, rp, first.email);
    await browser.api.call('logout');
    await signIn(browser, second.email);
    const { url, checks } = await rp.authorizationRequest();
    const tokens = await rp.exchange(await expectClient(follow(browser, url)), checks);
    expect(tokens.claims()?.sub).toBe(second.id);
  });

  test('RP-initiated logout asks, then ends the portal session and returns to the instance', async () => {
    const { tenant, rp } = await instanceWithClient(server, uniqueSlug());
    await setInstanceRedirectUris(server.ctx, tenant, {
      redirect_uris: [rp.redirectUri],
      post_logout_redirect_uris: ['https://signed-out.example.com/'],
    });
    const person = await member(server, [tenant.id]);
    const { browser, tokens } = await signedInTo(server, rp, person.email);

    const logout = new URL('/oauth2/logout', server.url);
    logout.searchParams.set('id_token_hint', tokens.id_token as string);
    logout.searchParams.set('post_logout_redirect_uri', 'https://signed-out.example.com/');
    logout.searchParams.set('state', 'bye');
    const question = await browser.fetch(logout, { headers: { accept: 'text/html' } });
    const html = await question.text();
    expect(question.status).toBe(200);
    expect(html).toContain('Sign out of Helios?');
    expect(html).not.toMatch(/<script/i);
    expect(question.headers.get('content-security-policy')).toContain("script-src 'self'");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(xsrf).toBeTruthy();

    const confirmed = await browser.fetch(`${server.url}/oauth2/logout/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf as string, logout: 'yes' }).toString(),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('https://signed-out.example.com/?state=bye');
    expect((await browser.raw('GET', '/auth/session')).status).toBe(401);
    const logouts = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.actorAccountId, person.id));
    expect(logouts.some((row) => row.action === 'logout')).toBe(true);
    await expectLogin(follow(browser, (await rp.authorizationRequest()).url));
  });

  test('a sign-out request for a browser signed in to no instance leaves the Helios sign-in alone', async () => {
    const person = await member(server, []);
    const browser = server.browser();
    await signIn(browser, person.email);
    const page = await browser.fetch(`${server.url}/oauth2/logout`, { headers: { accept: 'text/html' } });
    const html = await page.text();
    // The provider's own self-submitting form: its one script is allowed by its hash alone.
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+'/);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] as string;
    const confirmed = await browser.fetch(`${server.url}/oauth2/logout/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirmed.status).toBe(303);
    expect((await browser.raw('GET', '/auth/session')).status).toBe(200);
  });
});

describe('pages', () => {
  test('an unknown interaction is a clear page (or the JSON error), never a stack trace', async () => {
    const browser = server.browser();
    const page = await browser.fetch(`${server.url}/oauth2/interaction/unknown-interaction`, {
      headers: { accept: 'text/html' },
    });
    const html = await page.text();
    expect(page.status).toBe(400);
    expect(html).toContain('This sign-in has expired');
    expect(html).not.toMatch(/<script|at .*\.ts:/);
    const json = await browser.raw('GET', '/oauth2/interaction/unknown-interaction');
    expect(json.status).toBe(400);
    expect(json.json).toEqual({ detail: [{ type: 'interaction_missing', msg: expect.any(String) }] });
    expect((await browser.raw('GET', '/oauth2/interaction/%3Cscript%3E')).status).toBe(422);
  });

  test('provider errors are plain HTML without script', async () => {
    const page = await fetch(`${server.url}/oauth2/authorize?client_id=nobody&response_type=code`, {
      headers: { accept: 'text/html' },
    });
    const html = await page.text();
    expect(page.status).toBe(400);
    expect(html).toContain('Sign-in could not continue');
    expect(html).toContain('invalid_client');
    expect(html).not.toMatch(/<script/i);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
