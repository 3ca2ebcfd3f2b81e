import { ErrorCode, requiresRecentLogin } from '@helios/api';

/**
 * Runs a call that may change how the person signs in. When the server answers that it needs a
 * recent sign-in (403 `requires_recent_login`), `reauthenticate` asks the person to confirm it
 * is them (true once they have) and the call runs once more; when they do not, the server's
 * answer stands. Any other answer is the call's own.
 */
export async function withStepUp<T>(action: () => Promise<T>, reauthenticate: () => Promise<boolean>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!requiresRecentLogin(error) || !(await reauthenticate())) throw error;
    return action();
  }
}

/** Refusals of the first factor (password or mailed code): the dialog asks for it again. Every
 * other refusal concerns the second factor or the account (locked, too many tries) and keeps the
 * dialog where it is. */
const FIRST_FACTOR_ERRORS = new Set<string>([
  ErrorCode.invalidCredentials,
  ErrorCode.otpInvalid,
  ErrorCode.otpSessionInvalid,
  ErrorCode.otpRetriesExceeded,
]);

export function stepAfterRefusal(code: string | undefined, current: 'first' | 'second'): 'first' | 'second' {
  return code !== undefined && FIRST_FACTOR_ERRORS.has(code) ? 'first' : current;
}
