import { audit } from '../accounts/repository';
import type { Context } from '../context';
import type { AdminCall } from '../http/auth';

/** Records an admin action in audit_events: who, what, on which target, from where. Details
 * never hold secrets (no tokens, links or clavis values). There is no call that edits or
 * deletes audit rows. */
export function auditAdmin(
  ctx: Context,
  call: AdminCall,
  action: string,
  target: { type: string; id: string } | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  return audit(ctx.db, {
    actor: call.admin.id,
    action: `admin.${action}`,
    targetType: target?.type,
    targetId: target?.id,
    ip: call.request.ip,
    details,
  });
}
