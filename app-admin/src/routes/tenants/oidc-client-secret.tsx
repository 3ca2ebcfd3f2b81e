import type { TenantDetail } from '@helios/api';
import { Alert, Button, CopyButton, Modal, TextField } from '@helios/design-system';
import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { rotateOidcSecretAtom } from '../../atoms/oidc-clients';
import { useT } from '../../i18n';

/** Where the dialog stands. The new secret lives only here, while the dialog shows it. */
type Dialog =
  | { step: 'closed' }
  | { step: 'confirm'; failed: boolean }
  | { step: 'rotating' }
  | { step: 'shown'; secret: string; copyFailed: boolean };

/** "New client secret": a warning to confirm, then the new secret, shown once. Closing the
 * dialog forgets the secret. */
export function OidcClientSecret({ tenant }: { tenant: TenantDetail }) {
  const { t } = useT();
  const rotate = useSetAtom(rotateOidcSecretAtom);
  const [dialog, setDialog] = useState<Dialog>({ step: 'closed' });
  const headingId = useId();

  async function confirm() {
    if (dialog.step === 'rotating') return;
    setDialog({ step: 'rotating' });
    try {
      setDialog({ step: 'shown', secret: await rotate(tenant.id), copyFailed: false });
    } catch {
      setDialog({ step: 'confirm', failed: true });
    }
  }

  function close() {
    if (dialog.step !== 'rotating') setDialog({ step: 'closed' });
  }

  // Copying settles after a tick; a dialog closed by then stays closed.
  function markCopy(copyFailed: boolean) {
    setDialog((current) => (current.step === 'shown' ? { ...current, copyFailed } : current));
  }

  const shown = dialog.step === 'shown' ? dialog : null;

  return (
    <section aria-labelledby={headingId} className="grid justify-items-start gap-2">
      <h4 id={headingId} className="font-medium text-sm">
        {t('oidcClient.secretTitle')}
      </h4>
      <p className="text-muted-foreground text-sm">{t('oidcClient.secretText')}</p>
      <Button variant="outline" onClick={() => setDialog({ step: 'confirm', failed: false })}>
        {t('oidcClient.newSecret')}
      </Button>
      {/* One dialog for both steps, so focus stays inside it when the secret replaces the warning. */}
      <Modal
        visible={dialog.step !== 'closed'}
        {...(shown
          ? {
              title: t('oidcClient.secretShownTitle'),
              content: t('oidcClient.secretShownText', { name: tenant.name }),
              cancelLabel: t('common.close'),
              // A stray click outside must not throw away a secret that cannot be shown again.
              onPointerDownOutside: (event: Event) => event.preventDefault(),
            }
          : {
              warning: true,
              title: t('oidcClient.confirmTitle'),
              content: t('oidcClient.confirmText', { name: tenant.name }),
              confirmLabel: t('oidcClient.confirmButton'),
              cancelLabel: t('common.cancel'),
              confirmLoading: dialog.step === 'rotating',
              onConfirm: () => void confirm(),
            })}
        onCancel={close}
      >
        {/* Messages go inside the dialog: the page behind it is hidden from screen readers. */}
        {dialog.step === 'confirm' && dialog.failed ? <Alert tone="error">{t('oidcClient.rotateFailed')}</Alert> : null}
        {shown ? (
          <div className="grid gap-2">
            <TextField
              label={t('oidcClient.secret')}
              hint={t('oidcClient.secretOnce')}
              value={shown.secret}
              readOnly
              // Focus moves to the secret, so its "not shown again" hint is read out with it.
              autoFocus
              onFocus={(event) => event.target.select()}
              spellCheck={false}
              className="font-mono"
            />
            <div>
              <CopyButton
                value={shown.secret}
                size="sm"
                label={t('oidcClient.copySecret')}
                copiedLabel={t('oidcClient.copied')}
                onCopied={() => markCopy(false)}
                onCopyError={() => markCopy(true)}
              />
            </div>
            {shown.copyFailed ? <Alert tone="error">{t('oidcClient.copyFailed')}</Alert> : null}
          </div>
        ) : null}
      </Modal>
    </section>
  );
}
