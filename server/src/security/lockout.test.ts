import { describe, expect, test } from 'vitest';
import {
  afterFailure,
  afterReset,
  afterSuccess,
  DEVICE_HISTORY_MS,
  deviceStateTtlMs,
  isLocked,
  LOCK_THRESHOLD,
  type LockState,
  lockDuration,
} from './lockout';

const fresh: LockState = { failedAttempts: 0, lockCount: 0, lockedUntil: null };
const minutes = (n: number) => n * 60_000;

function failTimes(state: LockState, times: number, now: Date): LockState {
  let next = state;
  for (let i = 0; i < times; i++) next = afterFailure(next, now);
  return next;
}

describe('lockout', () => {
  const now = new Date('2026-01-01T12:00:00Z');

  test('nine failures do not lock; the tenth locks for 15 minutes', () => {
    const nine = failTimes(fresh, LOCK_THRESHOLD - 1, now);
    expect(isLocked(nine, now)).toBe(false);
    const ten = afterFailure(nine, now);
    expect(ten.lockedUntil?.getTime()).toBe(now.getTime() + minutes(15));
    expect(isLocked(ten, new Date(now.getTime() + minutes(14)))).toBe(true);
    expect(isLocked(ten, new Date(now.getTime() + minutes(15)))).toBe(false);
  });

  test('each further lock doubles, capped at a day', () => {
    expect([0, 1, 2, 3].map(lockDuration)).toEqual([minutes(15), minutes(30), minutes(60), minutes(120)]);
    expect(lockDuration(20)).toBe(24 * minutes(60));
    const first = failTimes(fresh, 10, now);
    const later = new Date(now.getTime() + minutes(16));
    const second = failTimes(first, 10, later);
    expect(second.lockedUntil?.getTime()).toBe(later.getTime() + minutes(30));
  });

  test('a success clears the count but keeps the history; a reset forgets everything', () => {
    const some = failTimes(fresh, 5, now);
    expect(afterSuccess(some).failedAttempts).toBe(0);
    const locked = failTimes(fresh, 10, now);
    expect(afterSuccess(locked).lockCount).toBe(1);
    expect(afterReset()).toEqual(fresh);
  });

  test("a trusted browser's state is kept while it is locked and a day after", () => {
    expect(deviceStateTtlMs(failTimes(fresh, 3, now), now)).toBe(DEVICE_HISTORY_MS);
    const locked = failTimes(fresh, 10, now);
    expect(deviceStateTtlMs(locked, now)).toBe(minutes(15) + DEVICE_HISTORY_MS);
    expect(deviceStateTtlMs(locked, new Date(now.getTime() + minutes(20)))).toBe(DEVICE_HISTORY_MS);
  });
});
