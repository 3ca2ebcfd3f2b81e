import type { TenantSummary } from '@helios/api';
import { Badge, Button, badgeCountText, Card, formatUtc, Spinner } from '@helios/design-system';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useId, useState } from 'react';
import { expandedTenantsAtom, tenantLoginAsAdminAtom, toggleTenantAtom } from '../../atoms/tenants';
import { useOpenLoginLink } from '../../components/use-login-link';
import { useT } from '../../i18n';

// An open row's settings, users, SMS and sign-in boxes load with the first row that opens.
const TenantDetailsPanel = lazy(() => import('./tenant-details').then((m) => ({ default: m.TenantDetailsPanel })));

/** The id of a row's toggle, so a picked search result can move focus to it. */
export const tenantRowId = (id: string) => `tenant-${id}`;

/** One tenant: a header that opens and closes the row, and "Log in as admin". */
export function TenantRow({ tenant }: { tenant: TenantSummary }) {
  const { t } = useT();
  const expanded = useAtomValue(expandedTenantsAtom).has(tenant.id);
  const toggle = useSetAtom(toggleTenantAtom);
  const loginAsAdmin = useSetAtom(tenantLoginAsAdminAtom);
  const openLoginLink = useOpenLoginLink();
  const [opening, setOpening] = useState(false);
  const panelId = useId();

  async function openAsAdmin() {
    setOpening(true);
    await openLoginLink(() => loginAsAdmin(tenant.id), t('tenants.loginFailed'));
    setOpening(false);
  }

  return (
    <li>
      <Card className="gap-0 py-0" data-expanded={expanded}>
        <div className="flex flex-wrap items-center gap-3 p-3">
          <h2 className="min-w-0 flex-1 text-base">
            <button
              id={tenantRowId(tenant.id)}
              type="button"
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={() => toggle(tenant.id)}
              className="focus-ring flex w-full cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-md p-1 text-start"
            >
              <Chevron open={expanded} />
              <span className="font-semibold">{tenant.name}</span>
              <span className="font-mono text-muted-foreground text-sm">{tenant.slug}</span>
              <Badge title={t('tenants.users', { count: tenant.user_count, shown: String(tenant.user_count) })}>
                {t('tenants.users', { count: tenant.user_count, shown: badgeCountText(tenant.user_count) })}
              </Badge>
              {tenant.inactive_at ? (
                <Badge tone="warning">{t('tenants.inactive', { date: formatUtc(tenant.inactive_at) })}</Badge>
              ) : null}
            </button>
          </h2>
          <Button
            variant="outline"
            size="sm"
            loading={opening}
            loadingLabel={t('common.loading')}
            aria-label={t('tenants.loginAsAdminOf', { name: tenant.name })}
            onClick={() => void openAsAdmin()}
          >
            {t('tenants.loginAsAdmin')}
          </Button>
        </div>
        <div id={panelId} hidden={!expanded} className="border-t p-4">
          {expanded ? (
            <Suspense
              fallback={
                <div className="grid min-h-24 place-items-center">
                  <Spinner label={t('common.loading')} />
                </div>
              }
            >
              <TenantDetailsPanel tenant={tenant} />
            </Suspense>
          ) : null}
        </div>
      </Card>
    </li>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={open ? 'size-4 rotate-90 transition-transform' : 'size-4 transition-transform'}
    >
      <path d="m9 6 6 6-6 6" />
    </svg>
  );
}
