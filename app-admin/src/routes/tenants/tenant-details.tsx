import type { TenantSummary } from '@helios/api';
import { LoadStatus } from '@helios/design-system';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { loadTenantDetailsAtom, tenantDetailsAtom } from '../../atoms/tenants';
import { useT } from '../../i18n';
import { TenantDeactivation } from './tenant-deactivation';
import { TenantOidcClient } from './tenant-oidc-client';
import { TenantSettings } from './tenant-settings';
import { TenantSms } from './tenant-sms';
import { TenantUsers } from './tenant-users';

/** What an open row shows; loaded when the row opens. */
export function TenantDetailsPanel({ tenant }: { tenant: TenantSummary }) {
  const { t } = useT();
  const details = useAtomValue(tenantDetailsAtom)[tenant.id];
  const load = useSetAtom(loadTenantDetailsAtom);

  // Loaded each time the row opens, so a reopened row shows fresh settings.
  useEffect(() => {
    void load(tenant.id);
  }, [tenant.id, load]);

  return (
    // Grid items may shrink below their content (`min-w-0`): a wide table scrolls in its own box
    // instead of widening the page.
    <div className="grid gap-6 *:min-w-0">
      <TenantUsers tenantId={tenant.id} />
      <LoadStatus
        status={details?.status ?? 'loading'}
        loadingLabel={t('common.loading')}
        failedMessage={t('tenants.detailsFailed')}
        onRetry={() => void load(tenant.id)}
        retryLabel={t('common.tryAgain')}
      >
        {details?.tenant ? (
          <div className="grid items-start gap-6 *:min-w-0 lg:grid-cols-2">
            <TenantSms tenant={details.tenant} sms={details.sms} />
            <TenantDeactivation tenant={details.tenant} />
            <TenantOidcClient tenant={details.tenant} className="lg:col-span-2" />
            <TenantSettings tenantId={tenant.id} settings={details.settings} className="lg:col-span-2" />
          </div>
        ) : null}
      </LoadStatus>
    </div>
  );
}
