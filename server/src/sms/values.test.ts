import { describe, expect, test } from 'vitest';
import { parseSmsValue, systemSmsEnabled } from './values';

describe('parseSmsValue', () => {
  test('system_sms needs a boolean value', () => {
    expect(parseSmsValue('system_sms', '{"value":true}')).toEqual({ ok: true, value: '{"value":true}' });
    expect(parseSmsValue('system_sms', '{"value":"yes"}').ok).toBe(false);
  });

  test('sms_info fills defaults and drops unknown fields', () => {
    const result = parseSmsValue('sms_info', '{"sender":"Acme","extra":1}');
    expect(result).toEqual({
      ok: true,
      value: JSON.stringify({ sender: 'Acme', warning_1: null, warning_2: null, paused: false, warned: false }),
    });
  });

  test('sms_info refuses a sender over 11 characters and non-integer warnings', () => {
    expect(parseSmsValue('sms_info', '{"sender":"twelve chars"}').ok).toBe(false);
    expect(parseSmsValue('sms_info', '{"warning_1":1.5}').ok).toBe(false);
  });

  test('sms_sign needs a name', () => {
    expect(parseSmsValue('sms_sign', '{"name":"Ann"}').ok).toBe(true);
    expect(parseSmsValue('sms_sign', '{}').ok).toBe(false);
  });

  test('text that is not JSON, or JSON that is not an object, is refused with the reason', () => {
    const bad = parseSmsValue('sms_sign', '{name: Ann}');
    expect(bad).toEqual({ ok: false, problems: ['value: not valid JSON (sms_sign takes a JSON object)'] });
    expect(parseSmsValue('system_sms', 'true').ok).toBe(false);
    expect(parseSmsValue('system_sms', 'null').ok).toBe(false);
  });
});

describe('systemSmsEnabled', () => {
  test('on only for {"value": true}', () => {
    expect(systemSmsEnabled('{"value":true}')).toBe(true);
    expect(systemSmsEnabled('{"value":false}')).toBe(false);
    expect(systemSmsEnabled('broken')).toBe(false);
    expect(systemSmsEnabled(undefined)).toBe(false);
  });
});
