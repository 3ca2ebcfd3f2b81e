const DAY_MS = 24 * 60 * 60 * 1000;

/** How long ago something happened, in whole calendar units (0 days is today). */
export type RelativeTime = { unit: 'day' | 'week' | 'month' | 'year'; count: number };

export type RelativeTimeOptions = {
  /** BCP 47 locale of the words; the browser's language by default. */
  locale?: string;
  /** The moment to measure from; defaults to the current time. */
  now?: Date;
};

/** A date, ISO string or milliseconds; anything empty or unparseable is no date. */
export type RelativeTimeInput = Date | string | number | null | undefined;

export function toDate(value: RelativeTimeInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Whole calendar days from `date` to `now` in local time. Midnights are compared through
 * Date.UTC of the local calendar fields so a daylight-saving shift (a 23- or 25-hour day) cannot
 * turn one day into zero or two. Dates in the future count as 0 (a clock skew, not "in N days").
 */
function calendarDaysBetween(date: Date, now: Date): number {
  const then = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.max(0, Math.round((today - then) / DAY_MS));
}

/**
 * How long ago `date` was, by calendar days in local time: days under 7, then whole weeks under
 * 30 days, months of 30 days under 365 days, otherwise years of 365 days. Null without a date.
 */
export function relativeTimeOf(date: RelativeTimeInput, now: Date = new Date()): RelativeTime | null {
  const then = toDate(date);
  if (!then) return null;
  const days = calendarDaysBetween(then, now);
  if (days < 7) return { unit: 'day', count: days };
  if (days < 30) return { unit: 'week', count: Math.floor(days / 7) };
  if (days < 365) return { unit: 'month', count: Math.floor(days / 30) };
  return { unit: 'year', count: Math.floor(days / 365) };
}

const formatters = new Map<string, { days: Intl.RelativeTimeFormat; counted: Intl.RelativeTimeFormat }>();

function formattersFor(locale: string | undefined) {
  const key = locale ?? '';
  let pair = formatters.get(key);
  if (!pair) {
    pair = {
      // Days in the language's own words where it has them: "today", "yesterday"; "i dag", "i går".
      days: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
      // Counted for longer spans: "last week" would name the calendar week, which 7–13 days ago
      // need not be, so "1 week ago" ("för 1 vecka sedan").
      counted: new Intl.RelativeTimeFormat(locale, { numeric: 'always' }),
    };
    formatters.set(key, pair);
  }
  return pair;
}

/**
 * When something happened, in words of the locale through `Intl.RelativeTimeFormat`: "today",
 * "yesterday", "3 days ago", "2 weeks ago" in English; "i dag", "i går", "för 3 dagar sedan" in
 * Swedish. Null without a date, for the caller's own word ("never", a dash).
 */
export function formatRelativeTime(date: RelativeTimeInput, options: RelativeTimeOptions = {}): string | null {
  const relative = relativeTimeOf(date, options.now);
  if (!relative) return null;
  const { days, counted } = formattersFor(options.locale);
  return (relative.unit === 'day' ? days : counted).format(-relative.count, relative.unit);
}
