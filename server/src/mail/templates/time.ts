import type { Locale } from '@helios/api';

/** Security mail states times in Sweden's time, where Helios's people are, with the zone named. */
const TIME_ZONE = 'Europe/Stockholm';

const formats: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
    timeZoneName: 'short',
  }),
  sv: new Intl.DateTimeFormat('sv-SE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
    timeZoneName: 'short',
  }),
};

/** "26 November 2026 at 13:38 CET" / "26 november 2026 kl. 13:38 CET". */
export function mailTime(at: Date, locale: Locale): string {
  return formats[locale].format(at);
}
