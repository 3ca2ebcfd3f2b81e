import { describe, expect, test } from 'vitest';
import { secondFactorMethodOf } from './security';

describe('which sign-in method a security mail names', () => {
  test('a removed or added passkey is named a passkey, a security key a security key (synced or not), as the profile lists them', () => {
    expect(secondFactorMethodOf({ type: 'passkey' })).toBe('passkey');
    const synced = { type: 'webauthn', data: { deviceType: 'multiDevice' } };
    expect(secondFactorMethodOf({ type: 'webauthn' })).toBe('security_key');
    expect(secondFactorMethodOf(synced)).toBe('security_key');
    expect(secondFactorMethodOf({ type: 'totp' })).toBe('totp');
  });

  test('a password or a provider is no second factor', () => {
    expect(secondFactorMethodOf({ type: 'password' })).toBeNull();
    expect(secondFactorMethodOf({ type: 'oidc' })).toBeNull();
  });
});
