import { WebAuthnError } from '@simplewebauthn/browser';
import { expect, test } from 'vitest';
import { SecurityKeyErrorCode, securityKeyErrorCode } from './webauthn';

const domError = (name: string) => new DOMException('The operation either timed out or was not allowed.', name);

test('a closed, timed-out or aborted prompt is "cancelled", also when the library wraps it', () => {
  expect(securityKeyErrorCode(domError('NotAllowedError'))).toBe(SecurityKeyErrorCode.cancelled);
  expect(securityKeyErrorCode(domError('AbortError'))).toBe(SecurityKeyErrorCode.cancelled);
  const wrapped = new WebAuthnError({
    message: 'closed',
    code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
    cause: domError('NotAllowedError'),
  });
  expect(securityKeyErrorCode(wrapped)).toBe(SecurityKeyErrorCode.cancelled);
});

test('a key that is already registered has its own message', () => {
  const wrapped = new WebAuthnError({
    message: 'The authenticator was previously registered',
    code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
    cause: domError('InvalidStateError'),
  });
  expect(securityKeyErrorCode(wrapped)).toBe(SecurityKeyErrorCode.alreadyRegistered);
});

test('anything else is a failed key', () => {
  for (const error of [
    domError('SecurityError'),
    domError('UnknownError'),
    new Error('boom'),
    'text',
    null,
    undefined,
  ]) {
    expect(securityKeyErrorCode(error)).toBe(SecurityKeyErrorCode.failed);
  }
});
