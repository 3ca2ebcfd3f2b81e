import { expect, test } from 'vitest';
import {
  auditActionKey,
  auditApiFilters,
  auditFilterParams,
  auditFiltersFromParams,
  auditTargetPath,
  emptyAuditFilters,
} from './audit';

test('filters go to the address and back; empty ones are left out, malformed days dropped', () => {
  const form = { ...emptyAuditFilters, actor: 'ada@example.com', action: 'login.success', from: '2026-03-01' };
  const params = auditFilterParams(form);
  expect(params.toString()).toBe('actor=ada%40example.com&action=login.success&from=2026-03-01');
  expect(auditFiltersFromParams(params)).toEqual(form);
  expect(auditFiltersFromParams(new URLSearchParams('from=yesterday&to=2026-13'))).toEqual(emptyAuditFilters);
});

test('the range covers whole UTC days, the last one included', () => {
  expect(auditApiFilters({ ...emptyAuditFilters, from: '2026-02-28', to: '2026-02-28' })).toEqual({
    from: '2026-02-28T00:00:00.000Z',
    to: '2026-03-01T00:00:00.000Z',
  });
  expect(auditApiFilters({ ...emptyAuditFilters, to: '2026-12-31' })).toEqual({ to: '2027-01-01T00:00:00.000Z' });
  expect(auditApiFilters(emptyAuditFilters)).toEqual({});
});

test('targets link to their tenant or account page; others have none', () => {
  expect(auditTargetPath({ type: 'tenant', id: 't1', label: 'Acme' })).toBe('/tenants?tenant-id=t1');
  expect(auditTargetPath({ type: 'account', id: 'a1', label: 'ada+x@example.com' })).toBe(
    '/accounts?search=ada%2Bx%40example.com',
  );
  expect(auditTargetPath({ type: 'account', id: 'a1', label: null })).toBeNull();
  expect(auditTargetPath({ type: 'credential', id: 'c1', label: null })).toBeNull();
  expect(auditTargetPath(null)).toBeNull();
});

test('action words are looked up with underscores for dots', () => {
  expect(auditActionKey('admin.tenant.created')).toBe('auditActions.admin_tenant_created');
});
