import { asc, eq, getTableColumns, like, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts } from '../db/schema';
import { containsPattern } from '../search/like';

export const ACCOUNT_SEARCH_LIMIT = 50;

/**
 * The admin's account search: accounts whose email or name holds `term` in any case, the first
 * ACCOUNT_SEARCH_LIMIT by email.
 *
 * ILIKE is lower(value) LIKE lower(pattern); here it is spelled that way, so each side matches an
 * index: emails are stored in lower case (a check constraint), and the indexes hold lower(name).
 * The page is cut from those alone, so PostgreSQL answers it from the indexes (db/schema.ts): a
 * term that matches few accounts reads the trigram indexes and sorts what they find; a broad one
 * reads `accounts_email_name_idx` in email order, testing each entry, and stops when the page is
 * full. Then the page's accounts are read by email.
 */
export function accountSearchQuery(db: Database, term: string) {
  const pattern = sql`lower(${containsPattern(term)})`;
  const page = db
    .select({ email: accounts.email })
    .from(accounts)
    .where(or(like(accounts.email, pattern), like(sql`lower(${accounts.name})`, pattern)))
    .orderBy(asc(accounts.email))
    .limit(ACCOUNT_SEARCH_LIMIT)
    .as('page');
  return db
    .select(getTableColumns(accounts))
    .from(accounts)
    .innerJoin(page, eq(accounts.email, page.email))
    .orderBy(asc(accounts.email));
}
