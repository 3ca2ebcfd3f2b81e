import { ApiError } from '@helios/api';
import { RESET_LINK_PASSWORD_POLICY } from '@helios/design-system';
import { type ErrorKey, errorCode, errorKeyForCode } from '../../lib/errors';

/** Spec §5 and §9: the set-password page's own minimum, 8 (the sign-in flow asks for 9); its
 * checklist shows the same policy. */
export const SET_PASSWORD_MIN_LENGTH = RESET_LINK_PASSWORD_POLICY.minLength;

export type NewPasswordProblem = {
  field: 'password' | 'repeat';
  key: 'reset.passwordEmpty' | 'reset.passwordMismatch' | 'reset.passwordTooShort';
};

/** The first rule the new password breaks, checked in the order the spec lists them, or null. */
export function validateNewPassword(password: string, repeat: string): NewPasswordProblem | null {
  if (password.length === 0) return { field: 'password', key: 'reset.passwordEmpty' };
  if (repeat !== password) return { field: 'repeat', key: 'reset.passwordMismatch' };
  // Counted in code points, as people count characters (an emoji is one).
  if (Array.from(password).length < SET_PASSWORD_MIN_LENGTH) {
    return { field: 'password', key: 'reset.passwordTooShort' };
  }
  return null;
}

export type ConfirmErrorKey = 'reset.failed' | 'reset.unexpected' | 'reset.network' | ErrorKey;

/**
 * The message for a failed confirm (spec §4): 406 "Password reset failed"; 422 the server's
 * password rule (e.g. a common password) when the app knows its code; a network failure its own
 * message; any other status "Something went wrong".
 */
export function confirmErrorKey(error: unknown): ConfirmErrorKey {
  if (!(error instanceof ApiError)) return 'reset.unexpected';
  if (error.isNetworkError) return 'reset.network';
  if (error.status === 406) return 'reset.failed';
  if (error.status === 422) {
    const key = errorKeyForCode(errorCode(error));
    const generic: string[] = ['errors.failedToAuthenticate', 'errors.unknown', 'errors.unexpected'];
    return generic.includes(key) ? 'reset.failed' : key;
  }
  return 'reset.unexpected';
}
