import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  RESET_LINK_PASSWORD_POLICY,
  SIGN_IN_PASSWORD_POLICY,
} from './password-rules';

const VALID = 'Sommar#2024';
const EVERY_RULE_HOLDS = {
  minLength: true,
  uppercase: true,
  special: true,
  digit: true,
  matches: true,
  valid: true,
};

describe('checkPassword', () => {
  it('accepts a password that meets every rule and is repeated', () => {
    expect(checkPassword(VALID, VALID)).toEqual(EVERY_RULE_HOLDS);
  });

  it('fails every rule for an empty password', () => {
    expect(checkPassword('', '')).toEqual({
      minLength: false,
      uppercase: false,
      special: false,
      digit: false,
      matches: false,
      valid: false,
    });
  });

  describe('minimum length', () => {
    it('is 9', () => {
      expect(PASSWORD_MIN_LENGTH).toBe(9);
    });

    it('rejects 8 characters and accepts 9', () => {
      const eight = 'Abcdef#1';
      const nine = 'Abcdefg#1';
      expect(eight).toHaveLength(8);
      expect(checkPassword(eight, eight)).toMatchObject({ minLength: false, valid: false });
      expect(checkPassword(nine, nine)).toMatchObject({ minLength: true, valid: true });
    });

    it('allows long passwords of 128 characters and more', () => {
      const long = `Aa#1${'x'.repeat(200)}`;
      expect(checkPassword(long, long)).toMatchObject({ minLength: true, valid: true });
    });

    it('counts an emoji as one character, not as its two UTF-16 units', () => {
      const withEmoji = 'Ab#1😀😀😀😀';
      expect(withEmoji.length).toBe(12);
      expect(checkPassword(withEmoji, withEmoji).minLength).toBe(false);
      expect(checkPassword(`${withEmoji}x`, '').minLength).toBe(true);
    });

    it('counts spaces', () => {
      expect(checkPassword('A#1      ', '').minLength).toBe(true);
    });
  });

  describe('uppercase letter', () => {
    it('needs at least one', () => {
      expect(checkPassword('sommar#2024', '').uppercase).toBe(false);
      expect(checkPassword('sommaR#2024', '').uppercase).toBe(true);
    });

    it('counts uppercase letters outside ASCII', () => {
      expect(checkPassword('Ödmjuk#2024', '').uppercase).toBe(true);
      expect(checkPassword('älg#2024Å', '').uppercase).toBe(true);
      expect(checkPassword('Éclair', '').uppercase).toBe(true);
    });

    it('does not count digits, symbols or letters without case', () => {
      expect(checkPassword('1234#!ö漢字', '').uppercase).toBe(false);
    });
  });

  describe('special character', () => {
    it('accepts every character of the fixed set', () => {
      for (const character of PASSWORD_SPECIAL_CHARACTERS) {
        expect(checkPassword(`Sommar2024${character}`, '').special, character).toBe(true);
      }
    });

    it('contains the agreed characters, including backslash, quotes and backtick', () => {
      expect([...PASSWORD_SPECIAL_CHARACTERS].sort().join('')).toBe(
        [...'!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`'].sort().join(''),
      );
      for (const character of ['\\', "'", '"', '`', '~']) expect(PASSWORD_SPECIAL_CHARACTERS).toContain(character);
    });

    it('does not count spaces, letters, digits or symbols outside the set', () => {
      for (const character of [' ', 'a', 'Å', '7', '€', '§', '£', '½', '😀']) {
        expect(checkPassword(`Sommar2024${character}`, '').special, character).toBe(false);
      }
    });
  });

  describe('digit', () => {
    it('needs one of 0–9', () => {
      expect(checkPassword('Sommar#', '').digit).toBe(false);
      expect(checkPassword('Sommar#0', '').digit).toBe(true);
      expect(checkPassword('9Sommar#', '').digit).toBe(true);
    });

    it('does not count digits of other scripts', () => {
      expect(checkPassword('Sommar#٣', '').digit).toBe(false);
    });
  });

  describe('repeat', () => {
    it('does not match while the repeat is empty, even for an empty password', () => {
      expect(checkPassword('', '').matches).toBe(false);
      expect(checkPassword(VALID, '').matches).toBe(false);
    });

    it('must be exactly equal, case and whitespace included', () => {
      expect(checkPassword(VALID, VALID.toLowerCase()).matches).toBe(false);
      expect(checkPassword(VALID, `${VALID} `).matches).toBe(false);
      expect(checkPassword(VALID, VALID.slice(0, -1)).matches).toBe(false);
    });

    it('keeps a strong password invalid until it is repeated', () => {
      expect(checkPassword(VALID, 'Sommar#202')).toMatchObject({
        minLength: true,
        uppercase: true,
        special: true,
        digit: true,
        matches: false,
        valid: false,
      });
    });
  });

  it('is invalid when any single rule fails', () => {
    for (const password of ['Sommar#2', 'sommar#2024', 'Sommar2024', 'Sommar#abc']) {
      expect(checkPassword(password, password).valid, password).toBe(false);
    }
  });

  describe('policies', () => {
    it('checks against the sign-in flow when no policy is given', () => {
      expect(checkPassword('abcdefgh', 'abcdefgh')).toEqual(
        checkPassword('abcdefgh', 'abcdefgh', SIGN_IN_PASSWORD_POLICY),
      );
      expect(checkPassword('abcdefgh', 'abcdefgh').valid).toBe(false);
    });

    it('asks the reset link page for 8 characters and nothing else', () => {
      expect(RESET_LINK_PASSWORD_POLICY.minLength).toBe(8);
      expect(checkPassword('abcdefg', 'abcdefg', RESET_LINK_PASSWORD_POLICY)).toMatchObject({
        minLength: false,
        valid: false,
      });
      expect(checkPassword('abcdefgh', 'abcdefgh', RESET_LINK_PASSWORD_POLICY)).toEqual(EVERY_RULE_HOLDS);
      expect(checkPassword('abcdefgh', 'abcdefgi', RESET_LINK_PASSWORD_POLICY)).toMatchObject({
        matches: false,
        valid: false,
      });
    });
  });
});
