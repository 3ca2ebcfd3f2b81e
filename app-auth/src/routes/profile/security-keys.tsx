import type { SecondFactorAdded } from '@helios/api';
import { Alert, type AlertTone, Button, SecurityKeyList, type SecurityKeyListItem } from '@helios/design-system';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useStepUp } from '../../components/step-up';
import { registerSecurityKey } from '../../lib/webauthn';
import { KeyNameDialog } from './key-name-dialog';

/** A message under the key list, with the values its text needs. */
export type KeysMessage = {
  tone: AlertTone;
  key: 'profile.keyAdded' | 'profile.keyRemoved' | 'profile.removeFailed';
  name?: string;
};

/** The account's security keys with Remove for each and "Add a security key". */
export function SecurityKeysSection({
  keys,
  removingId,
  message,
  addButtonRef,
  onAdd,
  onRemove,
}: {
  keys: SecurityKeyListItem[];
  removingId: string | null;
  message: KeysMessage | null;
  /** Focus lands here after a key's removal, since its own button is gone. */
  addButtonRef: Ref<HTMLButtonElement>;
  onAdd: () => void;
  onRemove: (key: SecurityKeyListItem) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-semibold text-base">
          {t('profile.securityKeysTitle')}
        </h2>
        <p className="text-muted-foreground text-sm">{t('profile.securityKeyText')}</p>
      </div>
      <SecurityKeyList
        keys={keys}
        removingId={removingId}
        onRemove={onRemove}
        removeLabel={t('profile.removeKey')}
        removeKeyLabel={(name) => t('profile.removeKeyLabel', { name })}
        unnamedLabel={t('profile.typeSecurityKey')}
        emptyText={t('profile.noSecurityKeys')}
        loadingLabel={t('profile.removing')}
      />
      {message ? <Alert tone={message.tone}>{t(message.key, { name: message.name ?? '' })}</Alert> : null}
      <Button ref={addButtonRef} variant="outline" className="justify-self-start" onClick={onAdd}>
        {t('profile.addSecurityKey')}
      </Button>
    </section>
  );
}

/**
 * Adding a security key: the person names it, then the browser asks for the key. A closed
 * prompt or a refused key shows its message here and the dialog stays, so they can try again.
 */
export function AddSecurityKeyDialog({
  open,
  onClose,
  onAdded,
  onCloseAutoFocus,
}: {
  open: boolean;
  onClose: () => void;
  /** Where focus goes once the dialog has closed (by default back to what opened it). */
  onCloseAutoFocus?: (event: Event) => void;
  /** Called with the account as the server describes it after registering the key. */
  onAdded: (user: SecondFactorAdded, name: string) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const stepUp = useStepUp();

  return (
    <>
      {stepUp.dialog}
      <KeyNameDialog
        kind="webauthn"
        open={open}
        title={t('profile.addSecurityKey')}
        text={t('profile.addKeyText')}
        confirmLabel={t('common.continue')}
        onClose={onClose}
        onCloseAutoFocus={onCloseAutoFocus}
        onSubmit={async (name) => {
          const options = await stepUp.run(() => api.call('webauthnRegisterOptions', { body: {} }));
          const response = await registerSecurityKey(options);
          onAdded(await stepUp.run(() => api.call('webauthnRegister', { body: { name, response } })), name);
        }}
      />
    </>
  );
}
