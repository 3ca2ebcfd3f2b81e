import { Button, TextField } from '@helios/design-system';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Step 1: the email address. */
export function EmailStep({
  initialEmail,
  busy,
  onSubmit,
}: {
  initialEmail: string;
  busy: boolean;
  onSubmit: (email: string) => void;
}) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const valid = EMAIL.test(email.trim());
  const error = touched && email.trim() !== '' && !valid ? t('login.emailInvalid') : undefined;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (valid) onSubmit(email.trim());
      }}
    >
      <TextField
        label={t('login.emailLabel')}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        autoFocus
        required
        placeholder={t('login.emailPlaceholder')}
        value={email}
        error={error}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => setTouched(true)}
      />
      <Button type="submit" fullWidth size="lg" loading={busy} disabled={!valid} loadingLabel={t('common.loading')}>
        {t('common.continue')}
      </Button>
    </form>
  );
}
