import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, type JWTPayload, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tenantUsers } from '../src/db/schema';
import { SHARING_PORTAL_CLIENT_ID, saveSharingPortal, setInstanceRedirectUris } from '../src/oidc/clients';
import { startTestServer, type TestServer } from './harness';
import { type Instance, instanceTokens } from './instance-tokens';
import { expectClient, follow, member, signIn } from './oidc-helpers';
import { relyingParty } from './relying-party';

/**
 * Issue 31: JWT access tokens (RFC 9068) for instances that name their API as the resource
 * (RFC 8707). Every test is a real sign-in through the provider; the tokens are checked as an
 * instance's API would check them, with jose against the published keys.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const { instance, userinfoStatus, refresh } = instanceTokens(() => server);

/** The keys an instance's API fetches: the JWKS named in discovery. */
async function publishedKeys() {
  const discovery = (await (await fetch(`${server.url}/.well-known/openid-configuration`)).json()) as {
    jwks_uri: string;
  };
  return createRemoteJWKSet(new URL(discovery.jwks_uri));
}

/** A JWT access token checked as RFC 9068 §4 asks of a resource server. */
async function verifyAccessToken(token: string, audience: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, await publishedKeys(), {
    issuer: server.url,
    audience,
    typ: 'at+jwt',
    algorithms: ['RS256'],
    requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat', 'jti', 'client_id'],
  });
  return payload;
}

/** A browser signed in as a member of `client`'s tenant (and of `alsoOf`'s). */
async function signedInMember(client: Instance, alsoOf: Instance[] = []) {
  const person = await member(server, [client.tenantId, ...alsoOf.map((other) => other.tenantId)]);
  const browser = server.browser();
  await signIn(browser, person.email);
  return { person, browser };
}

/** Authorization (with `parameters`) and the code exchange (with `tokenParameters`). */
async function tokensFor(
  client: Instance,
  browser: ReturnType<TestServer['browser']>,
  parameters: Record<string, string>,
  tokenParameters?: Record<string, string>,
) {
  const { url, checks } = await client.rp.authorizationRequest(parameters);
  return client.rp.exchange(await expectClient(follow(browser, url)), checks, tokenParameters);
}

/** Where the authorization request ended at the client, and its error. */
async function authorizationError(client: Instance, browser: ReturnType<TestServer['browser']>, resource: string) {
  const { url } = await client.rp.authorizationRequest({ resource });
  const back = await expectClient(follow(browser, url));
  return { error: back.searchParams.get('error'), code: back.searchParams.get('code') };
}

