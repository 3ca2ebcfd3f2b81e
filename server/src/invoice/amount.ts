/** Base fee per tenant, which covers its first user (spec §9); currency not shown. */
export const INVOICE_BASE = 2850;
/** Fee for each user beyond the first. */
export const INVOICE_PER_EXTRA_USER = 275;

/**
 * The invoice figure of a tenant: 2850 + 275 × (userCount − 1). A tenant without users still
 * pays the base fee (the formula would give 2575 for 0 users; an invoice never drops below the
 * base), so the figure is never lower than 2850 and never negative.
 */
export function invoiceAmount(userCount: number): number {
  if (!Number.isInteger(userCount) || userCount < 0) throw new RangeError(`Bad user count: ${userCount}`);
  return INVOICE_BASE + INVOICE_PER_EXTRA_USER * Math.max(0, userCount - 1);
}

/** Whether a tenant setting switches something on: "true", "1", "yes", "on" (any case), or a
 * JSON object `{ "value": true }` like the SMS settings use. */
export function settingEnabled(value: string | undefined): boolean {
  if (value === undefined) return false;
  const text = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(text)) return true;
  if (!text.startsWith('{')) return false;
  try {
    return (JSON.parse(text) as { value?: unknown })?.value === true;
  } catch {
    return false;
  }
}
