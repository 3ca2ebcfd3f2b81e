import type * as React from 'react';
import { cn } from '../../lib/cn';
import { PasskeyIcon } from '../../lib/passkey-icon';
import { Button } from '../button/button';

export type PasskeyListItem = {
  /** Stable id of the passkey's credential. */
  id: string;
  /** The name the person gave the passkey. */
  name: string;
  /** A second line, e.g. when it was created and last used, already in the reader's words. */
  detail?: string;
};

export type PasskeyListProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The account's passkeys, in display order. */
  passkeys: PasskeyListItem[];
  /** Called by a passkey's Rename button; asking for the new name is up to the caller. */
  onRename: (passkey: PasskeyListItem) => void;
  /** Called by a passkey's Remove button; confirming is up to the caller. */
  onRemove: (passkey: PasskeyListItem) => void;
  /** The passkey whose removal is in flight: its button shows progress, the others wait. */
  removingId?: string | null;
  /** Visible text of each Rename button. */
  renameLabel?: string;
  /** Accessible name of a Rename button, so each one says which passkey it renames. */
  renamePasskeyLabel?: (name: string) => string;
  /** Visible text of each Remove button. */
  removeLabel?: string;
  /** Accessible name of a Remove button, so each one says which passkey it removes. */
  removePasskeyLabel?: (name: string) => string;
  /** Shown when there are no passkeys. */
  emptyText?: string;
  /** Announced while a removal is in flight. */
  loadingLabel?: string;
};

/** The passkeys of an account, each by its name and detail line, with Rename and Remove. */
export function PasskeyList({
  passkeys,
  onRename,
  onRemove,
  removingId = null,
  renameLabel = 'Rename',
  renamePasskeyLabel = (name) => `Rename ${name}`,
  removeLabel = 'Remove',
  removePasskeyLabel = (name) => `Remove ${name}`,
  emptyText = 'No passkeys yet',
  loadingLabel = 'Removing',
  className,
  ...props
}: PasskeyListProps) {
  if (passkeys.length === 0) {
    return (
      <div data-slot="passkey-list" className={cn('text-muted-foreground text-sm', className)} {...props}>
        <p data-slot="passkey-list-empty">{emptyText}</p>
      </div>
    );
  }
  const busy = removingId !== null;
  return (
    <div data-slot="passkey-list" className={cn('grid', className)} {...props}>
      <ul data-slot="passkey-list-items" className="divide-y rounded-lg border">
        {passkeys.map((passkey) => (
          <li
            key={passkey.id}
            data-slot="passkey-list-item"
            className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3"
          >
            <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-foreground">
              <PasskeyIcon className="size-4" />
            </span>
            <span className="grid min-w-0 flex-1 basis-40">
              <span className="truncate font-medium text-sm">{passkey.name}</span>
              {passkey.detail ? (
                <span data-slot="passkey-list-detail" className="truncate text-muted-foreground text-xs">
                  {passkey.detail}
                </span>
              ) : null}
            </span>
            <span className="flex shrink-0 gap-2">
              <Button
                data-slot="passkey-list-rename"
                variant="ghost"
                size="sm"
                aria-label={renamePasskeyLabel(passkey.name)}
                disabled={busy}
                onClick={() => onRename(passkey)}
              >
                {renameLabel}
              </Button>
              <Button
                data-slot="passkey-list-remove"
                variant="outline"
                size="sm"
                aria-label={removePasskeyLabel(passkey.name)}
                loading={removingId === passkey.id}
                loadingLabel={loadingLabel}
                disabled={busy && removingId !== passkey.id}
                onClick={() => onRemove(passkey)}
              >
                {removeLabel}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
