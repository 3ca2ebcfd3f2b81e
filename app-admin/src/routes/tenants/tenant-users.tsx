import type { TenantUser } from '@helios/api';
import {
  Badge,
  Button,
  LoadStatus,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TextField,
} from '@helios/design-system';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { loadTenantUsersAtom, tenantUserLoginAsAtom, tenantUsersAtom } from '../../atoms/tenants';
import { useOpenLoginLink } from '../../components/use-login-link';
import { useT } from '../../i18n';

/** Typing pause before the user list is searched. */
const SEARCH_DELAY_MS = 300;

/** The users of an open tenant, with a search that filters from more than 2 characters. */
export function TenantUsers({ tenantId }: { tenantId: string }) {
  const { t } = useT();
  const users = useAtomValue(tenantUsersAtom)[tenantId];
  const load = useSetAtom(loadTenantUsersAtom);
  const [term, setTerm] = useState('');
  const headingId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    void load({ tenantId, term: '', force: true });
    return () => clearTimeout(timer.current);
  }, [tenantId, load]);

  function changeTerm(next: string) {
    setTerm(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void load({ tenantId, term: next }), SEARCH_DELAY_MS);
  }

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <h3 id={headingId} className="font-semibold text-base">
        {t('tenantUsers.title')}
      </h3>
      <TextField
        type="search"
        label={t('tenantUsers.searchLabel')}
        hint={t('tenantUsers.searchHint')}
        value={term}
        onChange={(event) => changeTerm(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          clearTimeout(timer.current);
          void load({ tenantId, term });
        }}
        containerClassName="max-w-sm"
      />
      <LoadStatus
        status={users?.status ?? 'loading'}
        loadingLabel={t('common.loading')}
        failedMessage={t('tenantUsers.failed')}
        onRetry={() => void load({ tenantId, term, force: true })}
        retryLabel={t('common.tryAgain')}
      >
        {users && users.items.length > 0 ? (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('tenantUsers.name')}</TableHead>
                <TableHead>{t('tenantUsers.email')}</TableHead>
                <TableHead>{t('tenantUsers.status')}</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">{t('tenantUsers.actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.items.map((user) => (
                <UserRow key={user.id} tenantId={tenantId} user={user} />
              ))}
            </TableBody>
          </Table>
        ) : (
          <p className="text-muted-foreground text-sm">{t('tenantUsers.none')}</p>
        )}
      </LoadStatus>
    </section>
  );
}

function UserRow({ tenantId, user }: { tenantId: string; user: TenantUser }) {
  const { t } = useT();
  const loginAs = useSetAtom(tenantUserLoginAsAtom);
  const openLoginLink = useOpenLoginLink();
  const [opening, setOpening] = useState(false);

  async function open() {
    setOpening(true);
    await openLoginLink(() => loginAs({ tenantId, accountId: user.id }), t('tenantUsers.loginFailed'));
    setOpening(false);
  }

  return (
    <TableRow>
      <TableCell className="whitespace-normal font-medium">{user.name}</TableCell>
      <TableCell className="whitespace-normal [overflow-wrap:anywhere]">{user.email}</TableCell>
      <TableCell>
        <Badge tone={user.active ? 'success' : 'neutral'}>
          {user.active ? t('tenantUsers.active') : t('tenantUsers.inactive')}
        </Badge>
      </TableCell>
      <TableCell className="text-right">
        <Button
          variant="outline"
          size="sm"
          disabled={!user.active}
          loading={opening}
          loadingLabel={t('common.loading')}
          aria-label={t('tenantUsers.loginAsUser', { name: user.name })}
          onClick={() => void open()}
        >
          {t('tenantUsers.loginAs')}
        </Button>
      </TableCell>
    </TableRow>
  );
}
