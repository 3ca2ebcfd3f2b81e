import { describe, expect, test } from 'vitest';
import { COMMON_PASSWORD_COUNT, hashPassword, isCommon, passwordProblems, verifyPassword } from './passwords';

describe('password rules', () => {
  test('the bundled common list holds at least 10,000 passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
  });

  test('login policy: at least 9, an uppercase letter, a special character, a digit', () => {
    expect(passwordProblems('Abcdefg1!', 'login')).toEqual([]);
    expect(passwordProblems('Abcdef1!', 'login')).toEqual(['too_short']);
    expect(passwordProblems('abcdefgh1!', 'login')).toEqual(['uppercase']);
    expect(passwordProblems('Abcdefgh12', 'login')).toEqual(['special']);
    expect(passwordProblems('Abcdefgh!!', 'login')).toEqual(['digit']);
  });

  test('reset policy: at least 8 characters', () => {
    expect(passwordProblems('zebra-kite', 'reset')).toEqual([]);
    expect(passwordProblems('zebra-k', 'reset')).toEqual(['too_short']);
  });

  test('common passwords are refused, also dressed up with digits and symbols', () => {
    expect(isCommon('password')).toBe(true);
    expect(isCommon('Password123!')).toBe(true);
    expect(isCommon('!Dragon2024')).toBe(true);
    expect(isCommon('Fjällräven-Kånken-7')).toBe(false);
    expect(passwordProblems('Qwerty123!', 'login')).toContain('common');
  });

  test('any Unicode counts by character, up to 1024, never truncated', () => {
    expect(passwordProblems('Ålögrön1!', 'login')).toEqual([]);
    expect(passwordProblems(`A1!${'ü'.repeat(1021)}`, 'login')).toEqual([]);
    expect(passwordProblems(`A1!${'ü'.repeat(1022)}`, 'login')).toContain('too_long');
  });

  test('argon2id hashes verify, and a difference after 128 characters still matters', async () => {
    const long = `${'x'.repeat(200)}A1!`;
    const hashed = await hashPassword(long);
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hashed, long)).toBe(true);
    expect(await verifyPassword(hashed, `${'x'.repeat(200)}A1?`)).toBe(false);
  });
});
