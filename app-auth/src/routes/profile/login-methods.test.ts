import type { Credential } from '@helios/api';
import { describe, expect, test } from 'vitest';
import {
  authMethods,
  credentialIdsOf,
  keyNameProblem,
  linkedMethods,
  linkResultOf,
  methodOf,
  securityKeysOf,
} from './login-methods';

const password: Credential = { id: 'p1', type: 'password', provider: null };
const google: Credential = { id: 'g1', type: 'oidc', provider: 'google.com' };
const microsoft: Credential = { id: 'm1', type: 'oidc', provider: 'https://login.microsoftonline.com/common/v2.0' };
const sso: Credential = { id: 'o1', type: 'oidc', provider: 'sso.example.com' };
const totp: Credential = { id: 't1', type: 'totp', provider: null };
const key1: Credential = { id: 'w1', type: 'webauthn', provider: null, label: 'YubiKey 5C' };
const key2: Credential = { id: 'w2', type: 'webauthn', provider: null };

describe('methodOf', () => {
  test('non-oidc credentials are their type', () => {
    expect(methodOf(password)).toBe('password');
    expect(methodOf(totp)).toBe('totp');
    expect(methodOf(key1)).toBe('webauthn');
  });

  test('Google and Microsoft by host, issuer URL or bare name', () => {
    expect(methodOf(google)).toBe('google');
    expect(methodOf({ type: 'oidc', provider: 'Google' })).toBe('google');
    expect(methodOf(microsoft)).toBe('microsoft');
    expect(methodOf({ type: 'oidc', provider: 'microsoft.com' })).toBe('microsoft');
  });

  test("any other provider is the organisation's single sign-on", () => {
    expect(methodOf(sso)).toBe('oidc');
    expect(methodOf({ type: 'oidc', provider: 'google.com.evil.example' })).toBe('oidc');
  });
});

describe('linkedMethods', () => {
  test('a switch is on when the account has a credential of its method', () => {
    expect(linkedMethods([password, google, sso, totp])).toEqual({
      password: true,
      google: true,
      microsoft: false,
      oidc: true,
      totp: true,
      webauthn: false,
    });
  });

  test('no credentials: every switch is off', () => {
    expect(Object.values(linkedMethods([]))).toEqual([false, false, false, false, false, false]);
  });
});

test('credentialIdsOf gives every credential of the method', () => {
  const all = [password, key1, google, key2, sso];
  expect(credentialIdsOf(all, 'webauthn')).toEqual(['w1', 'w2']);
  expect(credentialIdsOf(all, 'google')).toEqual(['g1']);
  expect(credentialIdsOf(all, 'oidc')).toEqual(['o1']);
  expect(credentialIdsOf(all, 'microsoft')).toEqual([]);
});

test('securityKeysOf lists the keys with their names, null for a key without one', () => {
  expect(securityKeysOf([password, key1, totp, key2])).toEqual([
    { id: 'w1', name: 'YubiKey 5C' },
    { id: 'w2', name: null },
  ]);
});

test('keyNameProblem follows the contract: a name of 1 to 64 characters once trimmed', () => {
  expect(keyNameProblem('YubiKey')).toBeNull();
  expect(keyNameProblem('x'.repeat(64))).toBeNull();
  expect(keyNameProblem('')).toBe('required');
  expect(keyNameProblem('   ')).toBe('required');
  expect(keyNameProblem('x'.repeat(65))).toBe('tooLong');
});

test('keyNameProblem holds a passkey to the same contract rule', () => {
  expect(keyNameProblem('Work laptop', 'passkey')).toBeNull();
  expect(keyNameProblem(` ${'x'.repeat(64)} `, 'passkey')).toBeNull();
  expect(keyNameProblem(' ', 'passkey')).toBe('required');
  expect(keyNameProblem('x'.repeat(65), 'passkey')).toBe('tooLong');
});

test('authMethods names Google and Microsoft by the word the list recognises, keeps other providers and key names', () => {
  const methods = authMethods([password, google, microsoft, sso, key1, key2]);
  expect(methods.map((method) => method.provider)).toEqual([
    null,
    'google',
    'microsoft',
    'sso.example.com',
    null,
    null,
  ]);
  expect(methods.map((method) => method.label)).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
    'YubiKey 5C',
    undefined,
  ]);
});

describe('linkResultOf', () => {
  test('a linked provider', () => {
    expect(linkResultOf(new URLSearchParams('linked=google'))).toEqual({ outcome: 'linked', provider: 'google' });
    expect(linkResultOf(new URLSearchParams('linked=oidc'))).toEqual({ outcome: 'linked', provider: 'oidc' });
  });

  test('an error with its kind; soft unless the address says hard', () => {
    expect(linkResultOf(new URLSearchParams('error=identity_already_linked&error_type=hard'))).toEqual({
      outcome: 'failed',
      code: 'identity_already_linked',
      kind: 'hard',
    });
    expect(linkResultOf(new URLSearchParams('error=access_denied'))).toEqual({
      outcome: 'failed',
      code: 'access_denied',
      kind: 'soft',
    });
  });

  test('a link that needs a recent sign-in names the provider to link after re-authenticating', () => {
    expect(linkResultOf(new URLSearchParams('error=requires_recent_login&error_type=soft&provider=microsoft'))).toEqual(
      {
        outcome: 'needs-recent-login',
        provider: 'microsoft',
      },
    );
    // Without a known provider there is nothing to resume: the error is shown.
    expect(linkResultOf(new URLSearchParams('error=requires_recent_login&provider=facebook'))).toMatchObject({
      outcome: 'failed',
      code: 'requires_recent_login',
    });
  });

  test('nothing, or an unknown provider, is no result', () => {
    expect(linkResultOf(new URLSearchParams(''))).toBeNull();
    expect(linkResultOf(new URLSearchParams('linked=facebook'))).toBeNull();
  });
});
