import { ApiError } from '@helios/api';
import { expect, test } from 'vitest';
import en from '../i18n/en';
import { errorKey, errorKeyForCode, isHardOtpError } from './errors';

test('known codes map to their message; unknown codes to "Failed to authenticate"; none to "Unknown error"', () => {
  expect(errorKeyForCode('invalid_credentials')).toBe('errors.invalidCredentials');
  expect(errorKeyForCode('pnty/helios/otp/retries-exceeded')).toBe('errors.otpRetriesExceeded');
  expect(errorKeyForCode('something_new')).toBe('errors.failedToAuthenticate');
  expect(errorKeyForCode(undefined)).toBe('errors.unknown');
  expect(en.errors.failedToAuthenticate).toBe('Failed to authenticate');
  expect(en.errors.unknown).toBe('Unknown error');
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
