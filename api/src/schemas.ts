import { z } from 'zod';
import { safeReturnPath } from './return-path';

/** Longest accepted password: generous for passphrases, bounded so hashing cannot be abused. */
export const PASSWORD_MAX_LENGTH = 1024;
export const EMAIL_MAX_LENGTH = 254;
export const OTP_LENGTH = 6;

const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: 'The email address is badly formatted.' }));
const SessionId = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Malformed session id');
const SixDigits = z.string().regex(/^\d{6}$/, 'The code has 6 digits');
const Password = z.string().min(1, 'Password cannot be empty').max(PASSWORD_MAX_LENGTH);

export const Locale = z.enum(['sv', 'en']);
export type Locale = z.infer<typeof Locale>;

/** Login states (spec §4), exactly as the server sends them. */
export const LoginState = z.enum([
  'Start',
  'PasswordResetRequired',
  'OTPRequired',
  'CredentialsRequired',
  'MfaRequired',
  'TOTPResetRequired',
  'AskedCreateCredential',
  'Done',
]);
export type LoginState = z.infer<typeof LoginState>;

/** The lower-case state names of the older interface (spec §4), read as the state each means:
 * after the credentials the second factor is asked for, after it the login is done. */
const LOWER_CASE_STATES: Record<string, LoginState> = {
  unknown: 'Start',
  credentials_verified: 'MfaRequired',
  mfa_verified: 'Done',
  totp_reset_required: 'TOTPResetRequired',
  done: 'Done',
};

/** A login state as an answer may carry it: the server's names, or the lower-case ones. */
export const AnswerLoginState = z.preprocess(
  (state) => (typeof state === 'string' && Object.hasOwn(LOWER_CASE_STATES, state) ? LOWER_CASE_STATES[state] : state),
  LoginState,
);

export const CredentialType = z.enum(['password', 'oidc', 'webauthn', 'passkey', 'totp']);
export type CredentialType = z.infer<typeof CredentialType>;

/** Every kind the interface names (spec §7): the server's four, and Google, Microsoft and SMS. */
export const CredentialKind = z.enum([...CredentialType.options, 'google', 'microsoft', 'sms']);
export type CredentialKind = z.infer<typeof CredentialKind>;

/** A sign-in method of an account. `provider` is the identity provider's host for oidc
 * (google.com, microsoft.com, or the configured provider's issuer host); `label` is the name a
 * person gave a security key. */
export const Credential = z.object({
  id: z.string(),
  type: CredentialType,
  provider: z.string().nullable(),
  label: z.string().nullable().optional(),
});
export type Credential = z.infer<typeof Credential>;

/** A credential in a list of accounts the console reads: any kind parses, a kind it does not
 * know as well, so one such credential cannot fail the whole list (it shows a neutral badge). */
export const ListedCredential = Credential.extend({
  type: z.union([CredentialKind, z.string().min(1).max(64)]) as z.ZodType<CredentialKind | (string & {})>,
});
export type ListedCredential = z.infer<typeof ListedCredential>;

/** A sign-in method as a login answer names it: until the first factor is proven only its type
 * (and provider), without `id` or `label`; with them afterwards. */
export const LoginCredential = Credential.extend({ id: z.string().optional() });
export type LoginCredential = z.infer<typeof LoginCredential>;

/** Identity providers people can sign in with; only configured ones exist. */
export const FederatedProviderId = z.enum(['google', 'microsoft', 'oidc']);
export type FederatedProviderId = z.infer<typeof FederatedProviderId>;
export const FederatedProvider = z.object({
  id: FederatedProviderId,
  /** What people see: Google, Microsoft, or the configured provider's name. */
  name: z.string(),
});
export type FederatedProvider = z.infer<typeof FederatedProvider>;

