import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { AUDIT_MAINTENANCE_LOCK } from '../src/audit/retention';
import { type Database, migrationsFolder } from '../src/db/client';
import { openPostgres } from '../src/db/postgres';
import { auditEvents } from '../src/db/schema';
import { signedInAdmin } from './admin-helpers';
import { eventually } from './eventually';
import { createAccount } from './fixtures';
import { backend, scratchDatabase, startTestServer, type TestServer } from './harness';

/** The servers a test started, closed after it (the last one first: a reusing node before the one
 * whose database it reuses). */
const started: TestServer[] = [];
afterEach(async () => {
  for (const server of started.splice(0).reverse()) await server.close();
});

/** A server whose clock reads `clock.now`; tests move it. */
async function serverWithClock(clock: { now: Date }, options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer({ now: () => clock.now, ...options });
  started.push(server);
  // The run the node starts when it begins serving, done before the test goes on.
  await server.running.auditRetention.run();
  return server;
}

const uniqueAction = (word: string) => `test.${word}_${Math.random().toString(36).slice(2, 10)}`;

/** Audit rows of `action` at the given times, to the microsecond (a JavaScript date holds
 * milliseconds). */
async function insertAt(server: TestServer, action: string, times: string[]) {
  for (const at of times)
    await server.ctx.db.execute(sql`insert into ${auditEvents} (action, at) values (${action}, ${at}::timestamptz)`);
}

/** Each row of an action: its time and the table that holds it (a partition on PostgreSQL). */
async function placed(server: TestServer, action: string) {
  const result = await server.ctx.db.execute<{ at: string; partition: string }>(sql`
    select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, tableoid::regclass::text as partition
    from audit_events where action = ${action} order by at`);
  return result.rows;
}

