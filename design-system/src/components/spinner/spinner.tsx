import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../../lib/cn';

export const spinnerVariants = cva(
  'inline-block animate-spin rounded-full border-2 border-current border-r-transparent',
  {
    variants: {
      size: { sm: 'size-4', md: 'size-6', lg: 'size-10' },
    },
    defaultVariants: { size: 'md' },
  },
);

export type SpinnerProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof spinnerVariants> & {
    /** Accessible name announced to screen readers. */
    label?: string;
  };

/** An indeterminate busy indicator with an accessible name. */
export function Spinner({ className, size, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <span data-slot="spinner" role="status" aria-label={label} className="inline-flex items-center" {...props}>
      <span aria-hidden="true" className={cn(spinnerVariants({ size }), className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export type ProgressProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Completed share from 0 to 100; leave out for an indeterminate bar. */
  value?: number;
  /** Accessible name of the progress bar. */
  label?: string;
};

/** A horizontal progress bar; indeterminate when `value` is not given. */
export function Progress({ className, value, label = 'Progress', ...props }: ProgressProps) {
  const clamped = value === undefined ? undefined : Math.min(100, Math.max(0, value));
  return (
    <div
      data-slot="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className={cn(
          'h-full rounded-full bg-primary transition-[width]',
          clamped === undefined && 'w-1/3 animate-pulse',
        )}
        style={clamped === undefined ? undefined : { width: `${clamped}%` }}
      />
    </div>
  );
}
