import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { credentials } from '../src/db/schema';
import { newTotpSecret } from '../src/security/totp';
import { signedInAdmin } from './admin-helpers';
import { PASSWORD } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';
import { type Instance, instanceTokens } from './instance-tokens';
import { expectClient, follow, member, signedInTo, signIn } from './oidc-helpers';

/**
 * Issue 28 §1: signing out ends the tokens too. Each test is the reproduction — an
 * instance authorized with `scope=openid email profile`, the code exchanged — followed by the
 * event, then the access token at userinfo and the refresh token at the token endpoint.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const { instance, userinfoStatus, expectLive, expectEnded } = instanceTokens(() => server);

/** Tokens with `offline_access` (asked for with prompt=consent) for a signed-in browser. */
async function offlineTokens(browser: Browser, client: Instance) {
  const { url, checks } = await client.rp.authorizationRequest({
    scope: 'openid email profile offline_access',
    prompt: 'consent',
  });
  const tokens = await client.rp.exchange(await expectClient(follow(browser, url)), checks);
  expect(tokens.scope?.split(' ')).toContain('offline_access');
  return tokens;
}

/** An authenticator added after the sign-ins (which then need the password only). */
async function addAuthenticator(accountId: string): Promise<string> {
  const [row] = await server.ctx.db
    .insert(credentials)
    .values({ accountId, type: 'totp', secret: server.ctx.secrets.seal(newTotpSecret()) })
    .returning();
  return row?.id as string;
}

async function resetPassword(email: string) {
  const before = await server.mailCount(email);
  await server.browser().api.call('resetRequest', { body: { email } });
  const mail = await server.waitForMail(email, before);
  const token = /\/login\/set-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
  await server.browser().api.call('resetConfirm', { body: { token, password: 'a-brand-new-garden-path' } });
}

describe('signing out ends the tokens of the instances signed into', () => {
  test('after POST /auth/logout the access token is refused at userinfo (401) and the refresh token is invalid_grant', async () => {
    const client = await instance('ends');
    const person = await member(server, [client.tenantId]);
    const { browser, tokens } = await signedInTo(server, client.rp, person.email);
    expect(await userinfoStatus(tokens.access_token)).toBe(200);

    await browser.api.call('logout');
    await expectEnded(client, tokens);
  });

  test('after /auth/reset/confirm the access token is refused (401) and the refresh token is invalid_grant', async () => {
    const client = await instance('ends');
    const person = await member(server, [client.tenantId]);
    const { tokens } = await signedInTo(server, client.rp, person.email);

    await resetPassword(person.email);
    await expectEnded(client, tokens);
  });

  test('offline_access tokens survive a sign-out but not a password reset', async () => {
    const client = await instance('ends');
    const person = await member(server, [client.tenantId]);
    const { browser, tokens: online } = await signedInTo(server, client.rp, person.email);
    const offline = await offlineTokens(browser, client);

    await browser.api.call('logout');
    await expectLive(client, offline);
    expect(await userinfoStatus(online.access_token)).toBe(401);

    await resetPassword(person.email);
    await expectEnded(client, offline);
  });

  test('every instance signed into ends with the sign-out, and another account keeps its tokens', async () => {
    const first = await instance('ends');
    const second = await instance('ends');
    const person = await member(server, [first.tenantId, second.tenantId]);
    const other = await member(server, [first.tenantId, second.tenantId]);
    const { browser, tokens: atFirst } = await signedInTo(server, first.rp, person.email);
    const silent = await second.rp.authorizationRequest();
    const atSecond = await second.rp.exchange(await expectClient(follow(browser, silent.url)), silent.checks);
    const { browser: otherBrowser, tokens: othersTokens } = await signedInTo(server, first.rp, other.email);

    await browser.api.call('logout');
    await expectEnded(first, atFirst);
    await expectEnded(second, atSecond);
    await expectLive(first, othersTokens);

    await resetPassword(person.email);
    await expectLive(first, othersTokens);
    expect((await otherBrowser.raw('GET', '/auth/session')).status).toBe(200);
  });
});

describe('the sessions list ends the instance tokens of the sessions it signs out', () => {
  /** The public id of `target`'s session, as `lister` sees it in the list. */
  async function listedIdOf(lister: Browser, target: Browser): Promise<string> {
    const before = (await lister.api.call('sessions')).sessions.map((entry) => entry.id);
    // The target's own list marks its session current.
    const own = (await target.api.call('sessions')).sessions.find((entry) => entry.current)?.id as string;
    expect(before).toContain(own);
    return own;
  }

  test('"Sign out" on another session ends that session\'s access and refresh tokens; the current session keeps its own', async () => {
    const client = await instance('ends');
    const person = await member(server, [client.tenantId]);
    const here = await signedInTo(server, client.rp, person.email);
    const there = await signedInTo(server, client.rp, person.email);

    await here.browser.api.call('endSession', { params: { id: await listedIdOf(here.browser, there.browser) } });

    expect((await there.browser.raw('GET', '/auth/session')).status).toBe(401);
    await expectEnded(client, there.tokens);
    await expectLive(client, here.tokens);
  });

  test('"Sign out of all other sessions" ends their tokens, offline_access included; the current session keeps its own', async () => {
    const client = await instance('ends');
    const person = await member(server, [client.tenantId]);
    const here = await signedInTo(server, client.rp, person.email);
    const there = await signedInTo(server, client.rp, person.email);
    const offlineThere = await offlineTokens(there.browser, client);

    await here.browser.api.call('signOutOthers', { body: {} });

    expect((await there.browser.raw('GET', '/auth/session')).status).toBe(401);
    await expectEnded(client, there.tokens);
    await expectEnded(client, offlineThere);
    await expectLive(client, here.tokens);
  });
});

