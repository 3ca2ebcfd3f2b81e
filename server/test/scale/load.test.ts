/**
 * A load run: simulated people doing whole sign-in journeys against one Helios node (a child
 * process) on PostgreSQL + Redis, with mail caught over SMTP. Rate limits are off: every journey
 * comes from the same address. The test asserts zero errors; the figures are printed, beside the
 * raw argon2id rate measured on this machine in the same run (the ceiling of password sign-ins).
 *
 *   LOAD_USERS (50) and LOAD_SECONDS (60) change the run.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accounts, credentials, tenants, tenantUsers } from '../../src/db/schema';
import { hashPassword, verifyPassword } from '../../src/security/passwords';
import { newTotpSecret } from '../../src/security/totp';
import { codeFromMail, PASSWORD, totpCode } from '../fixtures';
import { Browser, scratchDatabase } from '../harness';
import { type HeliosNode, newSecret, openDatabase, scaleServices, sleep, startMailCatcher, startNode } from './support';

const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** Accounts per kind of journey. An authenticator code is accepted once per 30-second step and
 * account, so each account signs in at most once a step: a pool caps its kind at POOL / 30
 * journeys per second. 6,000 allows 200/s per kind, above the raw argon2id rate of a two-core
 * machine (about 190/s), so the pools do not hold the run back (1,500 did, at 50/s per kind, on a
 * machine that reached it); waits are counted and the figures say when they happened. */
const POOL = 6000;
const TENANTS = 12;
const TOTP_STEP_MS = 30_000;

const { databaseUrl, redisUrl } = scaleServices();

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let node: HeliosNode;
let fixtures: ReturnType<typeof openDatabase>;

type Person = { email: string; totp: string; lastStep: number };

/** Accounts waiting for their next sign-in; one is handed out only once its authenticator
 * can accept a new code. */
class AccountPool {
  waits = 0;
  constructor(private readonly free: Person[]) {}

  async take(): Promise<Person> {
    for (;;) {
      const step = Math.floor(Date.now() / TOTP_STEP_MS);
      const index = this.free.findIndex((person) => person.lastStep < step);
      if (index >= 0) return this.free.splice(index, 1)[0] as Person;
      this.waits += 1;
      await sleep(TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS) + 10);
    }
  }

  give(person: Person) {
    this.free.push(person);
  }
}

async function makeAccounts(kind: 'password' | 'email', passwordHash: string, tenantIds: string[]): Promise<Person[]> {
  const people: Person[] = [];
  for (let offset = 0; offset < POOL; offset += 500) {
    const batch = Array.from({ length: Math.min(500, POOL - offset) }, (_, i) => ({
      email: `load-${kind}-${offset + i}@example.com`,
      totp: newTotpSecret(),
    }));
    const rows = await fixtures.db
      .insert(accounts)
      .values(batch.map((p) => ({ email: p.email, name: 'Load Person', isUser: true })))
      .returning({ id: accounts.id, email: accounts.email });
    const idOf = new Map(rows.map((row) => [row.email, row.id]));
    const creds = batch.flatMap((p) => {
      const accountId = idOf.get(p.email) as string;
      const totp = { accountId, type: 'totp', secret: fixtures.ctx.secrets.seal(p.totp) };
      return kind === 'password' ? [totp, { accountId, type: 'password', secret: passwordHash }] : [totp];
    });
    await fixtures.db.insert(credentials).values(creds);
    await fixtures.db.insert(tenantUsers).values(
      batch.flatMap((p, i) => {
        const accountId = idOf.get(p.email) as string;
        return [0, 1].map((k) => ({ accountId, tenantId: tenantIds[(offset + i + k) % tenantIds.length] as string }));
      }),
    );
    people.push(...batch.map((p) => ({ ...p, lastStep: 0 })));
  }
  return people;
}

let pools: { password: AccountPool; email: AccountPool };