export const LoginSessionResponse = z.object({
  state: AnswerLoginState,
  session_id: z.string().nullable(),
  available_credentials: z.array(LoginCredential),
  is_user: z.boolean(),
  is_stakeholder: z.boolean(),
  allow_totp_remember: z.boolean(),
  /** The configured providers this login can continue with (CredentialsRequired, and linking
   * at AskedCreateCredential). */
  providers: z.array(FederatedProvider).default([]),
  /** Set when the email's domain signs in with this provider automatically: the page says so
   * and goes there at once. */
  automatic_provider: FederatedProviderId.nullable().default(null),
});
export type LoginSessionResponse = z.infer<typeof LoginSessionResponse>;

/** An identity-provider interaction (OpenID Connect hand-off to an instance). */
const InteractionId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Malformed interaction id');
export const PingQuery = z.object({
  session_id: SessionId.optional(),
  /** When an instance asked for a fresh sign-in (prompt=login, max_age), the portal session
   * counts only if it was made after this interaction began. */
  interaction: InteractionId.optional(),
});
export const StartRequest = z.object({ email: Email });
/** `start` carries the login page's own query (client_id, type, lang, mode, an instance's
 * authorization request…) so that a provider's round trip can come back to the same page. */
export const StartQuery = z
  .record(z.string().max(64), z.string().max(2048))
  .refine((query) => Object.keys(query).length <= 40, 'Too many query parameters');
export const VerifyOtpRequest = z.object({
  session_id: SessionId,
  email: Email,
  otp: z.string().regex(/^\d{6}$/, 'The one-time code has 6 digits'),
});
export const VerifyPasswordRequest = z.object({
  session_id: SessionId,
  email: Email,
  password: Password,
  /** "Remember me": keep the portal session for 30 days instead of the browser session. */
  remember: z.boolean().optional().default(false),
});
export const VerifyMfaRequest = z.object({
  session_id: SessionId,
  totp_code: SixDigits,
  remember: z.boolean().optional().default(false),
});
export const MergeMfaRequest = z.object({ session_id: SessionId, totp_code: SixDigits });
export const CreatePasswordRequest = z.object({ session_id: SessionId, password: Password });
export const SkipCreatePasswordRequest = z.object({ session_id: SessionId });
export type PingQuery = z.infer<typeof PingQuery>;
export type StartRequest = z.infer<typeof StartRequest>;
export type VerifyOtpRequest = z.infer<typeof VerifyOtpRequest>;
export type VerifyPasswordRequest = z.input<typeof VerifyPasswordRequest>;
export type VerifyMfaRequest = z.input<typeof VerifyMfaRequest>;
export type MergeMfaRequest = z.infer<typeof MergeMfaRequest>;
export type CreatePasswordRequest = z.infer<typeof CreatePasswordRequest>;
export type SkipCreatePasswordRequest = z.infer<typeof SkipCreatePasswordRequest>;

/** `type` names where the person continues after the reset (e.g. the sharing portal). */
export const ResetType = z
  .string()
  .trim()
  .max(32)
  .regex(/^[a-z0-9_-]*$/)
  .nullable()
  .optional();
export const ResetRequest = z.object({ email: Email, type: ResetType });
export const ResetToken = z
  .string()
  .min(16)
  .max(256)
  .regex(/^[A-Za-z0-9_-]+$/, 'Malformed token');
export const CheckTokenRequest = z.object({ token: ResetToken });
export const ConfirmResetRequest = z.object({ token: ResetToken, password: Password });
export const ConfirmResetResponse = z.object({ type: z.string().nullable() });
export type ResetRequest = z.input<typeof ResetRequest>;
export type CheckTokenRequest = z.infer<typeof CheckTokenRequest>;
export type ConfirmResetRequest = z.infer<typeof ConfirmResetRequest>;
export type ConfirmResetResponse = z.infer<typeof ConfirmResetResponse>;

export const AvailableTenant = z.object({ id: z.string(), name: z.string(), slug: z.string(), url: z.string() });
export const AvailableTenantsResponse = z.object({ tenants: z.array(AvailableTenant), is_stakeholder: z.boolean() });
export type AvailableTenant = z.infer<typeof AvailableTenant>;
export type AvailableTenantsResponse = z.infer<typeof AvailableTenantsResponse>;

