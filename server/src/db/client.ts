import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { serverRoot } from '../paths';
import type * as schema from './schema';

/** The migrations, the same for both databases. */
export const migrationsFolder = join(serverRoot, 'drizzle');

export type Database = ReturnType<typeof drizzlePg<typeof schema>>;
export type DatabaseHandle = { db: Database; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

/**
 * PostgreSQL when a URL is given, else PGlite (Postgres compiled to WASM) in `dataDir` —
 * or in memory when `dataDir` is null. Same schema, same SQL, same migrations in both. Each
 * driver is loaded only in its mode, so a node keeps only one of them in memory.
 */
export async function openDatabase(options: { url?: string; dataDir: string | null }): Promise<DatabaseHandle> {
  if (options.url) return (await import('./postgres')).openPostgres(options.url);
  return (await import('./pglite')).openPglite(options.dataDir);
}

/**
 * A query built and prepared once per database handle, then reused: the hot paths (every login
 * step, every provider lookup) skip drizzle's SQL building, and on PostgreSQL run as named
 * statements (node-postgres), parsed once and planned generically once PostgreSQL finds that as
 * good. Values go in through `sql.placeholder`. A transaction handle gets its own, so a statement
 * always runs on the handle it is asked for.
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
