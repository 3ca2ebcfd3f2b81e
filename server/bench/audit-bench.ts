/**
 * The console's audit log at scale: seeds EVENTS audit events (10,000,000 on PostgreSQL, 100,000
 * embedded; BENCH_AUDIT_EVENTS overrides) spread evenly over 13 months, oldest first as a log is
 * written, over 20,000 accounts, 2,000 tenants and the sign-in, failure, credential and admin
 * actions in realistic proportions (INSERT … SELECT generate_series, a million rows a statement),
 * into the month partitions the server keeps on PostgreSQL. It prints the log's bytes per row,
 * p50/p95 of the console's queries over real HTTP as an admin against the 100 ms target (newest
 * first, by actor, by target account, by tenant, by action, by date range, the next page by
 * cursor, a page deep in the log by cursor), and what one sign-in leaves behind (its audit rows,
 * and with Redis the bytes it holds): the figures docs/deployment.md sizes from. Exits 1 when a
 * p95 misses its target. Alone:
 *   pnpm bench:audit      (from the repository root)
 * Embedded mode by default; PostgreSQL + Redis when DATABASE_URL and REDIS_URL are set (a
 * scratch database is created beside DATABASE_URL's and dropped afterwards).
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { encodeCursor } from '../src/audit/cursor';
import { addMonths, createMonthPartitions, monthStart } from '../src/audit/partitions';
import { type AuditFilter, auditPage, auditPageQuery } from '../src/audit/query';
import type { Database } from '../src/db/client';
import { inTransaction } from '../src/db/transaction';
import { createAccount, PASSWORD } from '../test/fixtures';
import { type Mode, modeTitle, percentile, signInCookie, startBenchServer } from './lib';

const ACCOUNTS = Number(process.env.BENCH_AUDIT_ACCOUNTS ?? 20_000);
const TENANTS = Number(process.env.BENCH_AUDIT_TENANTS ?? 2_000);
const ADMINS = 25;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = 4;
const PAGE = 50;
/** Runs of each query straight on the database, one at a time. */
const DATABASE_RUNS = 100;
/** Rows a seeding statement writes. */
const SEED_CHUNK = 1_000_000;
/** Sign-ins whose footprint is measured. */
const FOOTPRINT_SIGN_INS = Number(process.env.BENCH_FOOTPRINT_SIGN_INS ?? 200);
export const TARGET_P95_MS = 100;
const DAY_MS = 24 * 60 * 60_000;
const SPAN_DAYS = 395;

/** What people do, most often first: a sign-in is far more common than a new security key. */
const PERSON_ACTIONS = [
  ...Array(12).fill('login.success'),
  ...Array(3).fill('logout'),
  'login.password_failed',
  'login.password_failed',
  'login.totp_failed',
  'login.federated',
  'reauth.success',
  'session.signed_out',
  'password.changed',
  'password_reset.requested',
  'password_reset.completed',
  'credential.totp_registered',
  'credential.webauthn_registered',
  'credential.deleted',
];
const ADMIN_ACTIONS = [
  'admin.setting.set',
  'admin.setting.set',
  'admin.sms.credits_added',
  'admin.login_as',
  'admin.login_as',
  'admin.password_reset.sent',
  'admin.credential.deleted',
  'admin.tenant.deactivation_set',
  'admin.notification.sent',
  'admin.tenant.created',
];
const ADMIN_ON_ACCOUNTS = new Set(['admin.login_as', 'admin.password_reset.sent', 'admin.credential.deleted']);
/** The details rows of these actions carry as the server writes them; the rest carry `{}`. */
const DETAILS: Record<string, object> = {
  'login.success': { via: 'password', trusted: false },
  'login.password_failed': { locked: false, trusted: false },
  'login.totp_failed': { locked: false, trusted: false },
  'login.federated': { provider: 'google' },
  'admin.setting.set': { key: 'integration_cronofy' },
  'admin.sms.credits_added': { added: 500, total: 1500 },
};

type Row = { p50: number; p95: number; rows: number; failures: number; databaseP95?: number; target?: number };

/** Runs the requests with a few in flight; answers latency percentiles and the mean page size. */
async function measure(url: (i: number) => string | Promise<string>, cookie: string): Promise<Row> {
  const latencies: number[] = [];
  let rows = 0;
  let failures = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const address = await url(i);
        const started = performance.now();
        const response = await fetch(address, { headers: { cookie } });
        const body = (await response.json()) as { events?: unknown[] };
        latencies.push(performance.now() - started);
        if (response.ok) rows += body.events?.length ?? 0;
        else failures += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), rows: rows / REQUESTS, failures };
}

