import * as React from 'react';
import { cn } from '../../lib/cn';
import { formatRelativeTime } from '../../lib/relative-time';

// Common HTML attributes only: the card renders an <a> with `href`, a <button> without.
export type TenantCardProps = Omit<React.HTMLAttributes<HTMLElement>, 'children' | 'onSelect'> & {
  /** The tenant's name. */
  name: string;
  /** The tenant's slug. */
  slug: string;
  /** When the tenant was last opened here (date, ISO string or milliseconds); unknown shows a dash. */
  lastAccessed?: Date | string | number | null;
  /** The moment to measure from; defaults to the current time. */
  now?: Date;
  /** Makes the card a link to the tenant. */
  href?: string;
  /** Called when the card is chosen (click, Enter, or Space on the button form). */
  onSelect?: () => void;
  /** Label before the last-accessed text. */
  lastAccessedLabel?: string;
  /** BCP 47 locale of the last-accessed text ('3 days ago', 'i går'); the browser's by default. */
  locale?: string;
  /** Shown when the last access is unknown. */
  unknownLabel?: string;
};

const cardClassName =
  'focus-ring flex h-full w-full cursor-pointer flex-col gap-1 rounded-xl border bg-card p-4 text-start text-card-foreground shadow-sm transition-colors hover:border-primary';

/** A tenant in the tenant picker: the whole card is one link or button. */
export function TenantCard({
  name,
  slug,
  lastAccessed,
  now,
  href,
  onSelect,
  lastAccessedLabel = 'Last accessed',
  locale,
  unknownLabel = '–',
  className,
  onClick,
  ...props
}: TenantCardProps) {
  const accessed = formatRelativeTime(lastAccessed, { locale, now }) ?? unknownLabel;
  const content = (
    <>
      <span data-slot="tenant-card-name" className="font-semibold text-base">
        {name}
      </span>
      <span data-slot="tenant-card-slug" className="text-muted-foreground text-sm">
        {slug}
      </span>
      <span data-slot="tenant-card-last-accessed" className="mt-2 text-sm">
        {lastAccessedLabel}: {accessed}
      </span>
    </>
  );
  const handleClick = (event: React.MouseEvent<HTMLElement>) => {
    onClick?.(event);
    onSelect?.();
  };

  if (href !== undefined) {
    return (
      <a data-slot="tenant-card" href={href} className={cn(cardClassName, className)} onClick={handleClick} {...props}>
        {content}
      </a>
    );
  }
  return (
    <button
      data-slot="tenant-card"
      type="button"
      className={cn(cardClassName, className)}
      onClick={handleClick}
      {...props}
    >
      {content}
    </button>
  );
}

export type TenantGridProps = React.ComponentProps<'ul'>;

/** A responsive grid of tenant cards; each child becomes a list item. */
export function TenantGrid({ className, children, ...props }: TenantGridProps) {
  return (
    <ul data-slot="tenant-grid" className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', className)} {...props}>
      {React.Children.map(children, (child) =>
        child == null || child === false ? null : <li data-slot="tenant-grid-item">{child}</li>,
      )}
    </ul>
  );
}
