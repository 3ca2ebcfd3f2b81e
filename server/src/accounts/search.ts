import { asc, ilike, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts } from '../db/schema';
import { containsPattern } from '../search/like';

export const ACCOUNT_SEARCH_LIMIT = 50;

/** The admin's account search: accounts whose email or name holds `term` in any case, the first
 * ACCOUNT_SEARCH_LIMIT by email. */
export function accountSearchQuery(db: Database, term: string) {
  const pattern = containsPattern(term);
  return db
    .select()
    .from(accounts)
    .where(or(ilike(accounts.email, pattern), ilike(accounts.name, pattern)))
    .orderBy(asc(accounts.email))
    .limit(ACCOUNT_SEARCH_LIMIT);
}
