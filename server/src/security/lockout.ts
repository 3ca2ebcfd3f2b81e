/**
 * The lockout policy, applied to two kinds of client (OWASP's device cookies): browsers that
 * completed a sign-in for the account and hold its signed device cookie are counted and locked
 * each on its own; every other client shares the account's count. So a stranger's guesses lock
 * out strangers, and the owner's own browsers keep working.
 */

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

/** How long a trusted browser's count and lock history outlive its last failure or lock: after a
 * day without either, the browser starts afresh. */
export const DEVICE_HISTORY_MS = MAX_LOCK_MS;

/** How long to keep a trusted browser's state: while it is locked, and a day of history after. */
export function deviceStateTtlMs(state: LockState, now: Date): number {
  const lockLeft = state.lockedUntil === null ? 0 : Math.max(0, state.lockedUntil.getTime() - now.getTime());
  return lockLeft + DEVICE_HISTORY_MS;
}
