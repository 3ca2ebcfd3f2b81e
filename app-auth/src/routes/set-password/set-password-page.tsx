import { ApiError } from '@helios/api';
import {
  Alert,
  Button,
  buttonVariants,
  LoadStatus,
  PasswordChecklist,
  PasswordField,
  RESET_LINK_PASSWORD_POLICY,
} from '@helios/design-system';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../api';
import { AuthPage } from '../../components/auth-page';
import { SHARING_PORTAL_ENTRY } from '../../lib/constants';
import { rememberedResetEmail } from '../reset-password/reset-email';
import { type ConfirmErrorKey, confirmErrorKey, type NewPasswordProblem, validateNewPassword } from './new-password';

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
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<NewPasswordProblem | null>(null);
  const [failure, setFailure] = useState<ConfirmErrorKey | null>(null);
  const [saving, setSaving] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const repeatInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = validateNewPassword(password, repeat);
    setProblem(found);
    setFailure(null);
    if (found) {
      (found.field === 'password' ? passwordInput : repeatInput).current?.focus();
      return;
    }
    setSaving(true);
    try {
      const response = await api.call('resetConfirm', { body: { token, password } });
      onDone(response?.type ?? null);
    } catch (error) {
      setFailure(confirmErrorKey(error));
      setSaving(false);
    }
  }

  const passwordTexts = { showLabel: t('login.showPassword'), hideLabel: t('login.hidePassword') };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <PasswordField
        ref={passwordInput}
        name="new-password"
        autoComplete="new-password"
        label={t('reset.passwordLabel')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={problem?.field === 'password' ? t(problem.key) : undefined}
        {...passwordTexts}
      />
      <PasswordField
        ref={repeatInput}
        name="repeat-password"
        autoComplete="new-password"
        label={t('reset.repeatLabel')}
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={problem?.field === 'repeat' ? t(problem.key) : undefined}
        {...passwordTexts}
      />
      {/* This page's own rules (spec §5), not the sign-in flow's. */}
      <PasswordChecklist
        password={password}
        repeat={repeat}
        policy={RESET_LINK_PASSWORD_POLICY}
        // Once a submit put "do not match" on the repeat field, it is said there only.
        showMismatch={problem?.field !== 'repeat'}
        metLabel={t('login.checklist.met')}
        unmetLabel={t('login.checklist.unmet')}
        labels={{
          minLength: t('reset.checklistMinLength'),
          matches: t('login.checklist.matches'),
          mismatch: t('login.checklist.mismatch'),
        }}
      />
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
