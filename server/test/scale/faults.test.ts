/**
 * Outages on a private Redis and a private PostgreSQL cluster (never the shared services), and a
 * node killed with SIGKILL in the middle of a burst of admin writes.
 */
import { ErrorCode } from '@helios/api';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, auditEvents, credentials, oidcClients, tenantSettings, tenants } from '../../src/db/schema';
import { codeFromMail, createAccount, createTenant, type FixtureAccount, PASSWORD, totpCode } from '../fixtures';
import { Browser, INSTANCE_KEY, instanceHeaders } from '../harness';
import { signIn } from '../oidc-helpers';
import {
  eventually,
  type HeliosNode,
  hasErrorShape,
  newSecret,
  openDatabase,
  privatePostgres,
  privateRedis,
  sleep,
  startMailCatcher,
  startNode,
} from './support';

let redis: Awaited<ReturnType<typeof privateRedis>>;
let postgres: Awaited<ReturnType<typeof privatePostgres>>;
let fixtures: ReturnType<typeof openDatabase>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let env: Record<string, string>;
/** RATE_LIMIT on (every throttled endpoint asks Redis first) and off (the code checks do). */
let throttled: HeliosNode;
let unthrottled: HeliosNode;

beforeAll(async () => {
  [redis, postgres, mail] = await Promise.all([privateRedis(), privatePostgres(), startMailCatcher()]);
  env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    HELIOS_SECRET: newSecret(),
    INSTANCE_API_KEY: INSTANCE_KEY,
    SMTP_URL: mail.url,
  };
  [throttled, unthrottled] = await Promise.all([
    startNode('throttled node', { ...env, RATE_LIMIT: 'true' }),
    startNode('unthrottled node', { ...env, RATE_LIMIT: 'false' }),
  ]);
  fixtures = openDatabase(postgres.url, env.HELIOS_SECRET as string);
});

afterAll(async () => {
  await Promise.all([throttled?.kill(), unthrottled?.kill()]);
  await fixtures?.close();
  await mail?.close();
  await redis?.stop();
  postgres?.remove();
});

type Answer = { status: number; json: unknown; retryAfter: string | null; sessionCookie: boolean };

