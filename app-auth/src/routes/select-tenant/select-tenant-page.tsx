import { ApiError, type AvailableTenant, type AvailableTenantsResponse, type UserInfo } from '@helios/api';
import { Button, buttonVariants, EmptyState, LoadStatus, Spinner, TenantCard, TenantGrid } from '@helios/design-system';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useApi } from '../../api';
import { AuthPage } from '../../components/auth-page';
import { PageLoading } from '../../components/page-loading';
import { SignedInFooter } from '../../components/signed-in-footer';
import {
  type AccessedTenants,
  browserLocalStorage,
  lastAccessOf,
  readAccessedTenants,
  recordTenantAccess,
} from '../../lib/accessed-tenants';
import { SHARING_PORTAL_ENTRY } from '../../lib/constants';
import { useExternalNavigate } from '../../lib/navigation';

// The card holds a grid of tenants, so it is wider than the other sign-in cards.
const WIDE_CARD = '[&>[data-slot=auth-card-panel]]:max-w-3xl';

/** Opening a tenant remembers when it was opened and leaves the app for the tenant's address. */
function useOpenTenant() {
  const externalNavigate = useExternalNavigate();
  const [opening, setOpening] = useState<AvailableTenant | null>(null);
  const open = useCallback(
    (tenant: AvailableTenant) => {
      setOpening(tenant);
      recordTenantAccess(browserLocalStorage(), tenant.id);
      externalNavigate(tenant.url);
    },
    [externalNavigate],
  );
  return { opening, open };
}

type TenantsLoad =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; available: AvailableTenantsResponse };

/**
 * The signed-in person's instances, and who they are. Signed out (401), the picker goes back to
 * sign-in; any other failure stays here with Try again: sign-in would find the session valid and
 * send the browser straight back, a loop of requests until the rate limit answers.
 */
function useAvailableTenants(onLoaded: (available: AvailableTenantsResponse) => void) {
  const api = useApi();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [load, setLoad] = useState<TenantsLoad>({ status: 'loading' });
  const [user, setUser] = useState<UserInfo | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Try again
  useEffect(() => {
    let active = true;
    setLoad({ status: 'loading' });
    api.call('availableTenants').then(
      (available) => {
        if (!active) return;
        setLoad({ status: 'loaded', available });
        onLoaded(available);
      },
      (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.status === 401)
          navigate({ pathname: '/login', search }, { replace: true });
        else setLoad({ status: 'failed' });
      },
    );
    // Who is signed in is shown when known; the picker works without it.
    api.call('userinfo').then(
      (info) => active && setUser(info),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [api, navigate, onLoaded, search, attempt]);

  return { load, user, retry: () => setAttempt((count) => count + 1), retried: attempt > 0 };
}

/** The tenant picker (/login/select-tenant). */
export function SelectTenantPage() {
  const { t, i18n } = useTranslation();
  const externalNavigate = useExternalNavigate();
  const { opening, open } = useOpenTenant();
  const openOnlyTenant = useCallback(
    (response: AvailableTenantsResponse) => {
      const only = response.tenants.length === 1 ? response.tenants[0] : undefined;
      // Spec §4: one tenant and nothing else to choose (stakeholders also have the portal).
      if (only && !response.is_stakeholder) open(only);
    },
    [open],
  );
  const { load, user, retry, retried } = useAvailableTenants(openOnlyTenant);
  const [accessed] = useState<AccessedTenants>(() => readAccessedTenants(browserLocalStorage()));

  let content: ReactNode;
  if (opening) {
    const text = t('tenants.redirecting', { name: opening.name });
    content = (
      <p className="flex items-center justify-center gap-2 py-8">
        <Spinner size="sm" label={text} />
        <span aria-hidden="true">{text}</span>
      </p>
    );
  } else if (load.status === 'loading' && !retried) {
    // The card appears once it can show its instances: the list's height depends on how many
    // there are, and a placeholder of another height would make the centred card jump.
    return <PageLoading title={t('tenants.title')} />;
  } else if (load.status !== 'loaded') {
    content = (
      <LoadStatus
        status={load.status === 'failed' ? 'failed' : 'loading'}
        loadingLabel={t('common.loading')}
        failedMessage={t('tenants.loadFailed')}
        onRetry={retry}
        retryLabel={t('common.tryAgain')}
      />
    );
  } else {
    const { tenants, is_stakeholder: isStakeholder } = load.available;
    content = (
      <>
        {tenants.length > 0 ? (
          <TenantGrid aria-label={t('tenants.title')}>
            {tenants.map((tenant) => (
              <TenantCard
                key={tenant.id}
                name={tenant.name}
                slug={tenant.slug}
                lastAccessed={lastAccessOf(accessed, tenant.id)}
                lastAccessedLabel={t('tenants.lastAccessed')}
                unknownLabel={t('tenants.never')}
                locale={i18n.resolvedLanguage}
                onSelect={() => open(tenant)}
              />
            ))}
          </TenantGrid>
        ) : isStakeholder ? null : (
          <EmptyState title={t('tenants.none')} description={t('tenants.noneHint')} />
        )}
        {isStakeholder ? (
          <Button
            variant="outline"
            className="justify-self-center"
            onClick={() => externalNavigate(SHARING_PORTAL_ENTRY)}
          >
            {t('tenants.sharingPortal')}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <AuthPage
      title={t('tenants.title')}
      description={t('tenants.description')}
      className={WIDE_CARD}
      footer={
        <SignedInFooter
          user={user}
          links={
            <Link to="/profile" className={buttonVariants({ variant: 'link', size: 'sm' })}>
              {t('profile.title')}
            </Link>
          }
        />
      }
    >
      {content}
    </AuthPage>
  );
}
