import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRelativeTime, relativeTimeOf } from './relative-time';

// Local-time constructors keep the tests independent of the machine's time zone.
const NOW = new Date(2026, 5, 15, 9, 30); // 15 June 2026, 09:30 local
const daysBefore = (days: number, hour = 12) => new Date(2026, 5, 15 - days, hour);

describe('relativeTimeOf', () => {
  it('is null without a date or with an unparseable one', () => {
    for (const value of [null, undefined, '', 'not a date', Number.NaN]) {
      expect(relativeTimeOf(value, NOW)).toBeNull();
    }
  });

  it('is 0 days on the same calendar day, even hours apart', () => {
    expect(relativeTimeOf(new Date(2026, 5, 15, 0, 1), NOW)).toEqual({ unit: 'day', count: 0 });
    expect(relativeTimeOf(new Date(2026, 5, 15, 9, 29), NOW)).toEqual({ unit: 'day', count: 0 });
  });

  it('is 1 day on the previous calendar day, even minutes ago', () => {
    const justAfterMidnight = new Date(2026, 5, 15, 0, 5);
    expect(relativeTimeOf(new Date(2026, 5, 14, 23, 55), justAfterMidnight)).toEqual({ unit: 'day', count: 1 });
  });

  it('counts days up to 6, whole weeks up to 29 days, months of 30 days, years of 365 days', () => {
    expect(relativeTimeOf(daysBefore(6), NOW)).toEqual({ unit: 'day', count: 6 });
    expect(relativeTimeOf(daysBefore(7), NOW)).toEqual({ unit: 'week', count: 1 });
    expect(relativeTimeOf(daysBefore(13), NOW)).toEqual({ unit: 'week', count: 1 });
    expect(relativeTimeOf(daysBefore(29), NOW)).toEqual({ unit: 'week', count: 4 });
    expect(relativeTimeOf(daysBefore(30), NOW)).toEqual({ unit: 'month', count: 1 });
    expect(relativeTimeOf(daysBefore(364), NOW)).toEqual({ unit: 'month', count: 12 });
    expect(relativeTimeOf(daysBefore(365), NOW)).toEqual({ unit: 'year', count: 1 });
    expect(relativeTimeOf(daysBefore(730), NOW)).toEqual({ unit: 'year', count: 2 });
  });

  it('accepts an ISO string and milliseconds, as kept in local storage', () => {
    expect(relativeTimeOf(daysBefore(3).toISOString(), NOW)).toEqual({ unit: 'day', count: 3 });
    expect(relativeTimeOf(daysBefore(3).getTime(), NOW)).toEqual({ unit: 'day', count: 3 });
  });

  it('treats a date in the future as today', () => {
    expect(relativeTimeOf(new Date(2026, 5, 20), NOW)).toEqual({ unit: 'day', count: 0 });
  });

  it('uses the current time when now is not given', () => {
    expect(relativeTimeOf(new Date())).toEqual({ unit: 'day', count: 0 });
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
    expect(relativeTimeOf(new Date(2026, 2, 29, 0, 0), new Date(2026, 2, 30, 0, 0))).toEqual({ unit: 'day', count: 1 });
  });

  it('counts the 25-hour day in autumn as one day', () => {
    // Clocks went back on 25 October 2026; 23:30 to 23:30 the next day is 25 hours.
    expect(relativeTimeOf(new Date(2026, 9, 24, 23, 30), new Date(2026, 9, 25, 23, 30))).toEqual({
      unit: 'day',
      count: 1,
    });
  });

  it('counts a week spanning the change as one week', () => {
    expect(relativeTimeOf(new Date(2026, 2, 25, 0, 0), new Date(2026, 3, 1, 0, 0))).toEqual({ unit: 'week', count: 1 });
  });
});

describe('formatRelativeTime', () => {
  const say = (days: number, locale: string) => formatRelativeTime(daysBefore(days), { locale, now: NOW });

  it('reads naturally in Swedish: i dag, i går, för N dagar sedan', () => {
    expect(say(0, 'sv')).toBe('i dag');
    expect(say(1, 'sv')).toBe('i går');
    expect(say(3, 'sv')).toBe('för 3 dagar sedan');
    expect(say(7, 'sv')).toBe('för 1 vecka sedan');
    expect(say(14, 'sv')).toBe('för 2 veckor sedan');
    expect(say(30, 'sv')).toBe('för 1 månad sedan');
    expect(say(150, 'sv')).toBe('för 5 månader sedan');
    expect(say(400, 'sv')).toBe('för 1 år sedan');
  });

  it('reads naturally in English: today, yesterday, N days ago', () => {
    expect(say(0, 'en')).toBe('today');
    expect(say(1, 'en')).toBe('yesterday');
    expect(say(3, 'en')).toBe('3 days ago');
    expect(say(7, 'en')).toBe('1 week ago');
    expect(say(60, 'en')).toBe('2 months ago');
    expect(say(800, 'en')).toBe('2 years ago');
  });

  it('says nothing without a date, for the caller to word', () => {
    expect(formatRelativeTime(null, { locale: 'sv', now: NOW })).toBeNull();
  });
});
