import { ErrorCode } from '@helios/api';

/** What a provider said about the person, read from an ID token that passed every check. */
export type Assertion = {
  /** The token's own issuer (for Microsoft's common endpoint: the person's directory). */
  issuer: string;
  subject: string;
  /** Lower-cased; null when the provider sent none. */
  email: string | null;
  /** True only when the provider asserts `email_verified: true`. */
  emailVerified: boolean;
};

/** What is known about the identity and the account it would belong to. */
export type IdentityFacts = {
  /** The account the identity is already bound to, if any. */
  boundTo: string | null;
  /** The account already has a different identity from the same provider. */
  otherIdentityOfProvider: boolean;
};

export type Decision =
  | { kind: 'use'; accountId: string }
  | { kind: 'link'; accountId: string }
  | { kind: 'refuse'; code: RefusalCode };

export type RefusalCode =
  | typeof ErrorCode.identityInUse
  | typeof ErrorCode.identityAlreadyLinked
  | typeof ErrorCode.providerEmailUnverified
  | typeof ErrorCode.providerEmailMismatch
  | typeof ErrorCode.providerNoAccount;

const refuse = (code: RefusalCode): Decision => ({ kind: 'refuse', code });

/**
 * Signing in with a provider for a login session. A bound identity signs in its own account and
 * no other. An unbound one is linked only when the provider vouches for the login's email
 * (`email_verified`) and that email has an account: anything else would let a provider's claim
 * take over an account.
 */
export function decideSignIn(
  identity: IdentityFacts,
  login: { email: string; accountId: string | null },
  asserted: Assertion,
): Decision {
  if (identity.boundTo !== null) {
    return identity.boundTo === login.accountId
      ? { kind: 'use', accountId: identity.boundTo }
      : refuse(ErrorCode.identityInUse);
  }
  if (!asserted.emailVerified) return refuse(ErrorCode.providerEmailUnverified);
  if (asserted.email !== login.email) return refuse(ErrorCode.providerEmailMismatch);
  if (login.accountId === null) return refuse(ErrorCode.providerNoAccount);
  if (identity.otherIdentityOfProvider) return refuse(ErrorCode.identityAlreadyLinked);
  return { kind: 'link', accountId: login.accountId };
}

/**
 * Linking a provider to an account whose owner is already signed in (by code at the login's
 * offer, or with a portal session on the profile): the provider's email does not matter. The
 * same identity again is harmless; one bound elsewhere, or a second identity of a provider the
 * account already has, is refused.
 */
export function decideLink(identity: IdentityFacts, accountId: string): Decision {
  if (identity.boundTo !== null) {
    return identity.boundTo === accountId ? { kind: 'use', accountId } : refuse(ErrorCode.identityInUse);
  }
  if (identity.otherIdentityOfProvider) return refuse(ErrorCode.identityAlreadyLinked);
  return { kind: 'link', accountId };
}

/** Refusals the person cannot get past by trying the same provider again. */
const HARD = new Set<string>([
  ErrorCode.identityInUse,
  ErrorCode.identityAlreadyLinked,
  ErrorCode.providerEmailUnverified,
  ErrorCode.providerNoAccount,
]);

/** `error_type` of a code sent back to the page: `hard` when retrying cannot help. */
export function errorTypeOf(code: string): 'soft' | 'hard' {
  return HARD.has(code) ? 'hard' : 'soft';
}
