/**
 * Admin search at scale: seeds accounts and tenants (one INSERT … SELECT generate_series each) —
 * 1,000,000 and 100,000 on PostgreSQL, 100,000 and 10,000 embedded — then prints p50/p95 of
 * account and tenant search over real HTTP, as an admin, each row after a short unmeasured
 * warm-up: selective terms (a few hits), broad ones (thousands match; 50 answered) and a
 * two-letter term (too short for the trigram indexes).
 * Part of `bench/all.ts`; alone:
 *   pnpm bench:search      (from the repository root)
 * Embedded mode by default; PostgreSQL + Redis when DATABASE_URL and REDIS_URL are set (a
 * scratch database is created beside DATABASE_URL's and dropped afterwards). BENCH_ACCOUNTS and
 * BENCH_TENANTS change the sizes; BENCH_SEARCH_EXPLAIN=1 prints each row's plan afterwards
 * (`EXPLAIN (ANALYZE, BUFFERS)` of the query its route runs, for one term of the row).
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { accountSearchQuery } from '../src/accounts/search';
import { searchUsingIndexes } from '../src/search/indexed';
import { tenantSearchQuery } from '../src/tenants/search';
import { createAccount, PASSWORD } from '../test/fixtures';
import { type Mode, modeTitle, percentile, signInCookie, startBenchServer } from './lib';

/** Accounts and tenants seeded in each mode: PGlite runs one query at a time in the server's own
 * process, so embedded mode is measured at a tenth of the size. */
const DEFAULT_SIZE = {
  services: { accounts: 1_000_000, tenants: 100_000 },
  embedded: { accounts: 100_000, tenants: 10_000 },
} as const;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = 4;

const FIRST = [
  'anna',
  'erik',
  'lars',
  'karin',
  'maria',
  'johan',
  'eva',
  'per',
  'sara',
  'nils',
  'emma',
  'olof',
  'ida',
  'hugo',
  'elsa',
  'axel',
  'maja',
  'liam',
  'alva',
  'noah',
  'ella',
  'otto',
  'wilma',
  'leo',
  'saga',
  'arvid',
  'freja',
  'vera',
  'isak',
  'ebba',
] as const;
const LAST = [
  'andersson',
  'johansson',
  'karlsson',
  'nilsson',
  'eriksson',
  'larsson',
  'olsson',
  'persson',
  'svensson',
  'gustafsson',
  'pettersson',
  'jonsson',
  'jansson',
  'hansson',
  'bengtsson',
  'lindberg',
  'lindqvist',
  'lindgren',
  'berg',
  'axelsson',
  'lundberg',
  'lundgren',
  'mattsson',
  'berglund',
  'fredriksson',
  'sandberg',
  'henriksson',
  'forsberg',
  'sjoberg',
  'wallin',
] as const;

/** Unmeasured requests before each row, with terms of their own, so that a row is measured on
 * warm caches as a running server has them rather than on the first reads after the bulk load. */
const WARMUP = 20;

/** Sends requests `from` … `to - 1` with CONCURRENCY in flight; `answered` gets each one's
 * latency, response and body. */
async function drive(
  url: (i: number) => string,
  cookie: string,
  from: number,
  to: number,
  answered: (ms: number, response: Response, body: unknown) => void = () => {},
) {
  let next = from;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) {
        const i = next++;
        const started = performance.now();
        const response = await fetch(url(i), { headers: { cookie } });
        const body = (await response.json()) as unknown;
        answered(performance.now() - started, response, body);
      }
    }),
  );
}

/** Runs the requests with a few in flight after a warm-up; answers latency percentiles and the
 * mean hit count. */
async function measure(url: (i: number) => string, cookie: string) {
  await drive(url, cookie, REQUESTS, REQUESTS + WARMUP);
  const latencies: number[] = [];
  let hits = 0;
  let failures = 0;
  await drive(url, cookie, 0, REQUESTS, (ms, response, body) => {
    latencies.push(ms);
    if (response.ok) hits += Array.isArray(body) ? body.length : 1;
    else failures += 1;
  });
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), hits: hits / REQUESTS, failures };
}

export type SearchRow = { p50: number; p95: number; hits: number; failures: number };
export type SearchFigures = {
  accounts: number;
  tenants: number;
  seedMs: number;
  rows: Record<string, SearchRow>;
  /** GET /health at the same concurrency: the floor under any request in this mode. */
  floor: SearchRow;
};

