import { describe, expect, it } from 'vitest';
import { parseInteger } from './sms-format';

describe('parseInteger', () => {
  it('reads digits', () => {
    expect(parseInteger('0')).toBe(0);
    expect(parseInteger('100')).toBe(100);
    expect(parseInteger('007')).toBe(7);
  });

  it('reads a leading minus sign', () => {
    expect(parseInteger('-25')).toBe(-25);
  });

  it('reads minus zero as zero', () => {
    expect(Object.is(parseInteger('-0'), 0)).toBe(true);
  });

  it('allows spaces around the number', () => {
    expect(parseInteger('  42 ')).toBe(42);
    expect(parseInteger('\t-3\n')).toBe(-3);
  });

  it('rejects decimals, exponents and other number notations', () => {
    for (const text of ['1.5', '1.0', '1,5', '1e3', '0x10', '0b1', '.5', '5.', 'Infinity', '+5', '--5']) {
      expect(parseInteger(text)).toBeNull();
    }
  });

  it('rejects empty, blank and non-numeric text', () => {
    for (const text of ['', '   ', '-', 'abc', '12abc', '1 000', '٣']) {
      expect(parseInteger(text)).toBeNull();
    }
  });

  it('rejects numbers too large to hold exactly', () => {
    expect(parseInteger('9007199254740991')).toBe(9007199254740991);
    expect(parseInteger('9007199254740993')).toBeNull();
  });
});
