import {
  Alert,
  Button,
  Card,
  CardContent,
  Checkbox,
  FieldMessage,
  Label,
  LoadStatus,
  Switch,
  TextField,
  useToast,
} from '@helios/design-system';
import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { loadNotificationTenantsAtom, notificationTenantsAtom, sendNotificationAtom } from '../../atoms/notifications';
import { PageHeader } from '../../components/page';
import { useT } from '../../i18n';
import {
  emptyNotification,
  type NotificationErrors,
  type NotificationForm,
  notificationBody,
  validateNotification,
} from '../../lib/notification';

/** Notifications (/admin/notifications): broadcast a message to chosen tenants or admins only. */
export function NotificationsPage() {
  const { t } = useT();
  const { toast } = useToast();
  const send = useSetAtom(sendNotificationAtom);
  const [form, setForm] = useState<NotificationForm>(emptyNotification);
  const [errors, setErrors] = useState<NotificationErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const messageId = useId();

  const update = (change: Partial<NotificationForm>) => {
    const next = { ...form, ...change };
    setForm(next);
    setFailed(false);
    if (submitted) setErrors(validateNotification(next));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    const found = validateNotification(form);
    setErrors(found);
    if (found.message || found.tenants) {
      document.getElementById(found.message ? messageId : `${messageId}-tenants`)?.focus();
      return;
    }
    setSending(true);
    setFailed(false);
    try {
      await send(notificationBody(form));
      toast(t('notifications.sent'));
      setForm(emptyNotification);
      setSubmitted(false);
      setErrors({});
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <PageHeader title={t('notifications.title')} description={t('notifications.description')} />
      <Card className="max-w-2xl">
        <CardContent>
          <form noValidate onSubmit={submit} className="grid gap-5">
            {failed ? <Alert tone="error">{t('notifications.failed')}</Alert> : null}
            <div className="grid gap-1.5">
              <Label htmlFor={messageId}>
                {t('notifications.message')}
                <span aria-hidden="true" className="ms-0.5 text-destructive">
                  *
                </span>
              </Label>
              {/* The design system has no multi-line field yet; this borrows the Input look. */}
              <textarea
                id={messageId}
                required
                aria-required
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? `${messageId}-error` : undefined}
                rows={5}
                value={form.message}
                onChange={(event) => update({ message: event.target.value })}
                className="focus-ring w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-foreground text-sm aria-invalid:border-destructive"
              />
              {errors.message ? (
                <FieldMessage id={`${messageId}-error`} tone="error">
                  {t(`notifications.${errors.message}`)}
                </FieldMessage>
              ) : null}
            </div>
            <Switch
              label={t('notifications.adminsOnly')}
              description={t('notifications.adminsOnlyHint')}
              checked={form.adminsOnly}
              onCheckedChange={(adminsOnly) => update({ adminsOnly })}
            />
            {form.adminsOnly ? null : (
              <TenantPicker
                id={`${messageId}-tenants`}
                selected={form.tenants}
                onChange={(tenants) => update({ tenants })}
                error={errors.tenants ? t(`notifications.${errors.tenants}`) : null}
              />
            )}
            <Checkbox
              label={t('notifications.popup')}
              description={t('notifications.popupHint')}
              checked={form.popup}
              onCheckedChange={(checked) => update({ popup: checked === true })}
            />
            <Checkbox
              label={t('notifications.newFunctionality')}
              description={t('notifications.newFunctionalityHint')}
              checked={form.newFunctionality}
              onCheckedChange={(checked) => update({ newFunctionality: checked === true })}
            />
            <div>
              <Button type="submit" loading={sending} loadingLabel={t('common.saving')}>
                {t('notifications.send')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  );
}

/** Chooses tenants from the full list, with a filter and select-all for what is shown. */
function TenantPicker({
  id,
  selected,
  onChange,
  error,
}: {
  id: string;
  selected: readonly string[];
  onChange: (tenants: string[]) => void;
  error: string | null;
}) {
  const { t } = useT();
  const tenants = useAtomValue(notificationTenantsAtom);
  const load = useSetAtom(loadNotificationTenantsAtom);
  const [filter, setFilter] = useState('');
  const legendId = useId();

  useEffect(() => {
    void load();
  }, [load]);

  const needle = filter.trim().toLowerCase();
  const shown = tenants.items.filter(
    (tenant) => needle === '' || tenant.name.toLowerCase().includes(needle) || tenant.slug.includes(needle),
  );
  const chosen = new Set(selected);
  const toggle = (tenantId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(tenantId);
    else next.delete(tenantId);
    onChange([...next]);
  };

  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={error ? `${id}-error` : undefined}
      className="grid gap-3 rounded-md border p-4"
    >
      <legend id={legendId} className="px-1 font-medium text-sm">
        {t('notifications.tenants')}
      </legend>
      <LoadStatus
        status={tenants.status}
        loadingLabel={t('common.loading')}
        failedMessage={t('notifications.tenantsFailed')}
        onRetry={() => void load()}
        retryLabel={t('common.tryAgain')}
      >
        <div className="grid gap-3">
          <TextField
            type="search"
            label={t('notifications.tenantsFilter')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            containerClassName="max-w-sm"
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => onChange([...new Set([...selected, ...shown.map((tenant) => tenant.id)])])}
            >
              {t('notifications.selectAll')}
            </Button>
            <Button variant="ghost" size="sm" disabled={selected.length === 0} onClick={() => onChange([])}>
              {t('notifications.selectNone')}
            </Button>
            <span role="status" className="text-muted-foreground text-sm">
              {t('notifications.selected', { count: selected.length })}
            </span>
          </div>
          {shown.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t('notifications.noTenantsMatch')}</p>
          ) : (
            <ul aria-labelledby={legendId} className="grid max-h-72 gap-2 overflow-y-auto sm:grid-cols-2">
              {shown.map((tenant) => (
                <li key={tenant.id}>
                  <Checkbox
                    label={tenant.name}
                    description={tenant.slug}
                    checked={chosen.has(tenant.id)}
                    onCheckedChange={(checked) => toggle(tenant.id, checked === true)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </LoadStatus>
      {error ? (
        <FieldMessage id={`${id}-error`} tone="error">
          {error}
        </FieldMessage>
      ) : null}
    </fieldset>
  );
}
