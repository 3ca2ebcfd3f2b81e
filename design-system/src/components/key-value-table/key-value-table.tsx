import * as React from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { Spinner } from '../spinner/spinner';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../table/table';
import { Input, TextField } from '../text-field/text-field';

/** One setting: a key and its value. */
export type KeyValueRow = { key: string; value: string };

export type KeyValueTableProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The settings to list, in display order. */
  rows: KeyValueRow[];
  /** Shows an Edit button per row; on by default when `onSave` is given. */
  editable?: boolean;
  /** Called with the key and the new value when an edit is saved; a rejected promise keeps the row in edit. */
  onSave?: (key: string, value: string) => void | Promise<void>;
  /** Shows a form to add a setting; called with the new key and value. */
  onAdd?: (key: string, value: string) => void | Promise<void>;
  /** Key of the row whose save is in flight (when the caller tracks it). */
  savingKey?: string | null;
  /** Table caption, also the table's accessible name. */
  caption?: string;
  /** Header of the key column. */
  keyLabel?: string;
  /** Header of the value column. */
  valueLabel?: string;
  /** Header of the actions column (visually hidden). */
  actionsLabel?: string;
  /** Label of each row's Edit button (the key is added for screen readers). */
  editLabel?: string;
  /** Label of the Save button. */
  saveLabel?: string;
  /** Label of the Cancel button. */
  cancelLabel?: string;
  /** Announced while a save is in flight. */
  savingLabel?: string;
  /** Accessible name of the inline value input. */
  valueInputLabel?: (key: string) => string;
  /** Shown in place of rows when there are none. */
  emptyText?: React.ReactNode;
  /** Label of the add form's submit button. */
  addLabel?: string;
  /** Label of the add form's key field. */
  newKeyLabel?: string;
  /** Label of the add form's value field. */
  newValueLabel?: string;
};

/**
 * A key/value settings table with inline editing: Edit turns the value into an input, Enter
 * or Save stores it, Escape or Cancel puts it back. One row edits at a time.
 */
