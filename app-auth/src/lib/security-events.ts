import type { SecurityEvent } from '@helios/api';

/** How an event reads: the text key of its sentence and the values it names. */
export type EventSentence = { key: string; values: Record<string, string>; locked: boolean };

const SENTENCES = new Set([
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
  'credential.recovery_codes_regenerated',
]);

const METHODS = new Set(['password', 'totp', 'webauthn', 'oidc']);

/** The sentence of an event; an action without one reads as "Security event: <action>". */
export function eventSentence(event: SecurityEvent): EventSentence {
  const locked = event.details.locked === true;
  if (!SENTENCES.has(event.action)) return { key: 'security.events.other', values: { action: event.action }, locked };
  const values: Record<string, string> = {};
  if (event.details.provider) values.provider = event.details.provider;
  const type = event.details.credential_type;
  if (type) values.methodKey = `security.methods.${METHODS.has(type) ? type : 'other'}`;
  return { key: `security.events.${event.action.replaceAll('.', '_')}`, values, locked };
}

/** Whether an event deserves a second look: a refused attempt, or an admin acting on the account. */
export function needsAttention(event: SecurityEvent): boolean {
  return /_(failed|refused)$/.test(event.action) || event.details.by_admin === true;
}
