import { Alert, Button, Spinner } from '@helios/design-system';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loginErrorAtom } from '../../atoms/login';
import { AuthPage } from '../../components/auth-page';
import { CredentialsStep } from './steps/credentials-step';
import { EmailStep } from './steps/email-step';
import { MergeStep, MfaStep } from './steps/mfa-step';
import { OfferStep } from './steps/offer-step';
import { OtpStep } from './steps/otp-step';
import { ResetRequiredStep } from './steps/reset-required-step';
import { providerOf, useLoginFlow } from './use-login-flow';

/** /login: every step of signing in (spec §2 "Login screens", §4). */
export function LoginPage() {
  const { t } = useTranslation();
  const { login, busy, refresh, sharingPortal, type, actions } = useLoginFlow();
  const error = useAtomValue(loginErrorAtom);

  // When the only way in is Google or Microsoft, go there at once.
  const onlyProvider =
    login.state === 'CredentialsRequired' &&
    login.credentials.length > 0 &&
    login.credentials.every((c) => c.type === 'oidc') &&
    new Set(login.credentials.map((c) => providerOf(c.provider))).size === 1
      ? providerOf(login.credentials[0]?.provider ?? null)
      : null;
  const redirectProvider = onlyProvider === 'google' || onlyProvider === 'microsoft' ? onlyProvider : null;
  useEffect(() => {
    if (redirectProvider && !error) actions.goToProvider(redirectProvider);
  }, [redirectProvider, error, actions.goToProvider]);

  const titles = {
    Start: refresh ? t('login.refreshTitle') : sharingPortal ? t('login.sharingPortalTitle') : t('login.title'),
    PasswordResetRequired: t('login.resetRequiredTitle'),
    OTPRequired: t('login.otpTitle'),
    CredentialsRequired: refresh ? t('login.refreshTitle') : t('login.credentialsTitle'),
    MfaRequired: t('login.mfaTitle'),
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
      step = <EmailStep initialEmail={login.email} busy={busy} onSubmit={actions.start} />;
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
      step = redirectProvider ? (
        <p role="status" className="flex items-center gap-3">
          <Spinner size="sm" label={t('login.redirecting')} />
          {t('login.singleProvider')}
        </p>
      ) : (
        <CredentialsStep
          email={login.email}
          credentials={login.credentials}
          busy={busy}
          error={stepError}
          onPassword={actions.verifyPassword}
          onProvider={(provider) => actions.goToProvider(provider)}
          resetHref={resetHref}
        />
      );
      break;
    case 'MfaRequired':
      step = (
        <MfaStep allowRemember={login.allowTotpRemember} busy={busy} error={stepError} onSubmit={actions.verifyMfa} />
      );
      break;
    case 'TOTPResetRequired':
      step = <MergeStep busy={busy} error={stepError} onSubmit={actions.mergeMfa} />;
      break;
    case 'AskedCreateCredential':
      step = (
        <OfferStep
          busy={busy}
          error={stepError}
          onCreate={actions.createPassword}
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
        {login.state !== 'Start' && login.email ? (
          <p className="truncate font-medium text-sm" data-testid="login-email">
            {login.email}
          </p>
        ) : null}
        {error && login.state === 'Start' ? (
          <Alert tone="error" role="alert">
            {t(error.key)}
          </Alert>
        ) : null}
        {step}
        {cancellable ? (
          <Button variant="ghost" onClick={actions.cancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </div>
    </AuthPage>
  );
}
