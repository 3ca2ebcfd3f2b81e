import type * as React from 'react';
import { cn } from '../../lib/cn';
import { formatRelativeTime, toDate } from '../../lib/relative-time';

// Common HTML attributes only: "never" renders a <span>, a real date a <time>.
export type LastLoginProps = Omit<React.HTMLAttributes<HTMLElement>, 'children'> & {
  /** When the account last signed in; null or undefined means never. */
  date: Date | string | null | undefined;
  /** The moment to measure from; defaults to the current time. */
  now?: Date;
  /** BCP 47 locale of the relative wording and of the exact date in the tooltip; the browser's by default. */
  locale?: string;
  /** Shown when there is no date. */
  neverLabel?: string;
};

/** A last-login time in words ('3 days ago', 'i går'), with the exact date as a tooltip and machine-readable value. */
export function LastLogin({ date, now, locale, neverLabel = 'never', className, title, ...props }: LastLoginProps) {
  const parsed = toDate(date);
  const text = formatRelativeTime(parsed, { locale, now });
  if (!parsed || text === null) {
    return (
      <span data-slot="last-login" title={title} className={cn('text-sm', className)} {...props}>
        {neverLabel}
      </span>
    );
  }
  return (
    <time
      data-slot="last-login"
      dateTime={parsed.toISOString()}
      title={title ?? parsed.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}
      className={cn('text-sm', className)}
      {...props}
    >
      {text}
    </time>
  );
}
