import type * as React from 'react';
import { cn } from '../../lib/cn';
import { SecurityKeyIcon } from '../../lib/security-key-icon';
import { Button } from '../button/button';

export type SecurityKeyListItem = {
  /** Stable id of the key's credential. */
  id: string;
  /** The name the person gave the key; a key without one shows `unnamedLabel`. */
  name?: string | null;
};

export type SecurityKeyListProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The account's security keys, in display order. */
  keys: SecurityKeyListItem[];
  /** Called by a key's Remove button; confirming is up to the caller. */
  onRemove: (key: SecurityKeyListItem) => void;
  /** The key whose removal is in flight: its button shows progress. */
  removingId?: string | null;
  /** Visible text of each Remove button. */
  removeLabel?: string;
  /** Accessible name of a key's Remove button, so each one says which key it removes. */
  removeKeyLabel?: (name: string) => string;
  /** Shown for a key without a name. */
  unnamedLabel?: string;
  /** Shown when there are no keys. */
  emptyText?: string;
  /** Announced while a removal is in flight. */
  loadingLabel?: string;
};

/** The security keys of an account, each by its name with a Remove button. */
export function SecurityKeyList({
  keys,
  onRemove,
  removingId = null,
  removeLabel = 'Remove',
  removeKeyLabel = (name) => `Remove ${name}`,
  unnamedLabel = 'Security key',
  emptyText = 'No security keys yet',
  loadingLabel = 'Removing',
  className,
  ...props
}: SecurityKeyListProps) {
  if (keys.length === 0) {
    return (
      <div data-slot="security-key-list" className={cn('text-muted-foreground text-sm', className)} {...props}>
        <p data-slot="security-key-list-empty">{emptyText}</p>
      </div>
    );
  }
  return (
    <div data-slot="security-key-list" className={cn('grid', className)} {...props}>
      <ul data-slot="security-key-list-items" className="divide-y rounded-lg border">
        {keys.map((key) => {
          const name = key.name?.trim() || unnamedLabel;
          return (
            <li key={key.id} data-slot="security-key-list-item" className="flex items-center gap-3 px-4 py-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-foreground">
                <SecurityKeyIcon className="size-4" />
              </span>
              <span className="min-w-0 flex-1 truncate font-medium text-sm">{name}</span>
              <Button
                data-slot="security-key-list-remove"
                variant="outline"
                size="sm"
                aria-label={removeKeyLabel(name)}
                loading={removingId === key.id}
                loadingLabel={loadingLabel}
                disabled={removingId !== null && removingId !== key.id}
                onClick={() => onRemove(key)}
              >
                {removeLabel}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
