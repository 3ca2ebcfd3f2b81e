import { asc, eq, ilike, like, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tenants } from '../db/schema';
import { containsPattern } from '../search/like';
import { summaryColumns } from './queries';

export const TENANT_SEARCH_LIMIT = 50;

/**
 * The admin's tenant search: tenants whose name or slug holds `term` in any case, the first
 * TENANT_SEARCH_LIMIT by name (then slug).
 *
 * As account search does (accounts/search.ts), the page is cut from (name, slug) alone —
 * the trigram indexes for a selective term, `tenants_name_idx` in order for a broad one — and
 * then its tenants are read by slug. Slugs are lower case (a check constraint), so `slug LIKE
 * lower(pattern)` matches what ILIKE does.
 */
export function tenantSearchQuery(db: Database, term: string) {
  const pattern = containsPattern(term);
  const page = db
    .select({ slug: tenants.slug })
    .from(tenants)
    .where(or(ilike(tenants.name, pattern), like(tenants.slug, sql`lower(${pattern})`)))
    .orderBy(asc(tenants.name), asc(tenants.slug))
    .limit(TENANT_SEARCH_LIMIT)
    .as('page');
  return db
    .select(summaryColumns)
    .from(tenants)
    .innerJoin(page, eq(tenants.slug, page.slug))
    .orderBy(asc(tenants.name), asc(tenants.slug));
}
