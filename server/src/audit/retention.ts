import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client';
import { inTransaction } from '../db/transaction';
import { errorForLog } from '../http/errors';
import { createMonthPartitions, dropPastRetention, monthsToPrepare, retentionCutoff } from './partitions';

export type AuditRetentionOptions = {
  /** How often each node runs the job (it also runs when the node starts serving). */
  intervalMs: number;
  /** PostgreSQL: how long a step waits for its lock on `audit_events` before the run gives up and
   * leaves the work to the next one. Short, because audit writes (sign-ins) queue behind a lock
   * that is waited for; the months ahead are made long before they are needed. */
  lockTimeoutMs: number;
  /** Embedded: rows deleted per statement, so requests are served between batches. */
  batch: number;
};

export const AUDIT_RETENTION_DEFAULTS: AuditRetentionOptions = {
  intervalMs: 60 * 60_000,
  lockTimeoutMs: 1_000,
  batch: 5_000,
};

/** What a run did: `ran` is false when another node was running the job; `vacuumed`, the tables
 * an embedded run vacuumed. */
export type AuditRetentionRun = {
  ran: boolean;
  created: string[];
  dropped: string[];
  deleted: number;
  vacuumed: string[];
};

/** Arbitrary, fixed key beside the migrations' (db/postgres.ts): one node runs the job at a time. */
export const AUDIT_MAINTENANCE_LOCK = 7_421_002;

/**
 * The audit log's scheduled maintenance, on every node. On PostgreSQL a run makes the partitions
 * of the current and the next months and drops the partitions wholly older than
 * AUDIT_RETENTION_DAYS, in one transaction under a transaction-scoped advisory lock that it only
 * tries for: while one node runs it, another skips its turn. Embedded (one node, one table) a run
 * deletes the rows older than the retention in batches, and the scheduled runs then do what
 * PostgreSQL's autovacuum would (PGlite runs none): `VACUUM (ANALYZE)` table by table, so the
 * deleted rows' space is reused, index-only scans skip the table and the planner has statistics.
 * Runs on one node never overlap.
 */
export class AuditRetention {
  private readonly options: AuditRetentionOptions;
  private timer: NodeJS.Timeout | null = null;
  private last: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly deps: {
      db: Database;
      kind: DatabaseHandle['kind'];
      log: FastifyBaseLogger;
      now: () => Date;
      retentionDays: number;
    },
    options: Partial<AuditRetentionOptions> = {},
  ) {
    this.options = { ...AUDIT_RETENTION_DEFAULTS, ...options };
  }

  /** Runs the job now and then every `intervalMs`; failures are logged and retried next time. */
  start(): void {
    if (this.timer || this.stopped) return;
    const tick = (options: { vacuum: boolean }) => {
      this.run(options).catch((error: unknown) =>
        this.deps.log.warn({ err: errorForLog(error) }, 'audit log maintenance failed; trying again at the next run'),
      );
    };
    // The run at start only deletes: the statistics of a restarted node's tables are on disk.
    this.timer = setInterval(() => tick({ vacuum: true }), this.options.intervalMs);
    this.timer.unref();
    tick({ vacuum: false });
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.last.catch(() => {});
  }

  /** One run, after the one under way on this node if any; `vacuum` (embedded only, as the
   * scheduled runs do) vacuums the tables after. */
  run(options: { vacuum?: boolean } = {}): Promise<AuditRetentionRun> {
    const next = this.last.catch(() => {}).then(() => this.runOnce(options.vacuum ?? false));
    this.last = next;
    return next;
  }

  private async runOnce(vacuum: boolean): Promise<AuditRetentionRun> {
    const now = this.deps.now();
    const cutoff = retentionCutoff(now, this.deps.retentionDays);
    let outcome: AuditRetentionRun;
    if (this.deps.kind === 'postgres') outcome = await this.maintainPartitions(now, cutoff);
    else {
      const deleted = await this.deleteOlderThan(cutoff);
      outcome = { ran: true, created: [], dropped: [], deleted, vacuumed: vacuum ? await this.vacuumTables() : [] };
    }
    if (outcome.created.length > 0 || outcome.dropped.length > 0 || outcome.deleted > 0)
      this.deps.log.info(
        { created: outcome.created, dropped: outcome.dropped, deleted: outcome.deleted, before: cutoff.toISOString() },
        'audit log maintained',
      );
    return outcome;
  }

  private maintainPartitions(now: Date, cutoff: Date): Promise<AuditRetentionRun> {
    return inTransaction(this.deps.db, async (tx) => {
      const lock = await tx.execute<{ taken: boolean }>(
        sql`select pg_try_advisory_xact_lock(${AUDIT_MAINTENANCE_LOCK}) as taken`,
      );
      if (!lock.rows[0]?.taken) return { ran: false, created: [], dropped: [], deleted: 0, vacuumed: [] };
      await tx.execute(sql`select set_config('lock_timeout', ${`${this.options.lockTimeoutMs}ms`}, true)`);
      const created = await createMonthPartitions(tx, monthsToPrepare(now));
      const { dropped, deleted } = await dropPastRetention(tx, cutoff);
      return { ran: true, created, dropped, deleted, vacuumed: [] };
    });
  }

  /** Embedded: deletes rows older than `cutoff`, a batch per statement, oldest first. */
  private async deleteOlderThan(cutoff: Date): Promise<number> {
    let deleted = 0;
    for (;;) {
      const result = await this.deps.db.execute<{ count: number }>(sql`
        with gone as (
          delete from audit_events
          where (id, at) in (
            select id, at from audit_events where at < ${cutoff.toISOString()}::timestamptz order by at limit ${this.options.batch}
          )
          returning 1
        )
        select count(*)::int as count from gone`);
      const count = result.rows[0]?.count ?? 0;
      deleted += count;
      if (count < this.options.batch || this.stopped) return deleted;
      // PGlite serves one statement at a time: requests waiting for it go between batches.
      await nextTurn();
    }
  }

  /** Embedded: `VACUUM (ANALYZE)` each of the product's tables, one statement a table so requests
   * are served between them (about 0.2 s for a table of 100,000 rows). */
  private async vacuumTables(): Promise<string[]> {
    const tables = await this.deps.db.execute<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = current_schema() order by 1`,
    );
    const vacuumed: string[] = [];
    for (const { name } of tables.rows) {
      if (this.stopped) break;
      await this.deps.db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
      vacuumed.push(name);
      await nextTurn();
    }
    return vacuumed;
  }
}
