import type { AdminAccount, ListedCredential } from '@helios/api';
import {
  ActionMenu,
  ActionMenuButton,
  ActionMenuContent,
  ActionMenuItem,
  Avatar,
  Badge,
  Button,
  ConfirmDialog,
  CopyButton,
  CredentialBadges,
  credentialBadgeLabel,
  EmptyState,
  LastLogin,
  LoadStatus,
  SearchBox,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TenantAccessBadges,
  useToast,
} from '@helios/design-system';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  accountLoginAsAtom,
  accountSearchAtom,
  deleteCredentialAtom,
  searchAccountsAtom,
  sendResetEmailAtom,
} from '../../atoms/accounts';
import { PageHeader } from '../../components/page';
import { useOpenLoginLink } from '../../components/use-login-link';
import { type TextKey, type Translate, useT } from '../../i18n';
import { type AccountType, accountType, canDeleteCredential, tokensPath } from '../../lib/accounts';
import { ResetLinksDialog } from './reset-links-dialog';

const typeLabels: Record<AccountType, TextKey> = {
  user: 'accounts.typeUser',
  stakeholder: 'accounts.typeStakeholder',
  unknown: 'accounts.typeUnknown',
};

const accountRowId = (id: string) => `account-${id}`;

export function credentialLabels(t: Translate) {
  return {
    password: t('credentials.password'),
    google: t('credentials.google'),
    microsoft: t('credentials.microsoft'),
    sso: t('credentials.sso'),
    webauthn: t('credentials.webauthn'),
    passkey: t('credentials.passkey'),
    totp: t('credentials.totp'),
    sms: t('credentials.sms'),
    other: t('credentials.other'),
  };
}

/** Accounts (/admin/accounts): search, sign-in methods, tenants, reset emails and links. */
export function AccountsPage() {
  const { t } = useT();
  const search = useAtomValue(accountSearchAtom);
  const searchAccounts = useSetAtom(searchAccountsAtom);
  const [params] = useSearchParams();
  const linked = params.get('search')?.trim() ?? '';
  const [term, setTerm] = useState(linked || search.term);
  const [linksOpen, setLinksOpen] = useState(false);

  // An address with ?search= (a link from the audit log) searches for it at once.
  useEffect(() => {
    if (linked) void searchAccounts(linked);
  }, [linked, searchAccounts]);

  function pick(account: AdminAccount) {
    requestAnimationFrame(() => {
      const row = document.getElementById(accountRowId(account.id));
      row?.scrollIntoView({ block: 'nearest' });
      row?.focus();
    });
  }

  return (
    <>
      <PageHeader
        title={t('accounts.title')}
        actions={
          <Button variant="outline" onClick={() => setLinksOpen(true)}>
            {t('accounts.resetLinks')}
          </Button>
        }
      />
      <SearchBox<AdminAccount>
        label={t('accounts.searchLabel')}
        placeholder={t('accounts.searchPlaceholder')}
        value={term}
        onValueChange={(next) => {
          setTerm(next);
          // An emptied field empties the list (spec §4), however it was emptied.
          if (next.trim() === '' && search.term !== '') void searchAccounts('');
        }}
        onSearch={(value) => void searchAccounts(value)}
        onClear={() => void searchAccounts('')}
        results={search.items}
        getKey={(account) => account.id}
        getItemLabel={(account) => account.email}
        renderItem={(account) => (
          <span className="flex items-center justify-between gap-3">
            <span className="truncate">{account.name}</span>
            <span className="truncate text-xs">{account.email}</span>
          </span>
        )}
        onPick={pick}
        loading={search.status === 'loading'}
        emptyText={t('accounts.noneFound')}
        error={search.status === 'failed' ? t('accounts.failed') : undefined}
        loadingLabel={t('common.searching')}
        clearLabel={t('common.clearSearch')}
        className="max-w-xl"
      />
      <LoadStatus
        status={search.status}
        loadingLabel={t('common.loading')}
        failedMessage={t('accounts.failed')}
        onRetry={() => void searchAccounts(search.term)}
        retryLabel={t('common.tryAgain')}
      >
        {search.items.length > 0 ? (
          <AccountTable accounts={search.items} term={search.term} />
        ) : search.searched ? (
          <EmptyState title={t('accounts.noneFound')} description={t('accounts.noneFoundHint')} />
        ) : (
          <EmptyState title={t('accounts.idleTitle')} description={t('accounts.idleText')} />
        )}
      </LoadStatus>
      <ResetLinksDialog open={linksOpen} onClose={() => setLinksOpen(false)} />
    </>
  );
}

type PendingDelete = { account: AdminAccount; credential: ListedCredential; label: string };

