import { describe, expect, it } from 'vitest';
import { initials } from './avatar';

describe('initials', () => {
  it('takes the first letters of the first and last word', () => {
    expect(initials('Anna Svensson')).toBe('AS');
    expect(initials('Anna Maria Svensson')).toBe('AS');
  });

  it('gives one letter for a single word', () => {
    expect(initials('Cher')).toBe('C');
  });

  it('gives a question mark for a blank name', () => {
    expect(initials('')).toBe('?');
    expect(initials('   \t ')).toBe('?');
  });

  it('upper-cases and ignores extra whitespace', () => {
    expect(initials('  anna   svensson  ')).toBe('AS');
  });

  it('keeps non-ASCII letters', () => {
    expect(initials('åsa öberg')).toBe('ÅÖ');
    expect(initials('𝒜lice Smith')).toBe('𝒜S');
  });
});
