import type { Credential } from '@helios/api';
import { describe, expect, test } from 'vitest';
import { providerToRedirect, secondFactorsOf } from './login-choices';

const password: Credential = { id: 'p', type: 'password', provider: null };
const google: Credential = { id: 'g', type: 'oidc', provider: 'google.com' };
const google2: Credential = { id: 'g2', type: 'oidc', provider: 'accounts.google.com' };
const microsoft: Credential = { id: 'm', type: 'oidc', provider: 'microsoft.com' };
const sso: Credential = { id: 's', type: 'oidc', provider: 'idp.acme.se' };
const totp: Credential = { id: 't', type: 'totp', provider: null };
const key: Credential = { id: 'k', type: 'webauthn', provider: null, label: 'YubiKey' };

describe('providerToRedirect', () => {
  const at = (credentials: Credential[], automaticProvider: 'oidc' | null = null, state = 'CredentialsRequired') =>
    providerToRedirect({ state: state as 'CredentialsRequired', credentials, automaticProvider });

  test("the email domain's automatic provider wins, whatever the account has", () => {
    expect(at([password], 'oidc')).toBe('oidc');
    expect(at([], 'oidc')).toBe('oidc');
  });

  test('an account whose only way in is Google or Microsoft goes there', () => {
    expect(at([google])).toBe('google');
    expect(at([google, google2])).toBe('google');
    expect(at([microsoft])).toBe('microsoft');
  });

  test('a password, two providers, the single sign-on or nothing: the person chooses', () => {
    expect(at([password, google])).toBeNull();
    expect(at([google, microsoft])).toBeNull();
    expect(at([sso])).toBeNull();
    expect(at([])).toBeNull();
  });

  test('only the credentials step redirects', () => {
    expect(at([google], 'oidc', 'MfaRequired')).toBeNull();
    expect(at([google], null, 'AskedCreateCredential')).toBeNull();
  });
});

describe('secondFactorsOf', () => {
  test('a key and an app: both', () => {
    expect(secondFactorsOf([totp, key])).toEqual({ securityKey: true, authenticator: true });
  });

  test('a key only: no code form', () => {
    expect(secondFactorsOf([key])).toEqual({ securityKey: true, authenticator: false });
  });

  test('an app only, or nothing named: the code form', () => {
    expect(secondFactorsOf([totp])).toEqual({ securityKey: false, authenticator: true });
    expect(secondFactorsOf([])).toEqual({ securityKey: false, authenticator: true });
  });
});
