import type * as React from 'react';
import { cn } from '../../lib/cn';

export type EmptyStateProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** Short statement of what is missing, e.g. "No tenants found". */
  title: React.ReactNode;
  /** One or two sentences on why, or what to do next. */
  description?: React.ReactNode;
  /** Decorative picture above the title (hidden from screen readers). */
  icon?: React.ReactNode;
  /** A call to action, typically a Button. */
  action?: React.ReactNode;
};

/** What a list or page shows when it has nothing to show yet. */
export function EmptyState({ className, title, description, icon, action, ...props }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex w-full flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-8 text-center',
        className,
      )}
      {...props}
    >
      {icon ? (
        <div
          data-slot="empty-state-icon"
          aria-hidden="true"
          className="mb-2 flex size-12 items-center justify-center rounded-full bg-muted text-foreground [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <div data-slot="empty-state-title" className="font-semibold text-base text-foreground">
        {title}
      </div>
      {description ? (
        <div data-slot="empty-state-description" className="max-w-sm text-muted-foreground text-sm">
          {description}
        </div>
      ) : null}
      {action ? (
        <div data-slot="empty-state-action" className="mt-2 flex flex-wrap justify-center gap-2">
          {action}
        </div>
      ) : null}
    </div>
  );
}