/** A call that never throws: status 0 when no answer came at all. */
async function call(browser: Browser, method: string, path: string, body?: unknown): Promise<Answer> {
  try {
    const answer = await browser.fetch(`${browser.baseUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    const text = await answer.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return {
      status: answer.status,
      json,
      retryAfter: answer.headers.get('retry-after'),
      sessionCookie: answer.headers.getSetCookie().some((c) => c.startsWith('helios_session=')),
    };
  } catch {
    return { status: 0, json: undefined, retryAfter: null, sessionCookie: false };
  }
}

function expectUnavailable(answer: Answer, what: string) {
  expect(answer.status, what).toBe(503);
  expect(hasErrorShape(answer.json, ErrorCode.serviceUnavailable), what).toBe(true);
  expect(Number(answer.retryAfter), what).toBeGreaterThan(0);
  expect(answer.sessionCookie, what).toBe(false);
}

async function codeMailedTo(email: string): Promise<string> {
  return codeFromMail(await mail.next(email));
}

async function signedInAdmin(node: HeliosNode) {
  const admin = await createAccount(fixtures.ctx, { password: PASSWORD, isAdmin: true });
  const browser = new Browser(node.url);
  await signIn(browser, admin.email);
  return { browser, account: admin };
}

/** A login started in a browser of its own (a login belongs to the browser that started it). */
type Login = { browser: Browser; id: string };
async function startLogin(node: HeliosNode, email: string): Promise<Login> {
  const browser = new Browser(node.url);
  const started = await browser.api.call('start', { body: { email } });
  return { browser, id: started.session_id as string };
}

describe('Redis stops in the middle of sign-ins', () => {
  test('start and every code or password check answer 503 without checking; service resumes by itself', async () => {
    type Pending = {
      node: HeliosNode;
      person: FixtureAccount;
      mailed: FixtureAccount;
      atPassword: Login;
      atMfa: Login;
      atOtp: Login;
      otp: string;
      signedIn: Browser;
    };
    const pending: Pending[] = [];
    for (const node of [throttled, unthrottled]) {
      const person = await createAccount(fixtures.ctx, { password: PASSWORD, totpCount: 1 });
      const mailed = await createAccount(fixtures.ctx, { password: null });
      const atPassword = await startLogin(node, person.email);
      const atMfa = await startLogin(node, person.email);
      const mfa = await atMfa.browser.api.call('verifyPassword', {
        body: { session_id: atMfa.id, email: person.email, password: PASSWORD },
      });
      expect(mfa.state).toBe('MfaRequired');
      const atOtp = await startLogin(node, mailed.email);
      const otp = await codeMailedTo(mailed.email);
      const signedIn = new Browser(node.url);
      await signIn(signedIn, (await createAccount(fixtures.ctx, { password: PASSWORD })).email);
      pending.push({ node, person, mailed, atPassword, atMfa, atOtp, otp, signedIn });
    }

    await redis.stop();
    for (const p of pending) {
      const on = p.node.name;
      expectUnavailable(
        await call(p.atPassword.browser, 'POST', '/auth/login/start', { email: p.person.email }),
        `${on}: start`,
      );
      expectUnavailable(
        await call(p.atPassword.browser, 'POST', '/auth/login/verify-password', {
          session_id: p.atPassword.id,
          email: p.person.email,
          password: PASSWORD,
        }),
        `${on}: verify-password`,
      );
      expectUnavailable(
        await call(p.atMfa.browser, 'POST', '/auth/login/verify-mfa', {
          session_id: p.atMfa.id,
          totp_code: totpCode(p.person.totp[0] as string),
        }),
        `${on}: verify-mfa`,
      );
      expectUnavailable(
        await call(p.atOtp.browser, 'POST', '/auth/login/verify-otp', {
          session_id: p.atOtp.id,
          email: p.mailed.email,
          otp: p.otp,
        }),
        `${on}: verify-otp`,
      );
      // A portal session cannot be checked either: neither signed in nor signed out.
      expectUnavailable(await call(p.signedIn, 'GET', '/auth/session'), `${on}: session`);
      expect((await fetch(`${p.node.url}/health`)).status, `${on}: health`).toBe(503);
    }
    // With the limits on, every other limited endpoint counts the request in Redis before it
    // does anything else, so it answers 503 as well rather than serving uncounted.
    const session_id = pending[0]?.atPassword.id as string;
    const token = 'A'.repeat(43);
    const limitedCalls: [string, string, unknown?][] = [
      ['POST', '/auth/login/ping'],
      ['GET', '/auth/providers'],
      ['POST', '/auth/login/merge-mfa', { session_id, totp_code: '123456' }],
      ['POST', '/auth/login/create-password', { session_id, password: `${PASSWORD}-new` }],
      ['POST', '/auth/login/skip-create-password', { session_id }],
      ['POST', '/auth/login/webauthn/options', { session_id }],
      ['POST', '/auth/reset/request', { email: 'someone@example.com' }],
      ['POST', '/auth/reset/check-token', { token }],
      ['POST', '/auth/reset/confirm', { token, password: `${PASSWORD}-new` }],
      ['POST', '/api/clavis/redeem', { clavis: token, tenant_id: crypto.randomUUID() }],
      ['GET', '/api/instance/settings/acme'],
      ['GET', '/api/instance/notifications?tenant=acme'],
    ];
    const instance = new Browser(throttled.url, instanceHeaders);
    for (const [method, path, body] of limitedCalls)
      expectUnavailable(await call(instance, method, path, body), `throttled node: ${method} ${path}`);
    // Nothing was accepted: no sign-in recorded, the authenticator code not spent.
    const people = pending.flatMap((p) => [p.person.id, p.mailed.id]);
    const touched = await fixtures.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(inArray(accounts.id, people), sql`${accounts.lastLoginAt} is not null`));
    expect(touched).toEqual([]);
    const spent = await fixtures.db
      .select({ counter: credentials.counter })
      .from(credentials)
      .where(and(inArray(credentials.accountId, people), eq(credentials.type, 'totp')));
    expect(spent.map((c) => c.counter)).toEqual([0, 0]);

    const back = Date.now();
    await redis.start();
    const resumed = await Promise.all(
      pending.map((p) =>
        eventually(
          `${p.node.name} answers start again`,
          async () =>
            (await call(new Browser(p.node.url), 'POST', '/auth/login/start', { email: p.person.email })).status ===
            200,
          15_000,
        ),
      ),
    );
    console.log(`Redis back: start answered again after ${resumed.map((ms) => `${ms} ms`).join(' and ')}`);

    for (const p of pending) {
      // This Redis keeps nothing on disk: login sessions begun before the outage are gone.
      const lost = await call(p.atPassword.browser, 'POST', '/auth/login/verify-password', {
        session_id: p.atPassword.id,
        email: p.person.email,
        password: PASSWORD,
      });
      expect(lost.status).toBe(404);
      expect(hasErrorShape(lost.json, ErrorCode.loginSessionMissing)).toBe(true);
      // A whole new sign-in works, the authenticator code that was refused unchecked included.
      const fresh = new Browser(p.node.url);
      const started = await fresh.api.call('start', { body: { email: p.person.email } });
      const session_id = started.session_id as string;
      await fresh.api.call('verifyPassword', { body: { session_id, email: p.person.email, password: PASSWORD } });
      const done = await fresh.api.call('verifyMfa', {
        body: { session_id, totp_code: totpCode(p.person.totp[0] as string) },
      });
      expect(done.state).toBe('Done');
      expect((await fetch(`${p.node.url}/health`)).status).toBe(200);
    }
    console.log(`(Redis was back ${Date.now() - back} ms before every check above had passed)`);

    // Both nodes subscribed again: a setting written on one reaches the other's cache.
    const tenant = await createTenant(fixtures.ctx, `redis${Date.now().toString(36)}`);
    const readOnUnthrottled = async () =>
      (
        (await (
          await fetch(`${unthrottled.url}/api/instance/settings/${tenant.slug}`, { headers: instanceHeaders })
        ).json()) as { value: string }[]
      )[0]?.value;
    const { browser: admin } = await signedInAdmin(throttled);
    const set = (value: string) =>
      admin.api.call('setTenantSetting', { params: { tenantId: tenant.id }, body: { key: 'k', value } });
    await set('before');
    expect(await readOnUnthrottled()).toBe('before');
    await set('after');
    await eventually(
      'the invalidation crosses the restarted Redis',
      async () => (await readOnUnthrottled()) === 'after',
    );
  });
});

type Write = { kind: 'tenant' | 'setting' | 'credit' | 'credential'; ref: string; answer: Answer };

/** Admin writes of every kind, round robin; each remembers what it changed and the answer. */
function adminWriter(admin: Browser, creditTenant: string, credentialsToDelete: { accountId: string; id: string }[]) {
  const writes: Write[] = [];
  let n = 0;
  const tag = Date.now().toString(36);
  async function one(): Promise<Write> {
    const i = n++;
    const kind = (['tenant', 'setting', 'credit', 'credential'] as const)[i % 4] as Write['kind'];
    let write: Write;
    if (kind === 'tenant') {
      const slug = `w${tag}n${i}`;
      write = { kind, ref: slug, answer: await call(admin, 'POST', '/api/tenants', { name: `Written ${i}`, slug }) };
    } else if (kind === 'setting') {
      const key = `key${i}`;
      write = {
        kind,
        ref: key,
        answer: await call(admin, 'POST', `/api/tenants/${creditTenant}/settings`, { key, value: `value ${i}` }),
      };
    } else if (kind === 'credit') {
      write = {
        kind,
        ref: creditTenant,
        answer: await call(admin, 'POST', `/api/tenants/${creditTenant}/settings/sms/credits`, { credits: 1 }),
      };
    } else {
      const credential = credentialsToDelete.pop();
      if (!credential) return one();
      write = {
        kind,
        ref: credential.id,
        answer: await call(admin, 'DELETE', `/api/accounts/${credential.accountId}/credentials/${credential.id}`),
      };
    }
    writes.push(write);
    return write;
  }
  return { writes, one };
}

/** Every acknowledged write is in the database with its audit row, and nothing is half-written. */
async function expectAcknowledgedWritesKept(writes: Write[], creditTenant: string, adminId: string) {
  const ok = (kind: Write['kind']) =>
    writes.filter((w) => w.kind === kind && w.answer.status >= 200 && w.answer.status < 300);
  const unknown = (kind: Write['kind']) =>
    writes.filter((w) => w.kind === kind && !(w.answer.status >= 200 && w.answer.status < 300));
  const audits = await fixtures.db
    .select({ action: auditEvents.action, targetId: auditEvents.targetId, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.actorAccountId, adminId));
  const audited = (action: string) => audits.filter((row) => row.action === action);

  const slugs = ok('tenant').map((w) => w.ref);
  if (slugs.length > 0) {
    const rows = await fixtures.db.select().from(tenants).where(inArray(tenants.slug, slugs));
    expect(rows.map((t) => t.slug).sort()).toEqual([...slugs].sort());
    const created = new Set(audited('admin.tenant.created').map((row) => row.targetId));
    for (const row of rows) expect(created.has(row.id), `audit of tenant ${row.slug}`).toBe(true);
  }
  // No tenant without its OpenID Connect client, acknowledged or not: both are made in one
  // transaction.
  const orphans = await fixtures.db
    .select({ slug: tenants.slug })
    .from(tenants)
    .leftJoin(oidcClients, eq(oidcClients.tenantId, tenants.id))
    .where(
      and(
        inArray(
          tenants.slug,
          writes.filter((w) => w.kind === 'tenant').map((w) => w.ref),
        ),
        isNull(oidcClients.clientId),
      ),
    );
  expect(orphans).toEqual([]);

  const settings = await fixtures.db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, creditTenant));
  const byKey = new Map(settings.map((s) => [s.key, s.value]));
  for (const w of ok('setting')) expect(byKey.get(w.ref), w.ref).toBe(`value ${w.ref.slice(3)}`);
  expect(audited('admin.setting.set').length).toBeGreaterThanOrEqual(ok('setting').length);

  const [tenant] = await fixtures.db.select().from(tenants).where(eq(tenants.id, creditTenant));
  const credits = tenant?.smsCredits ?? -1;
  expect(credits).toBeGreaterThanOrEqual(ok('credit').length);
  expect(credits).toBeLessThanOrEqual(ok('credit').length + unknown('credit').length);
  expect(audited('admin.sms.credits_added').length).toBeGreaterThanOrEqual(ok('credit').length);

  const deleted = ok('credential').map((w) => w.ref);
  if (deleted.length > 0) {
    expect(await fixtures.db.select().from(credentials).where(inArray(credentials.id, deleted))).toEqual([]);
    const auditedIds = new Set(
      audited('admin.credential.deleted').map((row) => (row.details as { credential_id: string }).credential_id),
    );
    for (const id of deleted) expect(auditedIds.has(id), `audit of credential ${id}`).toBe(true);
  }
  return { credits };
}

async function accountsWithAuthenticators(count: number) {
  const made = await Promise.all(Array.from({ length: count }, () => createAccount(fixtures.ctx, { totpCount: 1 })));
  return made.map((a) => ({ accountId: a.id, id: a.credentialIds.totp0 as string }));
}

describe('PostgreSQL restarts under writes', () => {
  test('writes fail cleanly with 503 during the outage, succeed after, and nothing acknowledged is lost', async () => {
    const { browser: admin, account } = await signedInAdmin(unthrottled);
    const creditTenant = (await createTenant(fixtures.ctx, `pg${Date.now().toString(36)}`)).id;
    const writer = adminWriter(admin, creditTenant, await accountsWithAuthenticators(200));
    const signInProbe = new Browser(unthrottled.url);
    const probes: Answer[] = [];
    let stop = false;
    let restartedAt = 0;
    let firstSuccessAfterRestart = 0;
    const loops = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const write = await writer.one();
        if (restartedAt && !firstSuccessAfterRestart && write.answer.status < 300)
          firstSuccessAfterRestart = Date.now();
        if (write.answer.status !== 200) await sleep(50);
      }
    });
    const probing = (async () => {
      while (!stop) {
        probes.push(await call(signInProbe, 'POST', '/auth/login/start', { email: account.email }));
        await sleep(100);
      }
    })();

    await sleep(1_000);
    postgres.stop('fast');
    await sleep(3_000);
    postgres.start();
    restartedAt = Date.now();
    await eventually('writes succeed again', async () => firstSuccessAfterRestart > 0, 20_000);
    await sleep(1_000);
    stop = true;
    await Promise.all([...loops, probing]);

    const statuses = new Map<number, number>();
    for (const { answer } of writer.writes) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    console.log(
      `PostgreSQL restart: ${writer.writes.length} admin writes, answers ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `writes succeeded again ${firstSuccessAfterRestart - restartedAt} ms after PostgreSQL was back`,
    );
    for (const { kind, answer } of writer.writes) {
      if (answer.status === 503) expectUnavailable(answer, kind);
      else
        expect([200, 204], `${kind} answered ${answer.status}: ${JSON.stringify(answer.json)}`).toContain(
          answer.status,
        );
    }
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    for (const answer of probes) {
      if (answer.status === 503) expectUnavailable(answer, 'start');
      else expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    }
    expect(probes.some((p) => p.status === 503)).toBe(true);
    expect(probes.at(-1)?.status).toBe(200);
    await expectAcknowledgedWritesKept(writer.writes, creditTenant, account.id);
  });
});

