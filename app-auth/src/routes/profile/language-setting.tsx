import { FieldMessage, Label, Spinner } from '@helios/design-system';
import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { userInfoAtom } from '../../atoms/profile';
import { isLanguage, LANGUAGES, type Language } from '../../i18n';

type Outcome = 'saved' | 'failed' | null;

/** The account's language: switches the page at once and saves it; a failed save switches back. */
export function LanguageSetting() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const setUser = useSetAtom(userInfoAtom);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const id = useId();
  const messageId = `${id}-message`;
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const names: Record<Language, string> = { sv: t('common.swedish'), en: t('common.english') };

  async function change(next: string) {
    if (saving || !isLanguage(next) || next === current) return;
    const previous = current;
    setSaving(true);
    setOutcome(null);
    await i18n.changeLanguage(next);
    try {
      await api.call('accountSettings', { body: { key: 'locale', value: next } });
      setUser((user) => (user ? { ...user, locale: next } : user));
      setOutcome('saved');
    } catch {
      await i18n.changeLanguage(previous);
      setOutcome('failed');
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t('profile.languageLabel')}</Label>
      <div className="flex items-center gap-3">
        {/* The design system has no select yet; a native one keeps full keyboard and screen-reader use. */}
        <select
          id={id}
          value={current}
          // Busy rather than disabled, so keyboard focus stays on the control while it saves.
          aria-busy={saving || undefined}
          aria-describedby={outcome ? messageId : undefined}
          onChange={(event) => void change(event.target.value)}
          className="focus-ring h-10 w-full max-w-xs rounded-md border border-input bg-card px-3 text-foreground text-sm"
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {names[language]}
            </option>
          ))}
        </select>
        {saving ? <Spinner size="sm" label={t('common.loading')} /> : null}
      </div>
      {outcome === 'failed' ? (
        <FieldMessage id={messageId} tone="error">
          {t('profile.languageFailed')}
        </FieldMessage>
      ) : outcome === 'saved' ? (
        <FieldMessage id={messageId} role="status">
          {t('profile.languageSaved')}
        </FieldMessage>
      ) : null}
    </div>
  );
}
