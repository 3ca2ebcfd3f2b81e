/** The audit actions a person sees in their own "Recent security activity", each read as a
 * sentence in the portal (sv, en): signing in and failing to, changes to how they sign in,
 * sessions they ended, their data export, and what an admin did to their account. The server
 * lists only these; the portal has a sentence for each. A module of its own, free of schemas, so
 * the portal can import it without the contract. */
export const OWN_SECURITY_ACTIONS = [
  'login.success',
  'login.federated',
  'login.password_failed',
  'login.totp_failed',
  'login.webauthn_failed',
  'login.federated_refused',
  'reauth.password_failed',
  'reauth.totp_failed',
  'reauth.webauthn_failed',
  'password.changed',
  'password_reset.requested',
  'password_reset.completed',
  'credential.password_created',
  'credential.totp_registered',
  'credential.totp_merged',
  'credential.webauthn_registered',
  'credential.oidc_linked',
  'credential.deleted',
  'session.signed_out',
  'session.signed_out_others',
  'account.data_exported',
  'admin.login_as',
  'admin.password_reset.sent',
  'admin.credential.deleted',
  'login.recovery_code_used',
  'login.recovery_code_failed',
  'credential.recovery_codes_issued',
  'credential.recovery_codes_regenerated',
  'credential.passkey_created',
  'credential.passkey_renamed',
  'login.passkey_failed',
  'login.passkey_counter_regressed',
  'reauth.passkey_failed',
  'reauth.passkey_counter_regressed',
] as const;

export type OwnSecurityAction = (typeof OWN_SECURITY_ACTIONS)[number];
