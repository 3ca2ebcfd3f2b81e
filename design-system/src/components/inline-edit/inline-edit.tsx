import * as React from 'react';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import { Button } from '../button/button';
import { FieldMessage, Input, type InputProps } from '../text-field/text-field';

export type InlineEditProps = Omit<React.ComponentProps<'div'>, 'children' | 'defaultValue' | 'onChange'> & {
  /** What the value is, e.g. "Sender": the input's accessible name, also added to the Edit button's. */
  label: string;
  /** The saved value (controlled). */
  value?: string;
  /** The saved value to start from (uncontrolled). */
  defaultValue?: string;
  /** Called with the new saved value once a save has succeeded. */
  onValueChange?: (value: string) => void;
  /** Stores the typed value; may return a promise. If it rejects, the editor stays open with the message. */
  onSave?: (value: string) => void | Promise<void>;
  /** Checks the typed value before saving; returns the message to show, or nothing when it is fine. */
  validate?: (draft: string) => string | null | undefined;
  /** `number` asks for a number: a numeric keyboard, and text that is not a number is refused. */
  type?: 'text' | 'number';
  /** How the saved value is shown; the value itself by default. */
  display?: React.ReactNode;
  /** Shown for an empty value. */
  emptyText?: React.ReactNode;
  /** Disables the Edit button, e.g. while something else is being saved. */
  disabled?: boolean;
  /** Further props of the input (`maxLength`, `placeholder`, `inputMode`, …). */
  inputProps?: Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'type'>;
  /** Label of the Edit button (the `label` is added for screen readers). */
  editLabel?: string;
  /** Label of the Save button. */
  saveLabel?: string;
  /** Label of the Cancel button. */
  cancelLabel?: string;
  /** Announced while a save is in flight. */
  savingLabel?: string;
  /** Shown when a `number` field holds something else. */
  invalidNumberMessage?: string;
  /** Shown when `onSave` rejects: a text, or one made from the error. */
  saveErrorMessage?: string | ((error: unknown) => string);
};

/** A number as people type it: digits, an optional minus sign and decimal point; not '1e3' or '0x10'. */
const NUMBER_PATTERN = /^\s*-?(\d+\.?\d*|\.\d+)\s*$/;

/**
 * A value shown as text with an Edit button that turns it into a small form: Enter or Save
 * stores it, Escape or Cancel puts it back, and focus returns to the Edit button either way.
 * While an asynchronous save is in flight the form is busy; a failed save keeps the editor open
 * with what was typed and says why.
 */
export function InlineEdit({
  label,
  value: valueProp,
  defaultValue = '',
  onValueChange,
  onSave,
  validate,
  type = 'text',
  display,
  emptyText = '–',
  disabled = false,
  inputProps,
  editLabel = 'Edit',
  saveLabel = 'Save',
  cancelLabel = 'Cancel',
  savingLabel = 'Saving',
  invalidNumberMessage = 'Enter a number',
  saveErrorMessage = 'Could not save',
  className,
  ...props
}: InlineEditProps) {
  const [value, setValue] = useControllableState({
    prop: valueProp,
    defaultProp: defaultValue,
    onChange: onValueChange,
    caller: 'InlineEdit',
  });
  const [draft, setDraft] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [saving, setSaving] = React.useState(false);
  const errorId = React.useId();
  const editButton = React.useRef<HTMLButtonElement>(null);
  const wasEditing = React.useRef(false);
  const editing = draft !== null;

  // Closing the editor removes the focused field; focus goes back to the Edit button it came from.
  React.useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function close() {
    setDraft(null);
    setError(null);
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft === null || saving) return;
    const problem = type === 'number' && !NUMBER_PATTERN.test(draft) ? invalidNumberMessage : validate?.(draft);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await onSave?.(draft);
      setValue(draft);
      close();
    } catch (failure) {
      setError(typeof saveErrorMessage === 'function' ? saveErrorMessage(failure) : saveErrorMessage);
    } finally {
      setSaving(false);
    }
  }

  if (!editing) {
    const shown = display ?? (value === '' ? emptyText : value);
    return (
      <div
        data-slot="inline-edit"
        data-state="idle"
        className={cn('flex w-full min-w-0 flex-wrap items-center justify-between gap-2', className)}
        {...props}
      >
        <span data-slot="inline-edit-value" className="min-w-0 [overflow-wrap:anywhere]">
          {shown}
        </span>
        <Button
          ref={editButton}
          type="button"
          variant="ghost"
          size="sm"
          disabled={disabled}
          onClick={() => setDraft(value)}
        >
          {editLabel}
          <span className="sr-only"> {label}</span>
        </Button>
      </div>
    );
  }

  return (
    <div
      data-slot="inline-edit"
      data-state="editing"
      className={cn('grid w-full min-w-0 gap-1.5', className)}
      {...props}
    >
      <form
        data-slot="inline-edit-form"
        aria-busy={saving || undefined}
        onSubmit={save}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // Escape belongs to this editor, not to a dialog or row around it.
          event.preventDefault();
          event.stopPropagation();
          if (!saving) close();
        }}
        className="flex flex-wrap items-center gap-2"
      >
        <Input
          inputMode={type === 'number' ? 'decimal' : undefined}
          autoComplete="off"
          {...inputProps}
          type="text"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={draft}
          readOnly={saving}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          // The person just pressed Edit, so the field they asked for takes focus.
          autoFocus
          className={cn('h-9 min-w-32 flex-1 basis-40', inputProps?.className)}
        />
        <Button type="submit" size="sm" loading={saving} loadingLabel={savingLabel}>
          {saveLabel}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={saving} onClick={close}>
          {cancelLabel}
        </Button>
      </form>
      {error ? (
        <FieldMessage id={errorId} tone="error">
          {error}
        </FieldMessage>
      ) : null}
    </div>
  );
}
