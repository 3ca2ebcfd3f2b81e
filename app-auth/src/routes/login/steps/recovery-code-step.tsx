import { Button, TextField } from '@helios/design-system';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginError } from '../../../atoms/login';

/** The second factor's way out: one of the account's recovery codes instead. Its own chunk,
 * loaded only when someone chooses it. */
export function RecoveryCodeStep({
  busy,
  error,
  onSubmit,
  onBack,
}: {
  busy: boolean;
  error: LoginError | null;
  onSubmit: (code: string) => void;
  /** Back to the authenticator app or security key. */
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const message = empty ? t('recovery.codeRequired') : error ? t(error.key) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const typed = code.trim();
    setEmpty(typed === '');
    if (typed === '') {
      input.current?.focus();
      return;
    }
    onSubmit(typed);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <p>{t('recovery.loginText')}</p>
      <TextField
        ref={input}
        name="recovery-code"
        label={t('recovery.codeLabel')}
        autoComplete="one-time-code"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        // The step opens on a click: the field takes the focus.
        autoFocus
        maxLength={64}
        className="font-mono"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={message}
      />
      <Button type="submit" fullWidth size="lg" loading={busy} loadingLabel={t('common.loading')}>
        {t('recovery.signIn')}
      </Button>
      <Button type="button" variant="link" className="justify-self-center" disabled={busy} onClick={onBack}>
        {t('recovery.useSecondFactor')}
      </Button>
    </form>
  );
}