describe('access tokens for an instance API (resource indicators)', () => {
  test('a JWT access token verifies with jose against the published JWKS', async () => {
    const client = await instance('jwt');
    const { person, browser } = await signedInMember(client);
    const tokens = await tokensFor(client, browser, { resource: client.url }, { resource: client.url });

    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    const claims = await verifyAccessToken(tokens.access_token, client.url);
    expect(claims).toMatchObject({
      iss: server.url,
      sub: person.id,
      aud: client.url,
      client_id: client.clientId,
      scope: 'openid email profile',
      auth_time: expect.any(Number),
      amr: ['pwd'],
    });
    // The same lifetime as every access token: 15 minutes.
    expect((claims.exp as number) - (claims.iat as number)).toBe(15 * 60);
    expect(tokens.expires_in).toBe(15 * 60);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    // The ID token is still issued (and validated by openid-client) beside it.
    expect(tokens.claims()?.sub).toBe(person.id);
  });

  test('the signature is checked: a JWT access token with a changed claim does not verify', async () => {
    const client = await instance('jwt');
    const { browser } = await signedInMember(client);
    const tokens = await tokensFor(client, browser, { resource: client.url }, { resource: client.url });
    const [header, payload, signature] = tokens.access_token.split('.');
    const changed = Buffer.from(JSON.stringify({ ...decodeJwt(tokens.access_token), sub: 'someone-else' })).toString(
      'base64url',
    );
    expect(changed).not.toBe(payload);
    await expect(verifyAccessToken(`${header}.${changed}.${signature}`, client.url)).rejects.toThrow(/signature/);
  });

  test('the userinfo endpoint refuses a JWT access token (it is meant for the instance API)', async () => {
    const client = await instance('jwt');
    const { browser } = await signedInMember(client);
    const tokens = await tokensFor(client, browser, { resource: client.url }, { resource: client.url });
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
  });

  test('a JWT access token cannot be revoked: the revocation endpoint answers unsupported_token_type', async () => {
    const client = await instance('jwt');
    const { browser } = await signedInMember(client);
    const tokens = await tokensFor(client, browser, { resource: client.url }, { resource: client.url });
    const response = await fetch(`${server.url}/oauth2/revoke`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token: tokens.access_token }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'unsupported_token_type' });
    await expect(verifyAccessToken(tokens.access_token, client.url)).resolves.toBeTruthy();
  });

  test('without a resource the access token stays opaque, and userinfo takes it', async () => {
    const client = await instance('jwt');
    const { browser } = await signedInMember(client);

    const plain = await tokensFor(client, browser, {});
    expect(() => decodeJwt(plain.access_token)).toThrow();
    expect(await userinfoStatus(plain.access_token)).toBe(200);

    // A resource asked for at authorization only: the token request decides, and asked for none.
    const authorizedOnly = await tokensFor(client, browser, { resource: client.url });
    expect(() => decodeJwt(authorizedOnly.access_token)).toThrow();
    expect(await userinfoStatus(authorizedOnly.access_token)).toBe(200);
  });

  test('the audience is the instance address as stored, with or without a trailing slash in the request', async () => {
    const client = await instance('jwt');
    expect(client.url.endsWith('/')).toBe(false);
    for (const resource of [client.url, `${client.url}/`]) {
      const { browser } = await signedInMember(client);
      const tokens = await tokensFor(client, browser, { resource }, { resource });
      expect((await verifyAccessToken(tokens.access_token, client.url)).aud).toBe(client.url);
      const refreshed = await refresh(client, tokens.refresh_token as string, { resource });
      expect((await verifyAccessToken(refreshed.accessToken as string, client.url)).aud).toBe(client.url);
    }
  });

  test('a client that takes logout tokens finds its ID token sid in the JWT access token', async () => {
    const client = await instance('jwt');
    const tenant = { id: client.tenantId, name: client.tenantId, url: client.url };
    await setInstanceRedirectUris(server.ctx, tenant, {
      redirect_uris: [client.rp.redirectUri],
      post_logout_redirect_uris: [],
      backchannel_logout_uri: `${client.url}/auth/backchannel-logout`,
    });
    const { browser } = await signedInMember(client);
    const tokens = await tokensFor(client, browser, { resource: client.url }, { resource: client.url });
    const sid = tokens.claims()?.sid;
    expect(sid).toEqual(expect.any(String));
    expect((await verifyAccessToken(tokens.access_token, client.url)).sid).toBe(sid);
  });
});

describe('which resources a client may name', () => {
  test('an unknown resource is refused with invalid_target', async () => {
    const client = await instance('jwt');
    const { browser } = await signedInMember(client);
    for (const resource of ['https://unknown.example.com', 'not-an-absolute-uri', `${client.url}/other-path`]) {
      expect(await authorizationError(client, browser, resource)).toEqual({ error: 'invalid_target', code: null });
    }

    // At the token endpoint: a resource the code was not authorized for.
    const { url, checks } = await client.rp.authorizationRequest({ resource: client.url });
    const callback = await expectClient(follow(browser, url));
    await expect(
      client.rp.exchange(callback, checks, { resource: 'https://unknown.example.com' }),
    ).rejects.toMatchObject({ error: 'invalid_target' });
  });

  test("a client cannot ask for another instance's resource", async () => {
    const client = await instance('jwt');
    const other = await instance('jwt');
    const { browser } = await signedInMember(client, [other]);
    expect(await authorizationError(client, browser, other.url)).toEqual({ error: 'invalid_target', code: null });

    // Nor with a refresh token of its own.
    const tokens = await tokensFor(client, browser, { resource: client.url }, { resource: client.url });
    const refreshed = await refresh(client, tokens.refresh_token as string, { resource: other.url });
    expect(refreshed).toMatchObject({ status: 400, error: 'invalid_target' });
  });
});

