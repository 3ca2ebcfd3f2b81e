import type { TenantDetail } from '@helios/api';
import {
  Alert,
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  Button,
  CopyButton,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  TextField,
} from '@helios/design-system';
import { useSetAtom } from 'jotai';
import { useId, useRef, useState } from 'react';
import { rotateOidcSecretAtom } from '../../atoms/oidc-clients';
import { useT } from '../../i18n';

/** Where the dialog stands. The new secret lives only here, while the dialog shows it. */
type SecretStep =
  | { step: 'closed' }
  | { step: 'confirm'; failed: boolean }
  | { step: 'rotating' }
  | { step: 'shown'; secret: string; copyFailed: boolean };

/** "New client secret": a warning to confirm, then the new secret, shown once. Closing the
 * secret's dialog forgets the secret. */
export function OidcClientSecret({ tenant }: { tenant: TenantDetail }) {
  const { t } = useT();
  const rotate = useSetAtom(rotateOidcSecretAtom);
  const [dialog, setDialog] = useState<SecretStep>({ step: 'closed' });
  const headingId = useId();
  const opener = useRef<HTMLButtonElement>(null);

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
      <Button ref={opener} variant="outline" onClick={() => setDialog({ step: 'confirm', failed: false })}>
        {t('oidcClient.newSecret')}
      </Button>
      <AlertDialog
        open={dialog.step === 'confirm' || dialog.step === 'rotating'}
        onOpenChange={(open) => {
          if (!open) close();
        }}
      >
        <AlertDialogContent variant="destructive">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('oidcClient.confirmTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{t('oidcClient.confirmText', { name: tenant.name })}</AlertDialogDescription>
          </AlertDialogHeader>
          {/* Messages go inside the dialog: the page behind it is hidden from screen readers. */}
          {dialog.step === 'confirm' && dialog.failed ? (
            <Alert tone="error">{t('oidcClient.rotateFailed')}</Alert>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              loading={dialog.step === 'rotating'}
              onClick={(event) => {
                // The dialog stays until the secret is made; the secret's dialog then takes its place.
                event.preventDefault();
                void confirm();
              }}
            >
              {t('oidcClient.confirmButton')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <Dialog
        open={shown !== null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
      >
        <DialogContent
          showCloseButton={false}
          // A stray click outside must not throw away a secret that cannot be shown again.
          onPointerDownOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            // The dialog opened from the confirmation, not from the button: go back to the button.
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('oidcClient.secretShownTitle')}</DialogTitle>
            <DialogDescription>{t('oidcClient.secretShownText', { name: tenant.name })}</DialogDescription>
          </DialogHeader>
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
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.close')}</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
