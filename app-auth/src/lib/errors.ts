import { ApiError, ErrorCode } from '@helios/api';
import type { Resources } from '../i18n/en';
import { SecurityKeyError, SecurityKeyErrorCode } from './webauthn';

export type ErrorKey = `errors.${keyof Resources['errors']}`;

/** Server and provider error codes → translated messages (spec §8). */
const byCode: Record<string, ErrorKey> = {
  [ErrorCode.invalidCredentials]: 'errors.invalidCredentials',
  [ErrorCode.loginSessionMissing]: 'errors.loginSessionExpired',
  [ErrorCode.invalidLoginSessionState]: 'errors.invalidLoginSessionState',
  [ErrorCode.accountLocked]: 'errors.accountLocked',
  [ErrorCode.invalidTotp]: 'errors.invalidCode',
  [ErrorCode.invalidRecoveryCode]: 'errors.invalidRecoveryCode',
  [ErrorCode.noSecondFactor]: 'errors.noSecondFactor',
  [ErrorCode.otpSessionInvalid]: 'errors.otpSessionInvalid',
  [ErrorCode.otpInvalid]: 'errors.otpInvalid',
  [ErrorCode.otpRetriesExceeded]: 'errors.otpRetriesExceeded',
  [ErrorCode.weakPassword]: 'errors.passwordRules',
  [ErrorCode.commonPassword]: 'errors.commonPassword',
  [ErrorCode.invalidOrExpiredToken]: 'errors.invalidToken',
  [ErrorCode.rateLimited]: 'errors.rateLimited',
  [ErrorCode.serviceUnavailable]: 'errors.serviceUnavailable',
  [ErrorCode.unauthenticated]: 'errors.sessionExpired',
  [ErrorCode.internal]: 'errors.unexpected',
  [ErrorCode.validation]: 'errors.unexpected',
  [ErrorCode.malformedJson]: 'errors.unexpected',
  network_error: 'errors.network',
  // Signing in with Google, Microsoft or the single sign-on (back on the page as ?error=).
  [ErrorCode.providerNotConfigured]: 'errors.providerNotConfigured',
  [ErrorCode.providerFailed]: 'errors.providerFailed',
  [ErrorCode.providerStateInvalid]: 'errors.providerStateInvalid',
  [ErrorCode.providerEmailUnverified]: 'errors.providerEmailUnverified',
  [ErrorCode.providerEmailMismatch]: 'errors.providerEmailMismatch',
  [ErrorCode.providerNoAccount]: 'errors.providerNoAccount',
  [ErrorCode.identityAlreadyLinked]: 'errors.identityAlreadyLinked',
  // Security keys: the server's answers, then what the browser's prompt can end with.
  [ErrorCode.noPendingWebauthn]: 'errors.noPendingWebauthn',
  [SecurityKeyErrorCode.failed]: 'errors.webauthnFailed',
  [SecurityKeyErrorCode.cancelled]: 'errors.webauthnCancelled',
  [SecurityKeyErrorCode.alreadyRegistered]: 'errors.webauthnAlreadyRegistered',
  [SecurityKeyErrorCode.unsupported]: 'errors.webauthnUnsupported',
  // The hand-off to an instance or the sharing portal.
  [ErrorCode.sharingPortalNotConfigured]: 'errors.sharingPortalNotConfigured',
  [ErrorCode.interactionMissing]: 'errors.interactionMissing',
  // Identity-provider style codes (federated sign-in, legacy links).
  invalid_code: 'errors.invalidCode',
  session_expired: 'errors.sessionExpired',
  activation_link_used: 'errors.activationLinkUsed',
  expired_action_code: 'errors.activationLinkUsed',
  account_exists_with_different_credential: 'errors.accountExists',
  email_already_in_use: 'errors.emailInUse',
  requires_recent_login: 'errors.recentLogin',
  weak_password_legacy: 'errors.weakPassword',
  invalid_email: 'errors.badEmail',
  invalid_reset_link: 'errors.invalidResetLink',
  password_reset_failed: 'errors.passwordResetFailed',
  popup_closed_by_user: 'errors.popupClosed',
  popup_blocked: 'errors.popupBlocked',
  quota_exceeded: 'errors.quotaExceeded',
  timeout: 'errors.timeout',
  unauthorized_domain: 'errors.unauthorizedDomain',
  user_disabled: 'errors.userDisabled',
  network_request_failed: 'errors.network',
  too_many_requests: 'errors.tooManyRequests',
  invalid_action_code: 'errors.invalidActionCode',
  access_denied: 'errors.providerDenied',
};

/** The message for an error code: a known code's text, "Signing in failed" for an unknown code,
 * "Something went wrong" when there is no code at all. */
export function errorKeyForCode(code: string | null | undefined): ErrorKey {
  if (!code) return 'errors.unknown';
  return byCode[code] ?? 'errors.failedToAuthenticate';
}

export function errorCode(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.isNetworkError ? 'network_error' : error.type;
  if (error instanceof SecurityKeyError) return error.code;
  return undefined;
}

export function errorKey(error: unknown): ErrorKey {
  return errorKeyForCode(errorCode(error));
}

/** One-time-code errors that end the code (the boxes hide); others are shown under them. */
export function isHardOtpError(code: string | undefined): boolean {
  return code === ErrorCode.otpSessionInvalid || code === ErrorCode.otpRetriesExceeded;
}
