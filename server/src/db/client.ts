import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../paths';
import * as schema from './schema';

const migrationsFolder = join(serverRoot, 'drizzle');

export type Database = ReturnType<typeof drizzlePg<typeof schema>>;
export type DatabaseHandle = { db: Database; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

/** PostgreSQL's buffer cache inside PGlite. Its default, 128 MB, is resident in the WASM memory
 * from the moment the database opens, even on an idle node; 32 MB takes an idle embedded node
 * from about 440 MB to about 330 MB, with admin search over 100,000 accounts still within its
 * budget (docs/performance-server.md). */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

/** Arbitrary, fixed key: only one node runs migrations at a time. */
const MIGRATION_LOCK = 7_421_001;

/**
 * PostgreSQL when a URL is given, else PGlite (Postgres compiled to WASM) in `dataDir` —
 * or in memory when `dataDir` is null. Same schema, same SQL, same migrations in both.
 */
export async function openDatabase(options: { url?: string; dataDir: string | null }): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client that loses its connection (database restart) must not crash the process.
    pool.on('error', () => {});
    // Nor may a client that is checked out, e.g. between the statements of a transaction: it
    // emits 'error' when the database ends its connection, and an unheard 'error' ends the
    // process. The statement that fails answers 503; the pool then drops the broken client.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema });
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm backs the trigram indexes of admin search (migration 0001).
  const client = new PGlite({
    dataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // Both drivers expose the same query builder; the node-postgres type is used throughout.
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

/**
 * A query built and prepared once per database handle, then reused: the hot paths (every login
 * step, every provider lookup) skip drizzle's SQL building and, on PostgreSQL, the server's parse
 * and plan of a named statement. Values go in through `sql.placeholder`. A transaction handle
 * gets its own, so a statement always runs on the handle it is asked for.
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
