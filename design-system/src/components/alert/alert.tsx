import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { StrokeIcon } from '../../lib/stroke-icon';

export const alertVariants = cva(
  'relative flex w-full items-start gap-3 rounded-lg border p-4 text-foreground text-sm [&_[data-slot=alert-icon]]:mt-0.5 [&_[data-slot=alert-icon]]:size-5 [&_[data-slot=alert-icon]]:shrink-0',
  {
    variants: {
      tone: {
        info: 'border-info/50 bg-info/10 [&_[data-slot=alert-icon]]:text-info',
        success: 'border-success/50 bg-success/10 [&_[data-slot=alert-icon]]:text-success',
        warning: 'border-warning/50 bg-warning/10 [&_[data-slot=alert-icon]]:text-warning',
        error: 'border-destructive/50 bg-destructive/10 [&_[data-slot=alert-icon]]:text-destructive',
      },
    },
    defaultVariants: { tone: 'info' },
  },
);

export type AlertTone = NonNullable<VariantProps<typeof alertVariants>['tone']>;

const ICON_PATHS: Record<AlertTone, React.ReactNode> = {
  info: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 16v-4M12 8h.01" />
    </>
  ),
  success: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  warning: (
    <>
      <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
      <path d="M12 9v4M12 17h.01" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m15 9-6 6M9 9l6 6" />
    </>
  ),
};

export type AlertIconProps = Omit<React.ComponentProps<'svg'>, 'children'> & {
  /** Which tone's symbol to draw. */
  tone?: AlertTone;
};

/** The decorative symbol of a tone (hidden from screen readers: the text carries the meaning). */
export function AlertIcon({ className, tone = 'info', ...props }: AlertIconProps) {
  return (
    <StrokeIcon data-slot="alert-icon" className={cn('size-5 shrink-0', className)} {...props}>
      {ICON_PATHS[tone]}
    </StrokeIcon>
  );
}

/** A small "×" used by dismiss and close buttons. */
export function CloseIcon({ className, ...props }: Omit<React.ComponentProps<'svg'>, 'children'>) {
  return (
    <StrokeIcon data-slot="close-icon" className={cn('size-4 shrink-0', className)} {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </StrokeIcon>
  );
}

export type AlertProps = Omit<React.ComponentProps<'div'>, 'title'> &
  VariantProps<typeof alertVariants> & {
    /** Short bold heading above the message. */
    title?: React.ReactNode;
    /** Extra content under the message, typically a button such as "Try again". */
    action?: React.ReactNode;
    /** Shows a close button; called when it is pressed. */
    onDismiss?: () => void;
    /** Accessible name of the close button. */
    dismissLabel?: string;
  };

/**
 * A message box in one of four tones. Errors and warnings interrupt screen readers
 * (role="alert"); info and success wait their turn (role="status"). Pass `role` to override.
 */
export function Alert({
  className,
  tone,
  title,
  action,
  onDismiss,
  dismissLabel = 'Dismiss',
  role,
  children,
  ...props
}: AlertProps) {
  const resolvedTone = tone ?? 'info';
  const defaultRole = resolvedTone === 'error' || resolvedTone === 'warning' ? 'alert' : 'status';
  return (
    <div
      data-slot="alert"
      data-tone={resolvedTone}
      role={role ?? defaultRole}
      className={cn(alertVariants({ tone }), className)}
      {...props}
    >
      <AlertIcon tone={resolvedTone} />
      <div data-slot="alert-content" className="flex min-w-0 flex-1 flex-col gap-1">
        {title ? (
          <p data-slot="alert-title" className="font-semibold leading-5">
            {title}
          </p>
        ) : null}
        {children ? (
          <div data-slot="alert-description" className="leading-5">
            {children}
          </div>
        ) : null}
        {action ? (
          <div data-slot="alert-action" className="mt-2 flex flex-wrap gap-2">
            {action}
          </div>
        ) : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          data-slot="alert-dismiss"
          aria-label={dismissLabel}
          onClick={onDismiss}
          className="focus-ring -m-1 inline-flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-md text-foreground hover:bg-accent hover:text-accent-foreground"
        >
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}

export type InfoBoxProps = Omit<AlertProps, 'tone'>;

/** An info-tone Alert, e.g. "Check your spam folder" on the one-time-code step. */
export function InfoBox(props: InfoBoxProps) {
  return <Alert data-slot="info-box" {...props} tone="info" />;
}
