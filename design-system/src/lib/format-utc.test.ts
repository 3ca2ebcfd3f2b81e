import { describe, expect, it } from 'vitest';
import { formatUtc } from './format-utc';

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
