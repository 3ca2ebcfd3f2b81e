import type { TenantSummary } from '@helios/api';
import { buttonVariants, EmptyState, LoadStatus, SearchBox } from '@helios/design-system';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  clearTenantSearchAtom,
  searchTenantsAtom,
  showTenantAtom,
  tenantSearchAtom,
  toggleTenantAtom,
} from '../../atoms/tenants';
import { PageHeader } from '../../components/page';
import { useT } from '../../i18n';
import { TenantRow, tenantRowId } from './tenant-row';

/** The tenant list (/admin, /admin/tenants): search, rows that open, and `?tenant-id=`. */
export function TenantsPage() {
  const { t } = useT();
  const search = useAtomValue(tenantSearchAtom);
  const searchTenants = useSetAtom(searchTenantsAtom);
  const clear = useSetAtom(clearTenantSearchAtom);
  const showTenant = useSetAtom(showTenantAtom);
  const toggle = useSetAtom(toggleTenantAtom);
  const [params] = useSearchParams();
  const tenantId = params.get('tenant-id');
  const [term, setTerm] = useState(search.term);

  useEffect(() => {
    if (tenantId) void showTenant(tenantId);
  }, [tenantId, showTenant]);

  function pick(tenant: TenantSummary) {
    toggle(tenant.id, true);
    // The row's own toggle takes focus, so the keyboard carries on from the opened tenant.
    requestAnimationFrame(() => document.getElementById(tenantRowId(tenant.id))?.focus());
  }

  const retry = () => {
    if (search.term) void searchTenants(search.term);
    else if (tenantId) void showTenant(tenantId);
  };

  return (
    <>
      <PageHeader
        title={t('tenants.title')}
        actions={
          <Link to="/tenants/new" className={buttonVariants()}>
            {t('tenants.newTenant')}
          </Link>
        }
      />
      <SearchBox<TenantSummary>
        label={t('tenants.searchLabel')}
        placeholder={t('tenants.searchPlaceholder')}
        required
        value={term}
        onValueChange={setTerm}
        onSearch={(value) => void searchTenants(value)}
        onClear={clear}
        results={search.items}
        getKey={(tenant) => tenant.id}
        getItemLabel={(tenant) => tenant.name}
        renderItem={(tenant) => (
          <span className="flex items-center justify-between gap-3">
            <span className="truncate">{tenant.name}</span>
            <span className="font-mono text-xs">{tenant.slug}</span>
          </span>
        )}
        onPick={pick}
        loading={search.status === 'loading'}
        emptyText={t('tenants.noneFound')}
        error={search.status === 'failed' ? t('tenants.failed') : undefined}
        loadingLabel={t('common.searching')}
        clearLabel={t('common.clearSearch')}
        className="max-w-xl"
      />
      <LoadStatus
        status={search.status}
        loadingLabel={t('common.loading')}
        failedMessage={t('tenants.failed')}
        onRetry={retry}
        retryLabel={t('common.tryAgain')}
      >
        {search.items.length > 0 ? (
          <ul className="grid gap-3" aria-label={t('tenants.title')}>
            {search.items.map((tenant) => (
              <TenantRow key={tenant.id} tenant={tenant} />
            ))}
          </ul>
        ) : search.searched ? (
          <EmptyState title={t('tenants.noneFound')} description={t('tenants.noneFoundHint')} />
        ) : (
          <EmptyState title={t('tenants.idleTitle')} description={t('tenants.idleText')} />
        )}
      </LoadStatus>
    </>
  );
}
