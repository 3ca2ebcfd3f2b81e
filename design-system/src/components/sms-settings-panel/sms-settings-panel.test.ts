import { describe, expect, it } from 'vitest';
import { formatUtc, parseInteger } from './sms-settings-panel';

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

describe('formatUtc', () => {
  it('formats in UTC whatever offset the timestamp carries', () => {
    expect(formatUtc('2026-12-31T23:00:00Z')).toBe('2026-12-31 23:00 UTC');
    expect(formatUtc('2027-01-01T00:00:00+01:00')).toBe('2026-12-31 23:00 UTC');
    expect(formatUtc('2026-06-01T08:05:59.999-02:30')).toBe('2026-06-01 10:35 UTC');
  });

  it('pads months, days, hours and minutes', () => {
    expect(formatUtc('2026-03-04T05:06:00Z')).toBe('2026-03-04 05:06 UTC');
  });

  it('gives an empty string for a missing or unreadable value', () => {
    expect(formatUtc(null)).toBe('');
    expect(formatUtc(undefined)).toBe('');
    expect(formatUtc('')).toBe('');
    expect(formatUtc('soon')).toBe('');
  });
});
