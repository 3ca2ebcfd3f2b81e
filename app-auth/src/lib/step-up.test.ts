import { ApiError, ErrorCode } from '@helios/api';
import { describe, expect, test, vi } from 'vitest';
import { stepAfterRefusal, withStepUp } from './step-up';

const recentLoginNeeded = () =>
  new ApiError(403, 'Forbidden', [{ type: ErrorCode.requiresRecentLogin, msg: 'Sign in again' }]);

describe('withStepUp', () => {
  test('a call that succeeds runs once and never asks to re-authenticate', async () => {
    const action = vi.fn(async () => 'done');
    const reauthenticate = vi.fn(async () => true);
    expect(await withStepUp(action, reauthenticate)).toBe('done');
    expect(action).toHaveBeenCalledOnce();
    expect(reauthenticate).not.toHaveBeenCalled();
  });

  test('requires_recent_login asks to re-authenticate, then runs the call again', async () => {
    const action = vi.fn().mockRejectedValueOnce(recentLoginNeeded()).mockResolvedValueOnce('done');
    const reauthenticate = vi.fn(async () => true);
    expect(await withStepUp(action, reauthenticate)).toBe('done');
    expect(action).toHaveBeenCalledTimes(2);
    expect(reauthenticate).toHaveBeenCalledOnce();
  });

  test('a person who does not re-authenticate gets the server answer, and the call is not repeated', async () => {
    const refusal = recentLoginNeeded();
    const action = vi.fn().mockRejectedValue(refusal);
    await expect(withStepUp(action, async () => false)).rejects.toBe(refusal);
    expect(action).toHaveBeenCalledOnce();
  });

  test('any other refusal passes through without asking', async () => {
    const forbidden = new ApiError(403, 'Forbidden', [{ type: ErrorCode.forbidden, msg: 'No' }]);
    const reauthenticate = vi.fn(async () => true);
    await expect(withStepUp(() => Promise.reject(forbidden), reauthenticate)).rejects.toBe(forbidden);
    expect(reauthenticate).not.toHaveBeenCalled();
  });

  test('asks at most once: a second requires_recent_login is the answer', async () => {
    const action = vi.fn().mockRejectedValue(recentLoginNeeded());
    const reauthenticate = vi.fn(async () => true);
    await expect(withStepUp(action, reauthenticate)).rejects.toBeInstanceOf(ApiError);
    expect(action).toHaveBeenCalledTimes(2);
    expect(reauthenticate).toHaveBeenCalledOnce();
  });
});

test('a refused password or mailed code asks for it again; a refused second factor stays on it', () => {
  expect(stepAfterRefusal(ErrorCode.invalidCredentials, 'second')).toBe('first');
  expect(stepAfterRefusal(ErrorCode.otpInvalid, 'second')).toBe('first');
  expect(stepAfterRefusal(ErrorCode.invalidTotp, 'second')).toBe('second');
  expect(stepAfterRefusal(ErrorCode.webauthnFailed, 'second')).toBe('second');
  expect(stepAfterRefusal(ErrorCode.accountLocked, 'first')).toBe('first');
  expect(stepAfterRefusal(undefined, 'second')).toBe('second');
});
