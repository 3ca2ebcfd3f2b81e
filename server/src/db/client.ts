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
 * step, every provider lookup) skip drizzle's SQL building and, as named statements on both
 * databases, the parse and plan of each run. Values go in through `sql.placeholder`. A
 * transaction handle gets its own, so a statement always runs on the handle it is asked for.
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
      const keep = preparedStatements.get(db);
      if (keep) for (const text of statementTexts(query)) keep(text);
    }
    return query;
  };
}

/** For an embedded database, what makes PGlite run a query text as a named statement, as
 * PostgreSQL does (pglite.ts); PostgreSQL's driver needs no telling. */
export const preparedStatements = new WeakMap<Database, (text: string) => void>();

type Prepared = { getQuery: () => { sql: string } };
const isPrepared = (value: unknown): value is Prepared =>
  typeof (value as Partial<Prepared> | null)?.getQuery === 'function';

/** The SQL of a prepared query, or of each prepared query in an object of them. */
function statementTexts(built: unknown): string[] {
  if (isPrepared(built)) return [built.getQuery().sql];
  if (typeof built !== 'object' || built === null) return [];
  return Object.values(built).flatMap((value) => (isPrepared(value) ? [value.getQuery().sql] : []));
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
