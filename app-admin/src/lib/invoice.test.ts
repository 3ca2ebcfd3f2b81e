import type { InvoiceRow } from '@helios/api';
import { expect, test } from 'vitest';
import { hasAddon, invoiceAmount, invoiceTotals } from './invoice';

const row = (name: string, userCount: number, extra: Partial<InvoiceRow> = {}): InvoiceRow => ({
  name,
  tenant_id: name,
  user_count: userCount,
  functions: { system_sms: false, system_cronofy: false },
  integrations: { alva: false, refapp: false, sri: false, sri_ref: false, evali: false },
  amount: invoiceAmount(userCount),
  ...extra,
});

test('amount: 2850 plus 275 per user beyond the first', () => {
  expect(invoiceAmount(1)).toBe(2850);
  expect(invoiceAmount(2)).toBe(3125);
  expect(invoiceAmount(10)).toBe(2850 + 9 * 275);
  expect(invoiceAmount(0)).toBe(2850);
});

test('add-ons come from functions and integrations', () => {
  const r = row('a', 1, {
    functions: { system_sms: true, system_cronofy: false },
    integrations: { alva: false, refapp: true, sri: false, sri_ref: false, evali: false },
  });
  expect(hasAddon(r, 'system_sms')).toBe(true);
  expect(hasAddon(r, 'system_cronofy')).toBe(false);
  expect(hasAddon(r, 'refapp')).toBe(true);
  expect(hasAddon(r, 'evali')).toBe(false);
});

test('totals sum users and amounts and count tenants per add-on', () => {
  const totals = invoiceTotals([
    row('a', 1, { functions: { system_sms: true, system_cronofy: true } }),
    row('b', 3, {
      functions: { system_sms: true, system_cronofy: false },
      integrations: { alva: true, refapp: false, sri: true, sri_ref: false, evali: false },
    }),
  ]);
  expect(totals.tenants).toBe(2);
  expect(totals.users).toBe(4);
  expect(totals.amount).toBe(2850 + 2850 + 2 * 275);
  expect(totals.addons).toEqual({ system_sms: 2, system_cronofy: 1, alva: 1, refapp: 0, sri: 1, sri_ref: 0, evali: 0 });
});

test('no rows give zero totals', () => {
  expect(invoiceTotals([])).toEqual({
    tenants: 0,
    users: 0,
    amount: 0,
    addons: { system_sms: 0, system_cronofy: 0, alva: 0, refapp: 0, sri: 0, sri_ref: 0, evali: 0 },
  });
});
