import type { Credential } from '@helios/api';
import { describe, expect, test } from 'vitest';
import { authMethods, credentialIdsOf, linkedMethods, methodOf, providerLinkUrl } from './login-methods';

const password: Credential = { id: 'p1', type: 'password', provider: null };
const google: Credential = { id: 'g1', type: 'oidc', provider: 'accounts.google.com' };
const microsoft: Credential = { id: 'm1', type: 'oidc', provider: 'https://login.microsoftonline.com/common/v2.0' };
const otherSso: Credential = { id: 'o1', type: 'oidc', provider: 'sso.example.com' };
const totp: Credential = { id: 't1', type: 'totp', provider: null };
const key1: Credential = { id: 'w1', type: 'webauthn', provider: null };
const key2: Credential = { id: 'w2', type: 'webauthn', provider: null };

describe('methodOf', () => {
  test('non-oidc credentials are their type', () => {
    expect(methodOf(password)).toBe('password');
    expect(methodOf(totp)).toBe('totp');
    expect(methodOf(key1)).toBe('webauthn');
  });

  test('oidc providers containing google or microsoft are those switches, in any case', () => {
    expect(methodOf(google)).toBe('google');
    expect(methodOf({ type: 'oidc', provider: 'Google' })).toBe('google');
    expect(methodOf(microsoft)).toBe('microsoft');
  });

  test('another oidc provider, or none, has no switch', () => {
    expect(methodOf(otherSso)).toBeNull();
    expect(methodOf({ type: 'oidc', provider: null })).toBeNull();
  });
});

describe('linkedMethods', () => {
  test('a switch is on when the account has a credential of its method', () => {
    expect(linkedMethods([password, google, totp])).toEqual({
      password: true,
      google: true,
      microsoft: false,
      totp: true,
      webauthn: false,
    });
  });

  test('no credentials: every switch is off', () => {
    expect(Object.values(linkedMethods([otherSso]))).toEqual([false, false, false, false, false]);
  });
});

test('credentialIdsOf gives every credential of the method', () => {
  const all = [password, key1, google, key2];
  expect(credentialIdsOf(all, 'webauthn')).toEqual(['w1', 'w2']);
  expect(credentialIdsOf(all, 'google')).toEqual(['g1']);
  expect(credentialIdsOf(all, 'microsoft')).toEqual([]);
});

test('providerLinkUrl returns to the profile after linking', () => {
  expect(providerLinkUrl('google')).toBe('/auth/link/oauth/google?from=/profile');
  expect(providerLinkUrl('microsoft')).toBe('/auth/link/oauth/microsoft?from=/profile');
});

test('authMethods names Google and Microsoft by the word the list recognises and keeps other providers', () => {
  expect(authMethods([password, google, microsoft, otherSso]).map((method) => method.provider)).toEqual([
    null,
    'google',
    'microsoft',
    'sso.example.com',
  ]);
});
