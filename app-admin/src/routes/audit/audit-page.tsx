import type { AuditEvent } from '@helios/api';
import {
  Alert,
  Button,
  DateRangeFilter,
  EmptyState,
  FieldMessage,
  formatUtc,
  isReversedRange,
  Label,
  LastLogin,
  LoadStatus,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TextField,
} from '@helios/design-system';
import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  auditActionsAtom,
  auditLogAtom,
  exportAuditAtom,
  loadAuditActionsAtom,
  loadAuditLogAtom,
  loadMoreAuditAtom,
} from '../../atoms/audit';
import { PageHeader } from '../../components/page';
import { type TextKey, type Translate, useT } from '../../i18n';
import {
  type AuditFilterForm,
  auditActionKey,
  auditApiFilters,
  auditFilterParams,
  auditFiltersFromParams,
  auditTargetPath,
  emptyAuditFilters,
} from '../../lib/audit';

/** An action in plain words; an action the console has no words for shows as it is recorded. */
export function auditActionText(t: Translate, action: string): string {
  return t(auditActionKey(action) as TextKey, { defaultValue: action });
}

/** The audit log (/admin/audit): every recorded admin and security event, newest first, filtered
 * by the address's query; a page at a time; the filtered set as CSV. */
export function AuditPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => auditFiltersFromParams(params), [params]);
  const apiFilters = useMemo(() => auditApiFilters(filters), [filters]);
  const log = useAtomValue(auditLogAtom);
  const load = useSetAtom(loadAuditLogAtom);
  const loadMore = useSetAtom(loadMoreAuditAtom);
  const exportAudit = useSetAtom(exportAuditAtom);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);

  useEffect(() => {
    void load(apiFilters);
  }, [apiFilters, load]);

  const apply = (form: AuditFilterForm) => setParams(auditFilterParams(form));
  const exportCsv = async () => {
    if (exporting) return;
    setExporting(true);
    setExportFailed(false);
    try {
      await exportAudit(apiFilters);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };
  const filtered = Object.values(filters).some((value) => value !== '');

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        description={t('audit.description')}
        actions={
          <Button
            variant="outline"
            loading={exporting}
            loadingLabel={t('common.loading')}
            onClick={() => void exportCsv()}
          >
            {t('audit.exportCsv')}
          </Button>
        }
      />
      {exportFailed ? <Alert tone="error">{t('audit.exportFailed')}</Alert> : null}
      <AuditFilterBar key={params.toString()} initial={filters} onApply={apply} />
      <LoadStatus
        status={log.status}
        loadingLabel={t('common.loading')}
        failedMessage={t('audit.failed')}
        onRetry={() => void load(apiFilters)}
        retryLabel={t('common.tryAgain')}
      >
        {log.items.length === 0 ? (
          <EmptyState
            title={filtered ? t('audit.noneFound') : t('audit.empty')}
            description={filtered ? t('audit.noneFoundHint') : undefined}
          />
        ) : (
          <div className="grid gap-4">
            <AuditTable events={log.items} />
            {log.more === 'failed' ? <FieldMessage tone="error">{t('audit.moreFailed')}</FieldMessage> : null}
            {log.nextCursor ? (
              <Button
                variant="outline"
                className="justify-self-center"
                loading={log.more === 'loading'}
                loadingLabel={t('common.loading')}
                onClick={() => void loadMore()}
              >
                {t('audit.loadMore')}
              </Button>
            ) : (
              <p className="text-center text-muted-foreground text-sm">{t('audit.end', { count: log.items.length })}</p>
            )}
          </div>
        )}
      </LoadStatus>
    </>
  );
}

/** The filters: edited here, applied to the address on submit (so a filtered view can be shared
 * and the browser's Back goes to the previous one). */
