import type * as React from 'react';
import { useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { formatUtc } from '../../lib/format-utc';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';

const pad = (n: number) => String(n).padStart(2, '0');
const INPUT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * The value for a datetime-local input showing an ISO timestamp in UTC ('YYYY-MM-DDTHH:mm'),
 * so the browser's own time zone never shifts it. Empty or unreadable input gives ''.
 */
export function isoToUtcInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/**
 * Reads a datetime-local value ('YYYY-MM-DDTHH:mm', seconds optional) as a UTC time and returns it
 * as an ISO timestamp. An empty value, a malformed one or an impossible date (31 April) gives null.
 */
export function utcInputToIso(value: string): string | null {
  const match = INPUT_PATTERN.exec(value.trim());
  if (!match) return null;
  const field = (index: number) => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [field(1), field(2), field(3), field(4), field(5), field(6)];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls over (31 April becomes 1 May); a value that rolled over was not a real date.
  const rolledOver =
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hour ||
    date.getUTCMinutes() !== minute;
  return rolledOver ? null : date.toISOString();
}

/** Words of the deactivation date box. */
export type DeactivationDateLabels = {
  current: string;
  notSet: string;
  invalid: string;
};

export type DeactivationDateProps = Omit<React.ComponentProps<'form'>, 'children' | 'onSubmit'> & {
  /** The saved deactivation time as an ISO timestamp, or null when none is set. */
  value: string | null;
  /** Saves a new time (ISO, UTC) or removes it (null). */
  onSave: (iso: string | null) => void | Promise<void>;
  /** Label of the date field. */
  label?: string;
  /** Text of the save button. */
  saveLabel?: string;
  /** Text of the clear button. */
  clearLabel?: string;
  /** Disables the buttons while saving. */
  busy?: boolean;
  /** Words for the current value line and errors; English by default. */
  labels?: Partial<DeactivationDateLabels>;
};

const defaultLabels: DeactivationDateLabels = {
  current: 'Current',
  notSet: 'Not set',
  invalid: 'Enter a valid date and time',
};

/** Edits a tenant's deactivation time; the field is read and written in UTC whatever the browser's time zone. */
export function DeactivationDate({
  value,
  onSave,
  label = 'Deactivation date (UTC)',
  saveLabel = 'Save',
  clearLabel = 'Clear',
  busy = false,
  labels,
  className,
  ...props
}: DeactivationDateProps) {
  const words = { ...defaultLabels, ...labels };
  const [draft, setDraft] = useState(() => isoToUtcInput(value));
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // A new saved value from outside replaces the draft (the usual "reset state on prop change" pattern).
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setDraft(isoToUtcInput(value));
    setError(null);
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A half-typed date reads as '' in the browser; it must not be taken as "clear the date".
    if (inputRef.current?.validity.badInput) {
      setError(words.invalid);
      return;
    }
    if (draft.trim() === '') {
      await onSave(null);
      return;
    }
    const iso = utcInputToIso(draft);
    if (iso === null) {
      setError(words.invalid);
      return;
    }
    setError(null);
    await onSave(iso);
  }

  return (
    <form
      data-slot="deactivation-date"
      onSubmit={(event) => {
        submit(event).catch(() => {
          // The app reports a failed save; the draft stays for another try.
        });
      }}
      className={cn('flex flex-wrap items-start gap-2', className)}
      {...props}
    >
      <TextField
        ref={inputRef}
        type="datetime-local"
        step={60}
        label={label}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        hint={`${words.current}: ${value ? formatUtc(value) : words.notSet}`}
        error={error}
        containerClassName="w-64"
      />
      <div className="flex gap-2 pt-6.5">
        <Button type="submit" disabled={busy}>
          {saveLabel}
        </Button>
        <Button
          variant="outline"
          disabled={busy || (value === null && draft === '')}
          onClick={() => {
            setDraft('');
            setError(null);
            Promise.resolve(onSave(null)).catch(() => {
              // The app reports a failed save.
            });
          }}
        >
          {clearLabel}
        </Button>
      </div>
    </form>
  );
}
