import type * as React from 'react';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { StrokeIcon } from '../../lib/stroke-icon';
import { ConfirmDialog } from '../alert-dialog/confirm-dialog';
import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import { LastLogin } from '../last-login/last-login';
import { type LoadState, LoadStatus } from '../load-status/load-status';

export type SessionListItem = {
  /** Stable public id of the session. */
  id: string;
  /** Browser and operating system in words, e.g. "Firefox 133 on Windows 10". */
  device: string;
  /** How the session was signed in, in words, e.g. "Password and authenticator app". */
  method: string;
  /** When the person signed in. */
  signedInAt: Date | string;
  /** The session's latest activity. */
  lastActiveAt: Date | string;
  /** The session of this browser: marked, and it has no Sign out button. */
  current: boolean;
};

export type SessionListProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The account's sessions, in display order (most recently active first). */
  sessions: SessionListItem[];
  /** Where loading the sessions stands: a spinner while loading, an error with retry on failure. */
  status?: LoadState;
  /** Shown when loading failed. */
  failedMessage?: React.ReactNode;
  /** Called by the retry button after a failed load. */
  onRetry?: () => void;
  /** Label of the retry button. */
  retryLabel?: string;
  /** Announced while the sessions load. */
  loadingLabel?: string;
  /** Called by a session's Sign out button. */
  onSignOut: (session: SessionListItem) => void;
  /** The session being signed out: its button shows progress and the others wait. */
  signingOutId?: string | null;
  /** Called once "Sign out of all other sessions" is confirmed. */
  onSignOutOthers: () => void;
  /** The other sessions are being signed out: the button shows progress. */
  signingOutOthers?: boolean;
  /** Accessible name of the list. */
  listLabel?: string;
  /** Badge on the current session. */
  currentLabel?: string;
  /** Visible text of each Sign out button. */
  signOutLabel?: string;
  /** Accessible name of a session's Sign out button, so each one says which session it ends. */
  signOutSessionLabel?: (device: string) => string;
  /** Announced while a sign-out is in flight. */
  signingOutLabel?: string;
  /** The bulk action's button, also the confirmation's confirm button. */
  signOutOthersLabel?: string;
  /** Heading of the confirmation. */
  confirmTitle?: string;
  /** Message of the confirmation. */
  confirmContent?: string;
  /** Confirm button of the confirmation. */
  confirmLabel?: string;
  /** Cancel button of the confirmation. */
  cancelLabel?: string;
  /** Before the sign-in time, e.g. "Signed in". */
  signedInLabel?: string;
  /** Before the time of the latest activity, e.g. "Last active". */
  lastActiveLabel?: string;
  /** BCP 47 locale of the relative times and of the exact times shown as tooltips. */
  locale?: string;
  /** The moment relative times are measured from; the current time by default. */
  now?: Date;
};

/** Where an account is signed in: each session with its browser and OS, sign-in method, sign-in
 * time and last activity, the current one marked; Sign out on every other one and, when there
 * are others, "Sign out of all other sessions" after a confirmation. */
export function SessionList({
  sessions,
  status = 'idle',
  failedMessage = 'Could not load your sessions',
  onRetry,
  retryLabel,
  loadingLabel = 'Loading sessions…',
  onSignOut,
  signingOutId = null,
  onSignOutOthers,
  signingOutOthers = false,
  listLabel = 'Sessions',
  currentLabel = 'This device',
  signOutLabel = 'Sign out',
  signOutSessionLabel = (device) => `Sign out ${device}`,
  signingOutLabel = 'Signing out',
  signOutOthersLabel = 'Sign out of all other sessions',
  confirmTitle = 'Sign out of all other sessions?',
  confirmContent = 'Every other browser and device signed in to your account is signed out. This one stays signed in.',
  confirmLabel = 'Sign out',
  cancelLabel = 'Cancel',
  signedInLabel = 'Signed in',
  lastActiveLabel = 'Last active',
  locale,
  now,
  className,
  ...props
}: SessionListProps) {
  const [confirming, setConfirming] = useState(false);
  const busy = signingOutId !== null || signingOutOthers;
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div data-slot="session-list" className={cn('grid gap-4', className)} {...props}>
      <LoadStatus
        status={status}
        failedMessage={failedMessage}
        onRetry={onRetry}
        retryLabel={retryLabel}
        loadingLabel={loadingLabel}
      >
        <ul data-slot="session-list-items" aria-label={listLabel} className="divide-y rounded-lg border">
          {sessions.map((session) => (
            <li
              key={session.id}
              data-slot="session-list-item"
              data-current={session.current || undefined}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3"
            >
              <span className="flex size-8 shrink-0 items-center justify-center self-start rounded-md bg-muted text-foreground">
                <DeviceIcon className="size-4" />
              </span>
              <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
                <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
                  <span data-slot="session-list-device" className="break-words">
                    {session.device}
                  </span>
                  {session.current ? (
                    <Badge data-slot="session-list-current" tone="success">
                      {currentLabel}
                    </Badge>
                  ) : null}
                </p>
                <p data-slot="session-list-method" className="text-muted-foreground text-sm">
                  {session.method}
                </p>
                <p className="text-muted-foreground text-sm">
                  {signedInLabel} <LastLogin date={session.signedInAt} locale={locale} now={now} />
                  {' · '}
                  {lastActiveLabel} <LastLogin date={session.lastActiveAt} locale={locale} now={now} />
                </p>
              </div>
              {session.current ? null : (
                <Button
                  data-slot="session-list-sign-out"
                  variant="outline"
                  size="sm"
                  aria-label={signOutSessionLabel(session.device)}
                  loading={signingOutId === session.id}
                  loadingLabel={signingOutLabel}
                  disabled={busy && signingOutId !== session.id}
                  onClick={() => onSignOut(session)}
                >
                  {signOutLabel}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {others > 0 ? (
          <Button
            data-slot="session-list-sign-out-others"
            variant="outline"
            className="mt-4 w-full sm:w-fit"
            loading={signingOutOthers}
            loadingLabel={signingOutLabel}
            disabled={busy && !signingOutOthers}
            onClick={() => setConfirming(true)}
          >
            {signOutOthersLabel}
          </Button>
        ) : null}
      </LoadStatus>
      <ConfirmDialog
        visible={confirming}
        warning
        title={confirmTitle}
        content={confirmContent}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onSignOutOthers();
        }}
      />
    </div>
  );
}

/** A laptop outline: a browser or device where the account is signed in. */
function DeviceIcon({ className }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <rect x="4" y="5" width="16" height="11" rx="1.5" />
      <path d="M2 19h20" />
    </StrokeIcon>
  );
}
