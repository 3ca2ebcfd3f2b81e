import type { Credential } from '@helios/api';
import { Alert, Button, Checkbox } from '@helios/design-system';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginError } from '../../../atoms/login';
import { secondFactorsOf } from '../login-choices';
import { CodeForm } from './code-form';

/** Step 5: the second factor — the account's security key and/or its authenticator-app code,
 * with "remember this browser" when the server allows it. */
export function MfaStep({
  credentials,
  allowRemember,
  busy,
  error,
  onSubmit,
  onSecurityKey,
  onUseRecoveryCode,
}: {
  /** The account's second factors, as the server lists them. */
  credentials: Pick<Credential, 'type'>[];
  allowRemember: boolean;
  busy: boolean;
  error: LoginError | null;
  onSubmit: (code: string, remember: boolean) => void;
  onSecurityKey: (remember: boolean) => void;
  /** The person has neither at hand: a recovery code instead. */
  onUseRecoveryCode: () => void;
}) {
  const { t } = useTranslation();
  const [remember, setRemember] = useState(false);
  const { securityKey, authenticator } = secondFactorsOf(credentials);
  // An error shows where it came from: beside the key button or under the code boxes.
  const [tried, setTried] = useState<'key' | 'code'>(authenticator ? 'code' : 'key');
  const message = error ? t(error.key) : undefined;
  const codeMessage = tried === 'code' ? message : undefined;
  const text = !securityKey ? 'login.mfaText' : authenticator ? 'login.mfaKeyOrCodeText' : 'login.mfaKeyText';
  return (
    <div className="grid gap-5">
      <p>{t(text)}</p>
      {securityKey ? (
        <div className="grid gap-3">
          <Button
            fullWidth
            size="lg"
            // A key-only account has nothing else to do here, so the key is the main action.
            variant={authenticator ? 'outline' : 'primary'}
            loading={busy && tried === 'key'}
            loadingLabel={t('login.securityKeyWaiting')}
            disabled={busy && tried !== 'key'}
            onClick={() => {
              setTried('key');
              onSecurityKey(remember);
            }}
          >
            {t('login.useSecurityKey')}
          </Button>
          {error && tried === 'key' ? (
            <Alert tone={error.kind === 'hard' ? 'error' : 'warning'} role="alert">
              {message}
            </Alert>
          ) : null}
        </div>
      ) : null}
      {securityKey && authenticator ? (
        <p className="text-center text-muted-foreground text-sm" aria-hidden="true">
          {t('login.or')}
        </p>
      ) : null}
      {authenticator ? (
        <CodeForm
          label={t('login.mfaLabel')}
          busy={busy}
          softError={error?.kind === 'soft' ? codeMessage : undefined}
          hardError={error?.kind === 'hard' ? codeMessage : undefined}
          onComplete={(code) => {
            setTried('code');
            onSubmit(code, remember);
          }}
        />
      ) : null}
      {allowRemember ? (
        <Checkbox
          label={t('login.mfaRemember')}
          checked={remember}
          onCheckedChange={(value) => setRemember(value === true)}
        />
      ) : null}
      <Button variant="link" className="justify-self-center" disabled={busy} onClick={onUseRecoveryCode}>
        {t('recovery.use')}
      </Button>
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
