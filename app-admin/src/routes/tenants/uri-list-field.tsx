import { Button, FieldMessage, Input } from '@helios/design-system';
import { useId } from 'react';
import { newEntry, type UriEntry } from '../../lib/oidc-client';

export type UriListFieldProps = {
  /** The list's name, the fieldset's legend. */
  legend: string;
  hint: string;
  entries: UriEntry[];
  onEntriesChange: (entries: UriEntry[]) => void;
  /** Translated errors of lines, by entry key. */
  lineErrors: Record<number, string>;
  /** An error about the list as a whole. */
  listError?: string;
  max: number;
  /** Words for line `number` (1-based): its input's label and its remove button's full name. */
  lineLabel: (number: number) => string;
  removeLabel: (number: number) => string;
  /** The remove buttons' visible text. */
  removeText: string;
  addLabel: string;
};

/** An editable list of addresses, one input per line, each with its own label, error and remove
 * button. Adding moves focus to the new line; removing moves it to the line that took its place. */
export function UriListField({
  legend,
  hint,
  entries,
  onEntriesChange,
  lineErrors,
  listError,
  max,
  lineLabel,
  removeLabel,
  removeText,
  addLabel,
}: UriListFieldProps) {
  const id = useId();
  const inputId = (key: number) => `${id}-${key}`;
  const addId = `${id}-add`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  // After the change has rendered, so the element to focus exists.
  const focusLater = (elementId: string) => requestAnimationFrame(() => document.getElementById(elementId)?.focus());

  function add() {
    const entry = newEntry();
    onEntriesChange([...entries, entry]);
    focusLater(inputId(entry.key));
  }

  function remove(index: number) {
    const rest = entries.filter((_, at) => at !== index);
    onEntriesChange(rest);
    const next = rest[index] ?? rest[index - 1];
    focusLater(next ? inputId(next.key) : addId);
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={listError ? `${hintId} ${errorId}` : hintId}>
      <legend className="font-medium text-sm">{legend}</legend>
      <p id={hintId} className="text-muted-foreground text-sm">
        {hint}
      </p>
      {entries.length > 0 ? (
        <ul className="grid gap-2">
          {entries.map((entry, index) => (
            <UriLine
              key={entry.key}
              id={inputId(entry.key)}
              value={entry.value}
              onValueChange={(value) =>
                onEntriesChange(entries.map((other) => (other.key === entry.key ? { ...other, value } : other)))
              }
              error={lineErrors[entry.key]}
              label={lineLabel(index + 1)}
              removeLabel={removeLabel(index + 1)}
              removeText={removeText}
              onRemove={() => remove(index)}
            />
          ))}
        </ul>
      ) : null}
      {listError ? (
        <FieldMessage id={errorId} tone="error">
          {listError}
        </FieldMessage>
      ) : null}
      <div>
        <Button id={addId} variant="outline" size="sm" disabled={entries.length >= max} onClick={add}>
          {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}

/** One address: its input, labelled by its number in the list, its error, and its remove button. */
function UriLine({
  id,
  value,
  onValueChange,
  error,
  label,
  removeLabel,
  removeText,
  onRemove,
}: {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
  label: string;
  removeLabel: string;
  removeText: string;
  onRemove: () => void;
}) {
  const errorId = `${id}-error`;
  return (
    <li className="flex items-start gap-2">
      <div className="grid min-w-0 flex-1 gap-1.5">
        <Input
          id={id}
          aria-label={label}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="font-mono"
        />
        {error ? (
          <FieldMessage id={errorId} tone="error">
            {error}
          </FieldMessage>
        ) : null}
      </div>
      <Button variant="outline" aria-label={removeLabel} onClick={onRemove}>
        {removeText}
      </Button>
    </li>
  );
}
