import type { AuditEvent, AuditFilters } from '@helios/api';

/** The audit log's filters as the page's address holds them: days as `YYYY-MM-DD` (UTC, the
 * last day included), every field a string ('' for none). */
export type AuditFilterForm = {
  actor: string;
  account: string;
  tenant: string;
  action: string;
  from: string;
  to: string;
};

export const AUDIT_FILTER_FIELDS = ['actor', 'account', 'tenant', 'action', 'from', 'to'] as const;

export const emptyAuditFilters: AuditFilterForm = { actor: '', account: '', tenant: '', action: '', from: '', to: '' };

const DAY = /^\d{4}-\d\d-\d\d$/;

/** The filters in an address's query; anything unreadable is left out. */
export function auditFiltersFromParams(params: URLSearchParams): AuditFilterForm {
  const form = { ...emptyAuditFilters };
  for (const field of AUDIT_FILTER_FIELDS) form[field] = (params.get(field) ?? '').trim();
  if (!DAY.test(form.from)) form.from = '';
  if (!DAY.test(form.to)) form.to = '';
  return form;
}

/** The query of an address holding the filters: empty fields are left out. */
export function auditFilterParams(form: AuditFilterForm): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of AUDIT_FILTER_FIELDS) {
    const value = form[field].trim();
    if (value) params.set(field, value);
  }
  return params;
}

/** The day after a `YYYY-MM-DD` day, as the start of that UTC day. */
function startOfDayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/** The API's filters: the range from the start of the first UTC day up to the end of the last. */
export function auditApiFilters(form: AuditFilterForm): AuditFilters {
  const filters: AuditFilters = {};
  if (form.actor.trim()) filters.actor = form.actor.trim();
  if (form.account.trim()) filters.account = form.account.trim();
  if (form.tenant.trim()) filters.tenant = form.tenant.trim();
  if (form.action.trim()) filters.action = form.action.trim();
  if (DAY.test(form.from)) filters.from = `${form.from}T00:00:00.000Z`;
  if (DAY.test(form.to)) filters.to = startOfDayAfter(form.to);
  return filters;
}

/** The text key of an action's plain words: its dots become underscores. */
export function auditActionKey(action: string): string {
  return `auditActions.${action.replaceAll('.', '_')}`;
}

/** Where a row's target is shown in the console, or null for a target without a page. */
export function auditTargetPath(target: AuditEvent['target']): string | null {
  if (!target) return null;
  if (target.type === 'tenant') return `/tenants?${new URLSearchParams({ 'tenant-id': target.id })}`;
  // The accounts page finds an account by its email; a removed account has none left.
  if (target.type === 'account' && target.label) return `/accounts?${new URLSearchParams({ search: target.label })}`;
  return null;
}
