import type { SecurityEvent } from '@helios/api';
import { OWN_SECURITY_ACTIONS } from '@helios/api/security-actions';
import { expect, test } from 'vitest';
import en from '../i18n/en';
import sv from '../i18n/sv';
import { eventSentence, needsAttention } from './security-events';

const event = (action: string, details: SecurityEvent['details'] = {}): SecurityEvent => ({
  id: '1',
  at: '2026-03-10T08:00:00.000Z',
  action,
  ip: '203.0.113.7',
  details,
});

test('each known action has its sentence, with the method or provider it names', () => {
  expect(eventSentence(event('login.success'))).toEqual({
    key: 'security.events.login_success',
    values: {},
    locked: false,
  });
  expect(eventSentence(event('credential.deleted', { credential_type: 'webauthn' }))).toEqual({
    key: 'security.events.credential_deleted',
    values: { methodKey: 'security.methods.webauthn' },
    locked: false,
  });
  expect(eventSentence(event('login.federated', { provider: 'google.com' })).values).toEqual({
    provider: 'google.com',
  });
  expect(eventSentence(event('admin.password_reset.sent')).key).toBe('security.events.admin_password_reset_sent');
});

test('a failure that locked the account says so; an unknown action reads as itself', () => {
  expect(eventSentence(event('login.password_failed', { locked: true })).locked).toBe(true);
  expect(eventSentence(event('recovery.used'))).toEqual({
    key: 'security.events.other',
    values: { action: 'recovery.used' },
    locked: false,
  });
  expect(eventSentence(event('credential.deleted', { credential_type: 'sms' })).values.methodKey).toBe(
    'security.methods.other',
  );
});

test('refused attempts and what an admin did are marked', () => {
  expect(needsAttention(event('login.totp_failed'))).toBe(true);
  expect(needsAttention(event('login.federated_refused'))).toBe(true);
  expect(needsAttention(event('admin.login_as', { by_admin: true }))).toBe(true);
  expect(needsAttention(event('login.success'))).toBe(false);
});

test('every action the server lists reads as its own sentence in sv and en, issued recovery codes too', () => {
  expect(OWN_SECURITY_ACTIONS).toContain('credential.recovery_codes_issued');
  for (const action of OWN_SECURITY_ACTIONS) {
    const { key } = eventSentence(event(action));
    expect(key, action).not.toBe('security.events.other');
    const name = key.replace('security.events.', '');
    for (const texts of [en, sv]) expect((texts.security.events as Record<string, string>)[name], action).toBeTruthy();
  }
});
