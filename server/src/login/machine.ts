import type { LoginState } from '@helios/api';

/** What the state machine needs to know about an account; null for an unknown email. */
export type AccountFacts = {
  passwordResetRequired: boolean;
  hasPassword: boolean;
  federatedCount: number;
  totpCount: number;
  securityKeyCount: number;
  passkeyCount: number;
};

/** A passkey proves both factors at once (something held, and the PIN or biometric that unlocks
 * it): it is the first factor and needs no second. */
export type FirstFactor = 'otp' | 'password' | 'federated' | 'passkey';
/** A recovery code stands in for the second factor once. */
export type SecondFactor = 'totp' | 'webauthn' | 'recovery_code';

const FIRST_FACTOR_METHOD: Record<FirstFactor, string> = {
  password: 'pwd',
  otp: 'otp',
  federated: 'fed',
  passkey: 'hwk',
};
/** A recovery code is a one-time password too (RFC 8176 has no name of its own for one). */
const SECOND_FACTOR_METHOD: Record<SecondFactor, string> = { totp: 'otp', webauthn: 'hwk', recovery_code: 'otp' };

/** How a sign-in was proven, as RFC 8176 method names (the `amr` instances receive): the first
 * factor, and with a second factor that one too and `mfa`. A passkey is a key (`hwk`) that
 * verified its user: `mfa` on its own. */
export function authenticationMethods(via: FirstFactor | null, second: SecondFactor | undefined): string[] {
  if (via === 'passkey') return ['hwk', 'mfa'];
  const first = via ? [FIRST_FACTOR_METHOD[via]] : [];
  if (!second) return first;
  return [...new Set([...first, SECOND_FACTOR_METHOD[second]]), 'mfa'];
}

export type LoginAction =
  | 'start'
  | 'verify-otp'
  | 'verify-password'
  | 'federated'
  | 'verify-mfa'
  | 'verify-webauthn'
  | 'verify-recovery-code'
  | 'verify-passkey'
  | 'create-passkey'
  | 'merge-mfa'
  | 'create-password'
  | 'skip-create-password';

/** Which call fits which state; anything else is `invalid_login_session_state`. */
const allowed: Record<LoginState, readonly LoginAction[]> = {
  // A passkey sign-in starts its own login (no email), which waits in Start for the answer.
  Start: ['start', 'verify-passkey'],
  PasswordResetRequired: [],
  OTPRequired: ['verify-otp'],
  CredentialsRequired: ['verify-password', 'federated'],
  MfaRequired: ['verify-mfa', 'verify-webauthn', 'verify-recovery-code'],
  TOTPResetRequired: ['merge-mfa'],
  AskedCreateCredential: ['create-password', 'create-passkey', 'skip-create-password', 'federated'],
  Done: [],
};

export function canPerform(state: LoginState, action: LoginAction): boolean {
  return allowed[state].includes(action);
}

/**
 * After the email: accounts that must reset first are told so; accounts with a password or a
 * linked provider choose a credential; everyone else — including unknown emails, which must
 * look the same from outside — gets a one-time code. An email whose domain signs in with the
 * configured single sign-on goes there (known or not: the domain decides, not the account).
 */
export function stateAfterStart(account: AccountFacts | null, automaticProvider = false): LoginState {
  if (account?.passwordResetRequired) return 'PasswordResetRequired';
  if (automaticProvider) return 'CredentialsRequired';
  if (!account) return 'OTPRequired';
  if (account.hasPassword || account.federatedCount > 0) return 'CredentialsRequired';
  return 'OTPRequired';
}

/** After the first factor: a second factor when the account has one — an authenticator app
 * (several must be merged to one first) or a security key — unless this browser was remembered
 * after an earlier second factor. */
export function stateAfterFirstFactor(account: AccountFacts, via: FirstFactor, browserRemembered: boolean): LoginState {
  if (account.totpCount > 1) return 'TOTPResetRequired';
  if ((account.totpCount === 1 || account.securityKeyCount > 0) && !browserRemembered) return 'MfaRequired';
  return stateAfterSecondFactor(account, via);
}

/** After both factors: someone who came in with an emailed code and has no other way to sign
 * in is offered to add one (a passkey, Google, Microsoft or a password); everyone else is done. */
export function stateAfterSecondFactor(account: AccountFacts, via: FirstFactor): LoginState {
  if (via === 'otp' && !account.hasPassword && account.federatedCount === 0 && account.passkeyCount === 0)
    return 'AskedCreateCredential';
  return 'Done';
}

/** After a passkey: done, unless the account must reset its password first (as at start). */
export function stateAfterPasskey(account: AccountFacts): LoginState {
  return account.passwordResetRequired ? 'PasswordResetRequired' : 'Done';
}
