import { describe, expect, it } from 'vitest';
import { type CredentialMethod, credentialSwitchRules } from './credential-switches';

const enabled = { disabled: false };

describe('credentialSwitchRules', () => {
  it('leaves every switch free for a non-user account with an email', () => {
    expect(credentialSwitchRules({ isUser: false, hasEmail: true })).toEqual({
      password: enabled,
      google: enabled,
      microsoft: enabled,
      oidc: enabled,
      totp: enabled,
      webauthn: enabled,
    });
  });

  it('locks only the password switch of a user account', () => {
    expect(credentialSwitchRules({ isUser: true, hasEmail: true })).toEqual({
      password: { disabled: true, reason: 'user-password' },
      google: enabled,
      microsoft: enabled,
      oidc: enabled,
      totp: enabled,
      webauthn: enabled,
    });
  });

  it('locks the providers and two-factor without an email, but not password or security key', () => {
    expect(credentialSwitchRules({ isUser: false, hasEmail: false })).toEqual({
      password: enabled,
      google: { disabled: true, reason: 'no-email' },
      microsoft: { disabled: true, reason: 'no-email' },
      oidc: { disabled: true, reason: 'no-email' },
      totp: { disabled: true, reason: 'no-email' },
      webauthn: enabled,
    });
  });

  it('applies both locks to a user account without an email', () => {
    const rules = credentialSwitchRules({ isUser: true, hasEmail: false });
    expect(rules.password).toEqual({ disabled: true, reason: 'user-password' });
    expect(rules.google.reason).toBe('no-email');
    expect(rules.totp.reason).toBe('no-email');
    expect(rules.webauthn).toEqual(enabled);
  });

  it('disables the pending switch without a reason, and no other', () => {
    for (const pending of ['password', 'google', 'microsoft', 'oidc', 'totp', 'webauthn'] as CredentialMethod[]) {
      const rules = credentialSwitchRules({ isUser: false, hasEmail: true, pending });
      for (const [method, rule] of Object.entries(rules)) {
        expect(rule, `${method} while ${pending} is pending`).toEqual({ disabled: method === pending });
      }
    }
  });

  it('keeps the lock reason of a pending switch that is also locked', () => {
    expect(credentialSwitchRules({ isUser: true, hasEmail: true, pending: 'password' }).password).toEqual({
      disabled: true,
      reason: 'user-password',
    });
  });
});
