import { describe, expect, it } from 'vitest';
import { isValidSlug, slugFromName } from './slug';

describe('slugFromName', () => {
  it('transliterates å, ä and ö and joins the words with hyphens', () => {
    expect(slugFromName('Åre Hälsa & Co 2')).toBe('are-halsa-co-2');
    expect(slugFromName('Örebro Kommun')).toBe('orebro-kommun');
    expect(slugFromName('ÅÄÖ åäö')).toBe('aao-aao');
  });

  it('transliterates other Latin letters', () => {
    expect(slugFromName('Café Zürich')).toBe('cafe-zurich');
    expect(slugFromName('Søren Bækgaard Straße')).toBe('soren-baekgaard-strasse');
    expect(slugFromName('Łódź')).toBe('lodz');
  });

  it('turns every run of other characters into one hyphen, with none at the ends', () => {
    expect(slugFromName('  Foo--Bar_Baz.se!\t& Co. ')).toBe('foo-bar-baz-se-co');
    expect(slugFromName('Acme AB')).toBe('acme-ab');
    expect(slugFromName('Team 42')).toBe('team-42');
  });

  it('returns an empty string when nothing usable is left', () => {
    expect(slugFromName('')).toBe('');
    expect(slugFromName('– ! ✓')).toBe('');
  });

  it('stops at 63 characters without ending in a hyphen', () => {
    const slug = slugFromName(`${'a'.repeat(62)} bc`);
    expect(slug).toBe('a'.repeat(62));
    expect(slugFromName('x'.repeat(80))).toHaveLength(63);
  });

  it('always returns a valid slug for a name with at least one usable character', () => {
    for (const name of ['Acme AB', 'Åre Hälsa & Co 2', 'X', '123', ' -a- ', `${'ö'.repeat(70)}`]) {
      expect(isValidSlug(slugFromName(name)), name).toBe(true);
    }
  });
});

describe('isValidSlug', () => {
  it('accepts lowercase letters and digits, in words joined by single hyphens', () => {
    for (const slug of ['acmeab', 'are-halsa-co-2', '2024', 'a'.repeat(63)]) expect(isValidSlug(slug)).toBe(true);
  });

  it('rejects an empty slug and one over 63 characters', () => {
    expect(isValidSlug('')).toBe(false);
    expect(isValidSlug('a'.repeat(64))).toBe(false);
  });

  it('rejects uppercase, spaces, underscores, dots and hyphens at the ends or doubled', () => {
    for (const slug of ['Acme', 'acme ab', 'acme_ab', 'acme.ab', '-acme', 'acme-', 'acme--ab', 'acme\n']) {
      expect(isValidSlug(slug), slug).toBe(false);
    }
  });

  it('rejects non-ASCII letters', () => {
    expect(isValidSlug('örebro')).toBe(false);
  });
});
