import { asc, ilike, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tenants } from '../db/schema';
import { containsPattern } from '../search/like';
import { summaryColumns } from './queries';

export const TENANT_SEARCH_LIMIT = 50;

/** The admin's tenant search: tenants whose name or slug holds `term` in any case, the first
 * TENANT_SEARCH_LIMIT by name (then slug). */
export function tenantSearchQuery(db: Database, term: string) {
  const pattern = containsPattern(term);
  return db
    .select(summaryColumns)
    .from(tenants)
    .where(or(ilike(tenants.name, pattern), ilike(tenants.slug, pattern)))
    .orderBy(asc(tenants.name), asc(tenants.slug))
    .limit(TENANT_SEARCH_LIMIT);
}
