/**
 * The console's audit log at scale: seeds EVENTS audit events (1,000,000 on PostgreSQL, 100,000
 * embedded; BENCH_AUDIT_EVENTS overrides) spread over 13 months, 20,000 accounts, 2,000 tenants
 * and the sign-in, failure, credential and admin actions in realistic proportions (one
 * INSERT … SELECT generate_series), then prints p50/p95 of the console's filtered queries over
 * real HTTP as an admin: by actor, by target account, by tenant, by action, by date range, a
 * second page by cursor, and the first page unfiltered. Alone:
 *   pnpm bench:audit      (from the repository root)
 * Embedded mode by default; PostgreSQL + Redis when DATABASE_URL and REDIS_URL are set (a
 * scratch database is created beside DATABASE_URL's and dropped afterwards).
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { type AuditFilter, auditPage, auditPageQuery } from '../src/audit/query';
import type { Database } from '../src/db/client';
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
const MONTHS_13_SECONDS = 395 * 24 * 60 * 60;

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

type Row = { p50: number; p95: number; rows: number; failures: number; databaseP95?: number };

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

export type AuditFigures = { events: number; seedMs: number; rows: Record<string, Row> };

export async function auditBench(mode: Mode, events: number): Promise<AuditFigures> {
  const server = await startBenchServer(mode);
  const { ctx } = server.running;
  const base = server.url;
  try {
    const started = performance.now();
    await ctx.db.execute(sql`
      insert into accounts (email, name, is_user, is_admin)
      select 'person' || g || '@bench.example', 'Person ' || g, true, g <= ${ADMINS}
      from generate_series(1, ${ACCOUNTS}) as g`);
    await ctx.db.execute(sql`
      insert into tenants (name, slug, url)
      select 'Tenant ' || g, 'bench' || g, 'https://bench' || g || '.example.com'
      from generate_series(1, ${TENANTS}) as g`);
    // Seven in ten events are a person's own (a failed sign-in has no actor), the rest an admin's;
    // times spread evenly over 13 months. The multipliers scatter each choice independently.
    const personActions = sql.raw(`array[${PERSON_ACTIONS.map((a) => `'${a}'`).join(',')}]`);
    const adminActions = sql.raw(`array[${ADMIN_ACTIONS.map((a) => `'${a}'`).join(',')}]`);
    const onAccounts = sql.raw([...ADMIN_ON_ACCOUNTS].map((a) => `'${a}'`).join(','));
    await ctx.db.execute(sql`
      insert into audit_events (at, actor_account_id, action, target_type, target_id, ip, details)
      select now() - make_interval(secs => pick.seconds),
             case when pick.admin then people.ids[pick.admin_index]
                  when pick.person_action like '%failed' then null
                  else people.ids[pick.person_index] end,
             case when pick.admin then pick.admin_action else pick.person_action end,
             case when pick.admin and not kind.on_account then 'tenant' else 'account' end,
             case when pick.admin and not kind.on_account then places.ids[pick.tenant_index]::text
                  else people.ids[pick.person_index]::text end,
             '198.51.100.' || (pick.g % 250), '{}'::jsonb
      from (select array_agg(id order by email) as ids from accounts where email like '%@bench.example') as people,
           (select array_agg(id order by slug) as ids from tenants where slug like 'bench%') as places,
           lateral (
             select g, g % 10 >= 7 as admin,
                    ((g * 7919) % ${MONTHS_13_SECONDS})::int as seconds,
                    (1 + (g * 31) % ${ADMINS})::int as admin_index,
                    (1 + (g * 104729) % ${ACCOUNTS})::int as person_index,
                    (1 + (g * 6151) % ${TENANTS})::int as tenant_index,
                    (${personActions})[(1 + (g * 13) % ${PERSON_ACTIONS.length})::int] as person_action,
                    (${adminActions})[(1 + (g * 17) % ${ADMIN_ACTIONS.length})::int] as admin_action
             from generate_series(1::bigint, ${events}::bigint) as g
           ) as pick,
           lateral (select pick.admin_action in (${onAccounts}) as on_account) as kind`);
    await ctx.db.execute(sql`analyze accounts`);
    await ctx.db.execute(sql`analyze tenants`);
    await ctx.db.execute(sql`analyze audit_events`);
    const seedMs = performance.now() - started;

    const admin = await createAccount(ctx, { password: PASSWORD, isAdmin: true });
    const cookie = await signInCookie(base, admin.email, PASSWORD);
    const accountIds = (
      await ctx.db.execute<{ id: string }>(sql`
      select id from accounts where email like '%@bench.example' order by email`)
    ).rows.map((r) => r.id);
    const tenantIds = (
      await ctx.db.execute<{ id: string }>(sql`
      select id from tenants where slug like 'bench%' order by slug`)
    ).rows.map((r) => r.id);
    const pick = <T>(list: readonly T[], i: number) => list[(i * 7919) % list.length] as T;
    const log = (query: Record<string, string>) =>
      `${base}/api/audit/?${new URLSearchParams({ ...query, limit: String(PAGE) })}`;
    const day = 24 * 60 * 60_000;
    const week = (i: number) => {
      const end = Date.now() - ((i * 37) % 380) * day;
      return { from: new Date(end - 7 * day).toISOString(), to: new Date(end).toISOString() };
    };
    /** The address of the second page: the first page's cursor, read beforehand (not timed). */
    const secondPage = async (query: Record<string, string>) => {
      const first = (await (await fetch(log(query), { headers: { cookie } })).json()) as { next_cursor: string };
      return log({ ...query, cursor: first.next_cursor });
    };

    if (process.env.BENCH_AUDIT_EXPLAIN) {
      const shapes: Record<string, AuditFilter> = {
        newest: {},
        actor: { actor: pick(accountIds, 1) },
        account: { account: pick(accountIds, 2) },
        tenant: { tenant: pick(tenantIds, 3) },
        'two actions': { action: ['login.password_failed', 'login.totp_failed'] },
        'a week': week(5),
      };
      for (const [name, filter] of Object.entries(shapes)) {
        const query = auditPageQuery(ctx.db as unknown as Database, filter, null, PAGE);
        const plan = await ctx.db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers off) ${query}`);
        console.log(`\n-- ${name}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      }
    }

    /** Each row: the filters of its i-th request, and whether it reads the second page. */
    const shapes: Record<string, { filter: (i: number) => AuditFilter; second?: boolean }> = {
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
      'second page by cursor': { filter: (i) => week(i), second: true },
    };
    const query = (filter: AuditFilter) => {
      const { action, ...rest } = filter;
      return { ...rest, ...(action ? { action: action.join(',') } : {}) } as Record<string, string>;
    };
    const db = ctx.db as unknown as Database;
    const rows: Record<string, Row> = {};
    for (const [name, shape] of Object.entries(shapes)) {
      const http = await measure(
        (i) => (shape.second ? secondPage(query(shape.filter(i))) : log(query(shape.filter(i)))),
        cookie,
      );
      // The same queries straight on the database, one at a time: the part the indexes decide.
      const database: number[] = [];
      for (let i = 0; i < DATABASE_RUNS; i++) {
        const filter = shape.filter(i);
        const cursor = shape.second ? (await auditPage(db, filter, null, PAGE)).last : null;
        const started = performance.now();
        await auditPage(db, filter, cursor, PAGE);
        database.push(performance.now() - started);
      }
      database.sort((a, b) => a - b);
      rows[name] = { ...http, databaseP95: percentile(database, 0.95) };
    }
    // The floor under any request at this concurrency on this machine now.
    rows['GET /health (floor)'] = await measure(() => `${base}/health`, cookie);
    return { events, seedMs, rows };
  } finally {
    await server.close();
  }
}

