import type { TenantDetail } from '@helios/api';
import { Card, CardContent, CardHeader, CardTitle, DeactivationDate, useToast } from '@helios/design-system';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { saveDeactivationAtom } from '../../atoms/tenants';
import { useT } from '../../i18n';

/** The deactivation date box of an open tenant; read and written in UTC. */
export function TenantDeactivation({ tenant }: { tenant: TenantDetail }) {
  const { t } = useT();
  const { toast } = useToast();
  const save = useSetAtom(saveDeactivationAtom);
  const [saving, setSaving] = useState(false);

  async function onSave(inactiveAt: string | null) {
    setSaving(true);
    try {
      await save({ tenantId: tenant.id, inactiveAt });
      toast(inactiveAt ? t('deactivation.saved') : t('deactivation.cleared'));
    } catch (error) {
      toast(t('deactivation.failed'), { tone: 'error' });
      throw error;
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle as="h3" className="font-semibold text-base">
          {t('deactivation.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <DeactivationDate
          value={tenant.inactive_at}
          onSave={onSave}
          busy={saving}
          label={t('deactivation.label')}
          saveLabel={t('common.save')}
          clearLabel={t('common.clear')}
          labels={{
            current: t('deactivation.current'),
            notSet: t('deactivation.notSet'),
            invalid: t('deactivation.invalid'),
          }}
        />
      </CardContent>
    </Card>
  );
}