describe('the sharing portal', () => {
  test('has no instance address: any resource it names is refused with invalid_target', async () => {
    const portal = 'https://share.example.com';
    const { secret } = await saveSharingPortal(server.ctx, {
      loginUri: `${portal}/login`,
      redirectUri: `${portal}/auth/callback`,
      postLogoutUri: null,
    });
    const rp = await relyingParty({
      issuer: server.url,
      clientId: SHARING_PORTAL_CLIENT_ID,
      clientSecret: secret as string,
      redirectUri: `${portal}/auth/callback`,
    });
    const stakeholder = await member(server, [], { isUser: false, isStakeholder: true });
    const browser = server.browser();
    await signIn(browser, stakeholder.email);
    const { url } = await rp.authorizationRequest({ resource: portal });
    expect((await expectClient(follow(browser, url))).searchParams.get('error')).toBe('invalid_target');
  });
});

describe('refresh tokens keep the revocation rules', () => {
  test('refreshing with a resource gives a new JWT; without one, an opaque token', async () => {
    const client = await instance('jwt');
    const { browser } = await signedInMember(client);
    const tokens = await tokensFor(client, browser, { resource: client.url }, { resource: client.url });
    const first = await verifyAccessToken(tokens.access_token, client.url);

    const withResource = await refresh(client, tokens.refresh_token as string, { resource: client.url });
    expect(withResource.status).toBe(200);
    const second = await verifyAccessToken(withResource.accessToken as string, client.url);
    expect(second.jti).not.toBe(first.jti);
    expect(second.sub).toBe(first.sub);
    expect(second.auth_time).toBe(first.auth_time);

    const without = await refresh(client, withResource.refreshToken as string);
    expect(without.status).toBe(200);
    expect(() => decodeJwt(without.accessToken as string)).toThrow();
    expect(await userinfoStatus(without.accessToken as string)).toBe(200);
  });

  test('refreshing with a resource after sign-out fails', async () => {
    const client = await instance('jwt');
    const { browser } = await signedInMember(client);
    const tokens = await tokensFor(client, browser, { resource: client.url }, { resource: client.url });
    const live = await refresh(client, tokens.refresh_token as string, { resource: client.url });
    expect(live.status).toBe(200);

    await browser.api.call('logout');
    expect(await refresh(client, live.refreshToken as string, { resource: client.url })).toMatchObject({
      status: 400,
      error: 'invalid_grant',
      accessToken: undefined,
    });
  });

  test('refreshing with a resource after the membership ended fails', async () => {
    const client = await instance('jwt');
    const { person, browser } = await signedInMember(client);
    const tokens = await tokensFor(client, browser, { resource: client.url }, { resource: client.url });
    const live = await refresh(client, tokens.refresh_token as string, { resource: client.url });
    expect(live.status).toBe(200);

    await server.ctx.db.update(tenantUsers).set({ active: false }).where(eq(tenantUsers.accountId, person.id));
    expect(await refresh(client, live.refreshToken as string, { resource: client.url })).toMatchObject({
      status: 400,
      error: 'invalid_grant',
    });
  });
});

describe('discovery', () => {
  test('advertises the published keys and the endpoints an instance uses, and no introspection', async () => {
    const metadata = (await (await fetch(`${server.url}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(metadata).toMatchObject({
      issuer: server.url,
      jwks_uri: `${server.url}/oauth2/jwks`,
      token_endpoint: `${server.url}/oauth2/token`,
      id_token_signing_alg_values_supported: expect.arrayContaining(['RS256']),
    });
    // Instances verify JWT access tokens themselves; there is nothing to ask Helios.
    expect(metadata).not.toHaveProperty('introspection_endpoint');
    const jwks = (await (await fetch(metadata.jwks_uri as string)).json()) as { keys: { alg: string; use: string }[] };
    expect(jwks.keys).toEqual(expect.arrayContaining([expect.objectContaining({ alg: 'RS256', use: 'sig' })]));
  });
});