export async function searchBench(mode: Mode): Promise<SearchFigures> {
  const accountTotal = Number(process.env.BENCH_ACCOUNTS ?? DEFAULT_SIZE[mode.name].accounts);
  const tenantTotal = Number(process.env.BENCH_TENANTS ?? DEFAULT_SIZE[mode.name].tenants);
  const server = await startBenchServer(mode);
  const { ctx } = server.running;
  const base = server.url;
  try {
    const started = performance.now();
    // Realistic names: 30 first names × 30 last names, a running number in every email.
    const firstNames = FIRST.join(',');
    const lastNames = LAST.join(',');
    await ctx.db.execute(sql`
      insert into accounts (email, name, is_user, created_at)
      select f || '.' || l || g || '@company' || (g % 997) || '.example', initcap(f) || ' ' || initcap(l), true,
             now() - make_interval(secs => g)
      from generate_series(1, ${accountTotal}) as g,
           lateral (select (string_to_array(${firstNames}, ','))[1 + g % 30] as f,
                           (string_to_array(${lastNames}, ','))[1 + (g / 30) % 30] as l) as names`);
    await ctx.db.execute(sql`
      insert into tenants (name, slug, url)
      select initcap((string_to_array(${lastNames}, ','))[1 + g % 30]) || ' ' ||
             (array['Recruiting', 'Talent', 'Careers', 'Group', 'Bygg', 'Konsult'])[1 + g % 6] || ' ' || g,
             'tenant' || g, 'https://tenant' || g || '.example.com'
      from generate_series(1, ${tenantTotal}) as g`);
    // What autovacuum does after a load this size: the planner's statistics, and the visibility
    // map, which lets a search test index entries without reading the table's rows.
    await ctx.db.execute(sql`vacuum (analyze) accounts, tenants`);
    const seedMs = performance.now() - started;

    const admin = await createAccount(ctx, { password: PASSWORD, isAdmin: true });
    const cookie = await signInCookie(base, admin.email, PASSWORD);

    // Selective terms: part of one person's email, or a tenant's kind and number (a few hits).
    const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
    const emailPart = (i: number) => {
      const g = 1 + ((i * 7919) % accountTotal);
      return `${pick(FIRST, g)}.${pick(LAST, Math.floor(g / 30))}${g}`;
    };
    const tenantPart = (i: number) => {
      const g = 1 + ((i * 7919) % tenantTotal);
      return `${pick(['recruiting', 'talent', 'careers', 'group', 'bygg', 'konsult'], g)} ${g}`;
    };

    const rows: Record<string, SearchRow> = {
      'accounts, part of an email': await measure((i) => `${base}/api/accounts/search/${emailPart(i)}`, cookie),
      'accounts, a last name': await measure((i) => `${base}/api/accounts/search/${pick(LAST, i)}`, cookie),
      'accounts, 2 letters': await measure(() => `${base}/api/accounts/search/an`, cookie),
      'tenants, kind and number': await measure(
        (i) => `${base}/api/tenants/search/${encodeURIComponent(tenantPart(i))}`,
        cookie,
      ),
      'tenants, a kind ("recruiting")': await measure(() => `${base}/api/tenants/search/recruiting`, cookie),
    };
    const floor = await measure(() => `${base}/health`, cookie);

    if (process.env.BENCH_SEARCH_EXPLAIN) {
      // One term per row (for the last names, the one whose first matches come latest by email),
      // planned as the route plans it and run after the measurement, on the same warm caches.
      const plans: [name: string, search: typeof accountSearchQuery | typeof tenantSearchQuery, term: string][] = [
        ['accounts, part of an email', accountSearchQuery, emailPart(1)],
        ['accounts, a last name', accountSearchQuery, 'wallin'],
        ['accounts, 2 letters', accountSearchQuery, 'an'],
        ['tenants, kind and number', tenantSearchQuery, tenantPart(1)],
        ['tenants, a kind ("recruiting")', tenantSearchQuery, 'recruiting'],
      ];
      for (const [name, search, term] of plans) {
        const plan = await searchUsingIndexes(ctx, term, (db) =>
          db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${search(db, term)}`),
        );
        console.log(`\n-- ${name}: "${term}"\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      }
      console.log();
    }
    return { accounts: accountTotal, tenants: tenantTotal, seedMs, rows, floor };
  } finally {
    await server.close();
  }
}

export function printSearch(figures: SearchFigures) {
  console.log(
    `${figures.accounts} accounts and ${figures.tenants} tenants seeded in ${(figures.seedMs / 1000).toFixed(1)} s`,
  );
  console.log(`${REQUESTS} requests per row, ${CONCURRENCY} in flight, over HTTP as a signed-in admin\n`);
  console.log('search                            p50 ms   p95 ms   hits/req   failures');
  for (const [name, r] of Object.entries({ ...figures.rows, 'GET /health (floor)': figures.floor })) {
    console.log(
      `  ${name.padEnd(32)}${r.p50.toFixed(1).padStart(7)}  ${r.p95.toFixed(1).padStart(7)}  ${r.hits.toFixed(1).padStart(9)}  ${String(r.failures).padStart(9)}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { DATABASE_URL, REDIS_URL } = process.env;
  const mode: Mode =
    DATABASE_URL && REDIS_URL
      ? { name: 'services', databaseUrl: DATABASE_URL, redisUrl: REDIS_URL }
      : { name: 'embedded' };
  console.log(`Helios admin search — ${modeTitle(mode)}`);
  printSearch(await searchBench(mode));
}
