import { adminRoutes, ErrorCode } from '@helios/api';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminAuditRow } from '../admin/audit';
import type { Context } from '../context';
import { notifications, notificationTenants, tenants } from '../db/schema';
import { registerAdmin, registerInstance } from '../http/auth';
import { errors, HttpError } from '../http/errors';
import { createNotification } from './repository';

/** Newest notifications an instance gets at once. */
export const INSTANCE_NOTIFICATIONS_LIMIT = 100;

/** Broadcast notifications: stored by the admin console, read by instances. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: Context) {
  registerAdmin(app, ctx, adminRoutes.notify, async ({ body }, call) => {
    const tenantIds = [...new Set(body.tenants)];
    if (tenantIds.length > 0) {
      const known = await ctx.db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, tenantIds));
      const knownIds = new Set(known.map((t) => t.id));
      const unknown = tenantIds.filter((id) => !knownIds.has(id));
      if (unknown.length > 0)
        throw new HttpError(422, ErrorCode.validation, `body.tenants: no tenant with id ${unknown.join(', ')}`);
    }
    const notification = {
      message: body.message,
      adminsOnly: body.admins_only,
      popup: body.popup,
      newFunctionality: body.new_functionality,
      createdBy: call.admin.id,
    };
    const id = await createNotification(ctx, notification, tenantIds, (created) =>
      adminAuditRow(call, {
        action: 'notification.sent',
        target: { type: 'notification', id: created },
        details: {
          tenants: tenantIds.length,
          admins_only: body.admins_only,
          popup: body.popup,
          new_functionality: body.new_functionality,
        },
      }),
    );
    return { id };
  });

  registerInstance(app, ctx, adminRoutes.instanceNotifications, async ({ query }) => {
    const [tenant] = await ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, query.tenant));
    if (!tenant) throw errors.notFound('No such tenant');
    const rows = await ctx.db
      .select({
        id: notifications.id,
        message: notifications.message,
        popup: notifications.popup,
        newFunctionality: notifications.newFunctionality,
        createdAt: notifications.createdAt,
      })
      .from(notificationTenants)
      .innerJoin(notifications, eq(notifications.id, notificationTenants.notificationId))
      .where(and(eq(notificationTenants.tenantId, tenant.id), eq(notifications.adminsOnly, false)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(INSTANCE_NOTIFICATIONS_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      message: row.message,
      popup: row.popup,
      new_functionality: row.newFunctionality,
      created_at: row.createdAt.toISOString(),
    }));
  });
}
