import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isoToUtcInput, utcInputToIso } from './deactivation-date';

describe('isoToUtcInput', () => {
  it('gives the UTC wall-clock time for a datetime-local field', () => {
    expect(isoToUtcInput('2026-12-31T23:00:00.000Z')).toBe('2026-12-31T23:00');
  });

  it('converts other offsets to UTC', () => {
    expect(isoToUtcInput('2027-01-01T00:30:00+01:00')).toBe('2026-12-31T23:30');
  });

  it('drops seconds', () => {
    expect(isoToUtcInput('2026-05-06T07:08:59Z')).toBe('2026-05-06T07:08');
  });

  it('gives an empty value for a missing or unreadable timestamp', () => {
    expect(isoToUtcInput(null)).toBe('');
    expect(isoToUtcInput(undefined)).toBe('');
    expect(isoToUtcInput('')).toBe('');
    expect(isoToUtcInput('tomorrow')).toBe('');
  });
});

describe('utcInputToIso', () => {
  it('reads the field value as UTC', () => {
    expect(utcInputToIso('2026-12-31T23:00')).toBe('2026-12-31T23:00:00.000Z');
  });

  it('accepts seconds and milliseconds', () => {
    expect(utcInputToIso('2026-12-31T23:00:15')).toBe('2026-12-31T23:00:15.000Z');
    expect(utcInputToIso('2026-12-31T23:00:15.250')).toBe('2026-12-31T23:00:15.000Z');
  });

  it('gives null for an empty or malformed value', () => {
    for (const value of ['', '2026-12-31', '2026-12-31 23:00', '31/12/2026 23:00', '2026-12-31T23:00Z', 'x']) {
      expect(utcInputToIso(value)).toBeNull();
    }
  });

  it('gives null for a date or time that does not exist', () => {
    expect(utcInputToIso('2026-04-31T10:00')).toBeNull();
    expect(utcInputToIso('2026-02-29T10:00')).toBeNull();
    expect(utcInputToIso('2026-13-01T10:00')).toBeNull();
    expect(utcInputToIso('2026-01-01T24:00')).toBeNull();
    expect(utcInputToIso('2026-01-01T10:60')).toBeNull();
  });

  it('accepts a leap day', () => {
    expect(utcInputToIso('2028-02-29T10:00')).toBe('2028-02-29T10:00:00.000Z');
  });
});

describe('round trip in a time zone far from UTC', () => {
  beforeEach(() => {
    vi.stubEnv('TZ', 'Pacific/Kiritimati'); // UTC+14
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('keeps the same instant and the same field value', () => {
    const iso = '2026-12-31T23:00:00.000Z';
    expect(isoToUtcInput(iso)).toBe('2026-12-31T23:00');
    expect(utcInputToIso(isoToUtcInput(iso))).toBe(iso);
    expect(isoToUtcInput(utcInputToIso('2026-03-29T01:30'))).toBe('2026-03-29T01:30');
  });
});
