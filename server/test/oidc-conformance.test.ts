import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uniqueSlug } from './admin-helpers';
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
import type { RelyingParty } from './relying-party';

/** Each test mirrors the OpenID Foundation conformance check it is named after. */

let server: TestServer;
let rp: RelyingParty;
let secret: string;
let clientId: string;
let email: string;
beforeAll(async () => {
  server = await startTestServer();
  const instance = await instanceWithClient(server, uniqueSlug());
  ({ rp, secret } = instance);
  clientId = instance.tenant.id;
  email = (await member(server, [instance.tenant.id])).email;
});
afterAll(async () => {
  await server?.close();
});

/** An authorization request with some parameters changed or removed. */
async function requestWith(changes: Record<string, string | null>) {
  const { url, checks } = await rp.authorizationRequest();
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return { url, checks };
}

/** A token endpoint call with the client's credentials (HTTP Basic). */
function tokenRequest(body: Record<string, string>, credentials = `${clientId}:${secret}`) {
  return fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
    },
    body: new URLSearchParams(body).toString(),
  });
}

/** A signed-in browser with a fresh code for the client, and the checks to redeem it. */
async function freshCode() {
  const browser = server.browser();
  await signIn(browser, email);
  const { url, checks } = await rp.authorizationRequest();
  return { browser, callback: await expectClient(follow(browser, url)), checks };
}

describe('authorization requests', () => {
  test('oidcc-ensure-registered-redirect-uri: an unregistered redirect URI gets an error page, no redirect', async () => {
    const browser = server.browser();
    await signIn(browser, email);
    for (const redirect of ['https://evil.example.com/auth/callback', `${rp.redirectUri}/more`, null]) {
      const { url } = await requestWith({ redirect_uri: redirect });
      const landing = await follow(browser, url);
      expect(landing.kind).toBe('page');
      if (landing.kind !== 'page') return;
      expect(landing.response.status).toBe(400);
      expect(landing.text).toMatch(redirect === null ? /missing required parameter/ : /invalid_redirect_uri/);
    }
  });

  test('oidcc-ensure-pkce-required: without a code challenge, or with the plain method, no code is issued', async () => {
    const browser = server.browser();
    await signIn(browser, email);
    const variants: Record<string, string | null>[] = [
      { code_challenge: null, code_challenge_method: null },
      { code_challenge_method: 'plain' },
      { code_challenge_method: null },
    ];
    for (const changes of variants) {
      const { url, checks } = await requestWith(changes);
      const callback = await expectClient(follow(browser, url));
      expect(callback.searchParams.get('error')).toBe('invalid_request');
      expect(callback.searchParams.get('state')).toBe(checks.expectedState);
      expect(callback.searchParams.get('code')).toBeNull();
    }
  });

  test('oidcc-ensure-request-with-nonce: the nonce comes back in the ID token, a different one is refused', async () => {
    const first = await freshCode();
    const tokens = await rp.exchange(first.callback, first.checks);
    expect(tokens.claims()?.nonce).toBe(first.checks.expectedNonce);
    const second = await freshCode();
    await expect(
      rp.exchange(second.callback, { ...second.checks, expectedNonce: 'another-nonce' }),
    ).rejects.toMatchObject({ cause: { message: expect.stringContaining('"nonce"') } });
  });

  test('oidcc-implicit and hybrid response types are refused: no token leaves the authorization endpoint', async () => {
    const browser = server.browser();
    await signIn(browser, email);
    for (const responseType of ['id_token token', 'id_token', 'code id_token', 'token']) {
      const { url } = await requestWith({ response_type: responseType });
      const landing = await follow(browser, url);
      const answer = landing.kind === 'client' ? landing.url.toString() : landing.kind === 'page' ? landing.text : '';
      expect(answer).toContain('unsupported_response_type');
      expect(answer).not.toMatch(/(access_token|id_token|code)=[A-Za-z0-9_-]{10}/);
    }
  });

  test('oidcc-prompt-none-not-logged-in: login_required, sent back to the client', async () => {
    const { url, checks } = await requestWith({ prompt: 'none' });
    const callback = await expectClient(follow(server.browser(), url));
    expect(callback.searchParams.get('error')).toBe('login_required');
    expect(callback.searchParams.get('state')).toBe(checks.expectedState);
  });

  test('oidcc-prompt-login: a signed-in person signs in again, then the same request finishes', async () => {
    const { browser, tokens: earlier } = await signedInTo(server, rp, email);
    const { url, checks } = await requestWith({ prompt: 'login' });
    const login = await expectLogin(follow(browser, url));
    const uid = login.searchParams.get('interaction') as string;
    expect(uid).toBeTruthy();
    expect(login.searchParams.get('mode')).toBe('refresh');
    expect(login.searchParams.get('email')).toBe(email);
    expect(login.searchParams.get('prompt')).toBeNull();
    expect(login.searchParams.get('state')).toBe(checks.expectedState);

    // The login page treats the old sign-in as none for this request.
    const before = await browser.api.call('ping', { query: { interaction: uid } });
    expect(before.state).toBe('Start');
    expect((await browser.api.call('ping', { query: { interaction: 'unknown-uid-1' } })).state).toBe('Start');
    expect((await browser.api.call('ping')).state).toBe('Done');

    await signIn(browser, email, login.search);
    expect((await browser.api.call('ping', { query: { interaction: uid } })).state).toBe('Done');
    const callback = await expectClient(follow(browser, `/oauth2/interaction/${uid}`));
    const tokens = await rp.exchange(callback, checks);
    expect(tokens.claims()?.sub).toBe(earlier.claims()?.sub);
    expect(tokens.claims()?.auth_time).toBeGreaterThanOrEqual(earlier.claims()?.auth_time as number);
  });

  test('oidcc-max-age-1: an older sign-in is not enough, a fresh one is', { timeout: 30_000 }, async () => {
    const { browser, tokens: earlier } = await signedInTo(server, rp, email);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const { url, checks } = await rp.authorizationRequest({ max_age: '1' });
    const login = await expectLogin(follow(browser, url));
    expect(login.searchParams.get('mode')).toBe('refresh');
    expect(login.searchParams.get('max_age')).toBeNull();
    await signIn(browser, email, login.search);
    const callback = await expectClient(
      follow(browser, `/oauth2/interaction/${login.searchParams.get('interaction')}`),
    );
    // openid-client checks auth_time against max_age itself.
    const tokens = await rp.exchange(callback, checks);
    expect(tokens.claims()?.auth_time).toBeGreaterThan(earlier.claims()?.auth_time as number);

    // Within max_age no new sign-in is asked for.
    const recent = await rp.authorizationRequest({ max_age: '600' });
    await rp.exchange(await expectClient(follow(browser, recent.url)), recent.checks);
  });

  test('without a Helios session, prompt=login and max_age need no second sign-in', async () => {
    const browser = server.browser();
    const { url, checks } = await rp.authorizationRequest({ prompt: 'login', max_age: '60' });
    const login = await expectLogin(follow(browser, url));
    expect(login.searchParams.get('interaction')).toBeNull();
    expect(login.searchParams.get('prompt')).toBeNull();
    await signIn(browser, email, login.search);
    await rp.exchange(await expectClient(follow(browser, authorizeAgain(login))), checks);
  });
});

