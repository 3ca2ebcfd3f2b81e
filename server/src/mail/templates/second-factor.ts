import type { Locale } from '@helios/api';

/** Which sign-in method beyond the password a mail is about, named as the profile lists it: an
 * authenticator app or a security key (second factors), or a passkey (a way in of its own). */
export type SecondFactorMethod = 'totp' | 'security_key' | 'passkey';

/** The method with its article, to start a sentence: "An authenticator app was added". */
export const methodNames: Record<Locale, Record<SecondFactorMethod, string>> = {
  en: { totp: 'An authenticator app', security_key: 'A security key', passkey: 'A passkey' },
  sv: { totp: 'En autentiseringsapp', security_key: 'En säkerhetsnyckel', passkey: 'En nyckel (passkey)' },
};
