import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { badgeCountText } from '../../lib/badge-count';
import { cn } from '../../lib/cn';

export { badgeCountText };

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs tabular-nums [&_svg]:size-3 [&_svg]:shrink-0',
  {
    variants: {
      tone: {
        neutral: 'bg-secondary text-secondary-foreground',
        primary: 'bg-primary text-primary-foreground',
        success: 'bg-success text-success-foreground',
        warning: 'bg-warning text-warning-foreground',
        danger: 'bg-destructive text-destructive-foreground',
        info: 'bg-info text-info-foreground',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export type BadgeProps = React.ComponentProps<'span'> &
  VariantProps<typeof badgeVariants> & {
    /** A number to show instead of children; 100 and above show as `99+`. */
    count?: number;
  };

/** A small status label or counter in one of six tones. */
export function Badge({ className, tone, count, children, ...props }: BadgeProps) {
  return (
    <span data-slot="badge" className={cn(badgeVariants({ tone }), className)} {...props}>
      {count === undefined ? children : badgeCountText(count)}
    </span>
  );
}
