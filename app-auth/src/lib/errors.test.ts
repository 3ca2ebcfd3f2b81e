import { ApiError, ErrorCode } from '@helios/api';
import { expect, test } from 'vitest';
import en from '../i18n/en';
import sv from '../i18n/sv';
import { errorKey, errorKeyForCode, isHardOtpError } from './errors';
import { SecurityKeyError, SecurityKeyErrorCode } from './webauthn';

test('known codes map to their message; unknown codes to "Signing in failed"; none to "Something went wrong"', () => {
  expect(errorKeyForCode('invalid_credentials')).toBe('errors.invalidCredentials');
  expect(errorKeyForCode('pnty/helios/otp/retries-exceeded')).toBe('errors.otpRetriesExceeded');
  expect(errorKeyForCode('something_new')).toBe('errors.failedToAuthenticate');
  expect(errorKeyForCode(undefined)).toBe('errors.unknown');
  expect(en.errors.failedToAuthenticate).toBe('Signing in failed. Try again.');
  expect(en.errors.unknown).toBe('Something went wrong.');
});

test('a network failure has its own message', () => {
  expect(errorKey(new ApiError(0, 'Network error', [{ type: 'network_error', msg: '' }]))).toBe('errors.network');
  expect(errorKey(new Error('boom'))).toBe('errors.unknown');
});

test('every mapped key exists in the English texts', () => {
  for (const code of [
    'invalid_credentials',
    'account_locked',
    'popup_blocked',
    'access_denied',
    'requires_recent_login',
  ]) {
    const key = errorKeyForCode(code).replace('errors.', '') as keyof typeof en.errors;
    expect(en.errors[key]).toBeTruthy();
  }
});

test('expired and exhausted codes are hard errors; a wrong code is soft', () => {
  expect(isHardOtpError('pnty/helios/otp/session/invalid')).toBe(true);
  expect(isHardOtpError('pnty/helios/otp/retries-exceeded')).toBe(true);
  expect(isHardOtpError('pnty/helios/otp/invalid')).toBe(false);
});

test('every provider, security-key and hand-off code has a message of its own in both languages', () => {
  const codes = [
    ErrorCode.providerNotConfigured,
    ErrorCode.providerDenied,
    ErrorCode.providerFailed,
    ErrorCode.providerStateInvalid,
    ErrorCode.providerEmailUnverified,
    ErrorCode.providerEmailMismatch,
    ErrorCode.providerNoAccount,
    ErrorCode.identityInUse,
    ErrorCode.identityAlreadyLinked,
    ErrorCode.webauthnFailed,
    ErrorCode.noPendingWebauthn,
    ErrorCode.sharingPortalNotConfigured,
    ErrorCode.interactionMissing,
    ...Object.values(SecurityKeyErrorCode),
  ];
  const keys = codes.map((code) => errorKeyForCode(code));
  for (const [index, key] of keys.entries()) {
    expect(key, codes[index]).not.toBe('errors.failedToAuthenticate');
    const name = key.replace('errors.', '') as keyof typeof en.errors;
    expect(en.errors[name]).toBeTruthy();
    expect(sv.errors[name]).not.toBe(en.errors[name]);
  }
  // Distinct problems read differently: only the security key's own failure shares a message.
  expect(new Set(keys).size).toBe(keys.length - 1);
  expect(en.errors.accountExists).toBe(
    'An account already exists with this email address or another way of signing in.',
  );
});

test('a failed security-key prompt is translated by its kind', () => {
  expect(errorKey(new SecurityKeyError(SecurityKeyErrorCode.cancelled))).toBe('errors.webauthnCancelled');
  expect(errorKey(new SecurityKeyError(SecurityKeyErrorCode.unsupported))).toBe('errors.webauthnUnsupported');
});

test('making recovery codes without a second factor has its own message, in English and Swedish', () => {
  expect(errorKeyForCode(ErrorCode.noSecondFactor)).toBe('errors.noSecondFactor');
  expect(en.errors.noSecondFactor).toContain('second factor');
  expect(sv.errors.noSecondFactor).toContain('andra faktor');
});
