import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { credentials, oidcPayloads } from '../src/db/schema';
import { BACKCHANNEL_TIMEOUT_MS } from '../src/oidc/backchannel';
import { instanceClient, rotateClientSecret, setInstanceRedirectUris } from '../src/oidc/clients';
import { newTotpSecret } from '../src/security/totp';
import { signedInAdmin, uniqueSlug } from './admin-helpers';
import { eventually, sleep } from './eventually';
import { createTenant } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';
import { expectClient, follow, member, signIn } from './oidc-helpers';
import { startTestInstance, type TestInstance } from './relying-party';

/**
 * OpenID Connect Back-Channel Logout 1.0: instances that registered a back-channel logout URI
 * are real relying parties on loopback here. Each verifies every logout token with jose against
 * Helios's published keys (issuer, audience, typ, events, sid/sub, iat/exp, no nonce) and drops
 * its own session for the token's sid.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const instances: TestInstance[] = [];
const endpoints: Server[] = [];
afterEach(async () => {
  await Promise.all(instances.splice(0).map((instance) => instance.close()));
  for (const endpoint of endpoints.splice(0)) {
    endpoint.closeAllConnections();
    endpoint.close();
  }
});

/** A tenant whose instance takes logout tokens (or sends them to `backchannelUri` instead). */
async function instanceWithBackchannel(backchannelUri?: string) {
  const tenant = await createTenant(server.ctx, uniqueSlug('bc'));
  const client = await instanceClient(server.ctx, tenant);
  const secret = await rotateClientSecret(server.ctx, client.client_id);
  const instance = await startTestInstance({ issuer: server.url, clientId: client.client_id, clientSecret: secret });
  instances.push(instance);
  await setInstanceRedirectUris(server.ctx, tenant, {
    redirect_uris: [instance.redirectUri],
    post_logout_redirect_uris: [],
    backchannel_logout_uri: backchannelUri ?? instance.backchannelLogoutUri,
  });
  return { tenant, instance };
}

/** The browser goes to the instance, through Helios, and back: the instance has a session. */
async function signInTo(browser: Browser, instance: TestInstance) {
  const start = await browser.fetch(instance.url, { redirect: 'manual' });
  const callback = await expectClient(follow(browser, start.headers.get('location') as string));
  const page = await browser.fetch(callback);
  expect(await page.text()).toContain('Signed in as');
}

/** An endpoint that answers after `delayMs` (never, when null) with `status`. */
async function badEndpoint(delayMs: number | null, status = 500): Promise<string> {
  const endpoint = createServer((_req, res) => {
    if (delayMs !== null) setTimeout(() => res.writeHead(status).end(), delayMs);
  });
  endpoints.push(endpoint);
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/logout`;
}

/** A person signed in at Helios and, through it, at both instances. */
async function signedIntoTwo() {
  const first = await instanceWithBackchannel();
  const second = await instanceWithBackchannel();
  const person = await member(server, [first.tenant.id, second.tenant.id]);
  const browser = server.browser();
  await signIn(browser, person.email);
  await signInTo(browser, first.instance);
  await signInTo(browser, second.instance);
  for (const { instance } of [first, second]) {
    const [session] = instance.sessions();
    expect(session?.sub).toBe(person.id);
    // The ID token carried the sid the logout token will name.
    expect(session?.sid).toEqual(expect.any(String));
  }
  return { person, browser, first: first.instance, second: second.instance };
}

async function resetPasswordOf(email: string) {
  const before = await server.mailCount(email);
  await server.browser().api.call('resetRequest', { body: { email } });
  const mail = await server.waitForMail(email, before);
  const token = /\/login\/set-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
  await server.browser().api.call('resetConfirm', { body: { token, password: 'a-brand-new-garden-path' } });
}

/** Logout tokens go out after the answer: the instance is told within a few seconds. */
async function expectLoggedOutBy(instance: TestInstance, sub: string) {
  await eventually('the instance is told', async () => instance.sessions().length === 0);
  expect(instance.refusedLogouts()).toBe(0);
  const [claims] = instance.logouts;
  expect(claims).toMatchObject({
    iss: server.url,
    sub,
    events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
  });
  expect(claims).not.toHaveProperty('nonce');
}

describe('discovery and client metadata', () => {
  test('discovery advertises back-channel logout with sessions', async () => {
    const metadata = (await (await fetch(`${server.url}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(metadata).toMatchObject({ backchannel_logout_supported: true, backchannel_logout_session_supported: true });
  });
});

