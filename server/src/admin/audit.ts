import { type AuditInput, audit } from '../accounts/repository';
import type { Context } from '../context';
import type { AdminCall } from '../http/auth';

export type AdminAuditEntry = {
  action: string;
  target: { type: string; id: string } | null;
  details?: Record<string, unknown>;
};

/** The audit row of an admin action: who, what, on which target, from where. Details never hold
 * secrets (no tokens, links or clavis values). There is no call that edits or deletes audit
 * rows. A change's repository function writes the row in the change's own transaction. */
export function adminAuditRow(call: AdminCall, entry: AdminAuditEntry): AuditInput {
  return {
    actor: call.admin.id,
    action: `admin.${entry.action}`,
    targetType: entry.target?.type,
    targetId: entry.target?.id,
    ip: call.request.ip,
    details: entry.details ?? {},
  };
}

/** Records an admin action that changes nothing in the database (a clavis issued, a cache
 * cleared). */
export function auditAdmin(
  ctx: Context,
  call: AdminCall,
  action: string,
  target: { type: string; id: string } | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  return audit(ctx.db, adminAuditRow(call, { action, target, details }));
}
