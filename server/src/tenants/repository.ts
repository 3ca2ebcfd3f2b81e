import { and, eq, gte, sql } from 'drizzle-orm';
import { type AuditInput, audit } from '../accounts/repository';
import type { Context } from '../context';
import { tenantSettings, tenants } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { createInstanceClient } from '../oidc/clients';

/** A new tenant, its instance's OpenID Connect client (its secret: rotate to see it) and the audit
 * row, in one transaction; null, with nothing written, when the slug is taken. */
export function createTenantWithClient(
  ctx: Context,
  tenant: { name: string; slug: string; url: string },
  row: (tenantId: string) => AuditInput,
): Promise<{ id: string } | null> {
  return inTransaction(ctx.db, async (tx) => {
    const [created] = await tx
      .insert(tenants)
      .values(tenant)
      .onConflictDoNothing({ target: tenants.slug })
      .returning({ id: tenants.id });
    if (!created) return null;
    await createInstanceClient(ctx, tx, { id: created.id, name: tenant.name, url: tenant.url });
    await audit(tx, row(created.id));
    return created;
  });
}

/** Sets (a date) or clears (null) a tenant's deactivation, with the audit row, in one
 * transaction; false, with nothing written, when there is no such tenant. */
export function setTenantDeactivation(
  ctx: Context,
  tenantId: string,
  inactiveAt: Date | null,
  row: AuditInput,
): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const updated = await tx
      .update(tenants)
      .set({ inactiveAt })
      .where(eq(tenants.id, tenantId))
      .returning({ id: tenants.id });
    if (updated.length === 0) return false;
    await audit(tx, row);
    return true;
  });
}

/** Writes a tenant setting (new or replaced) and its audit row, in one transaction. */
export function saveTenantSetting(
  ctx: Context,
  setting: { tenantId: string; key: string; value: string },
  row: AuditInput,
): Promise<void> {
  return inTransaction(ctx.db, async (tx) => {
    await tx
      .insert(tenantSettings)
      .values(setting)
      .onConflictDoUpdate({
        target: [tenantSettings.tenantId, tenantSettings.key],
        set: { value: setting.value, updatedAt: ctx.now() },
      });
    await audit(tx, row);
  });
}

/**
 * Adds SMS credits (a negative number takes some) and writes the audit row of the new total, in
 * one transaction. One statement adds and answers, so concurrent adds (on any node) never lose
 * one. Null, with nothing written, when there is no such tenant or the total would go below zero.
 */
export function addSmsCredits(
  ctx: Context,
  tenantId: string,
  credits: number,
  row: (total: number) => AuditInput,
): Promise<number | null> {
  return inTransaction(ctx.db, async (tx) => {
    const [updated] = await tx
      .update(tenants)
      .set({ smsCredits: sql`${tenants.smsCredits} + ${credits}` })
      .where(and(eq(tenants.id, tenantId), gte(sql`${tenants.smsCredits} + ${credits}`, 0)))
      .returning({ credits: tenants.smsCredits });
    if (!updated) return null;
    await audit(tx, row(updated.credits));
    return updated.credits;
  });
}