export const UserInfo = z.object({
  name: z.string(),
  email: z.string(),
  locale: Locale,
  profile_picture: z.string().nullable(),
  available_credentials: z.array(Credential),
  is_user: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** The account after a second factor was added; `recovery_codes` when this gave the account its
 * recovery codes (its first second factor): shown once, never again. */
export const SecondFactorAdded = UserInfo.extend({ recovery_codes: z.array(z.string()).optional() });
export type SecondFactorAdded = z.infer<typeof SecondFactorAdded>;

export const CredentialIdParams = z.object({ id: z.string().uuid('Malformed credential id') });

/** A new password for the signed-in account, set or changed from the profile. No current
 * password: the call needs a recent sign-in (step-up) instead. */
export const ChangePasswordRequest = z.object({ password: Password });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** Configured identity providers, for the profile's link switches. */
export const ProvidersResponse = z.object({ providers: z.array(FederatedProvider) });
export type ProvidersResponse = z.infer<typeof ProvidersResponse>;

export const ProviderParams = z.object({ provider: FederatedProviderId });
export const ProviderLoginQuery = z.object({ session_id: SessionId });
/** Where the profile's link flow returns: a path on this site only (`safeReturnPath`). */
export const ProviderLinkQuery = z.object({
  from: z
    .string()
    .max(512)
    .refine((from) => safeReturnPath(from) !== null, 'Must be a path on this site')
    .optional()
    .default('/profile'),
});
/** What a provider sends back to the callback (RFC 6749 4.1.2 and 4.1.2.1). */
export const ProviderCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
  session_state: z.string().max(2048).optional(),
  scope: z.string().max(2048).optional(),
  authuser: z.string().max(64).optional(),
  prompt: z.string().max(256).optional(),
  hd: z.string().max(256).optional(),
});

/** WebAuthn options and responses travel as the JSON forms the browser library uses; the server
 * library checks their contents, the schema their shape and size. */
