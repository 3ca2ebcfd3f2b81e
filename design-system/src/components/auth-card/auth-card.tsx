import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../../lib/cn';

export const authCardVariants = cva('flex w-full justify-center bg-background px-4 py-10 text-foreground sm:px-6', {
  variants: {
    variant: {
      default: 'min-h-dvh items-center',
      // Opened with mode=refresh inside another app's frame: the card at the top, with the same
      // margin around it as every other sign-in card.
      refresh: 'items-start',
    },
  },
  defaultVariants: { variant: 'default' },
});

export type AuthCardProps = Omit<React.ComponentProps<'main'>, 'title'> &
  VariantProps<typeof authCardVariants> & {
    /** The screen's heading (rendered as the page's h1). */
    title: React.ReactNode;
    /** A short text under the title. */
    description?: React.ReactNode;
    /** Replaces the Helios logo above the title; not shown in the refresh variant. */
    logo?: React.ReactNode;
    /** Content under the card body, e.g. a "Go to Login" link. */
    footer?: React.ReactNode;
    /** Content in the card's top-right corner, e.g. the language flags. */
    topRight?: React.ReactNode;
    /** Shows the sharing-portal title above the heading. */
    sharingPortal?: boolean;
    /** Text shown above the heading when `sharingPortal` is set. */
    sharingPortalTitle?: React.ReactNode;
  };

/** The frame of every sign-in screen: a centred card with logo, heading, optional description and footer. */
export function AuthCard({
  variant,
  title,
  description,
  logo,
  footer,
  topRight,
  sharingPortal = false,
  sharingPortalTitle = 'Candidate sharing portal',
  className,
  children,
  ...props
}: AuthCardProps) {
  const refresh = variant === 'refresh';
  return (
    <main
      data-slot="auth-card"
      data-variant={variant ?? 'default'}
      className={cn(authCardVariants({ variant }), className)}
      {...props}
    >
      <div
        data-slot="auth-card-panel"
        className={cn(
          'grid w-full gap-6 rounded-xl border bg-card text-card-foreground shadow-sm',
          refresh ? 'max-w-sm p-5' : 'max-w-md p-6 sm:p-8',
        )}
      >
        {topRight ? (
          <div data-slot="auth-card-top-right" className="-mb-3 flex justify-end">
            {topRight}
          </div>
        ) : null}
        <header data-slot="auth-card-header" className="grid justify-items-center gap-2 text-center">
          {refresh ? null : <div className="mb-2">{logo ?? <AuthCardLogo />}</div>}
          {sharingPortal ? (
            <p data-slot="auth-card-eyebrow" className="font-medium text-primary text-sm">
              {sharingPortalTitle}
            </p>
          ) : null}
          {/* A word longer than the card is wide (a Swedish compound on a phone) is hyphenated or
              broken, never widening the page. */}
          <h1
            data-slot="auth-card-title"
            className={cn('text-balance wrap-anywhere hyphens-auto', refresh ? 'text-title' : 'text-display')}
          >
            {title}
          </h1>
          {description ? (
            <p data-slot="auth-card-description" className="text-muted-foreground text-sm">
              {description}
            </p>
          ) : null}
        </header>
        <div data-slot="auth-card-content" className="grid gap-4">
          {children}
        </div>
        {footer ? (
          <footer data-slot="auth-card-footer" className="border-t pt-4 text-center text-muted-foreground text-sm">
            {footer}
          </footer>
        ) : null}
      </div>
    </main>
  );
}

export type AuthCardLogoProps = React.ComponentProps<'div'> & {
  /** The word shown beside the mark. */
  wordmark?: string;
};

/** The Helios sun mark with the wordmark, as shown at the top of the sign-in card. */
export function AuthCardLogo({ wordmark = 'Helios', className, ...props }: AuthCardLogoProps) {
  return (
    <div
      data-slot="auth-card-logo"
      className={cn('inline-flex items-center gap-2 font-semibold text-foreground text-xl', className)}
      {...props}
    >
      <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" className="size-8 text-primary">
        <circle cx="16" cy="16" r="6.5" fill="currentColor" />
        <g stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d="M16 2.5v3.5M16 26v3.5M2.5 16H6M26 16h3.5" />
          <path d="m6.45 6.45 2.48 2.48M23.07 23.07l2.48 2.48M6.45 25.55l2.48-2.48M23.07 8.93l2.48-2.48" />
        </g>
      </svg>
      <span>{wordmark}</span>
    </div>
  );
}
