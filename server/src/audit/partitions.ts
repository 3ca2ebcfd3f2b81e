import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { inTransaction } from '../db/transaction';

/**
 * The audit log on PostgreSQL: `audit_events` is partitioned by RANGE of `at`, one partition per
 * UTC month (`audit_events_2026_11` holds November 2026), so retention drops a month's partition
 * instead of deleting its rows one by one, and a date-range query reads only its months.
 *
 * A DEFAULT partition catches a row whose month has no partition yet, so an audit write (and with
 * it the sign-in it belongs to) never fails for want of one. The months ahead are made long before
 * they begin; a row that still lands in the default partition moves into its month's partition
 * when that is made. Embedded (PGlite) keeps one table: the same migrations make the logical table
 * in both modes, and PostgreSQL's is turned into the partitioned one at start
 * (`partitionAuditEvents`).
 */

/** Month partitions kept ready after the current one. */
export const MONTHS_AHEAD = 2;

export const DEFAULT_PARTITION = 'audit_events_default';

const MONTH_PARTITION = /^audit_events_(\d{4})_(\d{2})$/;

const DAY_MS = 24 * 60 * 60_000;

/** The first instant of the UTC month that holds `time`. */
export function monthStart(time: Date): Date {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), 1));
}

/** The first instant of the month `count` months after the one that starts at `month`. */
export function addMonths(month: Date, count: number): Date {
  return new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + count, 1));
}

