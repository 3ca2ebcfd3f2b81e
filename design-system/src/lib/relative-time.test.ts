import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatLastAccessed,
  formatLastLogin,
  type LastLoginWords,
  lastAccessedText,
  lastLoginText,
} from './relative-time';

// Local-time constructors keep the tests independent of the machine's time zone.
const NOW = new Date(2026, 5, 15, 9, 30); // 15 June 2026, 09:30 local
const daysBefore = (days: number, hour = 12) => new Date(2026, 5, 15 - days, hour);

describe('lastLoginText', () => {
  it('is never without a date', () => {
    expect(lastLoginText(null, NOW)).toEqual({ unit: 'never', count: 0 });
    expect(lastLoginText(undefined, NOW)).toEqual({ unit: 'never', count: 0 });
    expect(lastLoginText('', NOW)).toEqual({ unit: 'never', count: 0 });
  });

  it('is never for an unparseable date', () => {
    expect(lastLoginText('not a date', NOW)).toEqual({ unit: 'never', count: 0 });
  });

  it('is today on the same calendar day, even hours apart', () => {
    expect(lastLoginText(new Date(2026, 5, 15, 0, 1), NOW)).toEqual({ unit: 'today', count: 0 });
    expect(lastLoginText(new Date(2026, 5, 15, 9, 29), NOW)).toEqual({ unit: 'today', count: 0 });
  });

  it('is yesterday on the previous calendar day, even minutes ago', () => {
    const justAfterMidnight = new Date(2026, 5, 15, 0, 5);
    expect(lastLoginText(new Date(2026, 5, 14, 23, 55), justAfterMidnight)).toEqual({ unit: 'yesterday', count: 1 });
    expect(lastLoginText(new Date(2026, 5, 14, 0, 0), NOW)).toEqual({ unit: 'yesterday', count: 1 });
  });

  it('counts days from 2 up to 6', () => {
    expect(lastLoginText(daysBefore(2), NOW)).toEqual({ unit: 'days', count: 2 });
    expect(lastLoginText(daysBefore(6), NOW)).toEqual({ unit: 'days', count: 6 });
  });

  it('counts whole weeks from 7 up to 29 days', () => {
    expect(lastLoginText(daysBefore(7), NOW)).toEqual({ unit: 'weeks', count: 1 });
    expect(lastLoginText(daysBefore(13), NOW)).toEqual({ unit: 'weeks', count: 1 });
    expect(lastLoginText(daysBefore(14), NOW)).toEqual({ unit: 'weeks', count: 2 });
    expect(lastLoginText(daysBefore(29), NOW)).toEqual({ unit: 'weeks', count: 4 });
  });

  it('counts months of 30 days from 30 up to 364 days', () => {
    expect(lastLoginText(daysBefore(30), NOW)).toEqual({ unit: 'months', count: 1 });
    expect(lastLoginText(daysBefore(59), NOW)).toEqual({ unit: 'months', count: 1 });
    expect(lastLoginText(daysBefore(60), NOW)).toEqual({ unit: 'months', count: 2 });
    expect(lastLoginText(daysBefore(364), NOW)).toEqual({ unit: 'months', count: 12 });
  });

  it('counts years of 365 days from 365 days on', () => {
    expect(lastLoginText(daysBefore(365), NOW)).toEqual({ unit: 'years', count: 1 });
    expect(lastLoginText(daysBefore(729), NOW)).toEqual({ unit: 'years', count: 1 });
    expect(lastLoginText(daysBefore(730), NOW)).toEqual({ unit: 'years', count: 2 });
  });

  it('accepts an ISO string', () => {
    const now = new Date('2026-06-15T12:00:00');
    expect(lastLoginText('2026-06-12T12:00:00', now)).toEqual({ unit: 'days', count: 3 });
  });

  it('treats a date in the future as today', () => {
    expect(lastLoginText(new Date(2026, 5, 20), NOW)).toEqual({ unit: 'today', count: 0 });
  });

  it('uses the current time when now is not given', () => {
    expect(lastLoginText(new Date())).toEqual({ unit: 'today', count: 0 });
  });
});