describe('signing out once signs out of every instance', () => {
  test('a Helios sign-out posts a verified logout token to both instances, which drop their sessions', async () => {
    const { person, browser, first, second } = await signedIntoTwo();
    const sids = [first.sessions()[0]?.sid, second.sessions()[0]?.sid];

    await browser.api.call('logout');

    await expectLoggedOutBy(first, person.id);
    await expectLoggedOutBy(second, person.id);
    expect([first.logouts[0]?.sid, second.logouts[0]?.sid]).toEqual(sids);
    expect(first.logouts[0]?.aud).not.toEqual(second.logouts[0]?.aud);
  });

  test('a password reset signs the account out of every instance', async () => {
    const { person, first, second } = await signedIntoTwo();
    await resetPasswordOf(person.email);

    await expectLoggedOutBy(first, person.id);
    await expectLoggedOutBy(second, person.id);
  });

  test('an admin deleting a credential signs the account out of every instance', async () => {
    const { person, first, second } = await signedIntoTwo();
    const [authenticator] = await server.ctx.db
      .insert(credentials)
      .values({ accountId: person.id, type: 'totp', secret: server.ctx.secrets.seal(newTotpSecret()) })
      .returning();
    const admin = await signedInAdmin(server);
    await admin.browser.api.call('accountDeleteCredential', {
      params: { accountId: person.id, credentialId: authenticator?.id as string },
    });

    await expectLoggedOutBy(first, person.id);
    await expectLoggedOutBy(second, person.id);
  });

  test('"Sign out everywhere" at /oauth2/logout signs out of every instance too', async () => {
    const { person, browser, first, second } = await signedIntoTwo();
    const question = await browser.fetch(`${server.url}/oauth2/logout`, { headers: { accept: 'text/html' } });
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await question.text())?.[1] as string;
    const confirmed = await browser.fetch(`${server.url}/oauth2/logout/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirmed.status).toBe(303);

    await expectLoggedOutBy(first, person.id);
    await expectLoggedOutBy(second, person.id);
    expect((await browser.raw('GET', '/auth/session')).status).toBe(401);
  });

  test('a session whose provider records had already expired gets no logout token at a password reset', async () => {
    const { instance, tenant } = await instanceWithBackchannel();
    const person = await member(server, [tenant.id]);
    const browser = server.browser();
    await signIn(browser, person.email);
    await signInTo(browser, instance);
    // Its provider session and tokens expired (the sweeper has not removed them yet).
    await server.ctx.db
      .update(oidcPayloads)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(oidcPayloads.accountId, person.id));

    await resetPasswordOf(person.email);
    // Any notice would have gone out at once; the instance's own session is left alone.
    await sleep(1_000);
    expect(instance.logouts).toEqual([]);
    expect(instance.sessions()).toHaveLength(1);
  });

  test('another browser of the same account keeps its instance session when one browser signs out', async () => {
    const { instance, tenant } = await instanceWithBackchannel();
    const person = await member(server, [tenant.id]);
    const here = server.browser();
    const there = server.browser();
    for (const browser of [here, there]) {
      await signIn(browser, person.email);
      await signInTo(browser, instance);
    }
    expect(instance.sessions()).toHaveLength(2);

    await here.api.call('logout');
    await eventually('the instance is told', async () => instance.sessions().length === 1);
    expect(instance.logouts).toHaveLength(1);
    expect((await there.raw('GET', '/auth/session')).status).toBe(200);
  });
});

describe('the sessions list signs the sessions it ends out of every instance', () => {
  /** Two browsers of one person, each signed in at the instance. */
  async function twoBrowsers() {
    const { instance, tenant } = await instanceWithBackchannel();
    const person = await member(server, [tenant.id]);
    const here = server.browser();
    const there = server.browser();
    for (const browser of [here, there]) {
      await signIn(browser, person.email);
      await signInTo(browser, instance);
    }
    const thereSid = instance.sessions()[1]?.sid;
    const thereId = (await there.api.call('sessions')).sessions.find((entry) => entry.current)?.id as string;
    return { instance, person, here, there, thereSid, thereId };
  }

  test('"Sign out" on another session posts a logout token for that session only', async () => {
    const { instance, person, here, thereSid, thereId } = await twoBrowsers();

    await here.api.call('endSession', { params: { id: thereId } });

    await eventually('the instance is told', async () => instance.logouts.length === 1);
    expect(instance.logouts[0]).toMatchObject({ sub: person.id, sid: thereSid });
    expect(instance.sessions()).toHaveLength(1);
    expect(instance.refusedLogouts()).toBe(0);
  });

  test('"Sign out of all other sessions" posts a logout token for the other sessions', async () => {
    const { instance, person, here, thereSid } = await twoBrowsers();

    await here.api.call('signOutOthers', { body: {} });

    await eventually('the instance is told', async () => instance.logouts.length === 1);
    expect(instance.logouts[0]).toMatchObject({ sub: person.id, sid: thereSid });
    expect(instance.sessions()).toHaveLength(1);
    expect(instance.refusedLogouts()).toBe(0);
  });
});

describe('a failing or slow instance never holds up the sign-out', () => {
  test('an endpoint that never answers and one that fails: the sign-out answers without waiting for them, the good instance is told', async () => {
    const good = await instanceWithBackchannel();
    const hanging = await instanceWithBackchannel(await badEndpoint(null));
    const failing = await instanceWithBackchannel(await badEndpoint(0, 500));
    const person = await member(server, [good.tenant.id, hanging.tenant.id, failing.tenant.id]);
    const browser = server.browser();
    await signIn(browser, person.email);
    for (const { instance } of [good, hanging, failing]) await signInTo(browser, instance);

    const started = Date.now();
    const answer = await browser.raw('POST', '/auth/logout', '{}');
    const took = Date.now() - started;
    expect(answer.status).toBeLessThan(300);
    // The notices go out after the answer: it does not wait for the hanging endpoint's cap.
    expect(took).toBeLessThan(BACKCHANNEL_TIMEOUT_MS);
    await expectLoggedOutBy(good.instance, person.id);
    expect((await browser.raw('GET', '/auth/session')).status).toBe(401);

    // Each failure is logged with the client and what happened, never the token.
    const file = server.logFile;
    expect(file).toEqual(expect.any(String));
    const { readFile } = await import('node:fs/promises');
    await eventually('the failures are logged', async () => {
      const log = await readFile(file as string, 'utf8');
      return log.includes(hanging.tenant.id) && log.includes(failing.tenant.id);
    });
    const lines = (await readFile(file as string, 'utf8')).split('\n').filter((line) => line.includes('back-channel'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect(lines.some((line) => line.includes('"status":500'))).toBe(true);
  });
});
