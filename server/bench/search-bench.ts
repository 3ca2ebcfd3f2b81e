/**
 * Admin search at scale: seeds 100,000 accounts and 10,000 tenants (one INSERT … SELECT
 * generate_series each), then prints p50/p95 of account and tenant search over real HTTP, as an
 * admin, for selective terms (a few hits), broad ones (thousands match; 50 answered) and a
 * two-letter term (too short for the trigram indexes).
 * Embedded mode by default; PostgreSQL + Redis when DATABASE_URL and REDIS_URL are set (a
 * scratch database is created beside DATABASE_URL's and dropped afterwards).
 *   pnpm bench:search      (from the repository root)
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { createServer } from '../src/server';
import { createAccount, PASSWORD } from '../test/fixtures';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const TENANTS = Number(process.env.BENCH_TENANTS ?? 10_000);
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

async function scratchDatabase(baseUrl: string) {
  const name = `helios_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Runs the requests with a few in flight; answers latency percentiles and the mean hit count. */
async function measure(url: (i: number) => string, cookie: string) {
  const latencies: number[] = [];
  let hits = 0;
  let failures = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const started = performance.now();
        const response = await fetch(url(i), { headers: { cookie } });
        const body = (await response.json()) as unknown[];
        latencies.push(performance.now() - started);
        if (response.ok) hits += body.length;
        else failures += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), hits: hits / REQUESTS, failures };
}

async function main() {
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : null;
  const config = loadConfig({
    ...process.env,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    HELIOS_SECRET: process.env.HELIOS_SECRET ?? 'b'.repeat(40),
  });
  const helios = await createServer(config, { ephemeral: !config.databaseUrl, storePrefix: `bench:${Date.now()}:` });
  try {
    await helios.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(helios.app.server.address() as AddressInfo).port}`;
    const mode = config.databaseUrl ? 'PostgreSQL + Redis' : 'embedded (PGlite + in-process store)';

    let t = performance.now();
    // Realistic names: 30 first names × 30 last names, a running number in every email.
    const firstNames = FIRST.join(',');
    const lastNames = LAST.join(',');
    await helios.ctx.db.execute(sql`
      insert into accounts (email, name, is_user, created_at)
      select f || '.' || l || g || '@company' || (g % 997) || '.example', initcap(f) || ' ' || initcap(l), true,
             now() - make_interval(secs => g)
      from generate_series(1, ${ACCOUNTS}) as g,
           lateral (select (string_to_array(${firstNames}, ','))[1 + g % 30] as f,
                           (string_to_array(${lastNames}, ','))[1 + (g / 30) % 30] as l) as names`);
    await helios.ctx.db.execute(sql`
      insert into tenants (name, slug, url)
      select initcap((string_to_array(${lastNames}, ','))[1 + g % 30]) || ' ' ||
             (array['Recruiting', 'Talent', 'Careers', 'Group', 'Bygg', 'Konsult'])[1 + g % 6] || ' ' || g,
             'tenant' || g, 'https://tenant' || g || '.example.com'
      from generate_series(1, ${TENANTS}) as g`);
    await helios.ctx.db.execute(sql`analyze accounts`);
    await helios.ctx.db.execute(sql`analyze tenants`);
    const seedMs = performance.now() - t;

    const admin = await createAccount(helios.ctx, { password: PASSWORD, isAdmin: true });
    const headers = { 'content-type': 'application/json', origin: base };
    const started = (await (
      await fetch(`${base}/auth/login/start`, { method: 'POST', headers, body: JSON.stringify({ email: admin.email }) })
    ).json()) as { session_id: string };
    const done = await fetch(`${base}/auth/login/verify-password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ session_id: started.session_id, email: admin.email, password: PASSWORD }),
    });
    const cookie = (done.headers.getSetCookie()[0] ?? '').split(';')[0] as string;

    // Selective terms: part of one person's email, or a tenant's kind and number (a few hits).
    const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
    const emailPart = (i: number) => {
      const g = 1 + ((i * 7919) % ACCOUNTS);
      return `${pick(FIRST, g)}.${pick(LAST, Math.floor(g / 30))}${g}`;
    };
    const tenantPart = (i: number) => {
      const g = 1 + ((i * 7919) % TENANTS);
      return `${pick(['recruiting', 'talent', 'careers', 'group', 'bygg', 'konsult'], g)} ${g}`;
    };

    t = performance.now();
    const results = {
      'accounts, part of an email': await measure((i) => `${base}/api/accounts/search/${emailPart(i)}`, cookie),
      'accounts, a last name': await measure((i) => `${base}/api/accounts/search/${pick(LAST, i)}`, cookie),
      'accounts, 2 letters': await measure(() => `${base}/api/accounts/search/an`, cookie),
      'tenants, kind and number': await measure(
        (i) => `${base}/api/tenants/search/${encodeURIComponent(tenantPart(i))}`,
        cookie,
      ),
      'tenants, a kind ("recruiting")': await measure(() => `${base}/api/tenants/search/recruiting`, cookie),
    };
    const runMs = performance.now() - t;

    console.log(`Helios admin search — ${mode}`);
    console.log(`${ACCOUNTS} accounts and ${TENANTS} tenants seeded in ${(seedMs / 1000).toFixed(1)} s`);
    console.log(`${REQUESTS} requests per row, ${CONCURRENCY} in flight, over HTTP as a signed-in admin\n`);
    console.log('search                            p50 ms   p95 ms   hits/req   failures');
    for (const [name, r] of Object.entries(results)) {
      console.log(
        `  ${name.padEnd(32)}${r.p50.toFixed(1).padStart(7)}  ${r.p95.toFixed(1).padStart(7)}  ${r.hits.toFixed(1).padStart(9)}  ${String(r.failures).padStart(9)}`,
      );
    }
    console.log(`\n(measured in ${(runMs / 1000).toFixed(1)} s)`);
  } finally {
    await helios.close();
    await scratch?.drop();
  }
}

await main();
