/**
 * Two Helios nodes (separate processes of the real command line) behind a load balancer, sharing
 * one fresh PostgreSQL database, Redis and HELIOS_SECRET, as a deployment that outgrew one
 * machine runs. Each check pins the balancer to the node it needs.
 */
import { ApiError, ErrorCode } from '@helios/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, tenantSettings, tenantUsers } from '../../src/db/schema';
import { codeFromMail, createAccount, PASSWORD, totpCode } from '../fixtures';
import { Browser, INSTANCE_KEY, instanceHeaders, scratchDatabase } from '../harness';
import { authorizeAgain, expectClient, expectLogin, follow, signIn } from '../oidc-helpers';
import { relyingParty } from '../relying-party';
import {
  type Balancer,
  clientAddress,
  eventually,
  freePort,
  type HeliosNode,
  hasErrorShape,
  newSecret,
  openDatabase,
  SIMULATED_CLIENT_ADDRESS,
  scaleServices,
  startBalancer,
  startMailCatcher,
  startNode,
} from './support';

const { databaseUrl, redisUrl } = scaleServices();

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let balancer: Balancer;
let a: HeliosNode;
let b: HeliosNode;
let fixtures: ReturnType<typeof openDatabase>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  database = await scratchDatabase(databaseUrl);
  balancer = await startBalancer();
  mail = await startMailCatcher();
  const ports = [await freePort(), await freePort()] as const;
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    HELIOS_SECRET: newSecret(),
    PUBLIC_URL: balancer.url,
    // Some checks ask one node directly, by its own address.
    ALLOWED_HOSTS: ports.map((port) => `127.0.0.1:${port}`).join(','),
    // The balancer reaches the nodes over loopback: only it is believed about client addresses.
    TRUST_PROXY: 'loopback',
    RATE_LIMIT: 'true',
    INSTANCE_API_KEY: INSTANCE_KEY,
    SMTP_URL: mail.url,
  };
  // Both start at once on an empty database: migrations and the first signing keys are made
  // under locks, so the two agree.
  [a, b] = await Promise.all([startNode('node A', env, ports[0]), startNode('node B', env, ports[1])]);
  balancer.setNodes([a, b]);
  fixtures = openDatabase(database.url, env.HELIOS_SECRET);
});

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
  await balancer?.close();
  await fixtures?.close();
  await mail?.close();
  await database?.drop();
});

/** A person's browser behind the balancer, connecting from an address of its own. */
const browser = (address = clientAddress()) => new Browser(balancer.url, { [SIMULATED_CLIENT_ADDRESS]: address });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function codeMailedTo(email: string): Promise<string> {
  return codeFromMail(await mail.next(email));
}

async function signedInAdmin() {
  const admin = await createAccount(fixtures.ctx, { password: PASSWORD, isAdmin: true });
  const person = browser();
  await signIn(person, admin.email);
  return person;
}

