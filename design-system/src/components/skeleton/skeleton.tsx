import type * as React from 'react';
import { cn } from '../../lib/cn';

export type SkeletonProps = React.ComponentProps<'div'>;

/** A pulsing placeholder shaped by `className` (e.g. `h-4 w-32`); hidden from screen readers. */
export function Skeleton({ className, ...props }: SkeletonProps) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}

export type SkeletonTextProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Number of placeholder lines; the last one is shorter, like the end of a paragraph. */
  lines?: number;
};

/** Placeholder lines standing in for a paragraph of text while it loads. */
export function SkeletonText({ className, lines = 3, ...props }: SkeletonTextProps) {
  const count = Math.max(1, Math.floor(lines));
  return (
    <div
      data-slot="skeleton-text"
      aria-hidden="true"
      className={cn('flex w-full flex-col gap-2', className)}
      {...props}
    >
      {Array.from({ length: count }, (_, index) => `line-${index}`).map((line, index) => (
        <Skeleton key={line} className={cn('h-4 w-full', count > 1 && index === count - 1 && 'w-2/3')} />
      ))}
    </div>
  );
}
