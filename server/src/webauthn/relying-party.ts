import { type AuthenticationResponse, ErrorCode, type RegistrationResponse } from '@helios/api';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { z } from 'zod';
import type { Context } from '../context';
import { HttpError } from '../http/errors';

/** ES256 (security keys, platform authenticators) and RS256 (Windows Hello): what the keys
 * people own can make. Registration offers and accepts the same list. */
export const SUPPORTED_ALGORITHMS = [-7, -257];

export const REGISTER_CHALLENGE_MS = 5 * 60_000;
export const LOGIN_CHALLENGE_MS = 2 * 60_000;

/** Who the keys are bound to: the host of the public address (keys made for it work on every
 * node behind it) and the exact origin the browser must report. Read per request because the
 * public address is configuration, not a constant. */
export function relyingParty(ctx: Context) {
  const url = new URL(ctx.config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Helios' };
}

/**
 * The WebAuthn user handle of an account: derived from its id with the server's keyed hash, so
 * it is stable across keys and nodes without being stored, and says nothing about the person
 * (authenticators may show or sync it; an email would leak).
 */
export function userHandle(ctx: Context, accountId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(ctx.secrets.mac(`webauthn-user-handle:${accountId}`), 'base64url'));
}

const registerKey = (accountId: string) => `webauthn:register:${accountId}`;
const loginKey = (sessionId: string) => `webauthn:login:${sessionId}`;
const reauthKey = (portalSessionKey: string) => `webauthn:reauth:${portalSessionKey}`;

/** Challenges live in the store (any node may answer the verify call) and are taken on use, so
 * one set of options can be answered once. A newer request replaces an older one. */
export const challenges = {
  forRegistration: (ctx: Context, accountId: string, challenge: string) =>
    ctx.store.set(registerKey(accountId), challenge, REGISTER_CHALLENGE_MS),
  takeForRegistration: (ctx: Context, accountId: string) => ctx.store.take(registerKey(accountId)),
  forLogin: (ctx: Context, sessionId: string, challenge: string) =>
    ctx.store.set(loginKey(sessionId), challenge, LOGIN_CHALLENGE_MS),
  takeForLogin: (ctx: Context, sessionId: string) => ctx.store.take(loginKey(sessionId)),
  /** Re-authentication of a portal session (by its key). */
  forReauth: (ctx: Context, portalSessionKey: string, challenge: string) =>
    ctx.store.set(reauthKey(portalSessionKey), challenge, LOGIN_CHALLENGE_MS),
  takeForReauth: (ctx: Context, portalSessionKey: string) => ctx.store.take(reauthKey(portalSessionKey)),
};

export const webauthnErrors = {
  noPending: () =>
    new HttpError(409, ErrorCode.noPendingWebauthn, 'No security-key request pending; ask for a new one'),
  /** One answer for every failed check, so a caller cannot probe which one failed. At sign-in it
   * is 401 like a wrong code; in the profile 400, since 401 there means "signed out". */
  loginFailed: () => new HttpError(401, ErrorCode.webauthnFailed, 'The security key was not accepted'),
  registrationFailed: () => new HttpError(400, ErrorCode.webauthnFailed, 'The security key was not accepted'),
  /** Re-authentication in the profile: 400 like registration. */
  reauthFailed: () => new HttpError(400, ErrorCode.webauthnFailed, 'The security key was not accepted'),
};

let library: Promise<typeof import('@simplewebauthn/server')> | null = null;
/** The WebAuthn library, loaded on the first security-key call rather than at start (it is one
 * of the largest modules the server loads). */
export function webauthn() {
  library ??= import('@simplewebauthn/server');
  return library;
}

/** The browser's JSON forms may carry `null` where the verification library wants absence. */
export function attestationOf(response: z.output<typeof RegistrationResponse>): RegistrationResponseJSON {
  return { ...response, authenticatorAttachment: response.authenticatorAttachment ?? undefined };
}

export function assertionOf(response: z.output<typeof AuthenticationResponse>): AuthenticationResponseJSON {
  return {
    ...response,
    authenticatorAttachment: response.authenticatorAttachment ?? undefined,
    response: { ...response.response, userHandle: response.response.userHandle ?? undefined },
  };
}
