import type * as React from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';

const INTEGER_PATTERN = /^\s*-?\d+\s*$/;

/**
 * Reads a whole number typed by a person: optional minus sign and digits, optionally surrounded
 * by spaces. Anything else ('1.5', '1e3', '0x10', '', 'abc') and numbers too large to hold exactly
 * give null.
 */
export function parseInteger(text: string): number | null {
  if (!INTEGER_PATTERN.test(text)) return null;
  const value = Number(text.trim());
  if (!Number.isSafeInteger(value)) return null;
  // '-0' is just 0 to a person.
  return value === 0 ? 0 : value;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats an ISO timestamp as 'YYYY-MM-DD HH:mm UTC'; an empty or unreadable value gives ''. */
export function formatUtc(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** A tenant's SMS settings as the admin console shows them. */
export type SmsSettings = {
  /** Whether SMS is switched on for the tenant (system_sms). */
  enabled: boolean;
  /** Sender name shown on the phone. */
  sender?: string;
  /** First low-credit warning level. */
  warning1?: number | null;
  /** Second low-credit warning level. */
  warning2?: number | null;
  /** Whether sending is paused. */
  paused: boolean;
  /** Whether the tenant has been warned about low credits. */
  warned: boolean;
  /** Name of the person who signed the SMS agreement; missing while waiting for it. */
  signature?: string | null;
  /** When SMS deactivates, as an ISO timestamp. */
  deactivatesAt?: string | null;
};

/** The settings that can be edited inline, by their API key. */
export type SmsEditableField = 'sender' | 'credits' | 'warning_1' | 'warning_2';

/** Words of the SMS panel. */
export type SmsSettingsLabels = {
  title: string;
  enabledStatus: string;
  disabledStatus: string;
  pausedStatus: string;
  sender: string;
  credits: string;
  warning1: string;
  warning2: string;
  signature: string;
  waitingForSignature: string;
  warned: string;
  paused: string;
  deactivatesAt: string;
  yes: string;
  no: string;
  notSet: string;
  edit: string;
  save: string;
  cancel: string;
  enable: string;
  disable: string;
  pause: string;
  unpause: string;
  addCredits: string;
  addCreditsButton: string;
  creditsMustBeInteger: string;
  mustBeWholeNumber: string;
  mustBePositive: string;
};

const defaultLabels: SmsSettingsLabels = {
  title: 'SMS',
  enabledStatus: 'Enabled',
  disabledStatus: 'Disabled',
  pausedStatus: 'Paused',
  sender: 'Sender',
  credits: 'Credits',
  warning1: 'Warning 1',
  warning2: 'Warning 2',
  signature: 'Signature',
  waitingForSignature: 'Waiting for signature',
  warned: 'Warned',
  paused: 'Paused',
  deactivatesAt: 'Deactivates at',
  yes: 'Yes',
  no: 'No',
  notSet: '–',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  enable: 'Enable SMS',
  disable: 'Disable SMS',
  pause: 'Pause SMS',
  unpause: 'Unpause SMS',
  addCredits: 'Add credits',
  addCreditsButton: 'Add',
  creditsMustBeInteger: 'Credits must be an integer',
  mustBeWholeNumber: 'Must be a whole number',
  mustBePositive: 'Enter a positive whole number',
};

export type SmsSettingsPanelProps = Omit<React.ComponentProps<'section'>, 'children'> & {
  /** The tenant's SMS settings. */
  settings: SmsSettings;
  /** The tenant's SMS credits. */
  credits: number;
  /** Called with the wanted state by the enable/disable button (put a confirmation in front). */
  onToggleEnabled: (next: boolean) => void;
  /** Called with the wanted state by the pause/unpause button (put a confirmation in front). */
  onTogglePaused: (next: boolean) => void;
  /** Saves one inline-edited value; the editor stays open if the returned promise rejects. */
  onSaveField: (field: SmsEditableField, value: string | number) => void | Promise<void>;
  /** Adds a positive number of credits. */
  onAddCredits: (amount: number) => void | Promise<void>;
  /** Disables the actions while the app is saving. */
  busy?: boolean;
  /** Heading level of the panel title, so it fits the page outline. */
  headingLevel?: 2 | 3 | 4;
  /** Words of the panel; English by default. */
  labels?: Partial<SmsSettingsLabels>;
};

/** The SMS box of a tenant: its settings, inline editing, credits and the enable/pause actions. */
export function SmsSettingsPanel({
  settings,
  credits,
  onToggleEnabled,
  onTogglePaused,
  onSaveField,
  onAddCredits,
  busy = false,
  headingLevel = 3,
  labels,
  className,
  ...props
}: SmsSettingsPanelProps) {
  const words = { ...defaultLabels, ...labels };
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const orNotSet = (value: number | null | undefined) => (value == null ? words.notSet : String(value));
  const wholeNumber = (text: string) => {
    const value = parseInteger(text);
    return value === null || value < 0 ? { error: words.mustBeWholeNumber } : { value };
  };

  return (
    <section
      data-slot="sms-settings-panel"
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      // A container: the settings take two columns only when the panel itself is wide enough,
      // whatever the window's width (in the console it shares a row with another box).
      className={cn('@container grid gap-4 rounded-xl border bg-card p-4 text-card-foreground', className)}
      {...props}
    >
      <header data-slot="sms-settings-header" className="flex flex-wrap items-center gap-2">
        <Heading id={titleId} className="me-auto font-semibold text-base">
          {words.title}
        </Heading>
        <Badge tone={settings.enabled ? 'success' : 'neutral'}>
          {settings.enabled ? words.enabledStatus : words.disabledStatus}
        </Badge>
        {settings.paused ? <Badge tone="warning">{words.pausedStatus}</Badge> : null}
      </header>

      <dl data-slot="sms-settings-list" className="grid gap-x-6 gap-y-3 text-sm @xl:grid-cols-2">
        <EditableSetting
          label={words.sender}
          display={settings.sender || words.notSet}
          initial={settings.sender ?? ''}
          parse={(text) => ({ value: text.trim() })}
          onSave={(value) => onSaveField('sender', value)}
          disabled={busy}
          words={words}
        />
        <EditableSetting
          label={words.credits}
          display={String(credits)}
          initial={String(credits)}
          inputMode="numeric"
          parse={(text) => {
            const value = parseInteger(text);
            return value === null ? { error: words.creditsMustBeInteger } : { value };
          }}
          onSave={(value) => onSaveField('credits', value)}
          disabled={busy}
          words={words}
        />
        <EditableSetting
          label={words.warning1}
          display={orNotSet(settings.warning1)}
          initial={settings.warning1 == null ? '' : String(settings.warning1)}
          inputMode="numeric"
          parse={wholeNumber}
          onSave={(value) => onSaveField('warning_1', value)}
          disabled={busy}
          words={words}
        />
        <EditableSetting
          label={words.warning2}
          display={orNotSet(settings.warning2)}
          initial={settings.warning2 == null ? '' : String(settings.warning2)}
          inputMode="numeric"
          parse={wholeNumber}
          onSave={(value) => onSaveField('warning_2', value)}
          disabled={busy}
          words={words}
        />
        <Setting label={words.signature}>
          {settings.signature ? (
            settings.signature
          ) : (
            // A long translation wraps inside its cell instead of running into the next one.
            <Badge data-slot="sms-waiting-for-signature" tone="warning" className="w-auto whitespace-normal text-start">
              {words.waitingForSignature}
            </Badge>
          )}
        </Setting>
        <Setting label={words.warned}>{settings.warned ? words.yes : words.no}</Setting>
        <Setting label={words.paused}>{settings.paused ? words.yes : words.no}</Setting>
        <Setting label={words.deactivatesAt}>{formatUtc(settings.deactivatesAt) || words.notSet}</Setting>
      </dl>

      <AddCreditsForm onAddCredits={onAddCredits} disabled={busy} words={words} />

      <div data-slot="sms-settings-actions" className="flex flex-wrap gap-2 border-t pt-4">
        <Button
          variant={settings.enabled ? 'destructive' : 'primary'}
          size="sm"
          disabled={busy}
          onClick={() => onToggleEnabled(!settings.enabled)}
        >
          {settings.enabled ? words.disable : words.enable}
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => onTogglePaused(!settings.paused)}>
          {settings.paused ? words.unpause : words.pause}
        </Button>
      </div>
    </section>
  );
}

function Setting({ label, children, action }: { label: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div data-slot="sms-setting" className="grid min-h-9 grid-cols-[minmax(7rem,auto)_1fr] items-center gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 items-center justify-between gap-2 font-medium">
        <span className="min-w-0 break-words">{children}</span>
        {action ?? null}
      </dd>
    </div>
  );
}

type Parsed<V> = { value: V; error?: undefined } | { value?: undefined; error: string };

type EditableSettingProps<V> = {
  label: string;
  display: string;
  initial: string;
  parse: (text: string) => Parsed<V>;
  onSave: (value: V) => void | Promise<void>;
  disabled: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  words: SmsSettingsLabels;
};

/** A setting shown as text with an Edit button that turns it into a small form (Enter saves, Escape cancels). */
function EditableSetting<V>({
  label,
  display,
  initial,
  parse,
  onSave,
  disabled,
  inputMode,
  words,
}: EditableSettingProps<V>) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Closing the editor removes the focused field; focus goes back to the Edit button it came from.
  useEffect(() => {
    if (draft === null && wasEditing.current) editButton.current?.focus();
    wasEditing.current = draft !== null;
  }, [draft]);

  if (draft === null) {
    return (
      <Setting
        label={label}
        action={
          <Button ref={editButton} variant="ghost" size="sm" disabled={disabled} onClick={() => setDraft(initial)}>
            {words.edit}
            <span className="sr-only"> {label}</span>
          </Button>
        }
      >
        {display}
      </Setting>
    );
  }

  const cancel = () => {
    setDraft(null);
    setError(null);
  };

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft === null || saving) return;
    const parsed = parse(draft);
    if (parsed.error !== undefined) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await onSave(parsed.value);
      setDraft(null);
    } catch {
      // The app reports the failure; the editor stays open so the value is not lost.
    } finally {
      setSaving(false);
    }
  }

  return (
    <div data-slot="sms-setting" data-editing="true" className="@xl:col-span-2">
      <dt className="sr-only">{label}</dt>
      <dd>
        <form
          data-slot="sms-setting-editor"
          onSubmit={save}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // Escape belongs to this editor, not to a dialog or row around it.
            event.stopPropagation();
            cancel();
          }}
          className="flex flex-wrap items-start gap-2"
        >
          <TextField
            label={label}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
            error={error}
            inputMode={inputMode}
            // The person just pressed Edit, so the field they asked for takes focus.
            autoFocus
            containerClassName="min-w-48 flex-1"
            className="h-9"
          />
          <div className="flex gap-2 pt-6.5">
            <Button type="submit" size="sm" loading={saving} disabled={disabled}>
              {words.save}
            </Button>
            <Button variant="outline" size="sm" onClick={cancel}>
              {words.cancel}
            </Button>
          </div>
        </form>
      </dd>
    </div>
  );
}

function AddCreditsForm({
  onAddCredits,
  disabled,
  words,
}: {
  onAddCredits: (amount: number) => void | Promise<void>;
  disabled: boolean;
  words: SmsSettingsLabels;
}) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const value = parseInteger(amount);
    if (value === null || value <= 0) {
      setError(words.mustBePositive);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await onAddCredits(value);
      setAmount('');
    } catch {
      // The app reports the failure; the amount stays so it can be retried.
    } finally {
      setSaving(false);
    }
  }

  return (
    <form data-slot="sms-add-credits" onSubmit={submit} className="flex flex-wrap items-start gap-2">
      <TextField
        label={words.addCredits}
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setError(null);
        }}
        error={error}
        inputMode="numeric"
        containerClassName="w-40"
        className="h-9"
      />
      <Button type="submit" variant="secondary" size="sm" loading={saving} disabled={disabled} className="mt-6.5">
        {words.addCreditsButton}
      </Button>
    </form>
  );
}
