import type { z } from 'zod';
import { adminRoutes } from './admin';
import * as s from './schemas';

type Schema = z.ZodType;

/** One call of the wire contract. The server registers and validates from this table, and the
 * OpenAPI document is generated from it, so the two cannot drift apart. */
export type RouteContract = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  summary: string;
  /** Who may call: anyone, a signed-in portal session, or a signed-in platform admin. */
  auth: 'public' | 'session' | 'admin';
  body?: Schema;
  query?: Schema;
  params?: Schema;
  /** JSON response schema; absent for non-JSON answers (images, redirects, 204). */
  response?: Schema;
  produces?: string;
};

/** The sign-in and account calls (spec §7 "Sign-in and account"). */
export const signInRoutes = {
  ping: {
    method: 'POST',
    path: '/auth/login/ping',
    summary: 'Current state of a login session (or Done when a portal session exists)',
    auth: 'public',
    query: s.PingQuery,
    response: s.LoginSessionResponse,
  },
  start: {
    method: 'POST',
    path: '/auth/login/start',
    summary: 'Start signing in with an email address',
    auth: 'public',
    body: s.StartRequest,
    query: s.StartQuery,
    response: s.LoginSessionResponse,
  },
  verifyOtp: {
    method: 'POST',
    path: '/auth/login/verify-otp',
    summary: 'Verify the one-time code sent by email',
    auth: 'public',
    body: s.VerifyOtpRequest,
    response: s.LoginSessionResponse,
  },
  verifyPassword: {
    method: 'POST',
    path: '/auth/login/verify-password',
    summary: 'Verify the password',
    auth: 'public',
    body: s.VerifyPasswordRequest,
    response: s.LoginSessionResponse,
  },
  verifyMfa: {
    method: 'POST',
    path: '/auth/login/verify-mfa',
    summary: 'Verify the authenticator-app code (second factor)',
    auth: 'public',
    body: s.VerifyMfaRequest,
    response: s.LoginSessionResponse,
  },
  mergeMfa: {
    method: 'POST',
    path: '/auth/login/merge-mfa',
    summary: 'Keep the one authenticator whose code is given and remove the others',
    auth: 'public',
    body: s.MergeMfaRequest,
    response: s.LoginSessionResponse,
  },
  createPassword: {
    method: 'POST',
    path: '/auth/login/create-password',
    summary: 'Create a password after signing in with a one-time code',
    auth: 'public',
    body: s.CreatePasswordRequest,
    response: s.LoginSessionResponse,
  },
  skipCreatePassword: {
    method: 'POST',
    path: '/auth/login/skip-create-password',
    summary: 'Skip the offer to add a sign-in method',
    auth: 'public',
    body: s.SkipCreatePasswordRequest,
    response: s.LoginSessionResponse,
  },
  verifyWebauthn: {
    method: 'POST',
    path: '/auth/login/verify-webauthn',
    summary: 'Verify a security key (second factor)',
    auth: 'public',
    body: s.VerifyWebauthnRequest,
    response: s.LoginSessionResponse,
  },
  verifyRecoveryCode: {
    method: 'POST',
    path: '/auth/login/verify-recovery-code',
    summary: 'Use a recovery code instead of the second factor (each code works once)',
    auth: 'public',
    body: s.VerifyRecoveryCodeRequest,
    response: s.LoginSessionResponse,
  },
  webauthnLoginOptions: {
    method: 'POST',
    path: '/auth/login/webauthn/options',
    summary: 'A single-use challenge for the security keys of a login session',
    auth: 'public',
    body: s.WebauthnLoginOptionsRequest,
    response: s.PublicKeyOptions,
  },
  providers: {
    method: 'GET',
    path: '/auth/providers',
    summary: 'The configured identity providers (Google, Microsoft, single sign-on)',
    auth: 'public',
    response: s.ProvidersResponse,
  },
  providerLogin: {
    method: 'GET',
    path: '/auth/login/oauth/:provider',
    summary: 'Browser redirect: continue a login session with a provider',
    auth: 'public',
    params: s.ProviderParams,
    query: s.ProviderLoginQuery,
    produces: 'text/html',
  },
  providerLoginLink: {
    method: 'GET',
    path: '/auth/login/link/oauth/:provider',
    summary: 'Browser redirect: link a provider from the login offer, then finish signing in',
    auth: 'public',
    params: s.ProviderParams,
    query: s.ProviderLoginQuery,
    produces: 'text/html',
  },
  providerLink: {
    method: 'GET',
    path: '/auth/link/oauth/:provider',
    summary: 'Browser redirect: link a provider to the signed-in account, then back to `from`',
    auth: 'session',
    params: s.ProviderParams,
    query: s.ProviderLinkQuery,
    produces: 'text/html',
  },
  providerCallback: {
    method: 'GET',
    path: '/auth/oauth/callback/:provider',
    summary: "Browser redirect: a provider's answer (authorization code or error)",
    auth: 'public',
    params: s.ProviderParams,
    query: s.ProviderCallbackQuery,
    produces: 'text/html',
  },
  resetRequest: {
    method: 'POST',
    path: '/auth/reset/request',
    summary: 'Mail a password-reset link (same answer whether or not the email has an account)',
    auth: 'public',
    body: s.ResetRequest,
    response: s.Empty,
  },
  resetCheckToken: {
    method: 'POST',
    path: '/auth/reset/check-token',
    summary: 'Check a password-reset token: 200 valid, 406 invalid or expired',
    auth: 'public',
    body: s.CheckTokenRequest,
    response: s.Empty,
  },
  resetConfirm: {
    method: 'POST',
    path: '/auth/reset/confirm',
    summary: 'Set a new password with a reset token: 200 with type, 406 invalid or expired',
    auth: 'public',
    body: s.ConfirmResetRequest,
    response: s.ConfirmResetResponse,
  },
  session: {
    method: 'GET',
    path: '/auth/session',
    summary: 'Single-sign-on check: the signed-in email, 401 when signed out',
    auth: 'session',
    response: s.SessionResponse,
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    summary: 'End the portal session',
    auth: 'public',
  },
  sessions: {
    method: 'GET',
    path: '/auth/sessions',
    summary: 'Where the account is signed in: its live portal sessions, most recently active first',
    auth: 'session',
    response: s.SessionsResponse,
  },
  endSession: {
    method: 'DELETE',
    path: '/auth/sessions/:id',
    summary:
      "Sign out one of the account's portal sessions (the current one too: then as logout); 404 for any other id",
    auth: 'session',
    params: s.SessionIdParams,
    response: s.SessionsResponse,
  },
  signOutOthers: {
    method: 'POST',
    path: '/auth/sessions/sign-out-others',
    summary: "Sign out every portal session of the account but the caller's",
    auth: 'session',
    body: s.Empty,
    response: s.SessionsResponse,
  },
  securityEvents: {
    method: 'GET',
    path: '/auth/security-events',
    summary: "The account's own security events of the last 30 days, newest first",
    auth: 'session',
    response: s.SecurityEventsResponse,
  },
  exportData: {
    method: 'POST',
    path: '/auth/export',
    summary: 'Download my data: the account, its sign-in methods (never secrets), sessions, tenants and events',
    auth: 'session',
    body: s.Empty,
    response: s.DataExport,
  },
  availableTenants: {
    method: 'GET',
    path: '/auth/available-tenants',
    summary: 'Active instances of the signed-in account',
    auth: 'session',
    response: s.AvailableTenantsResponse,
  },
  qrcode: {
    method: 'GET',
    path: '/auth/qrcode',
    summary: 'PNG QR code of the pending authenticator secret',
    auth: 'session',
    produces: 'image/png',
  },
  tfaSetup: {
    method: 'GET',
    path: '/auth/tfa/setup',
    summary: 'The pending authenticator secret for manual entry',
    auth: 'session',
    response: s.TfaSetupResponse,
  },
  tfaActivate: {
    method: 'POST',
    path: '/auth/tfa/activate',
    summary: 'Confirm the pending authenticator with a code; replaces any earlier one',
    auth: 'session',
    body: s.TfaActivateRequest,
    response: s.SecondFactorAdded,
  },
  recoveryCodes: {
    method: 'GET',
    path: '/auth/tfa/recovery-codes',
    summary: 'How many unused recovery codes the signed-in account has',
    auth: 'session',
    response: s.RecoveryCodesStatus,
  },
  regenerateRecoveryCodes: {
    method: 'POST',
    path: '/auth/tfa/recovery-codes',
    summary: 'Replace all recovery codes with ten new ones (shown once); needs a second factor',
    auth: 'session',
    body: s.Empty,
    response: s.RecoveryCodesResponse,
  },
  webauthnRegisterOptions: {
    method: 'POST',
    path: '/auth/webauthn/register/options',
    summary: 'A single-use challenge to register a security key',
    auth: 'session',
    body: s.Empty,
    response: s.PublicKeyOptions,
  },
  webauthnRegister: {
    method: 'POST',
    path: '/auth/webauthn/register',
    summary: 'Register a named security key with the answer to the challenge',
    auth: 'session',
    body: s.WebauthnRegisterRequest,
    response: s.SecondFactorAdded,
  },
  reauthStart: {
    method: 'POST',
    path: '/auth/reauth/start',
    summary: 'Begin re-authentication: the methods the account answers with (mails a code when it has no password)',
    auth: 'session',
    body: s.Empty,
    response: s.ReauthStartResponse,
  },
  reauthVerify: {
    method: 'POST',
    path: '/auth/reauth/verify',
    summary: 'Re-authenticate: 204, and changes to sign-in methods are allowed for the step-up window',
    auth: 'session',
    body: s.ReauthVerifyRequest,
  },
  athena: {
    method: 'GET',
    path: '/auth/athena',
    summary: 'Browser redirect: hand a stakeholder to the sharing portal (third-party initiated login)',
    auth: 'public',
    produces: 'text/html',
  },
  interaction: {
    method: 'GET',
    path: '/oauth2/interaction/:uid',
    summary: 'Browser redirect: the identity provider asks the Helios login to sign someone in',
    auth: 'public',
    params: s.InteractionParams,
    produces: 'text/html',
  },
  userinfo: {
    method: 'GET',
    path: '/oauth2/userinfo',
    summary: 'The signed-in account (portal session); with a bearer access token, standard OpenID Connect userinfo',
    auth: 'session',
    response: s.UserInfo,
  },
  deleteCredential: {
    method: 'DELETE',
    path: '/oauth2/userinfo/credentials/:id',
    summary: 'Remove a sign-in method (never the password of a user account)',
    auth: 'session',
    params: s.CredentialIdParams,
    response: s.UserInfo,
  },
  changePassword: {
    method: 'POST',
    path: '/auth/password',
    summary:
      "Set or change the signed-in account's password (the set-password page's rules); ends the account's other sessions and tokens",
    auth: 'session',
    body: s.ChangePasswordRequest,
    response: s.UserInfo,
  },
  accountSettings: {
    method: 'POST',
    path: '/api/accounts/settings',
    summary: 'Change an account setting (locale)',
    auth: 'session',
    body: s.AccountSettingRequest,
    response: s.AccountSettingResponse,
  },
} as const satisfies Record<string, RouteContract>;

/** Every call of the contract: sign-in and account, then admin (api/src/admin.ts). */
export const routes = { ...signInRoutes, ...adminRoutes };
export type RouteName = keyof typeof routes;
