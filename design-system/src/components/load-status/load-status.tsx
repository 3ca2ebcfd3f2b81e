import type * as React from 'react';
import { cn } from '../../lib/cn';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import { Spinner } from '../spinner/spinner';

/** The status of one load: a request sets loading, success returns to idle, an error sets failed. */
export type LoadState = 'idle' | 'loading' | 'failed';

export type LoadStatusProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Where the load stands. */
  status: LoadState;
  /** The loaded content, shown when idle. */
  children?: React.ReactNode;
  /** Announced while loading. */
  loadingLabel?: string;
  /** Message shown when the load failed, e.g. "Failed to load tenants". */
  failedMessage: React.ReactNode;
  /** Shows a retry button when the load failed; called when it is pressed. */
  onRetry?: () => void;
  /** Label of the retry button. */
  retryLabel?: string;
  /** Placeholder shaped like the content, shown instead of the spinner while loading. */
  skeleton?: React.ReactNode;
};

/** Shows a spinner (or skeleton) while loading, an error with a retry button on failure, else its children. */
export function LoadStatus({
  className,
  status,
  children,
  loadingLabel = 'Loading…',
  failedMessage,
  onRetry,
  retryLabel = 'Try again',
  skeleton,
  ...props
}: LoadStatusProps) {
  return (
    <div
      data-slot="load-status"
      data-status={status}
      aria-busy={status === 'loading' || undefined}
      className={cn('w-full', className)}
      {...props}
    >
      {status === 'loading' ? (
        skeleton ? (
          <>
            {skeleton}
            <span role="status" className="sr-only">
              {loadingLabel}
            </span>
          </>
        ) : (
          <div data-slot="load-status-spinner" className="flex justify-center py-8 text-primary">
            <Spinner label={loadingLabel} />
          </div>
        )
      ) : status === 'failed' ? (
        <Alert
          tone="error"
          action={
            onRetry ? (
              <Button variant="outline" size="sm" onClick={onRetry}>
                {retryLabel}
              </Button>
            ) : null
          }
        >
          {failedMessage}
        </Alert>
      ) : (
        children
      )}
    </div>
  );
}
