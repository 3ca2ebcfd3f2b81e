import type * as React from 'react';

/** A 24×24 line icon in the current text colour. Hidden from assistive technology: its meaning
 * is always also given in text (a label, an accessible name) beside it. */
export function StrokeIcon({ children, ...props }: React.ComponentProps<'svg'>) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}
