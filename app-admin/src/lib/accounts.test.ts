import { expect, test } from 'vitest';
import { accountType, canDeleteCredential, tokensPath } from './accounts';

test('type label: user first, then stakeholder, else unknown', () => {
  expect(accountType({ is_user: true, is_stakeholder: false })).toBe('user');
  expect(accountType({ is_user: true, is_stakeholder: true })).toBe('user');
  expect(accountType({ is_user: false, is_stakeholder: true })).toBe('stakeholder');
  expect(accountType({ is_user: false, is_stakeholder: false })).toBe('unknown');
});

test('the password of a user account cannot be deleted; everything else can', () => {
  expect(canDeleteCredential({ is_user: true }, { type: 'password' })).toBe(false);
  expect(canDeleteCredential({ is_user: false }, { type: 'password' })).toBe(true);
  for (const type of ['oidc', 'webauthn', 'totp'] as const) {
    expect(canDeleteCredential({ is_user: true }, { type })).toBe(true);
  }
});

test('tokens path encodes the email and id', () => {
  expect(tokensPath({ id: 'abc', email: 'anna+test@example.com' })).toBe('/tokens/anna%2Btest%40example.com/abc');
});
