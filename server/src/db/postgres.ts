import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { partitionAuditEvents } from '../audit/partitions';
import type { Database, DatabaseHandle } from './client';
import { migrationsFolder } from './client';
import * as schema from './schema';

/** Arbitrary, fixed key: only one node runs migrations at a time. */
const MIGRATION_LOCK = 7_421_001;

/** PostgreSQL through a pool of 10 connections, migrated under an advisory lock so that nodes
 * starting together migrate one at a time; the audit log is partitioned by month under the same
 * lock (audit/partitions.ts). */
export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor may a client that is checked out, e.g. between the statements of a transaction: it
  // emits 'error' when the database ends its connection, and an unheard 'error' ends the
  // process. The statement that fails answers 503; the pool then drops the broken client.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const migrator = drizzle(client, { schema });
    await migrate(migrator, { migrationsFolder });
    await partitionAuditEvents(migrator as unknown as Database, new Date());
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}
