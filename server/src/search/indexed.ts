import { sql } from 'drizzle-orm';
import type { Context } from '../context';
import type { Database } from '../db/client';

/** Shortest term whose substring search a trigram index can serve. */
export const TRIGRAM_MIN = 3;

/**
 * Runs a substring search so that it uses the trigram indexes. The planner prices a LIKE or ILIKE
 * match like a cheap comparison and so often prefers reading the whole table, which at 100,000
 * accounts is 10–30× slower than the index (`pnpm bench:search`). For terms the indexes can
 * serve, the search runs in a transaction with sequential scans priced out; ordered index scans
 * stay available, so a term that matches nearly everything still stops after the first page.
 */
export async function searchUsingIndexes<T>(ctx: Context, term: string, run: (db: Database) => Promise<T>): Promise<T> {
  if (term.length < TRIGRAM_MIN) return run(ctx.db);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return run(tx as unknown as Database);
  });
}