export function KeyValueTable({
  className,
  rows,
  onSave,
  editable = onSave !== undefined,
  onAdd,
  savingKey = null,
  caption,
  keyLabel = 'Key',
  valueLabel = 'Value',
  actionsLabel = 'Actions',
  editLabel = 'Edit',
  saveLabel = 'Save',
  cancelLabel = 'Cancel',
  savingLabel = 'Saving',
  valueInputLabel = (key) => `Value for ${key}`,
  emptyText = 'No settings',
  addLabel = 'Add setting',
  newKeyLabel = 'New key',
  newValueLabel = 'New value',
  ...props
}: KeyValueTableProps) {
  const [editingKey, setEditingKey] = React.useState<string | null>(null);
  const [draft, setDraft] = React.useState('');
  const [pendingKey, setPendingKey] = React.useState<string | null>(null);
  const busyKey = savingKey ?? pendingKey;

  const valueInput = React.useRef<HTMLInputElement>(null);
  const editButtons = React.useRef(new Map<string, HTMLButtonElement>());
  // After an edit ends, focus goes back to that row's Edit button instead of falling to <body>.
  const returnFocusTo = React.useRef<string | null>(null);

  React.useEffect(() => {
    if (editingKey !== null) {
      valueInput.current?.focus();
      valueInput.current?.select();
      return;
    }
    const key = returnFocusTo.current;
    returnFocusTo.current = null;
    if (key !== null) editButtons.current.get(key)?.focus();
  }, [editingKey]);

  function startEditing(row: KeyValueRow) {
    setDraft(row.value);
    setEditingKey(row.key);
  }

  function stopEditing() {
    returnFocusTo.current = editingKey;
    setEditingKey(null);
  }

  async function save(row: KeyValueRow) {
    if (busyKey !== null) return;
    if (!onSave || draft === row.value) {
      stopEditing();
      return;
    }
    setPendingKey(row.key);
    try {
      await onSave(row.key, draft);
      stopEditing();
    } catch {
      // The caller reports the failure; staying in edit keeps what was typed so it can be retried.
    } finally {
      setPendingKey(null);
    }
  }

  const columnCount = editable ? 3 : 2;

  return (
    <div data-slot="key-value-table" className={cn('flex w-full flex-col gap-4', className)} {...props}>
      <Table>
        {caption ? <TableCaption>{caption}</TableCaption> : null}
        <TableHeader>
          <TableRow>
            <TableHead className="w-1/3">{keyLabel}</TableHead>
            <TableHead>{valueLabel}</TableHead>
            {editable ? (
              <TableHead className="w-px text-right">
                <span className="sr-only">{actionsLabel}</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columnCount} className="py-6 text-center text-muted-foreground">
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => {
              const editing = editable && editingKey === row.key;
              const busy = busyKey === row.key;
              return (
                <TableRow key={row.key} data-state={editing ? 'editing' : undefined}>
                  <TableCell className="whitespace-normal font-mono text-xs [overflow-wrap:anywhere]">
                    {row.key}
                  </TableCell>
                  <TableCell className="whitespace-normal [overflow-wrap:anywhere]">
                    {editing ? (
                      <Input
                        ref={valueInput}
                        aria-label={valueInputLabel(row.key)}
                        value={draft}
                        readOnly={busy}
                        className="h-8"
                        onChange={(event) => setDraft(event.target.value)}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                            event.preventDefault();
                            void save(row);
                          } else if (event.key === 'Escape') {
                            // Handled here so an enclosing dialog does not close as well.
                            event.preventDefault();
                            event.stopPropagation();
                            if (!busy) stopEditing();
                          }
                        }}
                      />
                    ) : (
                      <span className="inline-flex items-center gap-2">
                        {row.value}
                        {busy ? <Spinner size="sm" label={savingLabel} /> : null}
                      </span>
                    )}
                  </TableCell>
                  {editable ? (
                    <TableCell className="text-right">
                      {editing ? (
                        <span className="inline-flex gap-2">
                          <Button
                            size="sm"
                            loading={busy}
                            loadingLabel={savingLabel}
                            onClick={() => {
                              void save(row);
                            }}
                          >
                            {saveLabel}
                          </Button>
                          <Button size="sm" variant="outline" disabled={busy} onClick={stopEditing}>
                            {cancelLabel}
                          </Button>
                        </span>
                      ) : (
                        <Button
                          ref={(element) => {
                            if (element) editButtons.current.set(row.key, element);
                            else editButtons.current.delete(row.key);
                          }}
                          size="sm"
                          variant="outline"
                          disabled={busy || (editingKey !== null && editingKey !== row.key)}
                          onClick={() => startEditing(row)}
                        >
                          {editLabel}
                          <span className="sr-only"> {row.key}</span>
                        </Button>
                      )}
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      {onAdd ? (
        <AddRowForm
          onAdd={onAdd}
          addLabel={addLabel}
          newKeyLabel={newKeyLabel}
          newValueLabel={newValueLabel}
          savingLabel={savingLabel}
        />
      ) : null}
    </div>
  );
}

type AddRowFormProps = {
  onAdd: (key: string, value: string) => void | Promise<void>;
  addLabel: string;
  newKeyLabel: string;
  newValueLabel: string;
  savingLabel: string;
};

function AddRowForm({ onAdd, addLabel, newKeyLabel, newValueLabel, savingLabel }: AddRowFormProps) {
  const [newKey, setNewKey] = React.useState('');
  const [newValue, setNewValue] = React.useState('');
  const [adding, setAdding] = React.useState(false);
  const keyInput = React.useRef<HTMLInputElement>(null);
  const trimmedKey = newKey.trim();

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trimmedKey || adding) return;
    setAdding(true);
    try {
      await onAdd(trimmedKey, newValue);
      setNewKey('');
      setNewValue('');
      keyInput.current?.focus();
    } catch {
      // The caller reports the failure; the fields keep what was typed.
    } finally {
      setAdding(false);
    }
  }

  return (
    <form data-slot="key-value-add" className="flex flex-wrap items-end gap-2" onSubmit={handleSubmit}>
      <TextField
        ref={keyInput}
        label={newKeyLabel}
        value={newKey}
        autoComplete="off"
        containerClassName="min-w-40 flex-1"
        onChange={(event) => setNewKey(event.target.value)}
      />
      <TextField
        label={newValueLabel}
        value={newValue}
        autoComplete="off"
        containerClassName="min-w-40 flex-[2]"
        onChange={(event) => setNewValue(event.target.value)}
      />
      <Button type="submit" disabled={!trimmedKey} loading={adding} loadingLabel={savingLabel}>
        {addLabel}
      </Button>
    </form>
  );
}
