import { randomToken, type Secrets, safeEqual } from './tokens';

/** A browser stays trusted for an account this long after its last sign-in there. */
export const DEVICE_TRUST_MS = 365 * 24 * 60 * 60_000;
/** Accounts one browser is trusted for; a sign-in to one more drops the least recent. */
export const DEVICE_ACCOUNTS_MAX = 4;
/** Longer cookie values are not read: four entries take about 440 characters. */
const COOKIE_VALUE_MAX = 1024;

/** One account's trust in one browser: a random device id, valid until `expiresAt` (seconds). */
export type DeviceEntry = { accountId: string; deviceId: string; expiresAt: number };

const payloadOf = (entry: DeviceEntry) => `${entry.accountId}.${entry.deviceId}.${entry.expiresAt}`;
/** The purpose prefix keeps these MACs apart from the server's other keyed hashes. */
const macOf = (secrets: Secrets, payload: string) => secrets.mac(`device-cookie:${payload}`);

/** A new device id for an account, or the browser's current one renewed from `now`. */
export function trustedEntry(accountId: string, now: Date, current?: DeviceEntry): DeviceEntry {
  return {
    accountId,
    deviceId: current?.deviceId ?? randomToken(16),
    expiresAt: Math.floor((now.getTime() + DEVICE_TRUST_MS) / 1000),
  };
}

/** The cookie value: each entry with its HMAC under the server secret, newest first. */
export function encodeDeviceCookie(secrets: Secrets, entries: DeviceEntry[]): string {
  return entries
    .slice(0, DEVICE_ACCOUNTS_MAX)
    .map((entry) => {
      const payload = payloadOf(entry);
      return `${payload}.${macOf(secrets, payload)}`;
    })
    .join('~');
}

/** The entries of a cookie value whose HMAC is right and which have not expired; anything
 * forged, altered, expired or malformed is left out. */
export function validDeviceEntries(secrets: Secrets, value: string | undefined, now: Date): DeviceEntry[] {
  if (!value || value.length > COOKIE_VALUE_MAX) return [];
  const valid: DeviceEntry[] = [];
  for (const part of value.split('~')) {
    const [accountId, deviceId, expires, mac, ...rest] = part.split('.');
    if (!accountId || !deviceId || !expires || !mac || rest.length > 0 || !/^\d{1,12}$/.test(expires)) continue;
    const entry: DeviceEntry = { accountId, deviceId, expiresAt: Number(expires) };
    if (!safeEqual(mac, macOf(secrets, payloadOf(entry)))) continue;
    if (entry.expiresAt * 1000 <= now.getTime()) continue;
    valid.push(entry);
  }
  return valid;
}
