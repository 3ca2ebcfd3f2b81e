import { describe, expect, it } from 'vitest';
import { isValidSlug, slugFromName } from './slug';

describe('slugFromName', () => {
  it('lowercases and removes spaces', () => {
    expect(slugFromName('Acme AB')).toBe('acmeab');
  });

  it('removes Swedish letters instead of transliterating them', () => {
    expect(slugFromName('Örebro Kommun 2')).toBe('rebrokommun2');
    expect(slugFromName('Åre Älvdalen')).toBe('relvdalen');
  });

  it('keeps digits', () => {
    expect(slugFromName('Team 42')).toBe('team42');
  });

  it('removes punctuation, symbols and other whitespace', () => {
    expect(slugFromName('  Foo-Bar_Baz.se!\t& Co. ')).toBe('foobarbazseco');
  });

  it('removes accented Latin letters', () => {
    expect(slugFromName('Café Zürich')).toBe('cafzrich');
  });

  it('returns an empty string when nothing usable is left', () => {
    expect(slugFromName('')).toBe('');
    expect(slugFromName('åäö – !')).toBe('');
  });

  it('always returns a valid slug for a name with at least one usable character', () => {
    for (const name of ['Acme AB', 'Örebro Kommun 2', 'X', '123']) {
      expect(isValidSlug(slugFromName(name))).toBe(true);
    }
  });
});

describe('isValidSlug', () => {
  it('accepts lowercase letters and digits', () => {
    expect(isValidSlug('acmeab')).toBe(true);
    expect(isValidSlug('rebrokommun2')).toBe(true);
    expect(isValidSlug('2024')).toBe(true);
  });

  it('rejects an empty slug', () => {
    expect(isValidSlug('')).toBe(false);
  });

  it('rejects uppercase letters', () => {
    expect(isValidSlug('Acme')).toBe(false);
  });

  it('rejects spaces, hyphens, underscores and dots', () => {
    for (const slug of ['acme ab', 'acme-ab', 'acme_ab', 'acme.ab', ' acme', 'acme\n']) {
      expect(isValidSlug(slug)).toBe(false);
    }
  });

  it('rejects non-ASCII letters', () => {
    expect(isValidSlug('örebro')).toBe(false);
  });
});