describe('two nodes, one deployment', () => {
  test('a password + authenticator sign-in started on A finishes on B; the session works on both', async () => {
    const account = await createAccount(fixtures.ctx, { password: PASSWORD, totpCount: 1 });
    const person = browser();
    balancer.pin(a);
    const started = await person.api.call('start', { body: { email: account.email } });
    expect(started.state).toBe('CredentialsRequired');
    balancer.pin(b);
    const session_id = started.session_id as string;
    const mfa = await person.api.call('verifyPassword', {
      body: { session_id, email: account.email, password: PASSWORD },
    });
    expect(mfa.state).toBe('MfaRequired');
    const done = await person.api.call('verifyMfa', {
      body: { session_id, totp_code: totpCode(account.totp[0] as string) },
    });
    expect(done.state).toBe('Done');
    for (const node of [a, b]) {
      balancer.pin(node);
      expect(await person.api.call('session')).toMatchObject({ email: account.email });
      expect((await person.api.call('userinfo')).email).toBe(account.email);
    }
  });

  test('an emailed code issued by A is accepted by B, once', async () => {
    const account = await createAccount(fixtures.ctx, { password: null });
    const person = browser();
    balancer.pin(a);
    const started = await person.api.call('start', { body: { email: account.email } });
    expect(started.state).toBe('OTPRequired');
    const otp = await codeMailedTo(account.email);
    const session_id = started.session_id as string;
    balancer.pin(b);
    const asked = await person.api.call('verifyOtp', { body: { session_id, email: account.email, otp } });
    expect(asked.state).toBe('AskedCreateCredential');
    balancer.pin(a);
    const again = await failure(person.api.call('verifyOtp', { body: { session_id, email: account.email, otp } }));
    expect(again.type).toBe(ErrorCode.invalidLoginSessionState);
    expect((await person.api.call('skipCreatePassword', { body: { session_id } })).state).toBe('Done');
    balancer.pin(b);
    expect(await person.api.call('session')).toMatchObject({ email: account.email });
  });

  test('logging out on B ends the session on A, also for a copy of the cookie', async () => {
    const account = await createAccount(fixtures.ctx, { password: PASSWORD });
    const person = browser();
    balancer.pin(a);
    await signIn(person, account.email);
    const copy = new Browser(balancer.url, person.defaultHeaders);
    for (const [name, value] of person.cookies) copy.cookies.set(name, value);
    balancer.pin(b);
    await person.api.call('logout');
    balancer.pin(a);
    expect((await failure(person.api.call('session'))).status).toBe(401);
    const stolen = await failure(copy.api.call('session'));
    expect(stolen.status).toBe(401);
    expect(stolen.type).toBe(ErrorCode.unauthenticated);
  });

  test('failed passwords count toward one lockout whichever node answers', async () => {
    const account = await createAccount(fixtures.ctx, { password: PASSWORD });
    const person = browser();
    balancer.pin(a);
    const started = await person.api.call('start', { body: { email: account.email } });
    const body = { session_id: started.session_id as string, email: account.email, password: 'not-the-password' };
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 10; i++) {
      balancer.pin(i % 2 === 0 ? a : b);
      answers.push((await failure(person.api.call('verifyPassword', { body }))).type);
    }
    expect(answers.slice(0, 9)).toEqual(Array(9).fill(ErrorCode.invalidCredentials));
    expect(answers[9]).toBe(ErrorCode.accountLocked);
    for (const node of [a, b]) {
      balancer.pin(node);
      const locked = await failure(person.api.call('verifyPassword', { body: { ...body, password: PASSWORD } }));
      expect(locked.status).toBe(423);
      expect(locked.type).toBe(ErrorCode.accountLocked);
    }
  });

  test('rate limits count per address across nodes: the 31st start in a minute is refused on both', async () => {
    const person = browser();
    const start = (node: HeliosNode) => {
      balancer.pin(node);
      return person.raw('POST', '/auth/login/start', JSON.stringify({ email: `nobody-${Math.random()}@example.com` }));
    };
    for (let i = 0; i < 30; i++) expect((await start(i % 2 === 0 ? a : b)).status, `start ${i + 1}`).toBe(200);
    for (const node of [a, b]) {
      const refused = await start(node);
      expect(refused.status).toBe(429);
      expect(hasErrorShape(refused.json, ErrorCode.rateLimited)).toBe(true);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    // Another address is not affected.
    const other = browser();
    balancer.pin(a);
    expect((await other.raw('POST', '/auth/login/start', JSON.stringify({ email: 'x@example.com' }))).status).toBe(200);
  });

  test('a client cannot choose the address its limits count: X-Forwarded-For it sends is not believed', async () => {
    const address = clientAddress();
    const start = (forged: string) => {
      const person = new Browser(balancer.url, { [SIMULATED_CLIENT_ADDRESS]: address, 'x-forwarded-for': forged });
      balancer.pin(forged.endsWith('1') ? a : b);
      return person.raw('POST', '/auth/login/start', JSON.stringify({ email: `nobody-${Math.random()}@example.com` }));
    };
    for (let i = 0; i < 30; i++) expect((await start(clientAddress())).status, `start ${i + 1}`).toBe(200);
    const refused = await start(clientAddress());
    expect(refused.status).toBe(429);
    expect(hasErrorShape(refused.json, ErrorCode.rateLimited)).toBe(true);
  });

  test("a setting written or the cache cleared on A reaches B's settings cache", async () => {
    balancer.pin(a);
    const admin = await signedInAdmin();
    const slug = `cache${Date.now().toString(36)}`;
    const { id } = await admin.api.call('createTenant', { body: { name: 'Cache Tenant', slug } });
    const setOnA = async (value: string) => {
      balancer.pin(a);
      await admin.api.call('setTenantSetting', { params: { tenantId: id }, body: { key: 'k', value } });
    };
    const readOnB = async () => {
      const response = await fetch(`${b.url}/api/instance/settings/${slug}`, { headers: instanceHeaders });
      expect(response.status).toBe(200);
      return ((await response.json()) as { key: string; value: string }[]).find((s) => s.key === 'k')?.value;
    };
    const writeBehindTheServersBack = (value: string) =>
      fixtures.db.update(tenantSettings).set({ value }).where(eq(tenantSettings.tenantId, id));

    await setOnA('v1');
    expect(await readOnB()).toBe('v1');
    // B answers from its cache: a change made behind the servers' back is not seen yet.
    await writeBehindTheServersBack('v2');
    expect(await readOnB()).toBe('v1');

    await setOnA('v3');
    await eventually('the write on A reaches B', async () => (await readOnB()) === 'v3');

    await writeBehindTheServersBack('v4');
    expect(await readOnB()).toBe('v3');
    balancer.pin(a);
    await admin.api.call('clearSettingsCache');
    await eventually('clear cache on A reaches B', async () => (await readOnB()) === 'v4');
  });

  test("a profile change or a removed sign-in method on A reaches B's account cache", async () => {
    const account = await createAccount(fixtures.ctx, { password: PASSWORD, totpCount: 1, isUser: false });
    const person = browser();
    balancer.pin(a);
    const started = await person.api.call('start', { body: { email: account.email } });
    await person.api.call('verifyPassword', {
      body: { session_id: started.session_id as string, email: account.email, password: PASSWORD },
    });
    await person.api.call('verifyMfa', {
      body: {
        session_id: started.session_id as string,
        totp_code: totpCode(account.totp[0] as string),
        remember: false,
      },
    });
    const onB = async () => {
      balancer.pin(b);
      return person.api.call('userinfo');
    };
    expect((await onB()).name).toBe('Test Person');
    // B answers from its cache: a change made behind the servers' back is not seen yet.
    await fixtures.db.update(accounts).set({ name: 'Renamed Behind' }).where(eq(accounts.id, account.id));
    expect((await onB()).name).toBe('Test Person');

    balancer.pin(a);
    await person.api.call('accountSettings', { body: { key: 'locale', value: 'sv' } });
    await eventually('the language change on A reaches B', async () => (await onB()).locale === 'sv');
    expect((await onB()).name).toBe('Renamed Behind');

    balancer.pin(a);
    await person.api.call('deleteCredential', { params: { id: account.credentialIds.password as string } });
    await eventually('the removal on A reaches B', async () => {
      balancer.pin(b);
      const state = await person.api.call('ping', { query: {} });
      return state.available_credentials.every((c) => c.type !== 'password');
    });
  });

  test('an OpenID Connect sign-in started on A is exchanged on B; both nodes publish the same keys', async () => {
    balancer.pin(a);
    const admin = await signedInAdmin();
    const slug = `oidc${Date.now().toString(36)}`;
    const redirectUri = `https://${slug}.example.com/auth/callback`;
    const { id: tenantId } = await admin.api.call('createTenant', { body: { name: 'OIDC Tenant', slug } });
    balancer.pin(b);
    await admin.api.call('updateTenantOidcClient', {
      params: { tenantId },
      body: { redirect_uris: [redirectUri], post_logout_redirect_uris: [] },
    });
    balancer.pin(a);
    const { client_id, client_secret } = await admin.api.call('rotateTenantOidcSecret', { params: { tenantId } });
    const person = await createAccount(fixtures.ctx, { password: PASSWORD });
    await fixtures.db.insert(tenantUsers).values({ tenantId, accountId: person.id });

    const jwks = async (node: HeliosNode) =>
      (await (await fetch(`${node.url}/oauth2/jwks`)).json()) as { keys: unknown[] };
    const [jwksA, jwksB] = await Promise.all([jwks(a), jwks(b)]);
    expect(jwksA.keys.length).toBeGreaterThan(0);
    expect(jwksB).toEqual(jwksA);

    balancer.pin(b);
    const rp = await relyingParty({
      issuer: balancer.url,
      clientId: client_id,
      clientSecret: client_secret,
      redirectUri,
    });
    const visitor = browser();
    balancer.pin(a);
    const { url, checks } = await rp.authorizationRequest();
    const login = await expectLogin(follow(visitor, url));
    balancer.pin(b);
    await signIn(visitor, person.email, login.search);
    balancer.pin(a);
    const callback = await expectClient(follow(visitor, authorizeAgain(login)));
    balancer.pin(b);
    const tokens = await rp.exchange(callback, checks);
    expect(tokens.claims()).toMatchObject({ iss: balancer.url, aud: tenantId, sub: person.id, email: person.email });
    balancer.pin(a);
    expect(await rp.userinfo(tokens.access_token, person.id)).toMatchObject({ email: person.email });
    const refreshed = await rp.refresh(tokens.refresh_token as string);
    expect(refreshed.claims()).toMatchObject({ sub: person.id });
    // The rotated refresh token was recorded in the shared database: B refuses the old one.
    balancer.pin(b);
    await expect(rp.refresh(tokens.refresh_token as string)).rejects.toThrow();
  });
});
