import {
  ApiError,
  ErrorCode,
  type PasskeyRegisterRequest,
  type PublicKeyOptions,
  type VerifyPasskeyRequest,
} from '@helios/api';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { ErrorKey } from './errors';
import { SecurityKeyError, SecurityKeyErrorCode, securityKeyErrorCode } from './webauthn';

let library: Promise<typeof import('@simplewebauthn/browser')> | null = null;
/** The browser's WebAuthn library, loaded on the first passkey call: /login's first load does
 * not carry it. */
function webauthn() {
  library ??= import('@simplewebauthn/browser');
  return library;
}

/** Whether the browser offers passkeys in the email field's autofill (conditional UI). */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  const { browserSupportsWebAuthnAutofill } = await webauthn();
  return browserSupportsWebAuthnAutofill();
}

/** Ends a passkey request in progress (the autofill one waits until then): the person went on
 * another way. Nothing to end when the library never loaded. */
export function cancelPasskeyRequest() {
  void library?.then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
}

async function prompt<T>(ask: (lib: Awaited<ReturnType<typeof webauthn>>) => Promise<T>): Promise<T> {
  const lib = await webauthn();
  if (!lib.browserSupportsWebAuthn()) throw new SecurityKeyError(SecurityKeyErrorCode.unsupported);
  try {
    return await ask(lib);
  } catch (error) {
    throw new SecurityKeyError(securityKeyErrorCode(error), { cause: error });
  }
}

// The options come from the server's WebAuthn library in the JSON form this library reads; the
// contract checks only their shape and size. Extension results are copied into a plain object.

/** Asks the browser for one of this site's passkeys: in a prompt, or (`autofill`) among the
 * email field's suggestions, where it waits until the person picks one or it is cancelled. */
export async function askForPasskey(
  options: PublicKeyOptions,
  autofill: boolean,
): Promise<VerifyPasskeyRequest['response']> {
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const answer = await prompt((lib) => lib.startAuthentication({ optionsJSON, useBrowserAutofill: autofill }));
  return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
}

/** Asks the browser to create a passkey for the server's creation options. */
export async function createPasskeyAnswer(options: PublicKeyOptions): Promise<PasskeyRegisterRequest['response']> {
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  const answer = await prompt((lib) => lib.startRegistration({ optionsJSON }));
  return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
}

/** The message for a failed passkey call, in passkey words; other errors by their code. */
export function passkeyErrorKey(error: unknown, fallback: (error: unknown) => ErrorKey): ErrorKey {
  if (error instanceof SecurityKeyError) {
    if (error.code === SecurityKeyErrorCode.cancelled) return 'errors.passkeyCancelled';
    if (error.code === SecurityKeyErrorCode.unsupported) return 'errors.passkeyUnsupported';
    if (error.code === SecurityKeyErrorCode.alreadyRegistered) return 'errors.passkeyAlreadyRegistered';
    return 'errors.passkeyFailed';
  }
  if (error instanceof ApiError && error.type === ErrorCode.webauthnFailed) return 'errors.passkeyFailed';
  return fallback(error);
}
