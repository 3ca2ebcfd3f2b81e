const DAY_MS = 24 * 60 * 60 * 1000;

/** How long ago an account last signed in, as a unit and a count (the count is 0 for never/today, 1 for yesterday). */
export type LastLoginWording = {
  unit: 'never' | 'today' | 'yesterday' | 'days' | 'weeks' | 'months' | 'years';
  count: number;
};

/** Words for `formatLastLogin`; counted units are functions so languages can inflect them. */
export type LastLoginWords = {
  never: string;
  today: string;
  yesterday: string;
  days: (count: number) => string;
  weeks: (count: number) => string;
  months: (count: number) => string;
  years: (count: number) => string;
};

/** When a tenant was last opened from the tenant picker, as a unit and a count of days. */
export type LastAccessedWording = {
  unit: 'unknown' | 'today' | 'days';
  count: number;
};

/** Words for `formatLastAccessed`. */
export type LastAccessedWords = {
  unknown: string;
  today: string;
  days: (count: number) => string;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many} ago`;

export const defaultLastLoginWords: LastLoginWords = {
  never: 'never',
  today: 'today',
  yesterday: 'yesterday',
  days: (count) => plural(count, 'day', 'days'),
  weeks: (count) => plural(count, 'week', 'weeks'),
  months: (count) => plural(count, 'month', 'months'),
  years: (count) => plural(count, 'year', 'years'),
};

export const defaultLastAccessedWords: LastAccessedWords = {
  unknown: '–',
  today: 'Today',
  days: (count) => plural(count, 'day', 'days'),
};

/** Fills in the default words, ignoring keys the caller passed as undefined. */
function withDefaults<T extends object>(defaults: T, words: Partial<T>): T {
  const given = Object.entries(words).filter(([, value]) => value !== undefined);
  return { ...defaults, ...Object.fromEntries(given) };
}

function toDate(value: Date | string | number | null | undefined): Date | null {
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
 * Classifies a last-login time the way the admin console words it: never, today, yesterday,
 * N days (under 7), weeks (under 30 days), months (under 365 days), otherwise years.
 */
export function lastLoginText(date: Date | string | null | undefined, now: Date = new Date()): LastLoginWording {
  const then = toDate(date);
  if (!then) return { unit: 'never', count: 0 };
  const days = calendarDaysBetween(then, now);
  if (days === 0) return { unit: 'today', count: 0 };
  if (days === 1) return { unit: 'yesterday', count: 1 };
  if (days < 7) return { unit: 'days', count: days };
  if (days < 30) return { unit: 'weeks', count: Math.floor(days / 7) };
  if (days < 365) return { unit: 'months', count: Math.floor(days / 30) };
  return { unit: 'years', count: Math.floor(days / 365) };
}

/** Turns a `lastLoginText` result into words; English by default, any word overridable. */
export function formatLastLogin(wording: LastLoginWording, words: Partial<LastLoginWords> = {}): string {
  const w = withDefaults(defaultLastLoginWords, words);
  switch (wording.unit) {
    case 'never':
    case 'today':
    case 'yesterday':
      return w[wording.unit];
    default:
      return w[wording.unit](wording.count);
  }
}

/** Classifies when a tenant was last accessed: unknown, today, or a number of calendar days ago. */
export function lastAccessedText(
  date: Date | string | number | null | undefined,
  now: Date = new Date(),
): LastAccessedWording {
  const then = toDate(date);
  if (!then) return { unit: 'unknown', count: 0 };
  const days = calendarDaysBetween(then, now);
  return days === 0 ? { unit: 'today', count: 0 } : { unit: 'days', count: days };
}

/** Turns a `lastAccessedText` result into words: 'Today', '1 day ago', 'N days ago' or a dash. */
export function formatLastAccessed(wording: LastAccessedWording, words: Partial<LastAccessedWords> = {}): string {
  const w = withDefaults(defaultLastAccessedWords, words);
  return wording.unit === 'days' ? w.days(wording.count) : w[wording.unit];
}
