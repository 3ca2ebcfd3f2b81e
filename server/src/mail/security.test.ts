import { describe, expect, test } from 'vitest';
import { secondFactorMethodOf } from './security';

describe('which sign-in method a security mail names', () => {
  test('a removed or added passkey is named a passkey, a security key a security key', () => {
    expect(secondFactorMethodOf({ type: 'passkey', data: {} })).toBe('passkey');
    expect(secondFactorMethodOf({ type: 'webauthn', data: { deviceType: 'singleDevice' } })).toBe('security_key');
    expect(secondFactorMethodOf({ type: 'webauthn', data: { deviceType: 'multiDevice' } })).toBe('passkey');
    expect(secondFactorMethodOf({ type: 'totp' })).toBe('totp');
  });

  test('a password or a provider is no second factor', () => {
    expect(secondFactorMethodOf({ type: 'password' })).toBeNull();
    expect(secondFactorMethodOf({ type: 'oidc' })).toBeNull();
  });
});
