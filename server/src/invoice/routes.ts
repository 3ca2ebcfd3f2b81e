import { adminRoutes, type InvoiceRow } from '@helios/api';
import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { tenantSettings, tenants } from '../db/schema';
import { registerAdmin } from '../http/auth';
import { systemSmsEnabled } from '../sms/values';
import { activeUserCount } from '../tenants/queries';
import { invoiceAmount, settingEnabled } from './amount';

const INTEGRATIONS = ['alva', 'refapp', 'sri', 'sri_ref', 'evali'] as const;
const INVOICE_KEYS = ['system_sms', 'system_cronofy', ...INTEGRATIONS];

/** One invoice row per tenant (spec §3 "Invoice row", §9), sorted by name. */
export function registerInvoiceRoutes(app: FastifyInstance, ctx: Context) {
  registerAdmin(app, ctx, adminRoutes.invoice, async () => {
    const [rows, settings] = await Promise.all([
      ctx.db
        .select({ id: tenants.id, name: tenants.name, userCount: activeUserCount })
        .from(tenants)
        .orderBy(asc(tenants.name), asc(tenants.slug)),
      ctx.db
        .select({ tenantId: tenantSettings.tenantId, key: tenantSettings.key, value: tenantSettings.value })
        .from(tenantSettings)
        .where(inArray(tenantSettings.key, INVOICE_KEYS)),
    ]);
    const byTenant = new Map<string, Map<string, string>>();
    for (const s of settings) {
      const own = byTenant.get(s.tenantId) ?? new Map<string, string>();
      own.set(s.key, s.value);
      byTenant.set(s.tenantId, own);
    }
    return rows.map((row): InvoiceRow => {
      const own = byTenant.get(row.id) ?? new Map<string, string>();
      return {
        name: row.name,
        tenant_id: row.id,
        user_count: row.userCount,
        functions: {
          system_sms: systemSmsEnabled(own.get('system_sms')),
          system_cronofy: settingEnabled(own.get('system_cronofy')),
        },
        integrations: {
          alva: settingEnabled(own.get('alva')),
          refapp: settingEnabled(own.get('refapp')),
          sri: settingEnabled(own.get('sri')),
          sri_ref: settingEnabled(own.get('sri_ref')),
          evali: settingEnabled(own.get('evali')),
        },
        amount: invoiceAmount(row.userCount),
      };
    });
  });
}