async function partitions(db: Database): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'audit_events'::regclass order by 1`);
  return result.rows.map((row) => row.name);
}

// Embedded keeps the audit log in one table: there are no partitions to land in, make or drop.
describe.skipIf(backend === 'embedded')('audit log partitions (PostgreSQL)', () => {
  test('at start an unpartitioned audit log becomes the partitioned one, once, keeping its rows, ids, key and indexes', async () => {
    const scratch = await scratchDatabase(process.env.DATABASE_URL as string);
    try {
      // The log as the migrations leave it, with rows from three months.
      const pool = new pg.Pool({ connectionString: scratch.url });
      const plain = drizzle(pool);
      await migrate(plain, { migrationsFolder });
      await plain.execute(sql`
        insert into audit_events (at, action, target_type, target_id, details)
        values ('2029-11-30T23:59:59Z', 'test.old', 'account', 'a', '{"n":1}'),
               ('2029-12-01T00:00:00Z', 'test.old', 'tenant', 't', '{}'),
               ('2030-01-15T10:00:00Z', 'test.old', null, null, '{}')`);
      const before = await plain.execute<{ id: string; at: string; action: string; details: object }>(
        sql`select id, at::text, action, details from audit_events order by id`,
      );
      // A partitioned table's index reads "ON ONLY": its partitions' indexes are their own.
      const indexesOf = async (db: typeof plain) =>
        (
          await db.execute<{ definition: string }>(sql`
            select pg_get_indexdef(indexrelid) as definition from pg_index
            where indrelid = 'audit_events'::regclass order by 1`)
        ).rows.map((row) => row.definition.replace(' ON ONLY ', ' ON '));
      const indexesBefore = await indexesOf(plain);
      await pool.end();

      // Two nodes start together: one converts, the other finds it done.
      const [one, two] = await Promise.all([openPostgres(scratch.url), openPostgres(scratch.url)]);
      try {
        const after = await one.db.execute<{ id: string; at: string; action: string; details: object }>(
          sql`select id, at::text, action, details from audit_events order by id`,
        );
        expect(after.rows).toEqual(before.rows);
        expect(await indexesOf(one.db as unknown as typeof plain)).toEqual(indexesBefore);
        const kind = await one.db.execute<{ kind: string }>(
          sql`select relkind as kind from pg_class where oid = 'audit_events'::regclass`,
        );
        expect(kind.rows[0]?.kind).toBe('p');
        expect(await partitions(one.db)).toEqual(
          expect.arrayContaining(['audit_events_2029_11', 'audit_events_2029_12', 'audit_events_2030_01']),
        );
        const placedRows = await one.db.execute<{ partition: string }>(
          sql`select tableoid::regclass::text as partition from audit_events order by id`,
        );
        expect(placedRows.rows.map((row) => row.partition)).toEqual([
          'audit_events_2029_11',
          'audit_events_2029_12',
          'audit_events_2030_01',
        ]);
        // The id sequence goes on where it was; the key refuses the same (id, at) twice.
        const [next] = (
          await one.db.execute<{ id: string }>(sql`insert into audit_events (action) values ('test.new') returning id`)
        ).rows;
        expect(Number(next?.id)).toBe(Number(before.rows.at(-1)?.id) + 1);
        await expect(
          two.db.execute(
            sql`insert into audit_events (id, at, action) select id, at, action from audit_events limit 1`,
          ),
        ).rejects.toThrow();
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    } finally {
      await scratch.drop();
    }
  });

  test('a write at the first second of a new month lands in that month’s partition, made before the month began', async () => {
    const clock = { now: new Date('2031-01-31T23:59:59Z') };
    const server = await serverWithClock(clock);
    const action = uniqueAction('month_start');
    await insertAt(server, action, ['2031-01-31T23:59:59.999999Z', '2031-02-01T00:00:00Z']);

    expect(await placed(server, action)).toEqual([
      { at: '2031-01-31T23:59:59.999999', partition: 'audit_events_2031_01' },
      { at: '2031-02-01T00:00:00.000000', partition: 'audit_events_2031_02' },
    ]);
    // The console reads it back by a date range that only the new month's partition serves.
    const { browser } = await signedInAdmin(server);
    const page = await browser.api.call('auditEvents', {
      query: { action, from: '2031-02-01T00:00:00Z', to: '2031-03-01T00:00:00Z' },
    });
    expect(page.events.map((event) => event.at)).toEqual(['2031-02-01T00:00:00.000Z']);
  });

  test('retention drops the partitions wholly older than AUDIT_RETENTION_DAYS (400) and keeps every other row', async () => {
    const clock = { now: new Date('2030-01-15T12:00:00Z') };
    const server = await serverWithClock(clock);
    expect(await partitions(server.ctx.db)).toEqual(
      expect.arrayContaining(['audit_events_2030_01', 'audit_events_2030_02', 'audit_events_2030_03']),
    );
    const action = uniqueAction('retention');
    await insertAt(server, action, [
      '2029-06-01T00:00:00Z', // before any partition: the default partition
      '2030-01-20T00:00:00Z',
      '2030-02-02T00:00:00Z', // older than the cutoff below, in a month that is not
      '2030-03-05T00:00:00Z',
      '2030-06-15T00:00:00Z', // a month never made: the default partition, within retention
    ]);

    // 400 days before 10 March 2031 is 3 February 2030.
    clock.now = new Date('2031-03-10T00:00:00Z');
    const run = await server.running.auditRetention.run();

    expect(run).toMatchObject({ ran: true, dropped: ['audit_events_2030_01'], deleted: 1 });
    expect(run.created).toEqual(['audit_events_2031_03', 'audit_events_2031_04', 'audit_events_2031_05']);
    expect(await placed(server, action)).toEqual([
      { at: '2030-02-02T00:00:00.000000', partition: 'audit_events_2030_02' },
      { at: '2030-03-05T00:00:00.000000', partition: 'audit_events_2030_03' },
      { at: '2030-06-15T00:00:00.000000', partition: 'audit_events_default' },
    ]);
    expect(await partitions(server.ctx.db)).not.toContain('audit_events_2030_01');
  });

  test('a row written before its month had a partition moves into it when the month is made', async () => {
    const clock = { now: new Date('2030-01-15T12:00:00Z') };
    const server = await serverWithClock(clock);
    const action = uniqueAction('early');
    await insertAt(server, action, ['2030-05-10T08:00:00Z']);
    expect(await placed(server, action)).toEqual([
      { at: '2030-05-10T08:00:00.000000', partition: 'audit_events_default' },
    ]);

    clock.now = new Date('2030-03-01T00:00:00Z');
    expect((await server.running.auditRetention.run()).created).toEqual([
      'audit_events_2030_04',
      'audit_events_2030_05',
    ]);
    expect(await placed(server, action)).toEqual([
      { at: '2030-05-10T08:00:00.000000', partition: 'audit_events_2030_05' },
    ]);
  });

  test('of two nodes only one runs the job at a time: the other skips its turn while the first holds it', async () => {
    const clock = { now: new Date('2032-05-10T00:00:00Z') };
    // A lock wait longer than the test, so the first node stays inside its run until released.
    const options = { auditRetention: { lockTimeoutMs: 60_000 } };
    const first = await serverWithClock(clock, options);
    const second = await serverWithClock(clock, { ...options, reuse: first.reuse });
    clock.now = new Date('2032-08-10T00:00:00Z');

    // Another session holds audit_events, so the first node's run waits inside the job.
    const blocker = new pg.Client({ connectionString: first.reuse.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table audit_events in share mode');
      const firstRun = first.running.auditRetention.run();
      await eventually('the first node holds the job', async () => {
        const held = await blocker.query(
          `select 1 from pg_locks where locktype = 'advisory' and objid = $1 and granted`,
          [AUDIT_MAINTENANCE_LOCK],
        );
        return held.rowCount === 1;
      });

      expect(await second.running.auditRetention.run()).toEqual({
        ran: false,
        created: [],
        dropped: [],
        deleted: 0,
        vacuumed: [],
      });
      expect(await partitions(second.ctx.db)).not.toContain('audit_events_2032_08');

      await blocker.query('commit');
      expect(await firstRun).toMatchObject({
        ran: true,
        created: ['audit_events_2032_08', 'audit_events_2032_09', 'audit_events_2032_10'],
      });
      // Once it is done the other node's turn finds nothing left to do.
      expect(await second.running.auditRetention.run()).toEqual({
        ran: true,
        created: [],
        dropped: [],
        deleted: 0,
        vacuumed: [],
      });
    } finally {
      await blocker.end();
    }
  });
});

// PostgreSQL drops whole months instead (above); embedded keeps one table and deletes by age.
describe.runIf(backend === 'embedded')('audit log retention (embedded)', () => {
  test('rows older than AUDIT_RETENTION_DAYS are deleted in batches; newer rows stay', async () => {
    const clock = { now: new Date('2030-06-30T00:00:00Z') };
    const server = await serverWithClock(clock, { env: { AUDIT_RETENTION_DAYS: '30' }, auditRetention: { batch: 2 } });
    const action = uniqueAction('embedded');
    await insertAt(server, action, [
      '2029-12-01T00:00:00Z',
      '2030-01-15T00:00:00Z',
      '2030-05-01T00:00:00Z',
      '2030-05-30T00:00:00Z',
      '2030-05-30T23:59:59Z',
      '2030-05-31T00:00:01Z',
      '2030-06-29T00:00:00Z',
    ]);

    // 30 days before 30 June is 31 May, 00:00: five rows, over three batches of two.
    const run = await server.running.auditRetention.run();

    expect(run).toEqual({ ran: true, created: [], dropped: [], deleted: 5, vacuumed: [] });
    expect((await placed(server, action)).map((row) => row.at)).toEqual([
      '2030-05-31T00:00:01.000000',
      '2030-06-29T00:00:00.000000',
    ]);
  });

  test("a scheduled run does autovacuum's work, which PGlite lacks: every table vacuumed and analyzed, so the planner has statistics", async () => {
    const clock = { now: new Date('2030-06-30T00:00:00Z') };
    const server = await serverWithClock(clock);
    for (let i = 0; i < 3; i++) await createAccount(server.ctx);
    const statistics = async () =>
      (
        await server.ctx.db.execute<{ rows: number; visible: number }>(sql`
          select (select count(*)::int from pg_stats where schemaname = current_schema() and tablename = 'accounts') as rows,
                 (select relallvisible::int from pg_class where oid = 'accounts'::regclass) as visible`)
      ).rows[0];
    // The run at start leaves the tables alone.
    expect(await statistics()).toEqual({ rows: 0, visible: 0 });

    const run = await server.running.auditRetention.run({ vacuum: true });

    expect(run.vacuumed).toEqual(expect.arrayContaining(['accounts', 'audit_events', 'credentials', 'tenants']));
    const after = await statistics();
    expect(after?.rows).toBeGreaterThan(0);
    expect(after?.visible).toBeGreaterThan(0);
  });
});