describe('a node killed with SIGKILL during a burst of writes', () => {
  test('every acknowledged write is in the database after the restart', async () => {
    const { browser: admin, account } = await signedInAdmin(unthrottled);
    const creditTenant = (await createTenant(fixtures.ctx, `kill${Date.now().toString(36)}`)).id;
    const writer = adminWriter(admin, creditTenant, await accountsWithAuthenticators(200));
    let dead = false;
    const loops = Array.from({ length: 16 }, async () => {
      while (!dead) {
        const write = await writer.one();
        if (write.answer.status === 0) return;
      }
    });
    await eventually('a burst under way', async () => writer.writes.length >= 150, 30_000);
    const killed = await unthrottled.kill('SIGKILL');
    dead = true;
    await Promise.all(loops);
    expect(killed).toBe('SIGKILL');
    const acknowledged = writer.writes.filter((w) => w.answer.status >= 200 && w.answer.status < 300).length;
    const cut = writer.writes.filter((w) => w.answer.status === 0).length;
    expect(writer.writes.every((w) => [0, 200, 204].includes(w.answer.status))).toBe(true);

    unthrottled = await startNode('unthrottled node', { ...env, RATE_LIMIT: 'false' }, unthrottled.port);
    const { credits } = await expectAcknowledgedWritesKept(writer.writes, creditTenant, account.id);
    console.log(
      `SIGKILL: ${acknowledged} writes acknowledged before the kill, ${cut} cut off; all acknowledged ones kept (credits ${credits})`,
    );
    // The restarted node serves the same data, and the admin's session (in Redis) lives on.
    expect(await admin.api.call('smsCredits', { params: { tenantId: creditTenant } })).toBe(credits);
  });
});
