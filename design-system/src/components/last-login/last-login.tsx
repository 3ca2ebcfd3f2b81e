import type * as React from 'react';
import { cn } from '../../lib/cn';
import { formatLastLogin, type LastLoginWords, lastLoginText } from '../../lib/relative-time';

// Common HTML attributes only: "never" renders a <span>, a real date a <time>.
export type LastLoginProps = Omit<React.HTMLAttributes<HTMLElement>, 'children'> & {
  /** When the account last signed in; null or undefined means never. */
  date: Date | string | null | undefined;
  /** The moment to measure from; defaults to the current time. */
  now?: Date;
  /** Words for the relative wording; English by default. */
  words?: Partial<LastLoginWords>;
  /** BCP 47 locale for the exact date shown as a tooltip; the browser's locale by default. */
  locale?: string;
};

/** A last-login time in words ('3 days ago'), with the exact date as a tooltip and machine-readable value. */
export function LastLogin({ date, now, words, locale, className, title, ...props }: LastLoginProps) {
  const wording = lastLoginText(date, now);
  const text = formatLastLogin(wording, words);
  const parsed = wording.unit === 'never' || date == null ? null : new Date(date);
  if (!parsed) {
    return (
      <span
        data-slot="last-login"
        data-unit={wording.unit}
        title={title}
        className={cn('text-sm', className)}
        {...props}
      >
        {text}
      </span>
    );
  }
  return (
    <time
      data-slot="last-login"
      data-unit={wording.unit}
      dateTime={parsed.toISOString()}
      title={title ?? parsed.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}
      className={cn('text-sm', className)}
      {...props}
    >
      {text}
    </time>
  );
}
