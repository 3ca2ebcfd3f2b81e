import type { OidcClientView, TenantDetail } from '@helios/api';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CopyButton,
  cn,
  formatUtc,
  type LoadState,
  LoadStatus,
  TextField,
  useToast,
} from '@helios/design-system';
import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { loadOidcClientAtom, oidcClientsAtom, saveOidcClientAtom } from '../../atoms/oidc-clients';
import { useT } from '../../i18n';
import {
  backchannelUri,
  MAX_URIS,
  problemsAfterEdit,
  saveProblems,
  type UriEntry,
  type UriListName,
  type UriProblems,
  updateBody,
  uriLists,
} from '../../lib/oidc-client';
import { OidcClientSecret } from './oidc-client-secret';
import { UriListField } from './uri-list-field';

/** The "Sign-in (OpenID Connect)" box of an open tenant: what its instance needs to sign people
 * in through Helios (issuer, client ID, a new secret) and the addresses it may send them back to. */
export function TenantOidcClient({ tenant, className }: { tenant: TenantDetail; className?: string }) {
  const { t } = useT();
  const state = useAtomValue(oidcClientsAtom)[tenant.id];
  const load = useSetAtom(loadOidcClientAtom);
  const headingId = useId();

  // Loaded each time the row opens, like the rest of the row.
  useEffect(() => {
    void load(tenant.id);
  }, [tenant.id, load]);

  return (
    <Card role="region" aria-labelledby={headingId} className={cn('gap-4 py-4', className)}>
      <CardHeader className="px-4">
        <CardTitle id={headingId} as="h3" className="font-semibold text-base">
          {t('oidcClient.title')}
        </CardTitle>
        <CardDescription>{t('oidcClient.description')}</CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        <LoadStatus
          status={state?.status ?? 'loading'}
          loadingLabel={t('common.loading')}
          failedMessage={t('oidcClient.failed')}
          onRetry={() => void load(tenant.id)}
          retryLabel={t('common.tryAgain')}
        >
          {state?.client ? (
            <div className="grid gap-6">
              <ClientFacts client={state.client} resource={tenant.url} />
              <RedirectUrisForm tenantId={tenant.id} client={state.client} />
              <OidcClientSecret tenant={tenant} />
            </div>
          ) : null}
        </LoadStatus>
      </CardContent>
    </Card>
  );
}

/** Issuer and client ID, the two values an instance is configured with besides its secret, and
 * the resource it names to get JWT access tokens for its API (its own address). */
function ClientFacts({ client, resource }: { client: OidcClientView; resource: string }) {
  const { t } = useT();
  const { toast } = useToast();
  // Helios serves the provider on the console's own origin (one origin, one process), so the
  // page's origin is the issuer an instance discovers the provider at.
  const issuer = window.location.origin;
  const copyFailed = () => toast(t('oidcClient.copyFailed'), { tone: 'error' });
  const copy = { size: 'sm', copiedLabel: t('oidcClient.copied'), onCopyError: copyFailed } as const;

  return (
    <dl className="grid items-center gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
      <dt className="font-medium">{t('oidcClient.issuer')}</dt>
      <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="break-all font-mono">{issuer}</span>
        <CopyButton {...copy} value={issuer} label={t('oidcClient.copyIssuer')} />
      </dd>
      <dt className="font-medium">{t('oidcClient.clientId')}</dt>
      <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="break-all font-mono">{client.client_id}</span>
        <CopyButton {...copy} value={client.client_id} label={t('oidcClient.copyClientId')} />
      </dd>
      <dt className="font-medium">{t('oidcClient.resource')}</dt>
      <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="break-all font-mono">{resource}</span>
        <CopyButton {...copy} value={resource} label={t('oidcClient.copyResource')} />
      </dd>
      <dt className="font-medium">{t('oidcClient.updatedAt')}</dt>
      <dd>{formatUtc(client.updated_at)}</dd>
    </dl>
  );
}

