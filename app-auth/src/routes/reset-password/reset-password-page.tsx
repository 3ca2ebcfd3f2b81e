import { Alert, Button, buttonVariants, TextField } from '@helios/design-system';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useApi } from '../../api';
import { AuthPage } from '../../components/auth-page';
import { type ErrorKey, errorKey } from '../../lib/errors';
import { rememberResetEmail } from './reset-email';

/** Spec §5: a simple pattern; the server does the full check. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isPlausibleEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Request a password-reset link (/login/reset-password?email=&type=). */
export function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<ErrorKey | null>(null);
  const valid = isPlausibleEmail(email);

  const queryEmail = params.get('email');
  const backToLogin = (
    <Link
      to={{ pathname: '/login', search: queryEmail ? `?${new URLSearchParams({ email: queryEmail })}` : '' }}
      className={buttonVariants({ variant: 'link' })}
    >
      {t('reset.backToLogin')}
    </Link>
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid || sending) return;
    const address = email.trim();
    setSending(true);
    setError(null);
    try {
      await api.call('resetRequest', {
        body: { email: address, type: params.get('type') },
        headers: { 'accept-language': i18n.resolvedLanguage ?? i18n.language },
      });
      rememberResetEmail(address);
      setSentTo(address);
    } catch (caught) {
      setError(errorKey(caught));
    } finally {
      setSending(false);
    }
  }

  if (sentTo !== null) {
    return (
      <AuthPage title={t('reset.sentTitle')} footer={backToLogin}>
        <Alert tone="success">{t('reset.sentText', { email: sentTo })}</Alert>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('reset.requestTitle')} description={t('reset.requestText')} footer={backToLogin}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <TextField
          type="email"
          name="email"
          autoComplete="email"
          label={t('login.emailLabel')}
          placeholder={t('login.emailPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        {error ? <Alert tone="error">{t(error)}</Alert> : null}
        <Button type="submit" fullWidth disabled={!valid} loading={sending} loadingLabel={t('common.loading')}>
          {t('reset.send')}
        </Button>
      </form>
    </AuthPage>
  );
}
