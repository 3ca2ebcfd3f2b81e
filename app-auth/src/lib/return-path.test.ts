import { expect, test } from 'vitest';
import { safeReturnPath } from './return-path';

test('paths on this site are kept with their query', () => {
  expect(safeReturnPath('/admin/accounts?q=anna')).toBe('/admin/accounts?q=anna');
  expect(safeReturnPath('/admin')).toBe('/admin');
});

test('anything that could leave the site is refused', () => {
  for (const bad of [
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'admin',
    '',
    null,
    undefined,
    `/${'a'.repeat(3000)}`,
  ]) {
    expect(safeReturnPath(bad)).toBeNull();
  }
});
