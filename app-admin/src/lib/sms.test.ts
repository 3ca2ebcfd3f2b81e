import { expect, test } from 'vitest';
import { creditsChange, smsInfoValue, smsPanelSettings, systemSmsValue, withSetting } from './sms';

const info = '{"sender":"Acme","warning_1":100,"warning_2":10,"paused":true,"warned":false}';

test('reads the JSON values of the SMS settings', () => {
  const settings = smsPanelSettings(
    [
      { key: 'system_sms', value: '{"value":true}' },
      { key: 'sms_info', value: info },
      { key: 'sms_sign', value: '{"name":"Anna Andersson"}' },
    ],
    '2030-01-01T00:00:00.000Z',
  );
  expect(settings).toEqual({
    enabled: true,
    sender: 'Acme',
    warning1: 100,
    warning2: 10,
    paused: true,
    warned: false,
    signature: 'Anna Andersson',
    deactivatesAt: '2030-01-01T00:00:00.000Z',
  });
});

test('missing or malformed values give the defaults; no sms_sign waits for a signature', () => {
  expect(smsPanelSettings([{ key: 'system_sms', value: 'not json' }], null)).toEqual({
    enabled: false,
    sender: '',
    warning1: null,
    warning2: null,
    paused: false,
    warned: false,
    signature: null,
    deactivatesAt: null,
  });
  expect(smsPanelSettings([{ key: 'sms_sign', value: '{"name":""}' }], null).signature).toBeNull();
});

test('system_sms value', () => {
  expect(systemSmsValue(true)).toBe('{"value":true}');
  expect(systemSmsValue(false)).toBe('{"value":false}');
});

test('sms_info changes keep the other fields, also unknown ones', () => {
  const list = [{ key: 'sms_info', value: '{"sender":"Acme","warning_1":100,"paused":false,"extra":1}' }];
  expect(JSON.parse(smsInfoValue(list, { paused: true }))).toEqual({
    sender: 'Acme',
    warning_1: 100,
    warning_2: null,
    paused: true,
    warned: false,
    extra: 1,
  });
  expect(JSON.parse(smsInfoValue([], { sender: 'New' }))).toEqual({
    sender: 'New',
    warning_1: null,
    warning_2: null,
    paused: false,
    warned: false,
  });
});

test('a saved setting replaces the one with its key', () => {
  expect(
    withSetting(
      [
        { key: 'system_sms', value: '{"value":false}' },
        { key: 'sms_info', value: info },
      ],
      { key: 'system_sms', value: '{"value":true}' },
    ),
  ).toEqual([
    { key: 'sms_info', value: info },
    { key: 'system_sms', value: '{"value":true}' },
  ]);
});

test('credits are set by adding the difference', () => {
  expect(creditsChange(100, 150)).toBe(50);
  expect(creditsChange(100, 40)).toBe(-60);
  expect(creditsChange(100, 100)).toBe(0);
});
