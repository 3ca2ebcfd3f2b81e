import { describe, expect, test } from 'vitest';
import { randomDigits, randomToken, Secrets, sha256 } from './tokens';

describe('tokens', () => {
  test('random tokens carry 256 bits and do not repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => randomToken()));
    expect(tokens.size).toBe(1000);
    expect(Buffer.from([...tokens][0] as string, 'base64url')).toHaveLength(32);
  });

  test('codes are six digits, zero-padded', () => {
    for (let i = 0; i < 200; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/);
  });

  test('sealed secrets open only with the same server secret and fail when tampered with', () => {
    const a = new Secrets('a'.repeat(32));
    const sealed = a.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(a.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => new Secrets('b'.repeat(32)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[2] = `${parts[2]?.slice(0, -2)}AA`;
    expect(() => a.open(parts.join('.'))).toThrow();
  });

  test('hashes and MACs are stable and keyed', () => {
    expect(sha256('x')).toBe(sha256('x'));
    expect(new Secrets('a'.repeat(32)).mac('x')).not.toBe(new Secrets('b'.repeat(32)).mac('x'));
  });
});
