import type { Locale } from '@helios/api';

/** Which second factor a mail is about: a security key that lives on one device, or a passkey
 * (a key synced between devices, WebAuthn's "multi-device" credential). */
export type SecondFactorMethod = 'totp' | 'security_key' | 'passkey';

/** The method with its article, to start a sentence: "An authenticator app was added". */
export const methodNames: Record<Locale, Record<SecondFactorMethod, string>> = {
  en: { totp: 'An authenticator app', security_key: 'A security key', passkey: 'A passkey' },
  sv: { totp: 'En autentiseringsapp', security_key: 'En säkerhetsnyckel', passkey: 'En nyckel (passkey)' },
};
