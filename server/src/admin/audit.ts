import { audit } from '../accounts/repository';
import type { Context } from '../context';
import type { Database } from '../db/client';
import type { AdminCall } from '../http/auth';

export type AdminAuditEntry = {
  action: string;
  target: { type: string; id: string } | null;
  details?: Record<string, unknown>;
};

/** Records an admin action in audit_events: who, what, on which target, from where. Details
 * never hold secrets (no tokens, links or clavis values). There is no call that edits or
 * deletes audit rows. `db` is the transaction the action's change is written in, if any. */
export function auditAdmin(
  ctx: Context,
  call: AdminCall,
  action: string,
  target: { type: string; id: string } | null,
  details: Record<string, unknown> = {},
  db: Database = ctx.db,
): Promise<void> {
  return audit(db, {
    actor: call.admin.id,
    action: `admin.${action}`,
    targetType: target?.type,
    targetId: target?.id,
    ip: call.request.ip,
    details,
  });
}

/**
 * An admin change and its audit row in one transaction: both are kept, or neither (a database
 * failure between the two can no longer leave a change nobody recorded). `change` must read and
 * write only through the handle it is given — embedded, PGlite has a single connection, which
 * the transaction holds. `entry` names the audit row for the change's result, or null when there
 * was nothing to change (the caller then answers 404 or 409). Cache broadcasts and anything else
 * other nodes act on go after this call, once the change is committed.
 */
export function auditedChange<T>(
  ctx: Context,
  call: AdminCall,
  change: (db: Database) => Promise<T>,
  entry: (result: T) => AdminAuditEntry | null,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    // Drizzle's transaction offers the same query builder as the database it came from.
    const db = tx as unknown as Database;
    const result = await change(db);
    const recorded = entry(result);
    if (recorded) await auditAdmin(ctx, call, recorded.action, recorded.target, recorded.details, db);
    return result;
  });
}
