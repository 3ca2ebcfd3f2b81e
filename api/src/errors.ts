import { z } from 'zod';

/**
 * Every error body: `{ detail: [{ type, msg }] }`. `type` is a stable code the apps translate;
 * `msg` is English text for logs and API users.
 */
export const ErrorDetail = z.object({ type: z.string(), msg: z.string() });
export const ErrorBody = z.object({ detail: z.array(ErrorDetail) });
export type ErrorDetail = z.infer<typeof ErrorDetail>;
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Stable error codes. The apps map each to a translated message (spec §8). */
export const ErrorCode = {
  validation: 'validation_error',
  malformedJson: 'malformed_json',
  bodyTooLarge: 'body_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  notFound: 'not_found',
  rateLimited: 'rate_limited',
  crossSite: 'cross_site_request',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  serviceUnavailable: 'service_unavailable',
  internal: 'internal_error',

  loginSessionMissing: 'login_session_missing',
  invalidLoginSessionState: 'invalid_login_session_state',
  invalidCredentials: 'invalid_credentials',
  accountLocked: 'account_locked',
  invalidTotp: 'invalid_totp_code',
  otpSessionInvalid: 'pnty/helios/otp/session/invalid',
  otpInvalid: 'pnty/helios/otp/invalid',
  otpRetriesExceeded: 'pnty/helios/otp/retries-exceeded',
  weakPassword: 'weak_password',
  commonPassword: 'common_password',
  invalidOrExpiredToken: 'invalid_or_expired_token',
  credentialNotFound: 'credential_not_found',
  cannotDeletePassword: 'cannot_delete_password',
  noPendingTotp: 'no_pending_totp',
  /** A change to how one signs in needs a sign-in or re-authentication within the step-up window. */
  requiresRecentLogin: 'requires_recent_login',

  /** Signing in with another provider (sent back to /login or the profile as ?error=). */
  providerNotConfigured: 'provider_not_configured',
  providerDenied: 'access_denied',
  providerFailed: 'provider_error',
  providerStateInvalid: 'provider_state_invalid',
  providerEmailUnverified: 'provider_email_unverified',
  providerEmailMismatch: 'provider_email_mismatch',
  providerNoAccount: 'provider_no_account',
  identityInUse: 'account_exists_with_different_credential',
  identityAlreadyLinked: 'identity_already_linked',

  /** Recovery codes: a wrong or spent code; regenerating without a second factor. */
  invalidRecoveryCode: 'invalid_recovery_code',
  noSecondFactor: 'no_second_factor',

  /** Security keys. */
  webauthnFailed: 'webauthn_failed',
  noPendingWebauthn: 'no_pending_webauthn',

  /** The OpenID Connect hand-off to instances. */
  sharingPortalNotConfigured: 'sharing_portal_not_configured',
  interactionMissing: 'interaction_missing',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
