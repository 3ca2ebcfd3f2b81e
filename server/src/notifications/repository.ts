import { type AuditInput, audit } from '../accounts/repository';
import type { Context } from '../context';
import { notifications, notificationTenants } from '../db/schema';
import { inTransaction } from '../db/transaction';

/** A notification, the tenants it goes to and its audit row, in one transaction. */
export function createNotification(
  ctx: Context,
  notification: typeof notifications.$inferInsert,
  tenantIds: string[],
  row: (id: string) => AuditInput,
): Promise<string> {
  return inTransaction(ctx.db, async (tx) => {
    const [created] = await tx.insert(notifications).values(notification).returning({ id: notifications.id });
    if (!created) throw new Error('notification not written');
    if (tenantIds.length > 0)
      await tx
        .insert(notificationTenants)
        .values(tenantIds.map((tenantId) => ({ notificationId: created.id, tenantId })));
    await audit(tx, row(created.id));
    return created.id;
  });
}