/** The log's size on disk: its table (every partition) and its indexes; and an account's, with
 * its password credential (tables and indexes, search's trigram indexes included). */
export type LogSize = { rows: number; tableBytes: number; indexBytes: number; accountBytes: number };

/** Per sign-in: audit rows written, and the store's keys and bytes by kind (Redis only). */
export type Footprint = {
  signIns: number;
  auditRows: number;
  store: { kind: string; keys: number; bytes: number; ttlSeconds: number | null }[] | null;
};

export type AuditFigures = {
  events: number;
  seedMs: number;
  size: LogSize;
  rows: Record<string, Row>;
  footprint: Footprint;
};

const quoted = (values: string[]) => sql.raw(values.map((value) => `'${value}'`).join(','));

/** Seeds `events` audit rows, oldest first, spread evenly over the 13 months before `until`. */
async function seedEvents(db: Database, events: number, until: Date) {
  const personActions = sql.raw(`array[${PERSON_ACTIONS.map((a) => `'${a}'`).join(',')}]`);
  const adminActions = sql.raw(`array[${ADMIN_ACTIONS.map((a) => `'${a}'`).join(',')}]`);
  const details = sql.raw(
    `jsonb_build_object(${Object.entries(DETAILS)
      .map(([action, value]) => `'${action}', '${JSON.stringify(value)}'::jsonb`)
      .join(', ')})`,
  );
  const spanSeconds = SPAN_DAYS * 24 * 60 * 60;
  for (let first = 1; first <= events; first += SEED_CHUNK) {
    const last = Math.min(events, first + SEED_CHUNK - 1);
    const started = performance.now();
    // Seven in ten events are a person's own (a failed sign-in has no actor), the rest an admin's.
    // Row g is written at g / events of the span: ids grow with time, as in a real log. The
    // multipliers scatter each choice independently.
    await db.execute(sql`
      insert into audit_events (at, actor_account_id, action, target_type, target_id, ip, details)
      select ${until.toISOString()}::timestamptz - make_interval(secs => (${events} - pick.g) * ${spanSeconds}::float8 / ${events}),
             case when pick.admin then people.ids[pick.admin_index]
                  when pick.person_action like '%failed' then null
                  else people.ids[pick.person_index] end,
             kind.action,
             case when pick.admin and not kind.on_account then 'tenant' else 'account' end,
             case when pick.admin and not kind.on_account then places.ids[pick.tenant_index]::text
                  else people.ids[pick.person_index]::text end,
             '198.51.100.' || (pick.g % 250),
             coalesce(${details} -> kind.action, '{}'::jsonb)
      from (select array_agg(id order by email) as ids from accounts where email like '%@bench.example') as people,
           (select array_agg(id order by slug) as ids from tenants where slug like 'bench%') as places,
           lateral (
             select g, g % 10 >= 7 as admin,
                    (1 + (g * 31) % ${ADMINS})::int as admin_index,
                    (1 + (g * 104729) % ${ACCOUNTS})::int as person_index,
                    (1 + (g * 6151) % ${TENANTS})::int as tenant_index,
                    (${personActions})[(1 + (g * 13) % ${PERSON_ACTIONS.length})::int] as person_action,
                    (${adminActions})[(1 + (g * 17) % ${ADMIN_ACTIONS.length})::int] as admin_action
             from generate_series(${first}::bigint, ${last}::bigint) as g
           ) as pick,
           lateral (
             select case when pick.admin then pick.admin_action else pick.person_action end as action,
                    pick.admin_action in (${quoted([...ADMIN_ON_ACCOUNTS])}) as on_account
           ) as kind`);
    if (events > SEED_CHUNK)
      console.log(
        `  seeded ${last.toLocaleString('en-US')} of ${events.toLocaleString('en-US')} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
  }
}

async function logSize(db: Database): Promise<LogSize> {
  // The table and its partitions, if any (a partitioned table itself holds no rows).
  const result = await db.execute<{ rows: string; table_bytes: string; index_bytes: string }>(sql`
    select (select count(*) from audit_events) as rows,
           sum(pg_table_size(relid)) as table_bytes, sum(pg_indexes_size(relid)) as index_bytes
    from (select 'audit_events'::regclass as relid union select relid from pg_partition_tree('audit_events')) as tree`);
  const accounts = await db.execute<{ bytes: string }>(sql`
    select (pg_total_relation_size('accounts') + pg_total_relation_size('credentials'))::float8
           / (select count(*) from accounts) as bytes`);
  const row = result.rows[0];
  return {
    rows: Number(row?.rows),
    tableBytes: Number(row?.table_bytes),
    indexBytes: Number(row?.index_bytes),
    accountBytes: Number(accounts.rows[0]?.bytes),
  };
}

/** Each Redis key under `prefix`: its kind (the first part of its name), size and expiry. */
async function storeKeys(redisUrl: string, prefix: string) {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  const keys = new Map<string, { kind: string; bytes: number; ttlMs: number }>();
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    for (const key of found) {
      const [bytes, ttlMs] = await Promise.all([
        redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0') as Promise<number | null>,
        redis.pttl(key),
      ]);
      keys.set(key, { kind: key.slice(prefix.length).split(':')[0] ?? '', bytes: bytes ?? 0, ttlMs });
    }
  } while (cursor !== '0');
  await redis.quit();
  return keys;
}

/** Signs in FOOTPRINT_SIGN_INS new accounts with a password, as the browser does (start, then
 * verify-password, with a portal session at the end), and answers what they left behind. */
async function footprint(
  db: Database,
  base: string,
  store: { redisUrl: string; prefix: string } | null,
  makeAccount: (email: string) => Promise<unknown>,
): Promise<Footprint> {
  const emails = Array.from({ length: FOOTPRINT_SIGN_INS }, (_, i) => `footprint${i}@bench.example`);
  for (const email of emails) await makeAccount(email);
  const count = async () =>
    Number((await db.execute<{ n: string }>(sql`select count(*) as n from audit_events`)).rows[0]?.n);
  const rowsBefore = await count();
  const keysBefore = store ? await storeKeys(store.redisUrl, store.prefix) : null;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < emails.length) await signInCookie(base, emails[next++] as string, PASSWORD);
    }),
  );
  const auditRows = ((await count()) - rowsBefore) / emails.length;
  if (!store || !keysBefore) return { signIns: emails.length, auditRows, store: null };
  const byKind = new Map<string, { keys: number; bytes: number; ttlMs: number[] }>();
  for (const [key, value] of await storeKeys(store.redisUrl, store.prefix)) {
    if (keysBefore.has(key)) continue;
    const kind = byKind.get(value.kind) ?? { keys: 0, bytes: 0, ttlMs: [] };
    kind.keys += 1;
    kind.bytes += value.bytes;
    if (value.ttlMs > 0) kind.ttlMs.push(value.ttlMs);
    byKind.set(value.kind, kind);
  }
  return {
    signIns: emails.length,
    auditRows,
    store: [...byKind].map(([kind, value]) => ({
      kind,
      keys: value.keys / emails.length,
      bytes: value.bytes / emails.length,
      ttlSeconds: value.ttlMs.length > 0 ? Math.round(Math.max(...value.ttlMs) / 1000) : null,
    })),
  };
}

export async function auditBench(mode: Mode, events: number): Promise<AuditFigures> {
  const server = await startBenchServer(mode);
  const { ctx } = server.running;
  const db = ctx.db as unknown as Database;
  const base = server.url;
  try {
    const started = performance.now();
    await db.execute(sql`
      insert into accounts (email, name, is_user, is_admin)
      select 'person' || g || '@bench.example', 'Person ' || g, true, g <= ${ADMINS}
      from generate_series(1, ${ACCOUNTS}) as g`);
    await db.execute(sql`
      insert into tenants (name, slug, url)
      select 'Tenant ' || g, 'bench' || g, 'https://bench' || g || '.example.com'
      from generate_series(1, ${TENANTS}) as g`);
    // Every account signs in with a password: the admin's hash stands in for each one's.
    const admin = await createAccount(ctx, { password: PASSWORD, isAdmin: true });
    await db.execute(sql`
      insert into credentials (account_id, type, secret)
      select accounts.id, 'password', admin.secret
      from accounts, (select secret from credentials where account_id = ${admin.id}) as admin
      where accounts.email like 'person%@bench.example'`);
    const until = new Date();
    // The server keeps partitions for this month and the next; the 13 months before are the
    // log's past, which a deployment's partitions would hold.
    if (mode.name === 'services') {
      const months = [monthStart(new Date(until.getTime() - SPAN_DAYS * DAY_MS))];
      while (addMonths(months.at(-1) as Date, 1) < until) months.push(addMonths(months.at(-1) as Date, 1));
      await inTransaction(db, (tx) => createMonthPartitions(tx, months));
    }
    await seedEvents(db, events, until);
    await db.execute(sql`vacuum (analyze) accounts`);
    await db.execute(sql`vacuum (analyze) credentials`);
    await db.execute(sql`analyze tenants`);
    // As autovacuum leaves a log's past months: analysed, and all-visible for index-only scans.
    await db.execute(sql`vacuum (analyze) audit_events`);
    const seedMs = performance.now() - started;
    const size = await logSize(db);

    const cookie = await signInCookie(base, admin.email, PASSWORD);
    const accountIds = (
      await db.execute<{ id: string }>(
        sql`select id from accounts where email like 'person%@bench.example' order by email`,
      )
    ).rows.map((r) => r.id);
    const tenantIds = (
      await db.execute<{ id: string }>(sql`select id from tenants where slug like 'bench%' order by slug`)
    ).rows.map((r) => r.id);
    const pick = <T>(list: readonly T[], i: number) => list[(i * 7919) % list.length] as T;
    const log = (query: Record<string, string>) =>
      `${base}/api/audit/?${new URLSearchParams({ ...query, limit: String(PAGE) })}`;
    const week = (i: number) => {
      const end = until.getTime() - ((i * 37) % 380) * DAY_MS;
      return { from: new Date(end - 7 * DAY_MS).toISOString(), to: new Date(end).toISOString() };
    };
    /** Where a page 1 to 13 months back starts, as the pages before it would have left the cursor. */
    const deep = (i: number) => ({
      at: `${new Date(until.getTime() - (30 + ((i * 37) % 360)) * DAY_MS).toISOString().slice(0, 23)}000Z`,
      id: Number.MAX_SAFE_INTEGER,
    });
    /** The address of the second page: the first page's cursor, read beforehand (not timed). */
    const secondPage = async (query: Record<string, string>) => {
      const first = (await (await fetch(log(query), { headers: { cookie } })).json()) as { next_cursor: string };
      return log({ ...query, cursor: first.next_cursor });
    };

    /** Each row: the filters of its i-th request, and how it reaches its page (the next page of
     * the first, or a cursor deep in the log). */
    const shapes: Record<string, { filter: (i: number) => AuditFilter; second?: boolean; deep?: boolean }> = {
      'newest, no filter': { filter: () => ({}) },
      'by actor (account id)': { filter: (i) => ({ actor: pick(accountIds, i) }) },
      'by actor (email)': { filter: (i) => ({ actor: `person${1 + ((i * 7919) % ACCOUNTS)}@bench.example` }) },
      'by target account': { filter: (i) => ({ account: pick(accountIds, i) }) },
      'by tenant': { filter: (i) => ({ tenant: pick(tenantIds, i) }) },
      'by action (rare)': { filter: () => ({ action: ['credential.webauthn_registered'] }) },
      'by two actions': { filter: () => ({ action: ['login.password_failed', 'login.totp_failed'] }) },
      'by date range (a week)': { filter: (i) => week(i) },
      'action + date range': { filter: (i) => ({ action: ['admin.login_as'], ...week(i) }) },
      'tenant + date range': { filter: (i) => ({ tenant: pick(tenantIds, i), ...week(i) }) },
      'next page by cursor (a week)': { filter: (i) => week(i), second: true },
      'a page deep by cursor': { filter: () => ({}), deep: true },
    };
    const query = (filter: AuditFilter) => {
      const { action, ...rest } = filter;
      return { ...rest, ...(action ? { action: action.join(',') } : {}) } as Record<string, string>;
    };
    /** Where the i-th request of a shape starts: after the first page, deep in the log, or at the top. */
    const cursorOf = async (shape: (typeof shapes)[string], i: number) =>
      shape.second ? (await auditPage(db, shape.filter(i), null, PAGE)).last : shape.deep ? deep(i) : null;
    if (process.env.BENCH_AUDIT_EXPLAIN)
      for (const [name, shape] of Object.entries(shapes)) {
        const query = auditPageQuery(db, shape.filter(1), await cursorOf(shape, 1), PAGE);
        const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${query}`);
        console.log(`\n-- ${name}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      }
    const rows: Record<string, Row> = {};
    for (const [name, shape] of Object.entries(shapes)) {
      const http = await measure((i) => {
        const filters = query(shape.filter(i));
        if (shape.second) return secondPage(filters);
        return log(shape.deep ? { ...filters, cursor: encodeCursor(deep(i)) } : filters);
      }, cookie);
      // The same queries straight on the database, one at a time: the part the indexes decide.
      const database: number[] = [];
      for (let i = 0; i < DATABASE_RUNS; i++) {
        const cursor = await cursorOf(shape, i);
        const runStarted = performance.now();
        await auditPage(db, shape.filter(i), cursor, PAGE);
        database.push(performance.now() - runStarted);
      }
      database.sort((a, b) => a - b);
      rows[name] = { ...http, databaseP95: percentile(database, 0.95), target: TARGET_P95_MS };
    }
    // The floor under any request at this concurrency on this machine now.
    rows['GET /health (floor)'] = await measure(() => `${base}/health`, cookie);

    const store = mode.name === 'services' ? { redisUrl: mode.redisUrl, prefix: ctx.config.redisKeyPrefix } : null;
    const signIns = await footprint(db, base, store, (email) => createAccount(ctx, { email, password: PASSWORD }));
    return { events, seedMs, size, rows, footprint: signIns };
  } finally {
    await server.close();
  }
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Prints the figures; answers whether every p95 met its target. */
export function printAudit(figures: AuditFigures): boolean {
  const { size } = figures;
  console.log(`${number(figures.events)} audit events seeded in ${(figures.seedMs / 1000).toFixed(1)} s`);
  console.log(
    `log on disk: ${number(size.rows)} rows, table ${number(size.tableBytes / 2 ** 20)} MiB + indexes ${number(size.indexBytes / 2 ** 20)} MiB = ${number((size.tableBytes + size.indexBytes) / size.rows)} bytes a row (table ${number(size.tableBytes / size.rows)}, indexes ${number(size.indexBytes / size.rows)})`,
  );
  console.log(`an account with its password: ${number(size.accountBytes)} bytes (tables and indexes)`);
  console.log(`${REQUESTS} requests per row, ${CONCURRENCY} in flight, pages of ${PAGE}, over HTTP as an admin\n`);
  console.log('audit log query                  HTTP p50 ms   p95 ms   query p95 ms   rows/page   failures   target');
  let ok = true;
  for (const [name, r] of Object.entries(figures.rows)) {
    const met = r.target === undefined || (r.p95 < r.target && r.failures === 0);
    ok &&= met;
    const verdict = r.target === undefined ? '—' : `< ${r.target} ms ${met ? 'ok' : 'MISSED'}`;
    console.log(
      `  ${name.padEnd(32)}${r.p50.toFixed(1).padStart(10)}  ${r.p95.toFixed(1).padStart(7)}  ${(r.databaseP95 ?? 0).toFixed(1).padStart(13)}  ${r.rows.toFixed(1).padStart(10)}  ${String(r.failures).padStart(9)}   ${verdict}`,
    );
  }
  const { footprint } = figures;
  console.log(
    `\nper password sign-in (${footprint.signIns} sign-ins): ${footprint.auditRows.toFixed(2)} audit rows, ${number(footprint.auditRows * ((size.tableBytes + size.indexBytes) / size.rows))} bytes of audit log`,
  );
  for (const kind of footprint.store ?? [])
    console.log(
      `  Redis ${`${kind.kind}:`.padEnd(20)} ${kind.keys.toFixed(2)} keys  ${number(kind.bytes)} bytes  expires after ${kind.ttlSeconds === null ? '—' : `${number(kind.ttlSeconds)} s`}`,
    );
  console.log(ok ? '\nevery query met its target' : '\nsome queries missed their target');
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { DATABASE_URL, REDIS_URL, BENCH_AUDIT_EVENTS } = process.env;
  const mode: Mode =
    DATABASE_URL && REDIS_URL
      ? { name: 'services', databaseUrl: DATABASE_URL, redisUrl: REDIS_URL }
      : { name: 'embedded' };
  const events = Number(BENCH_AUDIT_EVENTS ?? (mode.name === 'services' ? 10_000_000 : 100_000));
  console.log(`Helios audit log — ${modeTitle(mode)}, ${number(events)} events over 13 months`);
  process.exitCode = printAudit(await auditBench(mode, events)) ? 0 : 1;
}