describe('changes to how an account signs in end every session and token', () => {
  test('an admin deleting a credential ends every portal session and every token of the account, offline_access included', async () => {
    const client = await instance('ends');
    const person = await member(server, [client.tenantId]);
    const { browser, tokens } = await signedInTo(server, client.rp, person.email);
    const offline = await offlineTokens(browser, client);
    const added = await addAuthenticator(person.id);

    const admin = await signedInAdmin(server);
    await admin.browser.api.call('accountDeleteCredential', {
      params: { accountId: person.id, credentialId: added },
    });

    expect((await browser.raw('GET', '/auth/session')).status).toBe(401);
    await expectEnded(client, tokens);
    await expectEnded(client, offline);
    // The admin acted on someone else: the admin's own session is untouched.
    expect((await admin.browser.raw('GET', '/auth/session')).status).toBe(200);
  });

  test("removing one's own credential ends the other sessions' tokens but not the current session's", async () => {
    const client = await instance('ends');
    const person = await member(server, [client.tenantId]);
    const here = await signedInTo(server, client.rp, person.email);
    const elsewhere = await signedInTo(server, client.rp, person.email);
    const offlineElsewhere = await offlineTokens(elsewhere.browser, client);
    const added = await addAuthenticator(person.id);

    await here.browser.api.call('deleteCredential', { params: { id: added } });

    expect((await here.browser.raw('GET', '/auth/session')).status).toBe(200);
    await expectLive(client, here.tokens);
    expect((await elsewhere.browser.raw('GET', '/auth/session')).status).toBe(401);
    await expectEnded(client, elsewhere.tokens);
    await expectEnded(client, offlineElsewhere);
    // Single sign-on from the kept session still works.
    const again = await client.rp.authorizationRequest({ prompt: 'none' });
    const tokens = await client.rp.exchange(await expectClient(follow(here.browser, again.url)), again.checks);
    expect(tokens.claims()?.sub).toBe(person.id);
  });
});

describe('a lockout ends nothing', () => {
  test('an account locked by wrong passwords from someone else keeps its portal sessions, access and refresh tokens', async () => {
    const client = await instance('ends');
    const person = await member(server, [client.tenantId]);
    const { browser, tokens } = await signedInTo(server, client.rp, person.email);
    const offline = await offlineTokens(browser, client);

    const stranger = server.browser();
    const started = await stranger.api.call('start', { body: { email: person.email } });
    let locked = false;
    for (let attempt = 0; attempt < 12 && !locked; attempt++) {
      const answer = await stranger.raw(
        'POST',
        '/auth/login/verify-password',
        JSON.stringify({ session_id: started.session_id, email: person.email, password: `not-${PASSWORD}` }),
      );
      locked = answer.status === 423;
    }
    expect(locked).toBe(true);

    expect((await browser.raw('GET', '/auth/session')).status).toBe(200);
    await expectLive(client, tokens);
    await expectLive(client, offline);
    // And the sign-in still signs into the instance without a prompt.
    const again = await client.rp.authorizationRequest({ prompt: 'none' });
    await expectClient(follow(browser, again.url));
  });
});

describe('RP-initiated logout', () => {
  async function confirmLogout(browser: Browser, idToken: string, everywhere: boolean) {
    const question = await browser.fetch(
      `${server.url}/oauth2/logout?${new URLSearchParams({ id_token_hint: idToken })}`,
      { headers: { accept: 'text/html' } },
    );
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await question.text())?.[1] as string;
    const confirmed = await browser.fetch(`${server.url}/oauth2/logout/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, ...(everywhere ? { logout: 'yes' } : {}) }).toString(),
    });
    expect(confirmed.status).toBe(303);
  }

  test('"Only this application" ends that instance\'s grant only; "Sign out everywhere" ends the rest', async () => {
    const first = await instance('ends');
    const second = await instance('ends');
    const person = await member(server, [first.tenantId, second.tenantId]);
    const { browser, tokens: atFirst } = await signedInTo(server, first.rp, person.email);
    const silent = await second.rp.authorizationRequest();
    const atSecond = await second.rp.exchange(await expectClient(follow(browser, silent.url)), silent.checks);

    await confirmLogout(browser, atFirst.id_token as string, false);
    await expectEnded(first, atFirst);
    await expectLive(second, atSecond);
    expect((await browser.raw('GET', '/auth/session')).status).toBe(200);

    await confirmLogout(browser, atSecond.id_token as string, true);
    await expectEnded(second, atSecond);
    expect((await browser.raw('GET', '/auth/session')).status).toBe(401);
  });

  test('signing in again after a sign-out gives working tokens', async () => {
    const client = await instance('ends');
    const person = await member(server, [client.tenantId]);
    const { browser } = await signedInTo(server, client.rp, person.email);
    await browser.api.call('logout');
    await signIn(browser, person.email);
    const { url, checks } = await client.rp.authorizationRequest();
    const tokens = await client.rp.exchange(await expectClient(follow(browser, url)), checks);
    await expectLive(client, tokens);
  });
});
