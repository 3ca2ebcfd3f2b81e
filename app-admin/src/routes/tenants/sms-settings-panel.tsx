import {
  Badge,
  Button,
  cn,
  DescriptionDetails,
  DescriptionItem,
  DescriptionList,
  DescriptionTerm,
  formatUtc,
  InlineEdit,
  type InlineEditProps,
  TextField,
} from '@helios/design-system';
import type * as React from 'react';
import { useId, useState } from 'react';
import { useT } from '../../i18n';
import { knownAdminError } from '../../lib/errors';
import { SENDER_MAX_LENGTH, type SmsSettings } from '../../lib/sms';
import { parseInteger } from '../../lib/sms-format';

/** The settings that can be edited inline, by their API key. */
export type SmsEditableField = 'sender' | 'credits' | 'warning_1' | 'warning_2';

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
  /** Disables the actions while the page is saving. */
  busy?: boolean;
  /** Heading level of the panel title, so it fits the page outline. */
  headingLevel?: 2 | 3 | 4;
};

/** A number that `validate` has already accepted as a whole number. */
const acceptedInteger = (text: string) => parseInteger(text) ?? 0;

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
  className,
  ...props
}: SmsSettingsPanelProps) {
  const { t } = useT();
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const editTexts = {
    editLabel: t('common.edit'),
    saveLabel: t('common.save'),
    cancelLabel: t('common.cancel'),
    savingLabel: t('common.saving'),
    emptyText: t('common.notSet'),
    disabled: busy,
  } satisfies Partial<InlineEditProps>;
  const wholeNumber = (text: string) => {
    const value = parseInteger(text);
    return value === null || value < 0 ? t('sms.mustBeWholeNumber') : null;
  };
  const warning = (value: number | null | undefined) => (value == null ? '' : String(value));

  return (
    <section
      data-slot="sms-settings-panel"
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      className={cn('grid gap-4 rounded-xl border bg-card p-4 text-card-foreground', className)}
      {...props}
    >
      <header className="flex flex-wrap items-center gap-2">
        <Heading id={titleId} className="me-auto font-semibold text-base">
          {t('sms.title')}
        </Heading>
        <Badge tone={settings.enabled ? 'success' : 'neutral'}>
          {settings.enabled ? t('sms.enabledStatus') : t('sms.disabledStatus')}
        </Badge>
        {settings.paused ? <Badge tone="warning">{t('sms.pausedStatus')}</Badge> : null}
      </header>

      <DescriptionList columns={2}>
        <EditableItem term={t('sms.sender')}>
          <InlineEdit
            {...editTexts}
            label={t('sms.sender')}
            value={settings.sender ?? ''}
            validate={(text) => (text.trim().length > SENDER_MAX_LENGTH ? t('sms.senderTooLong') : null)}
            onSave={(text) => onSaveField('sender', text.trim())}
            saveErrorMessage={t('sms.saveFailed')}
          />
        </EditableItem>
        <EditableItem term={t('sms.credits')}>
          <InlineEdit
            {...editTexts}
            label={t('sms.credits')}
            type="number"
            inputProps={{ inputMode: 'numeric' }}
            value={String(credits)}
            invalidNumberMessage={t('sms.creditsMustBeInteger')}
            validate={(text) => (parseInteger(text) === null ? t('sms.creditsMustBeInteger') : null)}
            onSave={(text) => onSaveField('credits', acceptedInteger(text))}
            saveErrorMessage={(error) =>
              knownAdminError(error) === 'creditsBelowZero' ? t('adminErrors.creditsBelowZero') : t('sms.creditsFailed')
            }
          />
        </EditableItem>
        <EditableItem term={t('sms.warning1')}>
          <InlineEdit
            {...editTexts}
            label={t('sms.warning1')}
            type="number"
            inputProps={{ inputMode: 'numeric' }}
            value={warning(settings.warning1)}
            invalidNumberMessage={t('sms.mustBeWholeNumber')}
            validate={wholeNumber}
            onSave={(text) => onSaveField('warning_1', acceptedInteger(text))}
            saveErrorMessage={t('sms.saveFailed')}
          />
        </EditableItem>
        <EditableItem term={t('sms.warning2')}>
          <InlineEdit
            {...editTexts}
            label={t('sms.warning2')}
            type="number"
            inputProps={{ inputMode: 'numeric' }}
            value={warning(settings.warning2)}
            invalidNumberMessage={t('sms.mustBeWholeNumber')}
            validate={wholeNumber}
            onSave={(text) => onSaveField('warning_2', acceptedInteger(text))}
            saveErrorMessage={t('sms.saveFailed')}
          />
        </EditableItem>
        <DescriptionItem>
          <DescriptionTerm>{t('sms.signature')}</DescriptionTerm>
          <DescriptionDetails>
            {settings.signature ? (
              settings.signature
            ) : (
              // A long translation wraps inside its cell instead of running into the next one.
              <Badge
                data-slot="sms-waiting-for-signature"
                tone="warning"
                className="w-auto whitespace-normal text-start"
              >
                {t('sms.waitingForSignature')}
              </Badge>
            )}
          </DescriptionDetails>
        </DescriptionItem>
        <DescriptionItem>
          <DescriptionTerm>{t('sms.warned')}</DescriptionTerm>
          <DescriptionDetails>{settings.warned ? t('common.yes') : t('common.no')}</DescriptionDetails>
        </DescriptionItem>
        <DescriptionItem>
          <DescriptionTerm>{t('sms.paused')}</DescriptionTerm>
          <DescriptionDetails>{settings.paused ? t('common.yes') : t('common.no')}</DescriptionDetails>
        </DescriptionItem>
        <DescriptionItem>
          <DescriptionTerm>{t('sms.deactivatesAt')}</DescriptionTerm>
          <DescriptionDetails>{formatUtc(settings.deactivatesAt) || t('common.notSet')}</DescriptionDetails>
        </DescriptionItem>
      </DescriptionList>

      <AddCreditsForm onAddCredits={onAddCredits} disabled={busy} />

      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button
          variant={settings.enabled ? 'destructive' : 'primary'}
          size="sm"
          disabled={busy}
          onClick={() => onToggleEnabled(!settings.enabled)}
        >
          {settings.enabled ? t('sms.disable') : t('sms.enable')}
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => onTogglePaused(!settings.paused)}>
          {settings.paused ? t('sms.unpause') : t('sms.pause')}
        </Button>
      </div>
    </section>
  );
}

/** A row whose value is edited in place; while its editor is open it takes the whole width. */
function EditableItem({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <DescriptionItem className="has-[[data-state=editing]]:col-span-full">
      <DescriptionTerm>{term}</DescriptionTerm>
      <DescriptionDetails>{children}</DescriptionDetails>
    </DescriptionItem>
  );
}

function AddCreditsForm({
  onAddCredits,
  disabled,
}: {
  onAddCredits: (amount: number) => void | Promise<void>;
  disabled: boolean;
}) {
  const { t } = useT();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const value = parseInteger(amount);
    if (value === null || value <= 0) {
      setError(t('sms.mustBePositive'));
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await onAddCredits(value);
      setAmount('');
    } catch {
      // The page reports the failure; the amount stays so it can be retried.
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-start gap-2">
      <TextField
        label={t('sms.addCredits')}
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
        {t('sms.addCreditsButton')}
      </Button>
    </form>
  );
}
