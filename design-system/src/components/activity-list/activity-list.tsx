import { cva } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { StrokeIcon } from '../../lib/stroke-icon';
import { LastLogin } from '../last-login/last-login';
import { type LoadState, LoadStatus } from '../load-status/load-status';

export type ActivityListItem = {
  /** Stable id of the event. */
  id: string;
  /** What happened, in a sentence, e.g. "You signed in with a password". */
  title: React.ReactNode;
  /** When it happened; shown relative ("2 days ago") with the exact time as a tooltip. */
  at: Date | string;
  /** More about it, e.g. where from. */
  detail?: React.ReactNode;
  /** `warning` for what deserves a second look (a failed attempt, an admin acting on the account). */
  tone?: 'default' | 'warning';
};

export type ActivityListProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The events, newest first. */
  items: ActivityListItem[];
  /** Where loading the events stands: a spinner while loading, an error with retry on failure. */
  status?: LoadState;
  /** Shown when loading failed. */
  failedMessage?: React.ReactNode;
  /** Called by the retry button after a failed load. */
  onRetry?: () => void;
  /** Label of the retry button. */
  retryLabel?: string;
  /** Announced while the events load. */
  loadingLabel?: string;
  /** Shown when there are no events. */
  emptyLabel?: React.ReactNode;
  /** Accessible name of the list. */
  listLabel?: string;
  /** BCP 47 locale of the relative times and of the exact times shown as tooltips. */
  locale?: string;
  /** The moment relative times are measured from; the current time by default. */
  now?: Date;
};

const markerVariants = cva('flex size-8 shrink-0 items-center justify-center rounded-full', {
  variants: {
    tone: {
      default: 'bg-muted text-foreground',
      warning: 'bg-warning text-warning-foreground',
    },
  },
  defaultVariants: { tone: 'default' },
});

/** A list of events, newest first: each a sentence with when it happened (relative, exact in the
 * tooltip) and an optional detail line; events that deserve a second look are marked. */
export function ActivityList({
  items,
  status = 'idle',
  failedMessage = 'Could not load the activity',
  onRetry,
  retryLabel,
  loadingLabel = 'Loading activity…',
  emptyLabel = 'Nothing to show',
  listLabel = 'Activity',
  locale,
  now,
  className,
  ...props
}: ActivityListProps) {
  return (
    <div data-slot="activity-list" className={cn('grid gap-4', className)} {...props}>
      <LoadStatus
        status={status}
        failedMessage={failedMessage}
        onRetry={onRetry}
        retryLabel={retryLabel}
        loadingLabel={loadingLabel}
      >
        {items.length === 0 ? (
          <p data-slot="activity-list-empty" className="rounded-lg border px-4 py-3 text-muted-foreground text-sm">
            {emptyLabel}
          </p>
        ) : (
          <ul data-slot="activity-list-items" aria-label={listLabel} className="divide-y rounded-lg border">
            {items.map((item) => (
              <li
                key={item.id}
                data-slot="activity-list-item"
                data-tone={item.tone ?? 'default'}
                className="flex items-start gap-3 px-4 py-3"
              >
                <span className={markerVariants({ tone: item.tone ?? 'default' })}>
                  {item.tone === 'warning' ? <WarningIcon className="size-4" /> : <EventIcon className="size-4" />}
                </span>
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p data-slot="activity-list-title" className="break-words font-medium text-sm">
                    {item.title}
                  </p>
                  <p className="break-words text-muted-foreground text-sm">
                    <LastLogin date={item.at} locale={locale} now={now} />
                    {item.detail ? (
                      <>
                        {' · '}
                        <span data-slot="activity-list-detail">{item.detail}</span>
                      </>
                    ) : null}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadStatus>
    </div>
  );
}

function EventIcon(props: React.ComponentProps<'svg'>) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3Z" />
    </StrokeIcon>
  );
}

function WarningIcon(props: React.ComponentProps<'svg'>) {
  return (
    <StrokeIcon {...props}>
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9v4M12 17h.01" />
    </StrokeIcon>
  );
}
