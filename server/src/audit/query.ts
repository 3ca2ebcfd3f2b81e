import type { AuditEvent } from '@helios/api';
import { and, desc, eq, gte, inArray, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { accounts, auditEvents, tenants } from '../db/schema';
import type { AuditCursor } from './cursor';

/** The console's filters, parsed (`AuditFilters` in the contract). */
export type AuditFilter = {
  actor?: string;
  account?: string;
  tenant?: string;
  action?: string[];
  from?: string;
  to?: string;
};

/** Audit rows about an account: those whose target it is, and the changes it made to its own
 * sign-in methods (their target is the credential). Each side reads its own index (target, and
 * actor), combined as a bitmap OR. */
export const aboutAccount = (accountId: string) =>
  or(
    and(eq(auditEvents.targetType, 'account'), eq(auditEvents.targetId, accountId)),
    and(eq(auditEvents.actorAccountId, accountId), eq(auditEvents.targetType, 'credential')),
  ) as SQL;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The conditions of a filter; each has an index that leads with it (schema.ts). */
export function auditConditions(db: Database, filter: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.actor) {
    const actor = filter.actor.trim();
    conditions.push(
      UUID.test(actor)
        ? eq(auditEvents.actorAccountId, actor)
        : inArray(
            auditEvents.actorAccountId,
            db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, actor.toLowerCase())),
          ),
    );
  }
  if (filter.account) conditions.push(aboutAccount(filter.account));
  if (filter.tenant)
    conditions.push(and(eq(auditEvents.targetType, 'tenant'), eq(auditEvents.targetId, filter.tenant)) as SQL);
  if (filter.action?.length)
    conditions.push(
      filter.action.length === 1
        ? eq(auditEvents.action, filter.action[0] as string)
        : inArray(auditEvents.action, filter.action),
    );
  if (filter.from) conditions.push(gte(auditEvents.at, new Date(filter.from)));
  if (filter.to) conditions.push(lt(auditEvents.at, new Date(filter.to)));
  return conditions;
}

/** An event's time as PostgreSQL holds it (microseconds, UTC), for the cursor. */
const exactAt = sql<string>`to_char(${auditEvents.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A target id that names a row of a uuid-keyed table, else null: joining on it uses the table's
 * primary key, and another target's id never fails the cast. */
const targetUuid = (type: string, targetType: SQLWrapper, targetId: SQLWrapper) =>
  sql`case when ${targetType} = ${type} and ${targetId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${targetId}::uuid end`;

export type AuditPageRows = { events: AuditEvent[]; last: AuditCursor | null; more: boolean };

/** The query of one page of the log (`auditPage`): up to `limit + 1` rows, so the caller knows
 * whether another page follows. The page is cut first and then joined to the actor and the
 * target's account or tenant, so the joins run for the page's rows only. */
export function auditPageQuery(db: Database, filter: AuditFilter, cursor: AuditCursor | null, limit: number) {
  const actions = filter.action ?? [];
  // Several actions: one newest-first read of the action index per action, merged; a single
  // read of the time index skipping the other actions' rows would cost most for rare actions.
  const conditions = auditConditions(db, actions.length > 1 ? { ...filter, action: undefined } : filter);
  if (cursor) conditions.push(sql`(${auditEvents.at}, ${auditEvents.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
  const newest = (action?: string) =>
    db
      .select({
        id: auditEvents.id,
        at: auditEvents.at,
        exactAt: exactAt.as('exact_at'),
        actorAccountId: auditEvents.actorAccountId,
        action: auditEvents.action,
        targetType: auditEvents.targetType,
        targetId: auditEvents.targetId,
        ip: auditEvents.ip,
        details: auditEvents.details,
      })
      .from(auditEvents)
      .where(and(...conditions, action === undefined ? undefined : eq(auditEvents.action, action)))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(limit + 1);
  const [first, ...rest] = actions;
  const page = (
    actions.length > 1 && first !== undefined
      ? rest
          .reduce((merged, action) => merged.unionAll(newest(action)), newest(first).$dynamic())
          .orderBy(desc(auditEvents.at), desc(auditEvents.id))
          .limit(limit + 1)
      : newest()
  ).as('page');
  const actor = alias(accounts, 'actor');
  const targetAccount = alias(accounts, 'target_account');
  return db
    .select({
      id: page.id,
      at: page.at,
      exactAt: page.exactAt,
      action: page.action,
      actorId: page.actorAccountId,
      actorEmail: actor.email,
      actorName: actor.name,
      targetType: page.targetType,
      targetId: page.targetId,
      targetEmail: targetAccount.email,
      tenantName: tenants.name,
      ip: page.ip,
      details: page.details,
    })
    .from(page)
    .leftJoin(actor, eq(actor.id, page.actorAccountId))
    .leftJoin(targetAccount, eq(targetAccount.id, targetUuid('account', page.targetType, page.targetId)))
    .leftJoin(tenants, eq(tenants.id, targetUuid('tenant', page.targetType, page.targetId)))
    .orderBy(desc(page.at), desc(page.id));
}

/**
 * One page of the audit log, newest first: keyset paging on (at, id) after `cursor`, so a page
 * deep in the log costs what the first does and a row written meanwhile is never seen twice.
 */
export async function auditPage(
  db: Database,
  filter: AuditFilter,
  cursor: AuditCursor | null,
  limit: number,
): Promise<AuditPageRows> {
  const rows = await auditPageQuery(db, filter, cursor, limit);
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const lastRow = kept.at(-1);
  return {
    events: kept.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      action: row.action,
      actor: row.actorId ? { id: row.actorId, email: row.actorEmail ?? null, name: row.actorName ?? null } : null,
      target:
        row.targetType && row.targetId
          ? { type: row.targetType, id: row.targetId, label: row.targetEmail ?? row.tenantName ?? null }
          : null,
      ip: row.ip,
      details: (row.details ?? {}) as Record<string, unknown>,
    })),
    last: lastRow ? { at: lastRow.exactAt, id: lastRow.id } : null,
    more,
  };
}

/** Every action the log holds, in order: one index probe per action (a loose index scan on the
 * action index) instead of reading every row. */
export async function auditActionNames(db: Database): Promise<string[]> {
  const result = await db.execute<{ action: string }>(sql`
    with recursive found(action) as (
      (select ${auditEvents.action} from ${auditEvents} order by 1 limit 1)
      union all
      select (select e.action from ${auditEvents} e where e.action > found.action order by 1 limit 1)
      from found where found.action is not null
    )
    select action from found where action is not null`);
  return result.rows.map((row) => row.action);
}