const Base64Url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Must be base64url');
export const PublicKeyOptions = z.looseObject({ challenge: z.string() });
export type PublicKeyOptions = z.infer<typeof PublicKeyOptions>;
export const RegistrationResponse = z.object({
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    transports: z.array(z.string().max(32)).max(10).optional(),
    authenticatorData: Base64Url.optional(),
    publicKey: Base64Url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullable().optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export const AuthenticationResponse = z.object({
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Base64Url.nullable().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullable().optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export const SecurityKeyName = z.string().trim().min(1, 'Name the security key').max(64);
export const WebauthnRegisterRequest = z.object({ name: SecurityKeyName, response: RegistrationResponse });
export const WebauthnLoginOptionsRequest = z.object({ session_id: SessionId });
export const VerifyWebauthnRequest = z.object({
  session_id: SessionId,
  response: AuthenticationResponse,
  remember: z.boolean().optional().default(false),
});
export type WebauthnRegisterRequest = z.input<typeof WebauthnRegisterRequest>;

/** Recovery codes: single-use stand-ins for the second factor, ten at a time. As typed, a code
 * may carry spaces, dashes and capitals; the server ignores them. */
export const RECOVERY_CODE_COUNT = 10;
const RecoveryCode = z
  .string()
  .trim()
  .min(1, 'Enter a recovery code')
  .max(64)
  .regex(/^[A-Za-z0-9 -]+$/, 'A recovery code has letters, digits and dashes');
export const VerifyRecoveryCodeRequest = z.object({ session_id: SessionId, recovery_code: RecoveryCode });
export type VerifyRecoveryCodeRequest = z.input<typeof VerifyRecoveryCodeRequest>;
/** How many unused recovery codes the signed-in account has. */
export const RecoveryCodesStatus = z.object({ remaining: z.number().int().min(0) });
export type RecoveryCodesStatus = z.infer<typeof RecoveryCodesStatus>;
/** A new set of recovery codes, shown once. */
export const RecoveryCodesResponse = z.object({ codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;
/** Passkeys: discoverable WebAuthn credentials made with user verification, which sign in alone
 * (both factors). Signing in starts with no email: the options come with a new login session. */
export const PasskeyName = z.string().trim().min(1, 'Name the passkey').max(64);
export const PasskeyLoginOptionsResponse = z.object({ session_id: z.string(), options: PublicKeyOptions });
export type PasskeyLoginOptionsResponse = z.infer<typeof PasskeyLoginOptionsResponse>;
export const VerifyPasskeyRequest = z.object({ session_id: SessionId, response: AuthenticationResponse });
export type VerifyPasskeyRequest = z.input<typeof VerifyPasskeyRequest>;
export const PasskeyRegisterRequest = z.object({ name: PasskeyName, response: RegistrationResponse });
export type PasskeyRegisterRequest = z.input<typeof PasskeyRegisterRequest>;
/** The offer after a code sign-in: create a passkey for the account that just signed in. */
export const LoginPasskeyOptionsRequest = z.object({ session_id: SessionId });
export const CreatePasskeyRequest = z.object({
  session_id: SessionId,
  name: PasskeyName,
  response: RegistrationResponse,
});
export type CreatePasskeyRequest = z.input<typeof CreatePasskeyRequest>;
export const RenamePasskeyRequest = z.object({ name: PasskeyName });
export type RenamePasskeyRequest = z.infer<typeof RenamePasskeyRequest>;
/** One passkey of the signed-in account, as the profile lists it. */
export const Passkey = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof Passkey>;
export const PasskeysResponse = z.object({ passkeys: z.array(Passkey) });
export type PasskeysResponse = z.infer<typeof PasskeysResponse>;
export type VerifyWebauthnRequest = z.input<typeof VerifyWebauthnRequest>;

export const InteractionParams = z.object({ uid: InteractionId });

export const AccountSettingRequest = z.object({ key: z.literal('locale'), value: Locale });
export const AccountSettingResponse = z.object({ key: z.literal('locale'), value: Locale });
export type AccountSettingRequest = z.infer<typeof AccountSettingRequest>;

export const TfaActivateRequest = z.object({ totp_code: SixDigits });
export type TfaActivateRequest = z.infer<typeof TfaActivateRequest>;
/** The pending authenticator secret for manual entry, beside the QR code image. */
export const TfaSetupResponse = z.object({
  secret: z.string(),
  issuer: z.string(),
  account: z.string(),
  has_existing: z.boolean(),
});
export type TfaSetupResponse = z.infer<typeof TfaSetupResponse>;

/** Single-sign-on session check: the signed-in email. */
/** `is_admin`: whether the person is a platform admin, so the console can say "no access" at once. */
export const SessionResponse = z.object({ email: z.string(), is_admin: z.boolean().default(false) });
export type SessionResponse = z.infer<typeof SessionResponse>;

/** How a portal session was signed in: the first factor, and the second factor if one was used. */
export const SessionMethod = z.enum(['password', 'email_code', 'provider', 'passkey', 'unknown']);
export type SessionMethod = z.infer<typeof SessionMethod>;
export const SessionSecondFactor = z.enum(['authenticator', 'security_key', 'recovery_code']);
export type SessionSecondFactor = z.infer<typeof SessionSecondFactor>;

/** One place the account is signed in ("Where you are signed in"). `id` is public: it names the
 * session to sign out and is no key to it. Browser and OS are null where the browser did not say. */
export const PortalSessionInfo = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  method: SessionMethod,
  second_factor: SessionSecondFactor.nullable(),
  signed_in_at: z.string(),
  last_active_at: z.string(),
  current: z.boolean(),
});
export type PortalSessionInfo = z.infer<typeof PortalSessionInfo>;

/** The account's live portal sessions, most recently active first. */
export const SessionsResponse = z.object({ sessions: z.array(PortalSessionInfo) });
export type SessionsResponse = z.infer<typeof SessionsResponse>;

export const SessionIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Malformed session id'),
});

/** The body of a call that takes no fields: `{}`; a field is refused (422), like any bad input. */
export const Empty = z.object({}).strict();

/** Re-authentication (step-up) before a change to how one signs in: which first factor the
 * account answers with (its password, else a code mailed to it), and which second factors it
 * has, with the security-key challenge when it has keys. */
/** `send_code`: mail the sign-in code now. An account without a password is mailed one at the
 * start unless it has a passkey (it may well confirm with that); then it asks for the code. */
export const ReauthStartRequest = z.object({ send_code: z.boolean().optional() }).strict();
export type ReauthStartRequest = z.input<typeof ReauthStartRequest>;
/** `passkey`: options for confirming with one of the account's passkeys (both factors at once),
 * or null without one. `code_sent`: a sign-in code was mailed by this call. */
export const ReauthStartResponse = z.object({
  method: z.enum(['password', 'otp']),
  second_factors: z.array(z.enum(['totp', 'webauthn'])),
  webauthn: PublicKeyOptions.nullable(),
  passkey: PublicKeyOptions.nullable(),
  code_sent: z.boolean(),
});
export type ReauthStartResponse = z.infer<typeof ReauthStartResponse>;
/** The first factor (password or mailed code), and the second where the account has one; or a
 * passkey alone, which is both. */
export const ReauthVerifyRequest = z.object({
  password: Password.optional(),
  otp: SixDigits.optional(),
  totp_code: SixDigits.optional(),
  webauthn: AuthenticationResponse.optional(),
  passkey: AuthenticationResponse.optional(),
});
export type ReauthVerifyRequest = z.input<typeof ReauthVerifyRequest>;

/** One event of the account's own security activity (the profile's "Recent security activity"):
 * what happened, when and from where. `details` holds only what the sentence names: the kind of
 * sign-in method, whether a failure locked the account. */
export const SecurityEvent = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  ip: z.string().nullable(),
  details: z.object({
    credential_type: z.string().optional(),
    provider: z.string().optional(),
    locked: z.boolean().optional(),
    by_admin: z.boolean().optional(),
  }),
});
export type SecurityEvent = z.infer<typeof SecurityEvent>;
export const SecurityEventsResponse = z.object({ events: z.array(SecurityEvent) });
export type SecurityEventsResponse = z.infer<typeof SecurityEventsResponse>;

