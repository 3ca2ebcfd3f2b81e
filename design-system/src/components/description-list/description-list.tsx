import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../../lib/cn';

export const descriptionListVariants = cva('@container grid gap-x-6 gap-y-3 text-sm', {
  variants: {
    columns: {
      1: 'grid-cols-1',
      // Two columns only when the list itself is wide enough (36rem), whatever the window's
      // width: a list in a narrow box beside another stays in one column. A container query
      // cannot style the container itself, so the column width decides: each column is at
      // least half the list and at least 17.25rem.
      2: 'grid-cols-[repeat(auto-fit,minmax(max(17.25rem,calc((100%-1.5rem)/2)),1fr))]',
    },
  },
  defaultVariants: { columns: 1 },
});

export type DescriptionListProps = React.ComponentProps<'dl'> & VariantProps<typeof descriptionListVariants>;

/**
 * A list of terms and their descriptions (a `<dl>`), e.g. the settings of a record. Each row is a
 * `DescriptionItem` holding a `DescriptionTerm` and a `DescriptionDetails`; a row's term and
 * description sit side by side and stack when the list is narrow.
 */
export function DescriptionList({ className, columns, ...props }: DescriptionListProps) {
  return <dl data-slot="description-list" className={cn(descriptionListVariants({ columns }), className)} {...props} />;
}

export type DescriptionItemProps = React.ComponentProps<'div'>;

/** One row: a term and its description (HTML allows a `<div>` around each pair in a `<dl>`). */
export function DescriptionItem({ className, ...props }: DescriptionItemProps) {
  return (
    <div
      data-slot="description-item"
      className={cn('grid min-h-9 content-center gap-1 @xs:grid-cols-[minmax(7rem,2fr)_5fr] @xs:gap-3', className)}
      {...props}
    />
  );
}

export type DescriptionTermProps = React.ComponentProps<'dt'>;

/** The name of a row. */
export function DescriptionTerm({ className, ...props }: DescriptionTermProps) {
  return (
    <dt
      data-slot="description-term"
      className={cn('self-center text-muted-foreground [overflow-wrap:anywhere]', className)}
      {...props}
    />
  );
}

export type DescriptionDetailsProps = React.ComponentProps<'dd'>;

/** The value of a row; a `DescriptionAction` inside it sits at its end edge. Long words wrap
 * inside it instead of running into the next row or column. */
export function DescriptionDetails({ className, ...props }: DescriptionDetailsProps) {
  return (
    <dd
      data-slot="description-details"
      className={cn(
        'flex min-w-0 flex-wrap items-center gap-2 font-medium text-foreground [overflow-wrap:anywhere]',
        className,
      )}
      {...props}
    />
  );
}

export type DescriptionActionProps = React.ComponentProps<'div'>;

/** What can be done with a row (an Edit button, a copy button), placed inside `DescriptionDetails`. */
export function DescriptionAction({ className, ...props }: DescriptionActionProps) {
  return (
    <div
      data-slot="description-action"
      className={cn('ms-auto flex shrink-0 items-center gap-2', className)}
      {...props}
    />
  );
}
