import type { Locale } from '@helios/api';

/** Security mail states times in Sweden's time, where Helios's people are, with the zone named. */
const options: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Stockholm',
  timeZoneName: 'short',
};

const formats: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', options),
  sv: new Intl.DateTimeFormat('sv-SE', options),
};

/** "26 November 2026 at 13:38 CET" / "26 november 2026 kl. 13:38 CET". */
export function mailTime(at: Date, locale: Locale): string {
  return formats[locale].format(at);
}