function AuditFilterBar({ initial, onApply }: { initial: AuditFilterForm; onApply: (form: AuditFilterForm) => void }) {
  const { t } = useT();
  const id = useId();
  const [form, setForm] = useState(initial);
  const actions = useAtomValue(auditActionsAtom);
  const loadActions = useSetAtom(loadAuditActionsAtom);
  const reversed = isReversedRange(form);

  useEffect(() => {
    if (actions.status === 'idle' && actions.request === 0) void loadActions();
  }, [actions.status, actions.request, loadActions]);

  const choices = useMemo(() => {
    const known = new Set(actions.items);
    if (form.action) known.add(form.action);
    return [...known]
      .map((action) => ({ action, label: auditActionText(t, action) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [actions.items, form.action, t]);

  const set = (field: keyof AuditFilterForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reversed) onApply(form);
  }

  return (
    <form
      onSubmit={submit}
      aria-label={t('audit.filters')}
      className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <TextField
        label={t('audit.actor')}
        hint={t('audit.actorHint')}
        value={form.actor}
        onChange={(event) => set('actor')(event.target.value)}
      />
      <TextField
        label={t('audit.account')}
        hint={t('audit.idHint')}
        value={form.account}
        onChange={(event) => set('account')(event.target.value)}
        className="font-mono"
      />
      <TextField
        label={t('audit.tenant')}
        hint={t('audit.idHint')}
        value={form.tenant}
        onChange={(event) => set('tenant')(event.target.value)}
        className="font-mono"
      />
      <div className="grid content-start gap-1.5">
        <Label htmlFor={`${id}-action`}>{t('audit.action')}</Label>
        <select
          id={`${id}-action`}
          value={form.action}
          onChange={(event) => set('action')(event.target.value)}
          className="focus-ring h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-foreground text-sm"
        >
          <option value="">{t('audit.allActions')}</option>
          {choices.map(({ action, label }) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </select>
        {actions.status === 'failed' ? <FieldMessage tone="error">{t('audit.actionsFailed')}</FieldMessage> : null}
      </div>
      <DateRangeFilter
        className="sm:col-span-2"
        value={{ from: form.from, to: form.to }}
        onValueChange={(range) => setForm((current) => ({ ...current, ...range }))}
        legend={t('audit.dateRange')}
        fromLabel={t('audit.from')}
        toLabel={t('audit.to')}
        invalidMessage={t('audit.rangeReversed')}
      />
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit" disabled={reversed}>
          {t('audit.apply')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setForm(emptyAuditFilters);
            onApply(emptyAuditFilters);
          }}
        >
          {t('audit.clearFilters')}
        </Button>
      </div>
    </form>
  );
}

function AuditTable({ events }: { events: AuditEvent[] }) {
  const { t, i18n } = useT();
  return (
    <Table>
      <TableCaption className="sr-only">{t('audit.caption')}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('audit.time')}</TableHead>
          <TableHead>{t('audit.actor')}</TableHead>
          <TableHead>{t('audit.action')}</TableHead>
          <TableHead>{t('audit.target')}</TableHead>
          <TableHead>{t('audit.ip')}</TableHead>
          <TableHead>{t('audit.details')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((event) => (
          <TableRow key={event.id}>
            <TableCell className="whitespace-nowrap">
              <span className="grid gap-0.5">
                <span className="tabular-nums">{formatUtc(event.at)}</span>
                <LastLogin date={event.at} locale={i18n.resolvedLanguage} className="text-muted-foreground text-xs" />
              </span>
            </TableCell>
            <TableCell className="whitespace-normal [overflow-wrap:anywhere]">
              <ActorCell actor={event.actor} />
            </TableCell>
            <TableCell className="whitespace-normal">
              <span className="grid gap-0.5">
                <span>{auditActionText(t, event.action)}</span>
                <code className="text-muted-foreground text-xs">{event.action}</code>
              </span>
            </TableCell>
            <TableCell className="whitespace-normal [overflow-wrap:anywhere]">
              <TargetCell target={event.target} />
            </TableCell>
            <TableCell className="font-mono text-xs">{event.ip ?? t('common.notSet')}</TableCell>
            <TableCell className="whitespace-normal">
              <DetailsCell details={event.details} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ActorCell({ actor }: { actor: AuditEvent['actor'] }) {
  const { t } = useT();
  if (!actor) return <span className="text-muted-foreground">{t('audit.system')}</span>;
  if (!actor.email) return <span className="font-mono text-xs">{actor.id}</span>;
  return (
    <span className="grid gap-0.5">
      {actor.name ? <span>{actor.name}</span> : null}
      <span className="text-muted-foreground text-xs">{actor.email}</span>
    </span>
  );
}

function TargetCell({ target }: { target: AuditEvent['target'] }) {
  const { t } = useT();
  if (!target) return <span className="text-muted-foreground">{t('common.notSet')}</span>;
  const path = auditTargetPath(target);
  const kind = t(`audit.targetTypes.${target.type}` as TextKey, { defaultValue: target.type });
  const name = target.label ?? target.id;
  return (
    <span className="grid gap-0.5">
      {path ? (
        <Link to={path} className="text-primary underline-offset-4 hover:underline">
          {name}
        </Link>
      ) : (
        <span className={target.label ? undefined : 'font-mono text-xs'}>{name}</span>
      )}
      <span className="text-muted-foreground text-xs">{kind}</span>
    </span>
  );
}

function DetailsCell({ details }: { details: Record<string, unknown> }) {
  const { t } = useT();
  if (Object.keys(details).length === 0) return <span className="text-muted-foreground">{t('common.notSet')}</span>;
  return (
    <details className="max-w-xs">
      <summary className="focus-ring cursor-pointer rounded text-primary text-sm">{t('audit.showDetails')}</summary>
      <pre className="mt-2 whitespace-pre-wrap break-all rounded bg-muted p-2 font-mono text-xs">
        {JSON.stringify(details, null, 2)}
      </pre>
    </details>
  );
}
