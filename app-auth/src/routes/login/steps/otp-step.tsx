import { Button, InfoBox } from '@helios/design-system';
import { useTranslation } from 'react-i18next';
import type { LoginError } from '../../../atoms/login';
import { CodeForm } from './code-form';

/** Step 3: the one-time code from the email. */
export function OtpStep({
  email,
  busy,
  error,
  onSubmit,
  onResend,
}: {
  email: string;
  busy: boolean;
  error: LoginError | null;
  onSubmit: (code: string) => void;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const message = error ? t(error.key) : undefined;
  return (
    <div className="grid gap-5">
      <p>{t('login.otpWelcome', { email })}</p>
      <CodeForm
        label={t('login.otpLabel')}
        busy={busy}
        hardError={error?.kind === 'hard' ? message : undefined}
        softError={error?.kind === 'soft' ? message : undefined}
        onComplete={onSubmit}
      />
      <InfoBox>{t('login.otpSpam')}</InfoBox>
      <Button variant="link" onClick={onResend} disabled={busy} className="justify-self-start">
        {t('login.otpResend')}
      </Button>
    </div>
  );
}
