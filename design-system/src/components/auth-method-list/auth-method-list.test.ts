import { describe, expect, it } from 'vitest';
import { authMethodKind } from './auth-method-list';

describe('authMethodKind', () => {
  it('keeps the non-oidc types as they are', () => {
    expect(authMethodKind({ type: 'password' })).toBe('password');
    expect(authMethodKind({ type: 'totp' })).toBe('totp');
    expect(authMethodKind({ type: 'webauthn', provider: 'accounts.google.com' })).toBe('webauthn');
  });

  it('recognises Google by name or issuer host', () => {
    for (const provider of [
      'google',
      'Google',
      'google.com',
      'accounts.google.com',
      'https://accounts.google.com',
      ' ACCOUNTS.GOOGLE.COM/ ',
    ]) {
      expect(authMethodKind({ type: 'oidc', provider }), provider).toBe('google');
    }
  });

  it('recognises Microsoft by name or issuer host, tenant paths included', () => {
    for (const provider of [
      'microsoft',
      'microsoft.com',
      'login.microsoftonline.com',
      'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
    ]) {
      expect(authMethodKind({ type: 'oidc', provider }), provider).toBe('microsoft');
    }
  });

  it('calls any other or missing provider single sign-on', () => {
    for (const provider of [null, undefined, '', 'sso.example.com', 'accounts.google.com.evil.example', 'notgoogle']) {
      expect(authMethodKind({ type: 'oidc', provider }), String(provider)).toBe('oidc');
    }
  });
});
