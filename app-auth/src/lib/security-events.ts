import type { SecurityEvent } from '@helios/api';
import { OWN_SECURITY_ACTIONS } from '@helios/api/security-actions';

/** How an event reads: the text key of its sentence and the values it names. */
export type EventSentence = { key: string; values: Record<string, string>; locked: boolean };

/** Every action the server lists has a sentence (`security.events.<action>`). */
const SENTENCES = new Set<string>(OWN_SECURITY_ACTIONS);

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
