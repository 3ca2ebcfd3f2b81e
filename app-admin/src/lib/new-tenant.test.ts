import { expect, test } from 'vitest';
import { emptyNewTenant, validateNewTenant, withName, withSlug } from './new-tenant';

test('the slug follows the name until it is edited', () => {
  let form = withName(emptyNewTenant, 'Acme Rekrytering AB');
  expect(form.slug).toBe('acme-rekrytering-ab');
  form = withSlug(form, 'acme');
  form = withName(form, 'Acme Group');
  expect(form.slug).toBe('acme');
});

test('an emptied slug stays empty to be retyped, and follows the name again when it changes', () => {
  let form = withSlug(withName(emptyNewTenant, 'Acme'), 'custom');
  form = withSlug(form, '');
  expect(form).toEqual({ name: 'Acme', slug: '', slugEdited: false });
  expect(withSlug(form, 'a')).toEqual({ name: 'Acme', slug: 'a', slugEdited: true });
  expect(withName(form, 'Acme 2').slug).toBe('acme-2');
});

test('name and slug are required; the slug lowercase letters and digits, words joined by single hyphens', () => {
  expect(validateNewTenant({ name: ' ', slug: '' })).toEqual({ name: 'nameRequired', slug: 'slugRequired' });
  expect(validateNewTenant({ name: 'Acme', slug: 'Acme-1' })).toEqual({ slug: 'slugInvalid' });
  expect(validateNewTenant({ name: 'Acme', slug: 'acme--1' })).toEqual({ slug: 'slugInvalid' });
  expect(validateNewTenant({ name: 'Acme', slug: 'acme1' })).toEqual({});
  expect(validateNewTenant({ name: 'Åre Hälsa', slug: 'are-halsa-co-2' })).toEqual({});
});
