import type * as React from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { StrokeIcon } from '../../lib/stroke-icon';
import { useControllableState } from '../../lib/use-controllable-state';
import { Spinner } from '../spinner/spinner';
import { Input, Label } from '../text-field/text-field';

// `results` is also an old HTML attribute in React's types; the list of results replaces it.
export type SearchBoxProps<T> = Omit<
  React.ComponentProps<'div'>,
  'children' | 'defaultValue' | 'onChange' | 'results'
> & {
  /** Visible label of the search field. */
  label: React.ReactNode;
  /** Placeholder shown in the empty field. */
  placeholder?: string;
  /** The search term (controlled). */
  value?: string;
  /** The initial search term (uncontrolled). */
  defaultValue?: string;
  /** Called with the new term on every change: typing, picking, clearing. */
  onValueChange?: (term: string) => void;
  /** Runs a search: Enter with no active option, or a pause in typing when `searchOnType` is set. Never called with a blank term. */
  onSearch?: (term: string) => void;
  /** Search while typing, `searchDelay` ms after the last keystroke. */
  searchOnType?: boolean;
  /** Milliseconds of typing pause before `onSearch` runs when `searchOnType` is set. */
  searchDelay?: number;
  /** The results to offer in the list. */
  results: readonly T[];
  /** A stable unique key of a result. */
  getKey: (item: T) => string;
  /** The content of one option in the list. */
  renderItem: (item: T) => React.ReactNode;
  /** The plain text of a result, put in the field when it is picked. */
  getItemLabel: (item: T) => string;
  /** Called with the result chosen by click or Enter. */
  onPick: (item: T) => void;
  /** Called when the term is cleared (clear button, Escape on a closed list, or a blank search). */
  onClear?: () => void;
  /** Shows a busy indicator in the list while results load. */
  loading?: boolean;
  /** Text shown when a search found nothing. */
  emptyText?: React.ReactNode;
  /** Set when the last search failed: the list says this instead of `emptyText` (the page shows
   * the failure in full, so "nothing found" never stands beside it). */
  error?: React.ReactNode;
  /** Announced while results load. */
  loadingLabel?: string;
  /** Marks the field as required. */
  required?: boolean;
  /** Disables the field. */
  disabled?: boolean;
  /** Accessible name of the clear button. */
  clearLabel?: string;
  /** id of the input; generated when left out. */
  inputId?: string;
  /** Name of the input, for forms. */
  name?: string;
};

const NO_OPTION = -1;

/**
 * A search field with a list of results: the WAI-ARIA 1.2 combobox pattern with a listbox popup.
 * Focus stays in the field; ArrowDown/ArrowUp open the list and move the active option
 * (wrapping), Enter picks it or searches, Escape closes the list and, when it is already closed,
 * clears the term. A search run with Enter closes the list: the page shows the results, and a
 * list over them would only repeat them. Leaving the field (an outside click) closes it too.
 */
