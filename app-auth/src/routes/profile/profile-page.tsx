import type { FederatedProvider } from '@helios/api';
import { Alert, Avatar, Button, buttonVariants, LoadStatus } from '@helios/design-system';
import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useApi } from '../../api';
import { profileNoticeAtom, userInfoAtom } from '../../atoms/profile';
import { AuthPage } from '../../components/auth-page';
import { ProfileSkeleton } from '../../components/page-skeletons';
import { useStepUp } from '../../components/step-up';
import { useSignOut } from '../../components/use-sign-out';
import { errorKeyForCode } from '../../lib/errors';
import { useExternalNavigate } from '../../lib/navigation';
import { providerLinkUrl } from '../../lib/providers';
import { useLoaded } from '../../lib/use-loaded';
import { DataExportSection } from './data-export-section';
import { LanguageSetting } from './language-setting';
import { LINK_RESULT_PARAMS, type LinkResult, linkResultOf } from './login-methods';
import { LoginMethodsSection } from './login-methods-section';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesSection } from './recovery-codes-section';
import { SecurityActivitySection } from './security-activity-section';
import { SessionsSection } from './sessions-section';

// Account settings hold more than a sign-in step, so the card is wider.
const WIDE_CARD = '[&>[data-slot=auth-card-panel]]:max-w-2xl';

/** The signed-in account and the configured providers, fetched on every visit. */
function useUserInfo() {
  const api = useApi();
  const [user, setUser] = useAtom(userInfoAtom);
  const [providers, setProviders] = useState<FederatedProvider[]>([]);
  const { status, failure, reload } = useLoaded(
    {
      load: () => {
        // Without the provider list no provider can be linked, but the rest of the page still works.
        const configured = api
          .call('providers')
          .then((response) => response.providers)
          .catch(() => []);
        return Promise.all([api.call('userinfo'), configured]);
      },
      onLoaded: ([info, list]) => {
        setUser(info);
        setProviders(list);
      },
      onFailed: () => setUser(null),
    },
    [api],
  );
  return { user, setUser, providers, status, failure, retry: reload };
}

/** The outcome of linking a provider, which comes back in the address; read once and then
 * removed, so a reload or a shared address does not repeat it. */
function useLinkResult() {
  const [params, setParams] = useSearchParams();
  const [result] = useState<LinkResult | null>(() => linkResultOf(params));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is cleaned once, when the page opens
  useEffect(() => {
    if (!LINK_RESULT_PARAMS.some((name) => params.has(name))) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of LINK_RESULT_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, []);
  return result;
}

/** A link that came back for a recent sign-in: the person confirms it is them, and the browser
 * goes to link the provider again. */
function useResumedLink(result: LinkResult | null) {
  const stepUp = useStepUp();
  const externalNavigate = useExternalNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (result?.outcome !== 'needs-recent-login' || started.current) return;
    started.current = true;
    void stepUp.reauthenticate().then((done) => {
      if (done) externalNavigate(providerLinkUrl(result.provider));
    });
  }, [result, stepUp, externalNavigate]);
  return stepUp.dialog;
}

function LinkResultMessage({ result, providers }: { result: LinkResult; providers: FederatedProvider[] }) {
  const { t } = useTranslation();
  if (result.outcome === 'needs-recent-login') return null;
  if (result.outcome === 'failed') {
    return <Alert tone={result.kind === 'hard' ? 'error' : 'warning'}>{t(errorKeyForCode(result.code))}</Alert>;
  }
  const names = {
    google: t('profile.google'),
    microsoft: t('profile.microsoft'),
    oidc: providers.find((provider) => provider.id === 'oidc')?.name.trim() || t('profile.typeSso'),
  };
  return <Alert tone="success">{t('profile.linked', { name: names[result.provider] })}</Alert>;
}

/** A confirmation left by another page (two-factor setup), shown once. */
function useProfileNotice() {
  const [notice, setNotice] = useAtom(profileNoticeAtom);
  const [shown] = useState(notice);
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared once, when the page opens
  useEffect(() => {
    setNotice(null);
  }, []);
  return shown;
}

/** Account settings (/profile). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user, setUser, providers, status, failure, retry } = useUserInfo();
  const notice = useProfileNotice();
  const linkResult = useLinkResult();
  const resumeDialog = useResumedLink(linkResult);

  return (
    <AuthPage title={t('profile.title')} className={WIDE_CARD} footer={<ProfileFooter />}>
      {notice === 'totpActivated' ? <Alert tone="success">{t('totp.done')}</Alert> : null}
      {linkResult ? <LinkResultMessage result={linkResult} providers={providers} /> : null}
      {user ? (
        <>
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
            <Avatar name={user.name} src={user.profile_picture} size="lg" />
            <div className="grid w-full gap-4">
              {/* Name and email cannot be changed here: shown as text, not as fields. */}
              <div className="grid gap-1">
                <dl data-testid="profile-identity" className="grid gap-3 sm:grid-cols-2">
                  <div className="grid min-w-0 gap-0.5">
                    <dt className="text-muted-foreground text-sm">{t('profile.name')}</dt>
                    <dd className="break-words font-medium">{user.name}</dd>
                  </div>
                  <div className="grid min-w-0 gap-0.5">
                    <dt className="text-muted-foreground text-sm">{t('profile.email')}</dt>
                    <dd className="break-all font-medium">{user.email}</dd>
                  </div>
                </dl>
                <p className="text-muted-foreground text-xs">{t('profile.readOnly')}</p>
              </div>
              <LanguageSetting />
            </div>
          </div>
          <LoginMethodsSection user={user} providers={providers} onUserChange={setUser} />
          <RecoveryCodesSection user={user} />
          <PasskeysSection user={user} onUserChange={setUser} />
          <SessionsSection />
          <SecurityActivitySection />
          <DataExportSection />
          {resumeDialog}
        </>
      ) : (
        <LoadStatus
          status={status}
          loadingLabel={t('common.loading')}
          failedMessage={t(failure)}
          onRetry={retry}
          retryLabel={t('common.tryAgain')}
          skeleton={<ProfileSkeleton />}
        />
      )}
    </AuthPage>
  );
}

function ProfileFooter() {
  const { t } = useTranslation();
  const { signOut, signingOut, failure } = useSignOut();

  return (
    <div className="grid gap-3">
      {failure ? (
        <Alert tone="error" className="text-start">
          {t(failure)}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/login/select-tenant" className={buttonVariants({ variant: 'link' })}>
          {t('profile.backToTenants')}
        </Link>
        <Button
          variant="outline"
          loading={signingOut}
          loadingLabel={t('common.loading')}
          onClick={() => void signOut()}
        >
          {t('common.signOut')}
        </Button>
      </div>
    </div>
  );
}
