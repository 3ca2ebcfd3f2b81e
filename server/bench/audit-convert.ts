/**
 * How long the one-time change of an existing audit log into the partitioned one takes at start
 * (`partitionAuditEvents`, audit/partitions.ts): migrates a scratch PostgreSQL database, writes
 * ROWS sign-in rows of 100,000 accounts over 13 months into the plain table (1,000,000;
 * BENCH_AUDIT_CONVERT_ROWS overrides), then times the conversion. PostgreSQL only:
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres pnpm --filter @helios/server exec tsx bench/audit-convert.ts
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { partitionAuditEvents } from '../src/audit/partitions';
import { type Database, migrationsFolder } from '../src/db/client';
import { scratchDatabase } from '../test/harness';

const ROWS = Number(process.env.BENCH_AUDIT_CONVERT_ROWS ?? 1_000_000);
const SPAN_SECONDS = 395 * 24 * 60 * 60;

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('DATABASE_URL is required: the conversion happens on PostgreSQL only');
const scratch = await scratchDatabase(baseUrl, 'helios_bench');
const client = new pg.Client({ connectionString: scratch.url });
try {
  await client.connect();
  const db = drizzle(client) as unknown as Database;
  await migrate(drizzle(client), { migrationsFolder });
  await db.execute(sql`
    insert into audit_events (at, actor_account_id, action, target_type, target_id, ip, details)
    select now() - make_interval(secs => (${ROWS} - g) * ${SPAN_SECONDS}::float8 / ${ROWS}), id, 'login.success',
           'account', id::text, '198.51.100.' || (g % 250), '{"via":"password","trusted":false}'
    from generate_series(1, ${ROWS}) as g, lateral (select md5((g % 100000)::text)::uuid as id) as person`);
  await db.execute(sql`vacuum (analyze) audit_events`);
  const started = performance.now();
  await partitionAuditEvents(db, new Date());
  const seconds = (performance.now() - started) / 1000;
  const partitions = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from pg_inherits where inhparent = 'audit_events'::regclass`,
  );
  console.log(
    `${ROWS.toLocaleString('en-US')} audit rows converted into ${partitions.rows[0]?.count} partitions in ${seconds.toFixed(1)} s`,
  );
} finally {
  await client.end();
  await scratch.drop();
}
