import { ApiError, ErrorCode } from '@helios/api';
import { describe, expect, test } from 'vitest';
import { confirmErrorKey, validateNewPassword } from './new-password';

describe('validateNewPassword', () => {
  test('an empty password is reported on the password field', () => {
    expect(validateNewPassword('', '')).toEqual({ field: 'password', key: 'reset.passwordEmpty' });
  });

  test('a repeat that differs is reported on the repeat field', () => {
    expect(validateNewPassword('LongEnough1!', 'LongEnough1?')).toEqual({
      field: 'repeat',
      key: 'reset.passwordMismatch',
    });
  });

  test('fewer than 8 characters is too short', () => {
    expect(validateNewPassword('Short1!', 'Short1!')).toEqual({ field: 'password', key: 'reset.passwordTooShort' });
  });

  test('exactly 8 characters is enough', () => {
    expect(validateNewPassword('abcdefgh', 'abcdefgh')).toBeNull();
  });

  test('characters are counted as people count them', () => {
    expect(validateNewPassword('🔑🔑🔑🔑🔑🔑🔑', '🔑🔑🔑🔑🔑🔑🔑')?.key).toBe('reset.passwordTooShort');
  });
});

describe('confirmErrorKey', () => {
  const apiError = (status: number, type?: string) =>
    new ApiError(status, 'status', type ? [{ type, msg: 'message' }] : []);

  test('406 is a failed reset', () => {
    expect(confirmErrorKey(apiError(406, ErrorCode.invalidOrExpiredToken))).toBe('reset.failed');
  });

  test('422 with a known password rule shows that rule', () => {
    expect(confirmErrorKey(apiError(422, ErrorCode.commonPassword))).toBe('errors.commonPassword');
  });

  test('422 without a code the app knows is a failed reset', () => {
    expect(confirmErrorKey(apiError(422, ErrorCode.validation))).toBe('reset.failed');
    expect(confirmErrorKey(apiError(422))).toBe('reset.failed');
  });

  test('other statuses are unexpected', () => {
    expect(confirmErrorKey(apiError(500, ErrorCode.internal))).toBe('reset.unexpected');
    expect(confirmErrorKey(apiError(429, ErrorCode.rateLimited))).toBe('reset.unexpected');
    expect(confirmErrorKey(new Error('boom'))).toBe('reset.unexpected');
  });

  test('no answer at all is a network error', () => {
    expect(confirmErrorKey(apiError(0, 'network_error'))).toBe('reset.network');
  });
});
