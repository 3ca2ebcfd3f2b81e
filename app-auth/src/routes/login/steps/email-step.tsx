import { Button, PasskeyButton, TextField } from '@helios/design-system';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Step 1: the email address, or a passkey — from the button, or from the email field's
 * suggestions (`username webauthn`), which are asked for when the step shows. */
export function EmailStep({
  initialEmail,
  busy,
  onSubmit,
  onPasskey,
}: {
  initialEmail: string;
  busy: boolean;
  onSubmit: (email: string) => void;
  /** Signs in with a passkey: `autofill` for the email field's suggestions, else a prompt. */
  onPasskey?: (autofill: boolean) => void;
}) {
  const { t } = useTranslation();
  const askForSuggestions = useRef(onPasskey);
  useEffect(() => {
    askForSuggestions.current?.(true);
  }, []);
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const valid = EMAIL.test(email.trim());
  const error = touched && email.trim() !== '' && !valid ? t('login.emailInvalid') : undefined;
  return (
    <div className="grid gap-4">
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
          autoComplete="username webauthn"
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
      {onPasskey ? (
        <>
          <p className="text-center text-muted-foreground text-sm" aria-hidden="true">
            {t('passkeys.or')}
          </p>
          <PasskeyButton
            label={t('passkeys.signIn')}
            loadingLabel={t('passkeys.waiting')}
            disabled={busy}
            onClick={() => onPasskey(false)}
          />
        </>
      ) : null}
    </div>
  );
}
