import { describe, expect, it } from 'vitest';
import { groupSecret } from './qr-code-image';

describe('groupSecret', () => {
  it('splits a key into blocks of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
  });

  it('leaves a shorter last block', () => {
    expect(groupSecret('JBSWY3DPEH')).toBe('JBSW Y3DP EH');
    expect(groupSecret('ABC')).toBe('ABC');
  });

  it('regroups a key that already has spaces or line breaks', () => {
    expect(groupSecret('JB SWY3\nDPEH PK3P XP')).toBe('JBSW Y3DP EHPK 3PXP');
  });

  it('keeps the letters as given', () => {
    expect(groupSecret('abcdEFGH')).toBe('abcd EFGH');
  });

  it('takes another block size', () => {
    expect(groupSecret('ABCDEFGH', 3)).toBe('ABC DEF GH');
  });

  it('returns an empty text for an empty key', () => {
    expect(groupSecret('')).toBe('');
    expect(groupSecret('   ')).toBe('');
  });
});