describe('calendar days across a daylight-saving change', () => {
  beforeEach(() => {
    vi.stubEnv('TZ', 'Europe/Stockholm');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('counts the 23-hour day in spring as one day', () => {
    // Clocks went forward on 29 March 2026; midnight to midnight is 23 hours.
    expect(lastLoginText(new Date(2026, 2, 29, 0, 0), new Date(2026, 2, 30, 0, 0))).toEqual({
      unit: 'yesterday',
      count: 1,
    });
  });

  it('counts the 25-hour day in autumn as one day', () => {
    // Clocks went back on 25 October 2026; 23:30 to 23:30 the next day is 25 hours.
    expect(lastLoginText(new Date(2026, 9, 24, 23, 30), new Date(2026, 9, 25, 23, 30))).toEqual({
      unit: 'yesterday',
      count: 1,
    });
  });

  it('counts a week spanning the change as 7 days', () => {
    expect(lastAccessedText(new Date(2026, 2, 25, 0, 0), new Date(2026, 3, 1, 0, 0))).toEqual({
      unit: 'days',
      count: 7,
    });
  });
});

describe('formatLastLogin', () => {
  it('words every unit in English by default', () => {
    expect(formatLastLogin({ unit: 'never', count: 0 })).toBe('never');
    expect(formatLastLogin({ unit: 'today', count: 0 })).toBe('today');
    expect(formatLastLogin({ unit: 'yesterday', count: 1 })).toBe('yesterday');
    expect(formatLastLogin({ unit: 'days', count: 3 })).toBe('3 days ago');
    expect(formatLastLogin({ unit: 'weeks', count: 1 })).toBe('1 week ago');
    expect(formatLastLogin({ unit: 'weeks', count: 2 })).toBe('2 weeks ago');
    expect(formatLastLogin({ unit: 'months', count: 1 })).toBe('1 month ago');
    expect(formatLastLogin({ unit: 'months', count: 5 })).toBe('5 months ago');
    expect(formatLastLogin({ unit: 'years', count: 1 })).toBe('1 year ago');
    expect(formatLastLogin({ unit: 'years', count: 2 })).toBe('2 years ago');
  });

  it('formats what lastLoginText classified', () => {
    expect(formatLastLogin(lastLoginText(daysBefore(21), NOW))).toBe('3 weeks ago');
  });

  it('uses the words given, falling back to English for the rest', () => {
    const sv: Partial<LastLoginWords> = {
      never: 'aldrig',
      days: (n) => `${n} dagar sedan`,
      weeks: (n) => `${n} ${n === 1 ? 'vecka' : 'veckor'} sedan`,
    };
    expect(formatLastLogin({ unit: 'never', count: 0 }, sv)).toBe('aldrig');
    expect(formatLastLogin({ unit: 'days', count: 4 }, sv)).toBe('4 dagar sedan');
    expect(formatLastLogin({ unit: 'weeks', count: 1 }, sv)).toBe('1 vecka sedan');
    expect(formatLastLogin({ unit: 'today', count: 0 }, sv)).toBe('today');
  });

  it('ignores words passed as undefined', () => {
    expect(formatLastLogin({ unit: 'yesterday', count: 1 }, { yesterday: undefined })).toBe('yesterday');
  });
});

describe('lastAccessedText', () => {
  it('is unknown without a date', () => {
    expect(lastAccessedText(null, NOW)).toEqual({ unit: 'unknown', count: 0 });
    expect(lastAccessedText(undefined, NOW)).toEqual({ unit: 'unknown', count: 0 });
    expect(lastAccessedText(Number.NaN, NOW)).toEqual({ unit: 'unknown', count: 0 });
  });

  it('is today on the same calendar day', () => {
    expect(lastAccessedText(new Date(2026, 5, 15, 0, 0), NOW)).toEqual({ unit: 'today', count: 0 });
  });

  it('counts calendar days, without switching to weeks', () => {
    expect(lastAccessedText(daysBefore(1, 23), NOW)).toEqual({ unit: 'days', count: 1 });
    expect(lastAccessedText(daysBefore(12), NOW)).toEqual({ unit: 'days', count: 12 });
    expect(lastAccessedText(daysBefore(400), NOW)).toEqual({ unit: 'days', count: 400 });
  });

  it('accepts a timestamp in milliseconds, as kept in local storage', () => {
    expect(lastAccessedText(daysBefore(3).getTime(), NOW)).toEqual({ unit: 'days', count: 3 });
  });

  it('accepts an ISO string', () => {
    expect(lastAccessedText(daysBefore(2).toISOString(), NOW)).toEqual({ unit: 'days', count: 2 });
  });
});

describe('formatLastAccessed', () => {
  it('words every unit in English by default', () => {
    expect(formatLastAccessed({ unit: 'today', count: 0 })).toBe('Today');
    expect(formatLastAccessed({ unit: 'days', count: 1 })).toBe('1 day ago');
    expect(formatLastAccessed({ unit: 'days', count: 5 })).toBe('5 days ago');
    expect(formatLastAccessed({ unit: 'unknown', count: 0 })).toBe('–');
  });

  it('uses the words given', () => {
    const sv = { today: 'Idag', days: (n: number) => `${n} ${n === 1 ? 'dag' : 'dagar'} sedan` };
    expect(formatLastAccessed({ unit: 'today', count: 0 }, sv)).toBe('Idag');
    expect(formatLastAccessed({ unit: 'days', count: 1 }, sv)).toBe('1 dag sedan');
    expect(formatLastAccessed({ unit: 'unknown', count: 0 }, sv)).toBe('–');
  });
});
