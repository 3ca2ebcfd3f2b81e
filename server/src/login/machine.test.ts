import { describe, expect, test } from 'vitest';
import {
  type AccountFacts,
  authenticationMethods,
  canPerform,
  stateAfterFirstFactor,
  stateAfterPasskey,
  stateAfterSecondFactor,
  stateAfterStart,
} from './machine';

const account = (facts: Partial<AccountFacts> = {}): AccountFacts => ({
  passwordResetRequired: false,
  hasPassword: false,
  federatedCount: 0,
  totpCount: 0,
  securityKeyCount: 0,
  passkeyCount: 0,
  ...facts,
});

describe('after start', () => {
  test('unknown email and account without credentials look alike: one-time code', () => {
    expect(stateAfterStart(null)).toBe('OTPRequired');
    expect(stateAfterStart(account())).toBe('OTPRequired');
  });
  test('password or linked provider → choose credentials', () => {
    expect(stateAfterStart(account({ hasPassword: true }))).toBe('CredentialsRequired');
    expect(stateAfterStart(account({ federatedCount: 1 }))).toBe('CredentialsRequired');
  });
  test('reset required wins over everything', () => {
    expect(stateAfterStart(account({ hasPassword: true, passwordResetRequired: true }))).toBe('PasswordResetRequired');
    expect(stateAfterStart(account({ passwordResetRequired: true }), true)).toBe('PasswordResetRequired');
  });
  test('an email domain with automatic single sign-on chooses credentials, known or not', () => {
    expect(stateAfterStart(null, true)).toBe('CredentialsRequired');
    expect(stateAfterStart(account(), true)).toBe('CredentialsRequired');
  });
});

describe('security keys', () => {
  test('a security key is a second factor, like an authenticator', () => {
    expect(stateAfterFirstFactor(account({ hasPassword: true, securityKeyCount: 2 }), 'password', false)).toBe(
      'MfaRequired',
    );
    expect(stateAfterFirstFactor(account({ federatedCount: 1, securityKeyCount: 1 }), 'federated', true)).toBe('Done');
    expect(canPerform('MfaRequired', 'verify-webauthn')).toBe(true);
    expect(canPerform('CredentialsRequired', 'verify-webauthn')).toBe(false);
  });
});

describe('passkeys', () => {
  test('a passkey signs in alone, from a login with no email yet, and counts as both factors', () => {
    expect(canPerform('Start', 'verify-passkey')).toBe(true);
    expect(canPerform('CredentialsRequired', 'verify-passkey')).toBe(false);
    expect(stateAfterPasskey(account({ passkeyCount: 1 }))).toBe('Done');
    expect(authenticationMethods('passkey', undefined)).toEqual(['hwk', 'mfa']);
  });
  test('an account that must reset its password must do so after a passkey too', () => {
    expect(stateAfterPasskey(account({ passkeyCount: 1, passwordResetRequired: true }))).toBe('PasswordResetRequired');
  });
  test('a passkey is another way in: a code sign-in with one is not offered to add one', () => {
    expect(stateAfterSecondFactor(account({ passkeyCount: 1 }), 'otp')).toBe('Done');
    expect(stateAfterSecondFactor(account(), 'otp')).toBe('AskedCreateCredential');
    expect(canPerform('AskedCreateCredential', 'create-passkey')).toBe(true);
  });
});

describe('after the first factor', () => {
  test('one authenticator → second factor, unless the browser is remembered', () => {
    expect(stateAfterFirstFactor(account({ hasPassword: true, totpCount: 1 }), 'password', false)).toBe('MfaRequired');
    expect(stateAfterFirstFactor(account({ hasPassword: true, totpCount: 1 }), 'password', true)).toBe('Done');
  });
  test('several authenticators must be merged, remembered or not', () => {
    expect(stateAfterFirstFactor(account({ hasPassword: true, totpCount: 3 }), 'password', true)).toBe(
      'TOTPResetRequired',
    );
  });
  test('code sign-in without any other method → offer to add one', () => {
    expect(stateAfterFirstFactor(account(), 'otp', false)).toBe('AskedCreateCredential');
    expect(stateAfterFirstFactor(account({ federatedCount: 1 }), 'otp', false)).toBe('Done');
    expect(stateAfterSecondFactor(account({ totpCount: 1 }), 'otp')).toBe('AskedCreateCredential');
    expect(stateAfterSecondFactor(account({ hasPassword: true }), 'password')).toBe('Done');
  });
});

describe('which call fits which state', () => {
  test('each verify call only in its own state', () => {
    expect(canPerform('OTPRequired', 'verify-otp')).toBe(true);
    expect(canPerform('OTPRequired', 'verify-password')).toBe(false);
    expect(canPerform('CredentialsRequired', 'verify-password')).toBe(true);
    expect(canPerform('MfaRequired', 'verify-password')).toBe(false);
    expect(canPerform('MfaRequired', 'verify-mfa')).toBe(true);
    expect(canPerform('TOTPResetRequired', 'merge-mfa')).toBe(true);
    expect(canPerform('AskedCreateCredential', 'create-password')).toBe(true);
    expect(canPerform('Done', 'create-password')).toBe(false);
    expect(canPerform('PasswordResetRequired', 'verify-password')).toBe(false);
  });

  test('a recovery code fits only the second-factor step', () => {
    expect(canPerform('MfaRequired', 'verify-recovery-code')).toBe(true);
    for (const state of ['Start', 'OTPRequired', 'CredentialsRequired', 'TOTPResetRequired', 'Done'] as const)
      expect(canPerform(state, 'verify-recovery-code'), state).toBe(false);
  });
});

describe('how a sign-in was proven (amr)', () => {
  test('a first factor alone, or with a second factor and mfa', () => {
    expect(authenticationMethods('password', undefined)).toEqual(['pwd']);
    expect(authenticationMethods('federated', undefined)).toEqual(['fed']);
    expect(authenticationMethods('password', 'webauthn')).toEqual(['pwd', 'hwk', 'mfa']);
    expect(authenticationMethods('otp', 'totp')).toEqual(['otp', 'mfa']);
    expect(authenticationMethods('password', 'recovery_code')).toEqual(['pwd', 'otp', 'mfa']);
  });
});