describe('token endpoint', () => {
  test('oidcc-codereuse: a second exchange fails and the tokens of the first stop working', async () => {
    const { callback, checks } = await freshCode();
    const tokens = await rp.exchange(callback, checks);
    const sub = tokens.claims()?.sub as string;
    expect((await rp.userinfo(tokens.access_token, sub)).sub).toBe(sub);

    const reuse = await tokenRequest({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') as string,
      redirect_uri: rp.redirectUri,
      code_verifier: checks.pkceCodeVerifier as string,
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
    await expect(rp.userinfo(tokens.access_token, sub)).rejects.toThrow();
    const userinfo = await fetch(`${server.url}/oauth2/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(401);
    await expect(rp.refresh(tokens.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  test('oidcc-refresh-token-rotation: every refresh replaces the token; a replayed one is refused and ends the grant', async () => {
    const { callback, checks } = await freshCode();
    const tokens = await rp.exchange(callback, checks);
    const rotated = await rp.refresh(tokens.refresh_token as string);
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    await expect(rp.refresh(tokens.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The replay revoked the grant: the token it had rotated to is gone as well.
    await expect(rp.refresh(rotated.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(rp.userinfo(rotated.access_token, tokens.claims()?.sub as string)).rejects.toThrow();
  });

  test('the code needs its PKCE verifier and the client its secret; no password grant', async () => {
    const { callback, checks } = await freshCode();
    const code = callback.searchParams.get('code') as string;
    const wrongVerifier = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: rp.redirectUri,
      code_verifier: oidc.randomPKCECodeVerifier(),
    });
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });
    const wrongSecret = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: rp.redirectUri,
        code_verifier: checks.pkceCodeVerifier as string,
      },
      `${clientId}:not-the-secret`,
    );
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    const password = await tokenRequest({ grant_type: 'password', username: email, password: 'x' });
    expect(password.status).toBe(400);
    expect(await password.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  test('a revoked refresh token stops working', async () => {
    const { callback, checks } = await freshCode();
    const tokens = await rp.exchange(callback, checks);
    await oidc.tokenRevocation(rp.config, tokens.refresh_token as string);
    await expect(rp.refresh(tokens.refresh_token as string)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  test("another client cannot revoke a client's token", async () => {
    const { callback, checks } = await freshCode();
    const tokens = await rp.exchange(callback, checks);
    const other = await instanceWithClient(server, uniqueSlug());
    await expect(oidc.tokenRevocation(other.rp.config, tokens.refresh_token as string)).rejects.toMatchObject({
      error: 'invalid_request',
    });
    const refreshed = await rp.refresh(tokens.refresh_token as string);
    expect(refreshed.access_token).toBeTruthy();
  });
});
