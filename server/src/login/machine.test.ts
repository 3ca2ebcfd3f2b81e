import { describe, expect, test } from 'vitest';
import {
  type AccountFacts,
  canPerform,
  stateAfterFirstFactor,
  stateAfterSecondFactor,
  stateAfterStart,
} from './machine';

const account = (facts: Partial<AccountFacts> = {}): AccountFacts => ({
  passwordResetRequired: false,
  hasPassword: false,
  federatedCount: 0,
  totpCount: 0,
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
});