/** The partition of the month that starts at `month`: `audit_events_YYYY_MM`. */
export function partitionName(month: Date): string {
  return `audit_events_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month a partition's name names, or null for any other table (the default partition). */
export function monthOfPartition(name: string): Date | null {
  const match = MONTH_PARTITION.exec(name);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? new Date(Date.UTC(Number(match[1]), month - 1, 1)) : null;
}

/** The current month and the MONTHS_AHEAD after it. */
export function monthsToPrepare(now: Date): Date[] {
  const current = monthStart(now);
  return Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => addMonths(current, i));
}

/** Rows older than this are past retention. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** The month partitions among `names` whose every row is older than `cutoff`: their month ends at
 * or before it. A month that straddles the cutoff is kept whole. */
export function partitionsPastRetention(names: string[], cutoff: Date): string[] {
  return names.filter((name) => {
    const month = monthOfPartition(name);
    return month !== null && addMonths(month, 1).getTime() <= cutoff.getTime();
  });
}

/** A bound of a month partition: DDL takes literals, not parameters. The text is an ISO time this
 * module made. */
const bound = (month: Date) => sql.raw(`'${month.toISOString()}'`);

/** Whether `audit_events` is already the partitioned table. */
async function isPartitioned(db: Database): Promise<boolean> {
  const result = await db.execute<{ kind: string }>(
    sql`select relkind as kind from pg_class where oid = to_regclass('audit_events')`,
  );
  return result.rows[0]?.kind === 'p';
}

/**
 * Makes the month partitions of `months` that do not exist yet; answers the names made. Each is
 * made as a table of its own, filled with the rows of its month that waited in the default
 * partition, then attached: attaching takes a lighter lock on `audit_events` than creating a
 * partition in place (reads and writes of other months go on), and makes the partition's indexes.
 * Run it in a transaction, so that a month is made whole or not at all.
 */
export async function createMonthPartitions(tx: Database, months: Date[]): Promise<string[]> {
  const created: string[] = [];
  for (const month of months) {
    const name = partitionName(month);
    const found = await tx.execute<{ present: boolean }>(sql`select to_regclass(${name}) is not null as present`);
    if (found.rows[0]?.present) continue;
    const table = sql.identifier(name);
    const next = addMonths(month, 1);
    await tx.execute(sql`create table ${table} (like audit_events including defaults including constraints)`);
    await tx.execute(sql`
      with moved as (
        delete from ${sql.identifier(DEFAULT_PARTITION)}
        where at >= ${month.toISOString()}::timestamptz and at < ${next.toISOString()}::timestamptz
        returning *
      )
      insert into ${table} select * from moved`);
    await tx.execute(
      sql`alter table audit_events attach partition ${table} for values from (${bound(month)}) to (${bound(next)})`,
    );
    created.push(name);
  }
  return created;
}

/** Drops the month partitions wholly older than `cutoff`, and deletes the default partition's rows
 * older than it; answers the partitions dropped and the rows deleted. */
export async function dropPastRetention(tx: Database, cutoff: Date): Promise<{ dropped: string[]; deleted: number }> {
  const partitions = await tx.execute<{ name: string }>(sql`
    select c.relname as name
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'audit_events'::regclass`);
  const dropped = partitionsPastRetention(
    partitions.rows.map((row) => row.name),
    cutoff,
  ).sort();
  for (const name of dropped) await tx.execute(sql`drop table ${sql.identifier(name)}`);
  const deleted = await tx.execute<{ count: number }>(sql`
    with gone as (
      delete from ${sql.identifier(DEFAULT_PARTITION)} where at < ${cutoff.toISOString()}::timestamptz returning 1
    )
    select count(*)::int as count from gone`);
  return { dropped, deleted: deleted.rows[0]?.count ?? 0 };
}

/**
 * Turns PostgreSQL's `audit_events`, as the migrations made it, into the table partitioned by
 * month, once: a no-op when it already is. One transaction, so a failure leaves the table as it
 * was; the caller holds the migration lock, so nodes starting together convert once. The rows are
 * copied into their months' partitions, and every index and key of the old table is made again
 * under its own name after the copy (a bulk build per partition rather than row by row). The id
 * sequence passes to the new table. CHECK constraints come with `LIKE`; audit rows have no foreign
 * keys (they outlive the accounts they name). Answers whether it converted.
 */
export async function partitionAuditEvents(db: Database, now: Date): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    if (await isPartitioned(tx)) return false;
    await tx.execute(sql`lock table audit_events in access exclusive mode`);
    const indexes = await tx.execute<{
      name: string;
      definition: string;
      owner: string | null;
      key: string | null;
    }>(sql`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition,
             con.conname as owner, pg_get_constraintdef(con.oid) as key
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      left join pg_constraint con on con.conindid = i.indexrelid and con.conrelid = i.indrelid
      where i.indrelid = 'audit_events'::regclass
      order by c.relname`);
    const sequence = await tx.execute<{ name: string | null }>(
      sql`select pg_get_serial_sequence('audit_events', 'id') as name`,
    );

    // The old table and its indexes step aside, so the new ones take their names.
    await tx.execute(sql`alter table audit_events rename to audit_events_unpartitioned`);
    for (const [i, index] of indexes.rows.entries()) {
      const aside = sql.identifier(`audit_events_unpartitioned_${i}`);
      await tx.execute(
        index.owner
          ? sql`alter table audit_events_unpartitioned rename constraint ${sql.identifier(index.owner)} to ${aside}`
          : sql`alter index ${sql.identifier(index.name)} rename to ${aside}`,
      );
    }
    await tx.execute(sql`
      create table audit_events (
        like audit_events_unpartitioned including defaults including constraints including storage including comments
      ) partition by range (at)`);
    const sequenceName = sequence.rows[0]?.name;
    if (sequenceName) await tx.execute(sql`alter sequence ${sql.raw(sequenceName)} owned by audit_events.id`);
    await tx.execute(sql`create table ${sql.identifier(DEFAULT_PARTITION)} partition of audit_events default`);

    const rowMonths = await tx.execute<{ month: string }>(sql`
      select distinct to_char(date_trunc('month', at, 'UTC') at time zone 'UTC', 'YYYY-MM-DD"T00:00:00Z"') as month
      from audit_events_unpartitioned`);
    const months = new Map<number, Date>();
    for (const month of [...rowMonths.rows.map((row) => new Date(row.month)), ...monthsToPrepare(now)])
      months.set(month.getTime(), month);
    await createMonthPartitions(
      tx,
      [...months.values()].sort((a, b) => a.getTime() - b.getTime()),
    );
    await tx.execute(sql`insert into audit_events select * from audit_events_unpartitioned`);
    await tx.execute(sql`drop table audit_events_unpartitioned`);

    for (const index of indexes.rows) {
      if (index.owner && index.key)
        await tx.execute(
          sql`alter table audit_events add constraint ${sql.identifier(index.owner)} ${sql.raw(index.key)}`,
        );
      // The definition names the table as it was called when it was read: audit_events.
      else await tx.execute(sql.raw(index.definition));
    }
    return true;
  });
}
