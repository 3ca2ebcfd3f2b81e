import { describe, expect, test } from 'vitest';
import { adminPathOf, adminReturnPath, loginAddress, recheckAddress, routerPathOf } from './return-path';

describe('adminReturnPath', () => {
  test('keeps console paths with their query and hash', () => {
    expect(adminReturnPath('/admin')).toBe('/admin');
    expect(adminReturnPath('/admin/tenants?tenant-id=abc')).toBe('/admin/tenants?tenant-id=abc');
    expect(adminReturnPath('/admin?from=x#top')).toBe('/admin?from=x#top');
  });

  test('refuses other origins, protocol-relative and backslash addresses', () => {
    expect(adminReturnPath('https://evil.example/admin')).toBeNull();
    expect(adminReturnPath('//evil.example/admin')).toBeNull();
    expect(adminReturnPath('/\\evil.example')).toBeNull();
    expect(adminReturnPath('/admin\\..\\login')).toBeNull();
    expect(adminReturnPath('javascript:alert(1)')).toBeNull();
  });

  test('refuses addresses that resolve to another host', () => {
    for (const from of [
      '/admin/..//evil.example',
      '/.//evil.example/admin',
      '/%2e//evil.example/admin',
      '/\t/evil.example/admin',
    ]) {
      expect(adminReturnPath(from), from).toBeNull();
    }
  });

  test('refuses paths outside the console, also after dot segments', () => {
    expect(adminReturnPath('/login')).toBeNull();
    expect(adminReturnPath('/administrator')).toBeNull();
    expect(adminReturnPath('/admin/../login')).toBeNull();
    expect(adminReturnPath('')).toBeNull();
    expect(adminReturnPath(null)).toBeNull();
    expect(adminReturnPath(`/admin/${'a'.repeat(2048)}`)).toBeNull();
  });
});

test('adminPathOf puts the base in front of the router location', () => {
  expect(adminPathOf({ pathname: '/', search: '' })).toBe('/admin');
  expect(adminPathOf({ pathname: '/', search: '?x=1' })).toBe('/admin?x=1');
  expect(adminPathOf({ pathname: '/accounts', search: '' })).toBe('/admin/accounts');
  expect(adminPathOf({ pathname: '/tenants', search: '?tenant-id=1' })).toBe('/admin/tenants?tenant-id=1');
});

test('routerPathOf drops the base', () => {
  expect(routerPathOf('/admin')).toBe('/');
  expect(routerPathOf('/admin?tenant-id=1')).toBe('/?tenant-id=1');
  expect(routerPathOf('/admin/accounts')).toBe('/accounts');
});

test('loginAddress and recheckAddress carry a safe from, else the console start', () => {
  expect(loginAddress('/admin/accounts?x=1')).toBe('/login?from=%2Fadmin%2Faccounts%3Fx%3D1');
  expect(loginAddress('https://evil.example')).toBe('/login?from=%2Fadmin');
  expect(recheckAddress('/admin/invoice')).toBe('/?from=%2Fadmin%2Finvoice');
});
