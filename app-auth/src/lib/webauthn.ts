import {
  ErrorCode,
  type PublicKeyOptions,
  type VerifyWebauthnRequest,
  type WebauthnRegisterRequest,
} from '@helios/api';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';

/** How a security-key prompt in the browser can fail, as codes the app translates like the
 * server's: closed, timed out or no key answered; the key is already registered; no WebAuthn
 * in this browser; anything else. */
export const SecurityKeyErrorCode = {
  cancelled: 'webauthn_cancelled',
  alreadyRegistered: 'webauthn_already_registered',
  unsupported: 'webauthn_unsupported',
  failed: ErrorCode.webauthnFailed,
} as const;
export type SecurityKeyErrorCode = (typeof SecurityKeyErrorCode)[keyof typeof SecurityKeyErrorCode];

/** A security-key prompt that did not produce an answer. */
export class SecurityKeyError extends Error {
  readonly code: SecurityKeyErrorCode;

  constructor(code: SecurityKeyErrorCode, options?: { cause?: unknown }) {
    super(code, options);
    this.name = 'SecurityKeyError';
    this.code = code;
  }
}

/**
 * Sorts a failed prompt by the DOMException name the browser gave (the library keeps it on its
 * WebAuthnError). Browsers report a closed prompt, a timeout and "no registered key answered"
 * alike as NotAllowedError, on purpose, so they cannot be told apart.
 */
export function securityKeyErrorCode(error: unknown): SecurityKeyErrorCode {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  if (name === 'NotAllowedError' || name === 'AbortError') return SecurityKeyErrorCode.cancelled;
  if (name === 'InvalidStateError') return SecurityKeyErrorCode.alreadyRegistered;
  return SecurityKeyErrorCode.failed;
}

async function prompt<T>(ask: () => Promise<T>): Promise<T> {
  if (!browserSupportsWebAuthn()) throw new SecurityKeyError(SecurityKeyErrorCode.unsupported);
  try {
    return await ask();
  } catch (error) {
    throw new SecurityKeyError(securityKeyErrorCode(error), { cause: error });
  }
}

// The options come from the server's WebAuthn library in the JSON form this library reads; the
// contract checks only their shape and size, so their type is asserted here. The extension
// results are copied into a plain object, the contract's type for them.

/** Asks the browser to register a new security key for the server's creation options. */
export async function registerSecurityKey(options: PublicKeyOptions): Promise<WebauthnRegisterRequest['response']> {
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  const answer = await prompt(() => startRegistration({ optionsJSON }));
  return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
}

/** Asks the browser to sign the server's challenge with one of the account's security keys. */
export async function authenticateWithSecurityKey(
  options: PublicKeyOptions,
): Promise<VerifyWebauthnRequest['response']> {
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const answer = await prompt(() => startAuthentication({ optionsJSON }));
  return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
}
