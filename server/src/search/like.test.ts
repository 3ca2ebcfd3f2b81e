import { describe, expect, test } from 'vitest';
import { containsPattern } from './like';

describe('containsPattern', () => {
  test('wraps a plain term in wildcards', () => {
    expect(containsPattern('anna')).toBe('%anna%');
  });

  test('escapes the LIKE wildcards and the escape character itself', () => {
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
    expect(containsPattern('%')).toBe('%\\%%');
  });
});
