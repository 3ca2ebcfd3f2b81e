import type * as React from 'react';
import { cn } from '../../lib/cn';

export type CardProps = React.ComponentProps<'div'>;

/** A bordered surface that groups related content. */
export function Card({ className, ...props }: CardProps) {
  return (
    <div
      data-slot="card"
      className={cn('flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm', className)}
      {...props}
    />
  );
}

export type CardHeaderProps = React.ComponentProps<'div'>;

/** The top of a card: title, description and optional actions. */
export function CardHeader({ className, ...props }: CardHeaderProps) {
  return <div data-slot="card-header" className={cn('grid gap-1.5 px-6', className)} {...props} />;
}

export type CardTitleProps = React.ComponentProps<'h2'> & {
  /** Heading level, so the card fits the page's outline. */
  as?: 'h1' | 'h2' | 'h3';
};

/** The card's heading, an h2 unless `as` says otherwise. */
export function CardTitle({ className, as: Heading = 'h2', ...props }: CardTitleProps) {
  return <Heading data-slot="card-title" className={cn('text-title', className)} {...props} />;
}

export type CardDescriptionProps = React.ComponentProps<'p'>;

/** A short explanation under the card title. */
export function CardDescription({ className, ...props }: CardDescriptionProps) {
  return <p data-slot="card-description" className={cn('text-muted-foreground text-sm', className)} {...props} />;
}

export type CardContentProps = React.ComponentProps<'div'>;

/** The main body of a card. */
export function CardContent({ className, ...props }: CardContentProps) {
  return <div data-slot="card-content" className={cn('px-6', className)} {...props} />;
}

export type CardFooterProps = React.ComponentProps<'div'>;

/** The bottom row of a card, usually its actions. */
export function CardFooter({ className, ...props }: CardFooterProps) {
  return <div data-slot="card-footer" className={cn('flex items-center gap-2 px-6', className)} {...props} />;
}
