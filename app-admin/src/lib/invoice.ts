import type { InvoiceRow } from '@helios/api';

/** Spec §9: a tenant's figure is 2850 plus 275 for each user beyond the first. */
export const INVOICE_BASE = 2850;
export const INVOICE_PER_EXTRA_USER = 275;

export function invoiceAmount(userCount: number): number {
  return INVOICE_BASE + INVOICE_PER_EXTRA_USER * Math.max(0, userCount - 1);
}

/** The add-on columns, in display order. */
export const INVOICE_ADDONS = ['system_sms', 'system_cronofy', 'alva', 'refapp', 'sri', 'sri_ref', 'evali'] as const;
export type InvoiceAddon = (typeof INVOICE_ADDONS)[number];

export function hasAddon(row: InvoiceRow, addon: InvoiceAddon): boolean {
  return addon === 'system_sms' || addon === 'system_cronofy' ? row.functions[addon] : row.integrations[addon];
}

export type InvoiceTotals = {
  tenants: number;
  users: number;
  /** How many tenants have each add-on. */
  addons: Record<InvoiceAddon, number>;
  amount: number;
};

/** The totals row: tenant and user counts, tenants per add-on and the summed amounts. */
export function invoiceTotals(rows: readonly InvoiceRow[]): InvoiceTotals {
  const addons = Object.fromEntries(INVOICE_ADDONS.map((addon) => [addon, 0])) as Record<InvoiceAddon, number>;
  let users = 0;
  let amount = 0;
  for (const row of rows) {
    users += row.user_count;
    amount += row.amount;
    for (const addon of INVOICE_ADDONS) if (hasAddon(row, addon)) addons[addon] += 1;
  }
  return { tenants: rows.length, users, addons, amount };
}
