import { Checkbox } from '@helios/design-system';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginError } from '../../../atoms/login';
import { CodeForm } from './code-form';

/** Step 5: the authenticator code, with "remember this browser" when the server allows it. */
export function MfaStep({
  allowRemember,
  busy,
  error,
  onSubmit,
}: {
  allowRemember: boolean;
  busy: boolean;
  error: LoginError | null;
  onSubmit: (code: string, remember: boolean) => void;
}) {
  const { t } = useTranslation();
  const [remember, setRemember] = useState(false);
  const message = error ? t(error.key) : undefined;
  return (
    <div className="grid gap-5">
      <p>{t('login.mfaText')}</p>
      <CodeForm
        label={t('login.mfaLabel')}
        busy={busy}
        softError={error?.kind === 'soft' ? message : undefined}
        hardError={error?.kind === 'hard' ? message : undefined}
        onComplete={(code) => onSubmit(code, remember)}
      />
      {allowRemember ? (
        <Checkbox
          label={t('login.mfaRemember')}
          checked={remember}
          onCheckedChange={(value) => setRemember(value === true)}
        />
      ) : null}
    </div>
  );
}

/** Step 6: several authenticators — the one whose code is given stays, the others go. */
export function MergeStep({
  busy,
  error,
  onSubmit,
}: {
  busy: boolean;
  error: LoginError | null;
  onSubmit: (code: string) => void;
}) {
  const { t } = useTranslation();
  const message = error ? t(error.key) : undefined;
  return (
    <div className="grid gap-5">
      <p>{t('login.mergeText')}</p>
      <CodeForm
        label={t('login.mfaLabel')}
        busy={busy}
        softError={error?.kind === 'soft' ? message : undefined}
        hardError={error?.kind === 'hard' ? message : undefined}
        onComplete={onSubmit}
      />
    </div>
  );
}
