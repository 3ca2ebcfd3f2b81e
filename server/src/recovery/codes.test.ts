import { describe, expect, test } from 'vitest';
import { newRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './codes';

describe('recovery codes', () => {
  test('a set is ten distinct codes in two groups of five, without misreadable letters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  });

  test('each code holds at least 50 bits: ten characters of a 32-letter alphabet, all of them used', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) for (const char of newRecoveryCode().replace('-', '')) seen.add(char);
    expect(seen.size).toBe(32);
    expect(10 * Math.log2(seen.size)).toBeGreaterThanOrEqual(50);
  });

  test('capitals, spaces and dashes do not matter, and o, i and l read as 0 and 1', () => {
    expect(normalizeRecoveryCode('7GK2M-X9QPD')).toBe('7gk2mx9qpd');
    expect(normalizeRecoveryCode(' 7gk2m x9qpd ')).toBe('7gk2mx9qpd');
    expect(normalizeRecoveryCode('7gk2mx9qpd')).toBe('7gk2mx9qpd');
    expect(normalizeRecoveryCode('O0iIl-11111')).toBe('0011111111');
  });

  test('what cannot be a code is refused', () => {
    expect(normalizeRecoveryCode('7gk2m-x9qp')).toBeNull();
    expect(normalizeRecoveryCode('7gk2m-x9qpdd')).toBeNull();
    expect(normalizeRecoveryCode('7gk2m-x9qpu')).toBeNull();
    expect(normalizeRecoveryCode('')).toBeNull();
  });
});
