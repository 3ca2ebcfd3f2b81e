import { ApiError } from '@helios/api';
import { Alert, Button, buttonVariants, LoadStatus } from '@helios/design-system';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../api';
import { AuthPage } from '../../components/auth-page';
import { SHARING_PORTAL_ENTRY } from '../../lib/constants';
import { rememberedResetEmail } from '../reset-password/reset-email';
import { type ConfirmErrorKey, confirmErrorKey } from './new-password';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

type TokenStatus = 'checking' | 'valid' | 'invalid' | 'unreachable';

/** Check the reset link's token: 200 valid, 406 invalid or expired, anything else goes to /. */
function useTokenStatus(token: string) {
  const api = useApi();
  const navigate = useNavigate();
  const [status, setStatus] = useState<TokenStatus>('checking');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the check on retry
  useEffect(() => {
    let active = true;
    setStatus('checking');
    api.call('resetCheckToken', { body: { token } }).then(
      () => active && setStatus('valid'),
      (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.status === 406) setStatus('invalid');
        // No answer says nothing about the token, so the page offers a retry instead of leaving.
        else if (error instanceof ApiError && error.isNetworkError) setStatus('unreachable');
        else navigate('/', { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [api, navigate, token, attempt]);

  return { status, retry: () => setAttempt((count) => count + 1) };
}

/** Choose a new password from a reset link (/login/set-password/:token). */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { status, retry } = useTokenStatus(token);
  const [doneType, setDoneType] = useState<string | null | undefined>(undefined);

  if (doneType !== undefined) return <PasswordSet type={doneType} />;

  if (status === 'invalid') {
    return (
      <AuthPage title={t('reset.invalidToken')} description={t('reset.invalidTokenText')}>
        <Link to="/login/reset-password" className={buttonVariants({ fullWidth: true })}>
          {t('reset.requestNew')}
        </Link>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('reset.setTitle')}>
      {status === 'valid' ? (
        <NewPasswordForm token={token} onDone={setDoneType} />
      ) : (
        <LoadStatus
          status={status === 'checking' ? 'loading' : 'failed'}
          loadingLabel={t('common.loading')}
          failedMessage={t('reset.network')}
          onRetry={retry}
          retryLabel={t('common.tryAgain')}
        />
      )}
    </AuthPage>
  );
}

function NewPasswordForm({ token, onDone }: { token: string; onDone: (type: string | null) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const entries = useNewPassword();
  const [failure, setFailure] = useState<ConfirmErrorKey | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    if (!entries.check()) return;
    setSaving(true);
    try {
      const response = await api.call('resetConfirm', { body: { token, password: entries.password } });
      onDone(response?.type ?? null);
    } catch (error) {
      setFailure(confirmErrorKey(error));
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <NewPasswordFields state={entries} />
      {failure ? <Alert tone="error">{t(failure)}</Alert> : null}
      <Button type="submit" fullWidth loading={saving} loadingLabel={t('common.loading')}>
        {t('reset.save')}
      </Button>
    </form>
  );
}

/** Spec §4: "Go to Login" leads to the sharing portal when the reset named a type, else to sign-in
 * with the address the reset was requested for. */
function PasswordSet({ type }: { type: string | null }) {
  const { t } = useTranslation();
  const className = buttonVariants({ fullWidth: true });
  const email = rememberedResetEmail();
  return (
    <AuthPage title={t('reset.doneTitle')}>
      <Alert tone="success">{t('reset.doneText')}</Alert>
      {type !== null ? (
        // A full page load: the sharing portal is not part of this app.
        <a href={SHARING_PORTAL_ENTRY} className={className}>
          {t('reset.goToLogin')}
        </a>
      ) : (
        <Link
          to={{ pathname: '/login', search: email ? `?${new URLSearchParams({ email })}` : '' }}
          className={className}
        >
          {t('reset.goToLogin')}
        </Link>
      )}
    </AuthPage>
  );
}