function AccountTable({ accounts, term }: { accounts: AdminAccount[]; term: string }) {
  const { t } = useT();
  const { toast } = useToast();
  const deleteCredential = useSetAtom(deleteCredentialAtom);
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [deleting, setDeleting] = useState(false);
  const labels = credentialLabels(t);

  async function confirmDelete() {
    if (!pending || deleting) return;
    setDeleting(true);
    try {
      await deleteCredential({ accountId: pending.account.id, credentialId: pending.credential.id });
      toast(t('accounts.credentialDeleted'));
      setPending(null);
    } catch {
      toast(t('accounts.deleteFailed'), { tone: 'error' });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <>
      <Table>
        <TableCaption>{t('accounts.tableCaption', { term })}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{t('accounts.account')}</TableHead>
            <TableHead>{t('accounts.id')}</TableHead>
            <TableHead>{t('accounts.type')}</TableHead>
            <TableHead>{t('accounts.lastLogin')}</TableHead>
            <TableHead>{t('accounts.credentials')}</TableHead>
            <TableHead>{t('accounts.tenants')}</TableHead>
            <TableHead>
              <span className="sr-only">{t('accounts.actions')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {accounts.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              onDelete={(credential) =>
                setPending({ account, credential, label: credentialBadgeLabel(credential, labels) })
              }
            />
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        visible={pending !== null}
        warning
        title={pending ? t('accounts.confirmDeleteTitle') : ''}
        content={pending ? t('accounts.confirmDeleteText', { label: pending.label, email: pending.account.email }) : ''}
        confirmLabel={t('accounts.delete')}
        cancelLabel={t('common.cancel')}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          if (!deleting) setPending(null);
        }}
      />
    </>
  );
}

function AccountRow({
  account,
  onDelete,
}: {
  account: AdminAccount;
  onDelete: (credential: ListedCredential) => void;
}) {
  const { t, i18n } = useT();
  const { toast } = useToast();
  const sendResetEmail = useSetAtom(sendResetEmailAtom);
  const loginAs = useSetAtom(accountLoginAsAtom);
  const openLoginLink = useOpenLoginLink();
  const [sending, setSending] = useState(false);
  const labels = credentialLabels(t);

  async function sendReset() {
    setSending(true);
    try {
      await sendResetEmail(account.id);
      toast(t('accounts.resetSent'));
    } catch {
      toast(t('accounts.resetFailed'), { tone: 'error' });
    } finally {
      setSending(false);
    }
  }

  return (
    <TableRow id={accountRowId(account.id)} tabIndex={-1} className="focus-ring">
      <TableCell className="whitespace-normal">
        <div className="flex items-center gap-3">
          <Avatar name={account.name || account.email} src={account.image} size="sm" />
          <div className="grid min-w-0">
            <span className="flex flex-wrap items-center gap-x-2 font-medium">
              {account.name}
              {account.is_admin ? <Badge tone="info">{t('accounts.admin')}</Badge> : null}
            </span>
            <span className="text-muted-foreground text-xs [overflow-wrap:anywhere]">{account.email}</span>
          </div>
        </div>
      </TableCell>
      <TableCell>
        <ShortId id={account.id} email={account.email} />
      </TableCell>
      <TableCell>{t(typeLabels[accountType(account)])}</TableCell>
      <TableCell>
        <LastLogin date={account.last_login_at} locale={i18n.resolvedLanguage} neverLabel={t('lastLogin.never')} />
      </TableCell>
      <TableCell className="whitespace-normal">
        {account.available_credentials.length > 0 ? (
          <CredentialBadges
            credentials={account.available_credentials}
            labels={labels}
            onDelete={(credential) => onDelete(credential as ListedCredential)}
            canDelete={(credential) => canDeleteCredential(account, credential)}
            deleteLabel={(label) => t('accounts.deleteCredential', { label })}
          />
        ) : (
          <span className="text-muted-foreground text-sm">{t('accounts.noCredentials')}</span>
        )}
      </TableCell>
      <TableCell className="whitespace-normal">
        {account.tenant_access.length > 0 ? (
          <TenantAccessBadges
            access={account.tenant_access}
            onLoginAs={(tenant) =>
              void openLoginLink(
                () => loginAs({ accountId: account.id, tenantId: tenant.id }),
                t('accounts.loginFailed'),
              )
            }
            loginAsLabel={(name) => t('accounts.loginAsTenant', { name })}
            inactiveLabel={t('accounts.tenantInactive')}
          />
        ) : (
          <span className="text-muted-foreground text-sm">{t('accounts.noTenants')}</span>
        )}
      </TableCell>
      <TableCell className="text-end">
        <ActionMenu>
          <ActionMenuButton
            label={t('accounts.actionsFor', { email: account.email })}
            loading={sending}
            loadingLabel={t('common.loading')}
          />
          <ActionMenuContent>
            <ActionMenuItem onSelect={() => void sendReset()}>{t('accounts.sendReset')}</ActionMenuItem>
            <ActionMenuItem asChild>
              <Link to={tokensPath(account)}>{t('accounts.tokens')}</Link>
            </ActionMenuItem>
          </ActionMenuContent>
        </ActionMenu>
      </TableCell>
    </TableRow>
  );
}

/** An account id as its first 8 characters (enough to tell rows apart); the whole id is the
 * tooltip and what the copy button copies. */
function ShortId({ id, email }: { id: string; email: string }) {
  const { t } = useT();
  const { toast } = useToast();
  return (
    <span className="inline-flex items-center gap-1">
      <code title={id} className="font-mono text-xs">
        {id.slice(0, 8)}
      </code>
      <CopyButton
        value={id}
        iconOnly
        variant="ghost"
        label={t('accounts.copyId', { email })}
        copiedLabel={t('accounts.copied')}
        onCopied={() => toast(t('accounts.idCopied'))}
        onCopyError={() => toast(t('accounts.copyIdFailed'), { tone: 'error' })}
      />
    </span>
  );
}
