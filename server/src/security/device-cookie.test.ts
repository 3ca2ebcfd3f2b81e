import { describe, expect, test } from 'vitest';
import { DEVICE_TRUST_MS, encodeDeviceCookie, trustedEntry, validDeviceEntries } from './device-cookie';
import { Secrets } from './tokens';

const secrets = new Secrets('a server secret for device cookie tests');
const now = new Date('2026-01-01T12:00:00Z');
const ACCOUNT = '6f1c1d2e-0000-4000-8000-000000000001';
const OTHER = '6f1c1d2e-0000-4000-8000-000000000002';

describe('device cookie', () => {
  test('a signed entry reads back until it expires, under the same device id when renewed', () => {
    const entry = trustedEntry(ACCOUNT, now);
    const cookie = encodeDeviceCookie(secrets, [entry]);
    expect(validDeviceEntries(secrets, cookie, now)).toEqual([entry]);
    const justBefore = new Date(now.getTime() + DEVICE_TRUST_MS - 1000);
    expect(validDeviceEntries(secrets, cookie, justBefore)).toEqual([entry]);
    expect(validDeviceEntries(secrets, cookie, new Date(now.getTime() + DEVICE_TRUST_MS))).toEqual([]);
    expect(trustedEntry(ACCOUNT, justBefore, entry).deviceId).toBe(entry.deviceId);
    expect(trustedEntry(ACCOUNT, now).deviceId).not.toBe(entry.deviceId);
  });

  test('an altered account, device id or expiry, or another secret, is not valid', () => {
    const entry = trustedEntry(ACCOUNT, now);
    const [accountId, deviceId, expires, mac] = encodeDeviceCookie(secrets, [entry]).split('.');
    const forged = [
      [OTHER, deviceId, expires, mac],
      [accountId, 'another-device-id', expires, mac],
      [accountId, deviceId, String(Number(expires) + 86_400), mac],
      [accountId, deviceId, expires, `${mac}x`],
      [accountId, deviceId, expires],
    ];
    for (const parts of forged) expect(validDeviceEntries(secrets, parts.join('.'), now)).toEqual([]);
    expect(validDeviceEntries(new Secrets('another secret'), encodeDeviceCookie(secrets, [entry]), now)).toEqual([]);
    expect(validDeviceEntries(secrets, undefined, now)).toEqual([]);
    expect(validDeviceEntries(secrets, 'x'.repeat(5000), now)).toEqual([]);
  });

  test('one browser holds entries for a few accounts; a bad one does not spoil the others', () => {
    const mine = trustedEntry(ACCOUNT, now);
    const theirs = trustedEntry(OTHER, now);
    const cookie = `${encodeDeviceCookie(secrets, [mine, theirs])}~${OTHER}.forged.1999999999.AAAA`;
    expect(validDeviceEntries(secrets, cookie, now)).toEqual([mine, theirs]);
  });
});
