import { z } from 'zod';

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

export const CredentialType = z.enum(['password', 'oidc', 'webauthn', 'totp']);
export type CredentialType = z.infer<typeof CredentialType>;

/** A sign-in method of an account. `provider` is the identity provider's host for oidc. */
export const Credential = z.object({
  id: z.string(),
  type: CredentialType,
  provider: z.string().nullable(),
});
export type Credential = z.infer<typeof Credential>;

export const LoginSessionResponse = z.object({
  state: LoginState,
  session_id: z.string().nullable(),
  available_credentials: z.array(Credential),
  is_user: z.boolean(),
  is_stakeholder: z.boolean(),
  allow_totp_remember: z.boolean(),
});
export type LoginSessionResponse = z.infer<typeof LoginSessionResponse>;

export const PingQuery = z.object({ session_id: SessionId.optional() });
export const StartRequest = z.object({ email: Email });
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

export const CredentialIdParams = z.object({ id: z.string().uuid('Malformed credential id') });

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
export const SessionResponse = z.object({ email: z.string() });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const Empty = z.object({});
