import { describe, expect, test } from 'vitest';
import { invoiceAmount, settingEnabled } from './amount';

describe('invoiceAmount', () => {
  test('2850 for the first user, 275 for each further one', () => {
    expect(invoiceAmount(1)).toBe(2850);
    expect(invoiceAmount(2)).toBe(3125);
    expect(invoiceAmount(10)).toBe(2850 + 9 * 275);
  });

  test('a tenant without users pays the base fee, never less', () => {
    expect(invoiceAmount(0)).toBe(2850);
  });

  test('refuses counts that cannot be', () => {
    expect(() => invoiceAmount(-1)).toThrow(RangeError);
    expect(() => invoiceAmount(1.5)).toThrow(RangeError);
  });
});

describe('settingEnabled', () => {
  test('true-like words and {"value": true} switch on', () => {
    for (const value of ['true', 'TRUE', ' 1 ', 'yes', 'on', '{"value":true}'])
      expect(settingEnabled(value)).toBe(true);
  });

  test('anything else, or no setting, is off', () => {
    for (const value of [
      undefined,
      '',
      'false',
      '0',
      'no',
      'off',
      'enabled?',
      '{"value":false}',
      '{"value":"true"}',
      '{bad',
    ])
      expect(settingEnabled(value)).toBe(false);
  });
});
