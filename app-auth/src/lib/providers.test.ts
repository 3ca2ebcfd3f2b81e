import { describe, expect, test } from 'vitest';
import { providerLinkUrl, providerLoginUrl, providerOf } from './providers';

describe('providerOf', () => {
  test('Google by bare name, host or issuer URL', () => {
    for (const provider of ['google', 'Google', 'google.com', 'accounts.google.com', 'https://accounts.google.com']) {
      expect(providerOf(provider), provider).toBe('google');
    }
  });

  test('Microsoft by bare name, host or issuer URL with a tenant path', () => {
    for (const provider of [
      'microsoft',
      'microsoft.com',
      'login.microsoftonline.com',
      'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
    ]) {
      expect(providerOf(provider), provider).toBe('microsoft');
    }
  });

  test('any other host, a look-alike or none is the single sign-on', () => {
    for (const provider of [
      'sso.example.com',
      'https://idp.acme.se/realms/staff',
      'google.com.evil.example',
      'notgoogle.com',
      'google-sso.acme.se',
      '',
      null,
      undefined,
    ]) {
      expect(providerOf(provider), String(provider)).toBe('oidc');
    }
  });
});

test('login and link-from-login addresses carry the login session', () => {
  expect(providerLoginUrl('google', 'abc_DEF-123')).toBe('/auth/login/oauth/google?session_id=abc_DEF-123');
  expect(providerLoginUrl('oidc', 'abc', true)).toBe('/auth/login/link/oauth/oidc?session_id=abc');
});

test('linking from the profile returns to the profile', () => {
  expect(providerLinkUrl('google')).toBe('/auth/link/oauth/google?from=/profile');
  expect(providerLinkUrl('microsoft')).toBe('/auth/link/oauth/microsoft?from=/profile');
  expect(providerLinkUrl('oidc')).toBe('/auth/link/oauth/oidc?from=/profile');
});
