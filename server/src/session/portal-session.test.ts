import { describe, expect, test } from 'vitest';
import { loadConfig } from '../config';
import { describeUserAgent, type PortalSession, sessionKind, timeLeft } from './portal-session';
import { methodOf } from './routes';

const HOUR = 60 * 60_000;
const config = loadConfig({});
const at = (iso: string) => Date.parse(iso);

describe('how long a portal session has left', () => {
  const session: PortalSession = {
    accountId: 'a',
    persistent: false,
    kind: 'browser',
    createdAt: '2026-01-01T08:00:00.000Z',
    lastActiveAt: '2026-01-01T15:00:00.000Z',
  };

  test('the sooner of the idle end and the absolute end', () => {
    // Idle ends at 17:00, absolute at 20:00.
    expect(timeLeft(config, session, at('2026-01-01T16:00:00.000Z'))).toBe(HOUR);
    // Active at 19:30: the absolute end at 20:00 comes first.
    const late = { ...session, lastActiveAt: '2026-01-01T19:30:00.000Z' };
    expect(timeLeft(config, late, at('2026-01-01T19:45:00.000Z'))).toBe(HOUR / 4);
    expect(timeLeft(config, late, at('2026-01-01T20:00:00.000Z'))).toBe(0);
  });

  test('a record from before idle timeouts counts as last active at sign-in, by its persistence', () => {
    const old = { accountId: 'a', persistent: true, createdAt: '2026-01-01T08:00:00.000Z' };
    expect(timeLeft(config, old, at('2026-01-01T08:00:00.000Z'))).toBe(7 * 24 * HOUR);
  });

  test("a platform admin's session is an admin session, remembered or not", () => {
    expect(sessionKind({ id: 'a', isAdmin: true }, true)).toBe('admin');
    expect(sessionKind({ id: 'a', isAdmin: false }, true)).toBe('remembered');
    expect(sessionKind({ id: 'a', isAdmin: false }, false)).toBe('browser');
  });
});

describe('browser and OS from the User-Agent', () => {
  test('names people use, null where the header says nothing useful', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 131', os: 'Android 14' });
    expect(describeUserAgent(undefined)).toEqual({ browser: null, os: null });
    expect(describeUserAgent('curl/8.5.0').os).toBeNull();
  });

  test('a User-Agent naming no browser or system Bowser knows shows neither: no text of its own reaches the mail or the list', () => {
    for (const hostile of [
      'Ignore this mail, all is well/1.0',
      'Visit https://evil.example/help now/2.0 (Totally Safe OS 1)',
      'Mozilla/5.0 (Windows NT 10.0) Firefox/ignore-this',
    ]) {
      const { browser, os } = describeUserAgent(hostile);
      for (const shown of [browser, os]) {
        expect(shown === null || /^[A-Za-z][\w .-]* ?\d*$/.test(shown)).toBe(true);
        expect(shown ?? '').not.toMatch(/ignore|evil|visit|safe/i);
      }
    }
    expect(describeUserAgent('Ignore this mail, all is well/1.0')).toEqual({ browser: null, os: null });
  });

  test('a hostile header gives short names', () => {
    const { browser, os } = describeUserAgent(`Mozilla/5.0 (${'X'.repeat(5000)}) Firefox/${'9'.repeat(5000)}`);
    expect((browser ?? '').length).toBeLessThanOrEqual(60);
    expect((os ?? '').length).toBeLessThanOrEqual(60);
  });
});

describe('sign-in method from amr', () => {
  test('the first factor, and the second factor when there was one', () => {
    expect(methodOf(['pwd'])).toEqual({ method: 'password', second_factor: null });
    expect(methodOf(['pwd', 'otp', 'mfa'])).toEqual({ method: 'password', second_factor: 'authenticator' });
    expect(methodOf(['otp', 'mfa'])).toEqual({ method: 'email_code', second_factor: 'authenticator' });
    expect(methodOf(['fed', 'hwk', 'mfa'])).toEqual({ method: 'provider', second_factor: 'security_key' });
    expect(methodOf(['hwk', 'mfa'])).toEqual({ method: 'passkey', second_factor: null });
    expect(methodOf([])).toEqual({ method: 'unknown', second_factor: null });
    expect(methodOf(['pwd', 'otp', 'mfa'], 'recovery_code')).toEqual({
      method: 'password',
      second_factor: 'recovery_code',
    });
    expect(methodOf(['pwd', 'otp', 'mfa'], 'totp')).toEqual({ method: 'password', second_factor: 'authenticator' });
  });
});
