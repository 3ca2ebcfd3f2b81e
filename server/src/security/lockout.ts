/** After this many consecutive failed password or TOTP attempts the account locks. */
export const LOCK_THRESHOLD = 10;
export const FIRST_LOCK_MS = 15 * 60_000;
export const MAX_LOCK_MS = 24 * 60 * 60_000;

export type LockState = { failedAttempts: number; lockCount: number; lockedUntil: Date | null };

export function isLocked(state: Pick<LockState, 'lockedUntil'>, now: Date): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/** Lock length for the n-th lock (0-based): 15 min, doubling each time, capped at a day. */
export function lockDuration(lockCount: number): number {
  return Math.min(FIRST_LOCK_MS * 2 ** lockCount, MAX_LOCK_MS);
}

/** The state after one more failure: the tenth in a row locks the account and starts a new count. */
export function afterFailure(state: LockState, now: Date): LockState {
  const failedAttempts = state.failedAttempts + 1;
  if (failedAttempts < LOCK_THRESHOLD) return { ...state, failedAttempts };
  return {
    failedAttempts: 0,
    lockCount: state.lockCount + 1,
    lockedUntil: new Date(now.getTime() + lockDuration(state.lockCount)),
  };
}

/** A success clears the failure count; the lock history stays so repeat offenders wait longer. */
export function afterSuccess(state: LockState): LockState {
  return { ...state, failedAttempts: 0, lockedUntil: null };
}

/** A password reset lifts the lock and forgets the history. */
export function afterReset(): LockState {
  return { failedAttempts: 0, lockCount: 0, lockedUntil: null };
}
