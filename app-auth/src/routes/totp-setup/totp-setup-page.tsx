import { OTP_LENGTH, type TfaSetupResponse } from '@helios/api';
import { Alert, Button, buttonVariants, InfoBox, LoadStatus, QrCodeImage, TextField } from '@helios/design-system';
import { useSetAtom } from 'jotai';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useApi } from '../../api';
import { profileNoticeAtom, userInfoAtom } from '../../atoms/profile';
import { AuthPage } from '../../components/auth-page';
import { NewRecoveryCodes } from '../../components/new-recovery-codes';
import { useStepUp } from '../../components/step-up';
import { type ErrorKey, errorCode, errorKeyForCode } from '../../lib/errors';
import { useLoaded } from '../../lib/use-loaded';

const SIX_DIGITS = new RegExp(`^\\d{${OTP_LENGTH}}$`);

type CodeProblem = 'totp.codeRequired' | 'totp.codeDigits' | 'totp.failed' | ErrorKey;

/** The pending authenticator secret, asked for after a recent sign-in: a new one is shown only
 * then. */
function useTfaSetup() {
  const api = useApi();
  const [setup, setSetup] = useState<TfaSetupResponse | null>(null);
  const stepUp = useStepUp();
  const { run } = stepUp;
  const { status, failure, reload } = useLoaded({ load: () => run(() => api.call('tfaSetup')), onLoaded: setSetup }, [
    api,
    run,
  ]);
  return { setup, status, failure, retry: reload, stepUpDialog: stepUp.dialog };
}

/** Two-factor setup (/profile/credentials/totp/setup): scan, then confirm with a code. The
 * account's first second factor comes with recovery codes, shown here once. */
export function TotpSetupPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { setup, status, failure, retry, stepUpDialog } = useTfaSetup();
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return (
      <AuthPage title={t('recovery.saveTitle')} description={t('recovery.saveText')}>
        <Alert tone="success">{t('totp.done')}</Alert>
        <NewRecoveryCodes codes={codes} onDone={() => navigate('/profile')} />
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title={t('totp.title')}
      description={t('totp.intro')}
      footer={
        <Link to="/profile" className={buttonVariants({ variant: 'link' })}>
          {t('totp.backToProfile')}
        </Link>
      }
    >
      {setup ? (
        <>
          {setup.has_existing ? <InfoBox>{t('totp.reRegister')}</InfoBox> : null}
          <QrCodeImage
            src={api.url('qrcode')}
            alt={t('totp.qrAlt')}
            secret={setup.secret}
            secretLabel={t('totp.manual')}
            copyLabel={t('totp.copyKey')}
            copiedLabel={t('totp.copied')}
            loadingLabel={t('common.loading')}
          />
          <ActivateForm onRecoveryCodes={setCodes} />
        </>
      ) : (
        <LoadStatus
          status={status === 'failed' ? 'failed' : 'loading'}
          loadingLabel={t('common.loading')}
          failedMessage={t(failure)}
          onRetry={retry}
          retryLabel={t('common.tryAgain')}
        />
      )}
      {stepUpDialog}
    </AuthPage>
  );
}

function ActivateForm({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const setUser = useSetAtom(userInfoAtom);
  const setNotice = useSetAtom(profileNoticeAtom);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<CodeProblem | null>(null);
  const [activating, setActivating] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const stepUp = useStepUp();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (activating) return;
    const totpCode = code.trim();
    const found = totpCode === '' ? 'totp.codeRequired' : SIX_DIGITS.test(totpCode) ? null : 'totp.codeDigits';
    setProblem(found);
    if (found) {
      input.current?.focus();
      return;
    }
    setActivating(true);
    try {
      const { recovery_codes: codes, ...user } = await stepUp.run(() =>
        api.call('tfaActivate', { body: { totp_code: totpCode } }),
      );
      setUser(user);
      setNotice('totpActivated');
      if (codes) onRecoveryCodes(codes);
      else navigate('/profile');
    } catch (error) {
      const serverCode = errorCode(error);
      setProblem(serverCode ? errorKeyForCode(serverCode) : 'totp.failed');
      setActivating(false);
      input.current?.focus();
    }
  }

  return (
    <>
      {stepUp.dialog}
      <form noValidate onSubmit={submit} className="grid gap-4">
        <TextField
          ref={input}
          name="totp-code"
          label={t('totp.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={problem ? t(problem) : undefined}
        />
        <Button type="submit" fullWidth loading={activating} loadingLabel={t('common.loading')}>
          {t('totp.activate')}
        </Button>
      </form>
    </>
  );
}