beforeAll(async () => {
  database = await scratchDatabase(databaseUrl);
  mail = await startMailCatcher();
  const secret = newSecret();
  node = await startNode('load node', {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    HELIOS_SECRET: secret,
    SMTP_URL: mail.url,
    RATE_LIMIT: 'false',
  });
  fixtures = openDatabase(database.url, secret);
  const made = await fixtures.db
    .insert(tenants)
    .values(
      Array.from({ length: TENANTS }, (_, i) => ({
        name: `Load Tenant ${i}`,
        slug: `load${i}`,
        url: `https://load${i}.example.com`,
      })),
    )
    .returning({ id: tenants.id });
  const tenantIds = made.map((t) => t.id);
  // One hash for every password account: the server still verifies each sign-in in full.
  const passwordHash = await hashPassword(PASSWORD);
  pools = {
    password: new AccountPool(await makeAccounts('password', passwordHash, tenantIds)),
    email: new AccountPool(await makeAccounts('email', passwordHash, tenantIds)),
  };
});

afterAll(async () => {
  await node?.kill();
  await mail?.close();
  await fixtures?.close();
  await database?.drop();
});

class Figures {
  readonly steps = new Map<string, number[]>();
  requests = 0;
  errors: string[] = [];
  journeys = { password: 0, email: 0 };

  record(step: string, ms: number) {
    const times = this.steps.get(step);
    if (times) times.push(ms);
    else this.steps.set(step, [ms]);
  }
}

/** One HTTP call of a journey, timed; answers the JSON body after checking the status. */
async function timed(
  figures: Figures,
  step: string,
  browser: Browser,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  const answer = await browser.raw(method, path, body === undefined ? undefined : JSON.stringify(body));
  figures.requests += 1;
  figures.record(step, performance.now() - started);
  if (answer.status !== 200) throw new Error(`${step}: ${answer.status} ${answer.text.slice(0, 200)}`);
  return answer.json as Record<string, unknown>;
}

function expectState(step: string, answer: Record<string, unknown>, state: string) {
  if (answer.state !== state) throw new Error(`${step}: state ${String(answer.state)}, expected ${state}`);
}

/** Password, then authenticator, then the tenant picker. */
async function passwordJourney(figures: Figures, person: Person) {
  const browser = new Browser(node.url);
  const started = await timed(figures, 'start', browser, 'POST', '/auth/login/start', { email: person.email });
  expectState('start', started, 'CredentialsRequired');
  const session_id = started.session_id as string;
  const first = await timed(figures, 'verify-password', browser, 'POST', '/auth/login/verify-password', {
    session_id,
    email: person.email,
    password: PASSWORD,
  });
  expectState('verify-password', first, 'MfaRequired');
  await secondFactor(figures, browser, person, session_id, 'Done');
  await tenantPicker(figures, browser);
}

/** Emailed code, then authenticator, then "not now" to adding a password, then the picker. */
async function emailJourney(figures: Figures, person: Person) {
  const browser = new Browser(node.url);
  const started = await timed(figures, 'start', browser, 'POST', '/auth/login/start', { email: person.email });
  expectState('start', started, 'OTPRequired');
  const session_id = started.session_id as string;
  const waiting = performance.now();
  const otp = codeFromMail(await mail.next(person.email));
  figures.record('code mail arrives', performance.now() - waiting);
  const first = await timed(figures, 'verify-otp', browser, 'POST', '/auth/login/verify-otp', {
    session_id,
    email: person.email,
    otp,
  });
  expectState('verify-otp', first, 'MfaRequired');
  await secondFactor(figures, browser, person, session_id, 'AskedCreateCredential');
  const done = await timed(figures, 'skip-create-password', browser, 'POST', '/auth/login/skip-create-password', {
    session_id,
  });
  expectState('skip-create-password', done, 'Done');
  await tenantPicker(figures, browser);
}

async function secondFactor(figures: Figures, browser: Browser, person: Person, session_id: string, next: string) {
  const now = Date.now();
  person.lastStep = Math.floor(now / TOTP_STEP_MS);
  const answer = await timed(figures, 'verify-mfa', browser, 'POST', '/auth/login/verify-mfa', {
    session_id,
    totp_code: totpCode(person.totp, now),
  });
  expectState('verify-mfa', answer, next);
}

