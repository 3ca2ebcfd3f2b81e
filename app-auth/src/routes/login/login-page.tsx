import { Alert, Button, Spinner } from '@helios/design-system';
import { useAtom } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginErrorAtom } from '../../atoms/login';
import { AuthPage } from '../../components/auth-page';
import { providerToRedirect } from './login-choices';
import { EmailStep } from './steps/email-step';
import { useLoginFlow } from './use-login-flow';

// The email step is in the first chunk; the later steps load as soon as it shows.
const loadLaterSteps = () => import('./steps/later-steps');
const CredentialsStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.CredentialsStep })));
const MfaStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.MfaStep })));
const MergeStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.MergeStep })));
const OfferStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.OfferStep })));
const OtpStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.OtpStep })));
const ResetRequiredStep = lazy(() => loadLaterSteps().then((m) => ({ default: m.ResetRequiredStep })));
// Few people ever need it: its own chunk, loaded when chosen.
const RecoveryCodeStep = lazy(() =>
  import('./steps/recovery-code-step').then((m) => ({ default: m.RecoveryCodeStep })),
);

/** /login: every step of signing in (spec §2 "Login screens", §4). */
export function LoginPage() {
  const { t } = useTranslation();
  const { login, busy, refresh, sharingPortal, type, actions } = useLoginFlow();
  const [error, setError] = useAtom(loginErrorAtom);
  const [recoveryChosen, setRecoveryChosen] = useState(false);
  // Only at the second factor: a login that moves on (or starts over) leaves it behind.
  const usingRecoveryCode = recoveryChosen && login.state === 'MfaRequired';
  useEffect(() => {
    if (login.state !== 'MfaRequired') setRecoveryChosen(false);
  }, [login.state]);
  const chooseRecoveryCode = (chosen: boolean) => {
    setError(null);
    setRecoveryChosen(chosen);
  };

  useEffect(() => {
    // A failed fetch surfaces when the step renders; nothing to report here.
    loadLaterSteps().catch(() => undefined);
  }, []);

  // The email's domain signs in automatically, or the only way in is Google or Microsoft: go there
  // at once. An error back from that provider stops it, so the person can choose instead.
  const redirectProvider = providerToRedirect(login);
  useEffect(() => {
    if (redirectProvider && !error) actions.goToProvider(redirectProvider);
  }, [redirectProvider, error, actions.goToProvider]);

  const titles = {
    Start: refresh ? t('login.refreshTitle') : sharingPortal ? t('login.sharingPortalTitle') : t('login.title'),
    PasswordResetRequired: t('login.resetRequiredTitle'),
    OTPRequired: t('login.otpTitle'),
    CredentialsRequired: refresh ? t('login.refreshTitle') : t('login.credentialsTitle'),
    MfaRequired: usingRecoveryCode ? t('recovery.use') : t('login.mfaTitle'),
    TOTPResetRequired: t('login.mergeTitle'),
    AskedCreateCredential: t('login.offerTitle'),
    Done: t('login.doneTitle'),
  } as const;

  const stepError = error && login.state !== 'Start' ? error : null;
  const resetQuery = new URLSearchParams({ email: login.email });
  if (type) resetQuery.set('type', type);
  const resetHref = `/login/reset-password?${resetQuery.toString()}`;
  const cancellable = login.state !== 'Start' && login.state !== 'Done' && !refresh;

  let step: React.ReactNode;
  switch (login.state) {
    case 'Start':
      step = (
        <EmailStep
          initialEmail={login.email}
          busy={busy}
          onSubmit={actions.start}
          onPasskey={actions.signInWithPasskey}
        />
      );
      break;
    case 'PasswordResetRequired':
      step = <ResetRequiredStep resetHref={resetHref} />;
      break;
    case 'OTPRequired':
      step = (
        <OtpStep
          email={login.email}
          busy={busy}
          error={stepError}
          onSubmit={actions.verifyOtp}
          onResend={actions.resend}
        />
      );
      break;
    case 'CredentialsRequired':
      step =
        redirectProvider && !error ? (
          <p role="status" className="flex items-center gap-3">
            <Spinner size="sm" label={t('login.redirecting')} />
            {t('login.singleProvider')}
          </p>
        ) : (
          <CredentialsStep
            email={login.email}
            credentials={login.credentials}
            providers={login.providers}
            busy={busy}
            error={stepError}
            onPassword={actions.verifyPassword}
            onProvider={(provider) => actions.goToProvider(provider)}
            resetHref={resetHref}
          />
        );
      break;
    case 'MfaRequired':
      step = usingRecoveryCode ? (
        <RecoveryCodeStep
          busy={busy}
          error={stepError}
          onSubmit={actions.verifyRecoveryCode}
          onBack={() => chooseRecoveryCode(false)}
        />
      ) : (
        <MfaStep
          credentials={login.credentials}
          allowRemember={login.allowTotpRemember}
          busy={busy}
          error={stepError}
          onSubmit={actions.verifyMfa}
          onSecurityKey={actions.verifySecurityKey}
          onUseRecoveryCode={() => chooseRecoveryCode(true)}
        />
      );
      break;
    case 'TOTPResetRequired':
      step = <MergeStep busy={busy} error={stepError} onSubmit={actions.mergeMfa} />;
      break;
    case 'AskedCreateCredential':
      step = (
        <OfferStep
          providers={login.providers}
          onLink={(provider) => actions.goToProvider(provider, true)}
          busy={busy}
          error={stepError}
          onCreate={actions.createPassword}
          onCreatePasskey={actions.createPasskey}
          onSkip={actions.skipCreatePassword}
        />
      );
      break;
    case 'Done':
      step = (
        <p role="status" className="flex items-center gap-3">
          <Spinner size="sm" label={t('login.redirecting')} />
          {t('login.redirecting')}
        </p>
      );
      break;
  }

  return (
    <AuthPage
      title={titles[login.state]}
      description={login.state === 'Start' && refresh ? t('login.refreshDescription') : undefined}
      variant={refresh ? 'refresh' : 'default'}
      sharingPortal={sharingPortal}
    >
      <div className="grid gap-5">
        {/* Who is signing in; the code step names the email in its own sentence, so not twice. */}
        {login.state !== 'Start' && login.state !== 'OTPRequired' && login.email ? (
          <p className="truncate font-medium text-sm" data-testid="login-email">
            {login.email}
          </p>
        ) : null}
        {error && login.state === 'Start' ? (
          <Alert tone="error" role="alert">
            {t(error.key)}
          </Alert>
        ) : null}
        <Suspense
          fallback={
            <div className="grid min-h-24 place-items-center">
              <Spinner label={t('common.loading')} />
            </div>
          }
        >
          {step}
        </Suspense>
        {cancellable ? (
          <Button variant="ghost" onClick={actions.cancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </AuthPage>
  );
}
