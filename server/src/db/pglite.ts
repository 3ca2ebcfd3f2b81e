import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, DatabaseHandle } from './client';
import { migrationsFolder } from './client';
import * as schema from './schema';

/** PostgreSQL's buffer cache inside PGlite. Its default, 128 MB, is resident in the WASM memory
 * from the moment the database opens, even on an idle node; 24 MB keeps an idle embedded node
 * small, with admin search over 100,000 accounts still within its budget
 * (docs/performance-server.md). */
export const EMBEDDED_SHARED_BUFFERS = '24MB';

/** How drizzle's columns want dates, times and intervals: as the database's text, which the
 * columns then read. */
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE].map((type) => [type, (value: string) => value]),
);

/** `query` as drizzle calls it, less the parser table drizzle passes with every query: PGlite is
 * given the same parsers once, when it is made, while parsers passed with a query are merged into
 * a copy of PGlite's whole table for every result. */
function withParsersInstalled(target: Pick<Transaction, 'query'>): Pick<Transaction, 'query'> {
  return {
    query: (text: string, params?: unknown[], options?: QueryOptions) => {
      if (!options?.parsers) return target.query(text, params, options);
      const { parsers: _sameAsInstalled, ...rest } = options;
      return target.query(text, params, rest);
    },
  } as Pick<Transaction, 'query'>;
}

/** PGlite (PostgreSQL compiled to WASM) in `dataDir/pgdata`, or in memory when `dataDir` is null. */
export async function openPglite(dataDirOption: string | null): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  if (dataDirOption) {
    dataDir = join(dataDirOption, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  // pg_trgm backs the trigram indexes of admin search (migration 0001).
  const client = new PGlite({
    dataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    parsers: DRIZZLE_PARSERS,
  });
  // drizzle uses only `query` and `transaction` of its client.
  const forDrizzle = {
    ...withParsersInstalled(client),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => work(withParsersInstalled(tx) as Transaction)),
  } as unknown as PGlite;
  const db = drizzle({ client: forDrizzle, schema });
  await migrate(db, { migrationsFolder });
  // Both drivers expose the same query builder; the node-postgres type is used throughout.
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