async function tenantPicker(figures: Figures, browser: Browser) {
  const picker = await timed(figures, 'available-tenants', browser, 'GET', '/auth/available-tenants');
  if ((picker.tenants as unknown[] | undefined)?.length !== 2) throw new Error('available-tenants: not 2 tenants');
}

/** Raw argon2id verifies per second in this process, as many at once as the server's pool runs. */
async function argon2Ceiling(seconds: number): Promise<number> {
  const hash = await hashPassword(PASSWORD);
  const end = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (Date.now() < end) {
        await verifyPassword(hash, PASSWORD);
        done += 1;
      }
    }),
  );
  return done / seconds;
}

/** The highest resident set size of a process so far, where the system tells (Linux). */
function peakMemory(pid: number): string {
  try {
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? `${(kb / 1024).toFixed(0)} MB` : 'unknown';
  } catch {
    return 'unknown';
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

test(`${USERS} people sign in over and over for ${SECONDS} s without a single error`, {
  timeout: (SECONDS + 120) * 1000,
}, async () => {
  const loadAtStart = loadavg()[0] ?? 0;
  const ceiling = await argon2Ceiling(3);
  const figures = new Figures();
  const end = Date.now() + SECONDS * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: USERS }, async (_, user) => {
      const kind = user % 2 === 0 ? 'password' : 'email';
      const pool = pools[kind];
      while (Date.now() < end) {
        const person = await pool.take();
        const started = performance.now();
        try {
          await (kind === 'password' ? passwordJourney(figures, person) : emailJourney(figures, person));
          figures.journeys[kind] += 1;
          figures.record(`journey (${kind === 'password' ? 'password' : 'emailed code'})`, performance.now() - started);
        } catch (error) {
          figures.errors.push((error as Error).message);
        } finally {
          pool.give(person);
        }
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;

  const journeys = figures.journeys.password + figures.journeys.email;
  const waits = pools.password.waits + pools.email.waits;
  const rate = (n: number) => (n / elapsed).toFixed(1);
  const lines = [
    `Load run — ${USERS} simulated people for ${elapsed.toFixed(1)} s against one node (PostgreSQL + Redis, mail over SMTP)`,
    `machine: ${availableParallelism()} cores shared by the node, PostgreSQL, Redis and this load generator; load average ${loadAtStart.toFixed(1)} at start`,
    '',
    `journeys  ${String(journeys).padStart(7)}   ${rate(journeys).padStart(7)}/s   (password + authenticator ${figures.journeys.password}, emailed code + authenticator ${figures.journeys.email})`,
    `requests  ${String(figures.requests).padStart(7)}   ${rate(figures.requests).padStart(7)}/s`,
    `errors    ${String(figures.errors.length).padStart(7)}`,
    `waits for a fresh authenticator step: ${waits}${waits > 0 ? ' — the account pools, not the node, limited these figures' : ''}`,
    '',
    `${'step'.padEnd(28)}${'count'.padStart(8)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}`,
  ];
  for (const [step, times] of figures.steps) {
    const sorted = [...times].sort((x, y) => x - y);
    lines.push(
      `${step.padEnd(28)}${String(sorted.length).padStart(8)}${percentile(sorted, 0.5).toFixed(0).padStart(10)}${percentile(sorted, 0.99).toFixed(0).padStart(10)}`,
    );
  }
  lines.push('', `node's peak memory (resident): ${peakMemory(node.pid)}`);
  lines.push(
    '',
    `ceiling, same run: raw argon2id verify ${ceiling.toFixed(0)}/s (8 at once, 3 s, before the load) — ` +
      `password journeys reached ${rate(figures.journeys.password)}/s (${(figures.journeys.password / elapsed / ceiling).toFixed(2)}× of it, ` +
      'sharing the cores with everything else)',
  );
  console.log(lines.join('\n'));

  expect(figures.errors.slice(0, 5)).toEqual([]);
  expect(figures.journeys.password).toBeGreaterThan(0);
  expect(figures.journeys.email).toBeGreaterThan(0);
});
