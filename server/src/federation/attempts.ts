import type { FederatedProviderId } from '@helios/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client';
import type { Context } from '../context';
import { safeEqual, sha256 } from '../security/tokens';
import { requestCookies } from '../session/portal-session';
import { fromJson } from '../store/store';

/** Why the browser went to the provider; decides what the callback does with the identity. */
export type AttemptPurpose =
  /** Sign in: the first factor of a login session at CredentialsRequired. */
  | { kind: 'login'; sessionId: string; returnQuery: string; email: string }
  /** Link from the login's offer to add a sign-in method (AskedCreateCredential). */
  | { kind: 'offer'; sessionId: string; returnQuery: string; email: string }
  /** Link to the signed-in account from the profile, then back to `from`. */
  | { kind: 'profile'; accountId: string; from: string };

/** One round trip to a provider: its state, PKCE verifier and nonce, and why it was made. */
export type Attempt = {
  provider: FederatedProviderId;
  codeVerifier: string;
  nonce: string;
  purpose: AttemptPurpose;
};

export const ATTEMPT_MS = 10 * 60_000;
/** Holds a hash of the state of the browser's current attempt (login CSRF): a callback whose
 * state this browser did not start is refused. Sent only to the callback. */
export const STATE_COOKIE = 'helios_oauth_state';
const STATE_COOKIE_PATH = '/auth/oauth/callback/';

/** Attempts are kept under the state's hash, so the store never holds a usable state. */
const key = (state: string) => `oauth-attempt:${sha256(state)}`;

function cookieOptions(ctx: Context, maxAgeMs: number | null) {
  return {
    path: STATE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.secure,
    ...(maxAgeMs === null ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
  };
}

/** Starts an attempt: fresh random state, nonce and PKCE verifier, kept in the store (shared by
 * every node) for ten minutes and bound to this browser by cookie. */
export async function beginAttempt(
  ctx: Context,
  reply: FastifyReply,
  provider: FederatedProviderId,
  purpose: AttemptPurpose,
): Promise<{ state: string; attempt: Attempt }> {
  const state = randomState();
  const attempt: Attempt = { provider, codeVerifier: randomPKCECodeVerifier(), nonce: randomNonce(), purpose };
  await ctx.store.set(key(state), JSON.stringify(attempt), ATTEMPT_MS);
  reply.setCookie(STATE_COOKIE, sha256(state), cookieOptions(ctx, ATTEMPT_MS));
  return { state, attempt };
}

/** Takes the attempt of a state: it can be used once. Null when unknown, expired or used. */
export async function takeAttempt(ctx: Context, state: string): Promise<Attempt | null> {
  return fromJson<Attempt>(await ctx.store.take(key(state)));
}

/** Whether this browser started the attempt of `state`. */
export function startedByThisBrowser(request: FastifyRequest, state: string): boolean {
  const bound = requestCookies(request)[STATE_COOKIE];
  return typeof bound === 'string' && safeEqual(bound, sha256(state));
}

export function forgetAttemptCookie(ctx: Context, reply: FastifyReply) {
  reply.clearCookie(STATE_COOKIE, cookieOptions(ctx, null));
}