export function printAudit(figures: AuditFigures) {
  console.log(`${figures.events} audit events seeded in ${(figures.seedMs / 1000).toFixed(1)} s`);
  console.log(`${REQUESTS} requests per row, ${CONCURRENCY} in flight, pages of ${PAGE}, over HTTP as an admin\n`);
  console.log('audit log query                  HTTP p50 ms   p95 ms   query p95 ms   rows/page   failures');
  for (const [name, r] of Object.entries(figures.rows)) {
    console.log(
      `  ${name.padEnd(32)}${r.p50.toFixed(1).padStart(10)}  ${r.p95.toFixed(1).padStart(7)}  ${(r.databaseP95 ?? 0).toFixed(1).padStart(13)}  ${r.rows.toFixed(1).padStart(10)}  ${String(r.failures).padStart(9)}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { DATABASE_URL, REDIS_URL, BENCH_AUDIT_EVENTS } = process.env;
  const mode: Mode =
    DATABASE_URL && REDIS_URL
      ? { name: 'services', databaseUrl: DATABASE_URL, redisUrl: REDIS_URL }
      : { name: 'embedded' };
  const events = Number(BENCH_AUDIT_EVENTS ?? (mode.name === 'services' ? 1_000_000 : 100_000));
  console.log(`Helios audit log — ${modeTitle(mode)}`);
  printAudit(await auditBench(mode, events));
}