/** The two editable lists of exact addresses and the back-channel logout URI, saved together. */
function RedirectUrisForm({ tenantId, client }: { tenantId: string; client: OidcClientView }) {
  const { t } = useT();
  const { toast } = useToast();
  const save = useSetAtom(saveOidcClientAtom);
  const [lists, setLists] = useState(() => uriLists(client));
  const [backchannel, setBackchannel] = useState(() => backchannelUri(client));
  const [status, setStatus] = useState<LoadState>('idle');
  // Set when the server refused the addresses (422); a failure without problems is any other one.
  const [problems, setProblems] = useState<UriProblems | null>(null);

  function change(name: UriListName, entries: UriEntry[]) {
    if (problems) setProblems(problemsAfterEdit(problems, name, lists[name], entries));
    setLists((current) => ({ ...current, [name]: entries }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'loading') return;
    setStatus('loading');
    setProblems(null);
    try {
      const saved = await save({ tenantId, body: updateBody(lists, backchannel) });
      // The lists as the server keeps them, so what is shown is what instances get.
      setLists(uriLists(saved));
      setBackchannel(backchannelUri(saved));
      setStatus('idle');
      toast(t('oidcClient.saved'));
    } catch (error) {
      setProblems(saveProblems(error, lists, backchannel) ?? null);
      setStatus('failed');
    }
  }

  const lineErrors = (entries: UriEntry[]) =>
    Object.fromEntries(
      entries.flatMap((entry) => {
        const problem = problems?.lines[entry.key];
        return problem ? [[entry.key, t(`oidcClient.${problem}`)]] : [];
      }),
    );
  const listError = (name: UriListName) =>
    problems?.lists.includes(name)
      ? t(name === 'redirect_uris' ? 'oidcClient.redirectUrisCount' : 'oidcClient.postLogoutRedirectUrisCount')
      : undefined;

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <UriListField
        legend={t('oidcClient.redirectUris')}
        hint={t('oidcClient.redirectUrisHint')}
        entries={lists.redirect_uris}
        onEntriesChange={(entries) => change('redirect_uris', entries)}
        lineErrors={lineErrors(lists.redirect_uris)}
        listError={listError('redirect_uris')}
        max={MAX_URIS}
        lineLabel={(number) => t('oidcClient.redirectUri', { number })}
        removeLabel={(number) => t('oidcClient.removeRedirectUri', { number })}
        removeText={t('oidcClient.remove')}
        addLabel={t('oidcClient.addRedirectUri')}
      />
      <UriListField
        legend={t('oidcClient.postLogoutRedirectUris')}
        hint={t('oidcClient.postLogoutRedirectUrisHint')}
        entries={lists.post_logout_redirect_uris}
        onEntriesChange={(entries) => change('post_logout_redirect_uris', entries)}
        lineErrors={lineErrors(lists.post_logout_redirect_uris)}
        listError={listError('post_logout_redirect_uris')}
        max={MAX_URIS}
        lineLabel={(number) => t('oidcClient.postLogoutRedirectUri', { number })}
        removeLabel={(number) => t('oidcClient.removePostLogoutRedirectUri', { number })}
        removeText={t('oidcClient.remove')}
        addLabel={t('oidcClient.addPostLogoutRedirectUri')}
      />
      <TextField
        label={t('oidcClient.backchannelLogoutUri')}
        hint={t('oidcClient.backchannelLogoutUriHint')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
        value={backchannel}
        onChange={(event) => {
          setBackchannel(event.target.value);
          if (problems?.backchannel) setProblems({ ...problems, backchannel: undefined });
        }}
        error={problems?.backchannel ? t(`oidcClient.${problems.backchannel}`) : undefined}
      />
      {status === 'failed' ? (
        <Alert tone="error">{problems ? t('oidcClient.refused') : t('oidcClient.saveFailed')}</Alert>
      ) : null}
      <div>
        <Button type="submit" loading={status === 'loading'} loadingLabel={t('common.saving')}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
