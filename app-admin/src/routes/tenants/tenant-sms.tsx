import type { KeyValue, TenantDetail } from '@helios/api';
import { ConfirmDialog, useModal, useToast } from '@helios/design-system';
import { useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { addSmsCreditsAtom, saveSmsSettingAtom } from '../../atoms/tenants';
import { useT } from '../../i18n';
import { knownAdminError } from '../../lib/errors';
import {
  creditsChange,
  SENDER_MAX_LENGTH,
  SMS_KEYS,
  smsInfoValue,
  smsPanelSettings,
  systemSmsValue,
} from '../../lib/sms';
import { type SmsEditableField, SmsSettingsPanel } from './sms-settings-panel';

type Confirmable = { kind: 'enabled' | 'paused'; next: boolean };

/** The SMS box of an open tenant: enable/disable and pause/unpause behind a confirmation,
 * inline edits of sender, credits and warnings, and adding credits. */
export function TenantSms({ tenant, sms }: { tenant: TenantDetail; sms: KeyValue[] }) {
  const { t } = useT();
  const { toast } = useToast();
  const saveSetting = useSetAtom(saveSmsSettingAtom);
  const addCredits = useSetAtom(addSmsCreditsAtom);
  const { modal, show, hide } = useModal();
  const pending = useRef<Confirmable | null>(null);
  const [confirming, setConfirming] = useState(false);
  const settings = smsPanelSettings(sms, tenant.inactive_at);

  function ask(action: Confirmable) {
    pending.current = action;
    const name = tenant.name;
    if (action.kind === 'enabled') {
      show(
        action.next
          ? { title: t('sms.confirmEnableTitle'), content: t('sms.confirmEnableText', { name }) }
          : { title: t('sms.confirmDisableTitle'), content: t('sms.confirmDisableText', { name }), warning: true },
      );
    } else {
      show(
        action.next
          ? { title: t('sms.confirmPauseTitle'), content: t('sms.confirmPauseText', { name }), warning: true }
          : { title: t('sms.confirmUnpauseTitle'), content: t('sms.confirmUnpauseText', { name }) },
      );
    }
  }

  async function confirm() {
    const action = pending.current;
    if (!action || confirming) return;
    setConfirming(true);
    try {
      await (action.kind === 'enabled'
        ? saveSetting({ tenantId: tenant.id, key: SMS_KEYS.enabled, value: systemSmsValue(action.next) })
        : saveSetting({ tenantId: tenant.id, key: SMS_KEYS.info, value: smsInfoValue(sms, { paused: action.next }) }));
      toast(t('sms.saved'));
      pending.current = null;
      hide();
    } catch {
      toast(t('sms.saveFailed'), { tone: 'error' });
    } finally {
      setConfirming(false);
    }
  }

  function creditsFailed(error: unknown) {
    const below = knownAdminError(error) === 'creditsBelowZero';
    toast(below ? t('adminErrors.creditsBelowZero') : t('sms.creditsFailed'), { tone: 'error' });
  }

  /** Inline edits; a rejected promise keeps the editor open with what was typed. */
  async function saveField(field: SmsEditableField, value: string | number) {
    if (field === 'credits') {
      const change = creditsChange(tenant.sms_credits, Number(value));
      if (change === 0) return;
      try {
        const total = await addCredits({ tenantId: tenant.id, credits: change });
        toast(t('sms.creditsSaved', { count: total }));
      } catch (error) {
        creditsFailed(error);
        throw error;
      }
      return;
    }
    if (field === 'sender' && String(value).length > SENDER_MAX_LENGTH) {
      toast(t('sms.senderTooLong'), { tone: 'error' });
      throw new Error('sender too long');
    }
    const change = field === 'sender' ? { sender: String(value) } : { [field]: Number(value) };
    try {
      await saveSetting({ tenantId: tenant.id, key: SMS_KEYS.info, value: smsInfoValue(sms, change) });
      toast(t('sms.saved'));
    } catch (error) {
      toast(t('sms.saveFailed'), { tone: 'error' });
      throw error;
    }
  }

  async function add(amount: number) {
    try {
      await addCredits({ tenantId: tenant.id, credits: amount });
      toast(t('sms.creditsAdded', { count: amount }));
    } catch (error) {
      creditsFailed(error);
      throw error;
    }
  }

  return (
    <>
      <SmsSettingsPanel
        settings={settings}
        credits={tenant.sms_credits}
        onToggleEnabled={(next) => ask({ kind: 'enabled', next })}
        onTogglePaused={(next) => ask({ kind: 'paused', next })}
        onSaveField={saveField}
        onAddCredits={add}
        busy={confirming}
        headingLevel={3}
      />
      <ConfirmDialog
        {...modal}
        confirmLabel={t('common.confirm')}
        cancelLabel={t('common.cancel')}
        loading={confirming}
        onConfirm={() => void confirm()}
        onCancel={() => {
          if (confirming) return;
          pending.current = null;
          hide();
        }}
      />
    </>
  );
}
