import type { Database } from './client';

/**
 * Runs `work` in one transaction: every statement it makes is kept, or none is. `work` must read
 * and write only through the handle it is given — embedded, PGlite has a single connection,
 * which the transaction holds. Cache broadcasts and anything else other nodes act on go after
 * the transaction, once it is committed.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  // Drizzle's transaction offers the same query builder as the database it came from.
  return db.transaction((tx) => work(tx as unknown as Database));
}