/** "Download my data" (GDPR articles 15 and 20): what Helios holds about the signed-in account.
 * Sign-in methods are described, never given: no password hash, authenticator secret or key. */
export const DataExport = z.object({
  exported_at: z.string(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    locale: z.string(),
    picture: z.string().nullable(),
    is_user: z.boolean(),
    is_stakeholder: z.boolean(),
    is_admin: z.boolean(),
    created_at: z.string(),
    last_login_at: z.string().nullable(),
  }),
  credentials: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      name: z.string().nullable(),
      provider: z.string().nullable(),
      created_at: z.string(),
      last_used_at: z.string().nullable(),
    }),
  ),
  sessions: z.array(PortalSessionInfo.omit({ id: true })),
  tenant_memberships: z.array(
    z.object({
      tenant_id: z.string(),
      name: z.string(),
      slug: z.string(),
      active: z.boolean(),
      since: z.string(),
    }),
  ),
  /** Browsers the account's second factor was remembered in: when first and last seen. */
  known_browsers: z.array(z.object({ first_seen_at: z.string(), last_seen_at: z.string() })),
  /** Unused recovery codes the account holds (the codes themselves are never exported). */
  recovery_codes_remaining: z.number().int(),
  /** Which events `security_events` holds: those since `since`, newest first, at most
   * `max_events`; `truncated` when older ones in that span were left out. */
  security_events_scope: z.object({ since: z.string(), max_events: z.number().int(), truncated: z.boolean() }),
  security_events: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      ip: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type DataExport = z.infer<typeof DataExport>;
