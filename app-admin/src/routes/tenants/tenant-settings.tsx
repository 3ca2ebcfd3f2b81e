import type { KeyValue } from '@helios/api';
import { KeyValueTable, useToast } from '@helios/design-system';
import { useSetAtom } from 'jotai';
import { useId } from 'react';
import { saveTenantSettingAtom } from '../../atoms/tenants';
import { useT } from '../../i18n';

/** Keys the contract accepts: letters, digits, dots, dashes and underscores. */
const SETTING_KEY = /^[A-Za-z0-9_.-]{1,100}$/;

/** The editable settings table of an open tenant, with a form to add a key. */
export function TenantSettings({
  tenantId,
  settings,
  className,
}: {
  tenantId: string;
  settings: KeyValue[];
  className?: string;
}) {
  const { t } = useT();
  const { toast } = useToast();
  const save = useSetAtom(saveTenantSettingAtom);
  const headingId = useId();

  async function saveSetting(key: string, value: string) {
    if (!SETTING_KEY.test(key)) {
      toast(t('settings.invalidKey'), { tone: 'error' });
      throw new Error('invalid key');
    }
    try {
      await save({ tenantId, key, value });
      toast(t('settings.saved', { key }));
    } catch (error) {
      toast(t('settings.failed'), { tone: 'error' });
      throw error;
    }
  }

  return (
    <section aria-labelledby={headingId} className={className}>
      <h3 id={headingId} className="mb-2 font-semibold text-base">
        {t('settings.title')}
      </h3>
      <KeyValueTable
        rows={settings}
        onSave={saveSetting}
        onAdd={saveSetting}
        keyLabel={t('settings.key')}
        valueLabel={t('settings.value')}
        actionsLabel={t('settings.actions')}
        editLabel={t('common.edit')}
        saveLabel={t('common.save')}
        cancelLabel={t('common.cancel')}
        savingLabel={t('common.saving')}
        valueInputLabel={(key) => t('settings.valueFor', { key })}
        emptyText={t('settings.none')}
        addLabel={t('settings.add')}
        newKeyLabel={t('settings.newKey')}
        newValueLabel={t('settings.newValue')}
      />
    </section>
  );
}