export function SearchBox<T>({
  label,
  placeholder,
  value,
  defaultValue = '',
  onValueChange,
  onSearch,
  searchOnType = false,
  searchDelay = 300,
  results,
  getKey,
  renderItem,
  getItemLabel,
  onPick,
  onClear,
  loading = false,
  emptyText = 'No results',
  error,
  loadingLabel = 'Searching',
  required = false,
  disabled = false,
  clearLabel = 'Clear search',
  inputId,
  name,
  className,
  ...props
}: SearchBoxProps<T>) {
  const generatedId = useId();
  const id = inputId ?? generatedId;
  const labelId = `${id}-label`;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [term, setTerm] = useControllableState({
    prop: value,
    defaultProp: defaultValue,
    onChange: onValueChange,
    caller: 'SearchBox',
  });
  const [open, setOpen] = useState(false);
  // Remembered by key, not index, so a new result list cannot leave a stale option active.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // "No results" only makes sense once a search was asked for, not while the user is still typing.
  const [searched, setSearched] = useState(false);

  const inputRef = useRef<HTMLInputElement>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const activeIndex = activeKey === null ? NO_OPTION : results.findIndex((item) => getKey(item) === activeKey);
  const failed = error !== undefined && error !== null && error !== false;
  const expanded = open && (loading || results.length > 0 || searched);
  const showEmpty = expanded && !loading && results.length === 0 && !failed;
  const showError = expanded && !loading && results.length === 0 && failed;
  const activeOptionId = expanded && activeIndex !== NO_OPTION ? optionId(activeIndex) : undefined;

  useEffect(() => () => clearTimeout(searchTimer.current), []);

  useEffect(() => {
    if (activeOptionId === undefined) return;
    inputRef.current?.ownerDocument.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  /** Runs a search; `keepOpen` when it came from typing (the list is the result), not from Enter. */
  function search(text: string, keepOpen: boolean) {
    clearTimeout(searchTimer.current);
    if (text.trim() === '') {
      clear();
      return;
    }
    setSearched(true);
    setOpen(keepOpen);
    setActiveKey(null);
    onSearch?.(text);
  }

  function clear() {
    clearTimeout(searchTimer.current);
    setTerm('');
    setOpen(false);
    setSearched(false);
    setActiveKey(null);
    onClear?.();
  }

  function pick(item: T) {
    clearTimeout(searchTimer.current);
    setTerm(getItemLabel(item));
    setOpen(false);
    setActiveKey(null);
    onPick(item);
  }

  function moveActive(step: 1 | -1) {
    if (results.length === 0) return;
    const start = activeIndex === NO_OPTION ? (step === 1 ? -1 : 0) : activeIndex;
    const next = (start + step + results.length) % results.length;
    const item = results[next];
    if (item !== undefined) setActiveKey(getKey(item));
  }

  function handleKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    // Keys that finish an IME composition (Enter, Escape) belong to the composition, not to the list.
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!expanded) {
          // Reopening shows the list first; with Alt+ArrowDown (the pattern's "show list") nothing is activated.
          setOpen(true);
          if (!event.altKey) moveActive(step);
          return;
        }
        moveActive(step);
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const active = results[activeIndex];
        if (expanded && active !== undefined) pick(active);
        else search(term, false);
        return;
      }
      case 'Escape': {
        if (expanded) {
          // Closing the list is all this Escape does, so an enclosing dialog must not close too.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActiveKey(null);
        } else if (term !== '' || searched) {
          event.preventDefault();
          event.stopPropagation();
          clear();
        }
        return;
      }
      default:
    }
  }

  function handleChange(event: React.ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    setTerm(next);
    setActiveKey(null);
    setOpen(true);
    if (!searchOnType) return;
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => search(next, true), searchDelay);
  }

  return (
    <div data-slot="search-box" className={cn('relative grid gap-1.5', className)} {...props}>
      <Label id={labelId} htmlFor={id}>
        {label}
        {required ? (
          <span data-slot="required-marker" aria-hidden="true" className="ms-0.5 text-destructive">
            *
          </span>
        ) : null}
      </Label>
      <div data-slot="search-box-control" className="relative">
        <SearchIcon />
        <Input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOptionId}
          aria-required={required || undefined}
          required={required}
          disabled={disabled}
          placeholder={placeholder}
          value={term}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onBlur={() => {
            setOpen(false);
            setActiveKey(null);
          }}
          className={cn('ps-9', term !== '' && 'pe-10')}
        />
        {term !== '' && !disabled ? (
          <button
            data-slot="search-box-clear"
            type="button"
            aria-label={clearLabel}
            title={clearLabel}
            onClick={() => {
              clear();
              inputRef.current?.focus();
            }}
            className="focus-ring absolute inset-y-0 end-1 my-auto inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-foreground hover:bg-accent hover:text-accent-foreground"
          >
            <ClearIcon />
          </button>
        ) : null}
      </div>
      <div
        data-slot="search-box-popup"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-1 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md"
      >
        <div
          data-slot="search-box-listbox"
          id={listboxId}
          role="listbox"
          aria-labelledby={labelId}
          hidden={results.length === 0}
          className="max-h-72 overflow-y-auto p-1"
        >
          {results.map((item, index) => {
            const active = index === activeIndex;
            return (
              // Options are never focused: the field keeps focus and points at the active one with
              // aria-activedescendant, and its onKeyDown handles the keyboard (the combobox pattern).
              // biome-ignore lint/a11y/useFocusableInteractive: see above
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above
              <div
                key={getKey(item)}
                data-slot="search-box-option"
                id={optionId(index)}
                role="option"
                aria-selected={active}
                data-active={active || undefined}
                // Keeping focus in the field (no blur) lets the click land and the list stay a popup of it.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => {
                  if (!active) setActiveKey(getKey(item));
                }}
                onClick={() => pick(item)}
                className="cursor-pointer rounded-sm px-3 py-2 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
              >
                {renderItem(item)}
              </div>
            );
          })}
        </div>
        {loading ? (
          <div data-slot="search-box-loading" className="flex items-center gap-2 px-3 py-2 text-sm">
            <Spinner size="sm" label={loadingLabel} />
          </div>
        ) : null}
        {showEmpty ? (
          <p data-slot="search-box-empty" role="status" className="px-3 py-2 text-sm">
            {emptyText}
          </p>
        ) : null}
        {showError ? (
          <p data-slot="search-box-error" className="px-3 py-2 text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function SearchIcon() {
  return (
    <StrokeIcon className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-muted-foreground">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </StrokeIcon>
  );
}

function ClearIcon() {
  return (
    <StrokeIcon className="size-4">
      <path d="M18 6 6 18M6 6l12 12" />
    </StrokeIcon>
  );
}
