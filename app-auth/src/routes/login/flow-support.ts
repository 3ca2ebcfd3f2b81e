import { ErrorCode } from '@helios/api';
import { errorCode, errorKey, isHardOtpError } from '../../lib/errors';

// What the login flow needs once it talks to the server, kept out of the first chunk with the
// contract's schemas: the sign-in form is usable before this arrives.
export { errorCode, errorKey, errorKeyForCode } from '../../lib/errors';
export { interactionOf } from '../../lib/interaction';
export {
  askForPasskey,
  cancelPasskeyRequest,
  createPasskeyAnswer,
  passkeyAutofillAvailable,
  passkeyErrorKey,
} from '../../lib/passkeys';
export { authenticateWithSecurityKey } from '../../lib/webauthn';

const RESETTING_CODES = new Set<string>([ErrorCode.invalidLoginSessionState, ErrorCode.loginSessionMissing]);

/** How a failed call shows: its code and message, whether it replaces the step's input (a dead
 * code, a locked account), and whether the login starts over. */
export function loginFailure(error: unknown) {
  const code = errorCode(error);
  return {
    code,
    key: errorKey(error),
    hard: isHardOtpError(code) || code === ErrorCode.accountLocked,
    restarts: code !== undefined && RESETTING_CODES.has(code),
  };
}
