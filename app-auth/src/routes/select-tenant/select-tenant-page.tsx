import type { AvailableTenant, AvailableTenantsResponse } from '@helios/api';
import { Button, buttonVariants, EmptyState, Spinner, TenantCard, TenantGrid } from '@helios/design-system';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useApi } from '../../api';
import { AuthPage } from '../../components/auth-page';
import { PageLoading } from '../../components/page-loading';
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

/** The tenant picker (/login/select-tenant). */
export function SelectTenantPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { search } = useLocation();
  const externalNavigate = useExternalNavigate();
  const { opening, open } = useOpenTenant();
  const [available, setAvailable] = useState<AvailableTenantsResponse | null>(null);
  const [accessed] = useState<AccessedTenants>(() => readAccessedTenants(browserLocalStorage()));

  useEffect(() => {
    let active = true;
    api.call('availableTenants').then(
      (response) => {
        if (!active) return;
        setAvailable(response);
        const only = response.tenants.length === 1 ? response.tenants[0] : undefined;
        // Spec §4: one tenant and nothing else to choose (stakeholders also have the portal).
        if (only && !response.is_stakeholder) open(only);
      },
      () => {
        if (active) navigate({ pathname: '/login', search }, { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [api, navigate, open, search]);

  const lastAccessedWords = {
    unknown: t('tenants.never'),
    today: t('tenants.today'),
    days: (count: number) => t('tenants.daysAgo', { count }),
  };

  let content: ReactNode;
  if (opening) {
    const text = t('tenants.redirecting', { name: opening.name });
    content = (
      <p className="flex items-center justify-center gap-2 py-8">
        <Spinner size="sm" label={text} />
        <span aria-hidden="true">{text}</span>
      </p>
    );
  } else if (!available) {
    // The card appears once it can show its instances: the list's height depends on how many
    // there are, and a placeholder of another height would make the centred card jump.
    return <PageLoading title={t('tenants.title')} />;
  } else {
    const { tenants, is_stakeholder: isStakeholder } = available;
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
                words={lastAccessedWords}
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
        <Link to="/profile" className={buttonVariants({ variant: 'link' })}>
          {t('profile.title')}
        </Link>
      }
    >
      {content}
    </AuthPage>
  );
}
