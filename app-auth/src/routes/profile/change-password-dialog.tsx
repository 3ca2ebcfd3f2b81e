import type { UserInfo } from '@helios/api';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@helios/design-system';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useStepUp } from '../../components/step-up';
import { type ErrorKey, errorKey } from '../../lib/errors';
import { NewPasswordFields, useNewPassword } from '../set-password/new-password-fields';

export type ChangePasswordDialogProps = {
  open: boolean;
  /** Whether the account has a password to change, or sets its first one. */
  hasPassword: boolean;
  onClose: () => void;
  /** Called with the account as the server describes it once the password is saved. */
  onChanged: (user: UserInfo) => void;
};

/**
 * Setting or changing the password from the profile: the new password twice, under the
 * set-password page's rules. No current password: the server asks for a recent sign-in
 * instead, which the step-up dialog gets before the call runs again.
 */
export function ChangePasswordDialog({ open, hasPassword, onClose, onChanged }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const stepUp = useStepUp();
  const entries = useNewPassword();
  const [failure, setFailure] = useState<ErrorKey | null>(null);
  const [saving, setSaving] = useState(false);

  function reset() {
    entries.clear();
    setFailure(null);
  }

  async function save() {
    if (saving) return;
    setFailure(null);
    if (!entries.check()) return;
    setSaving(true);
    try {
      const user = await stepUp.run(() => api.call('changePassword', { body: { password: entries.password } }));
      reset();
      onChanged(user);
    } catch (error) {
      setFailure(errorKey(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      {stepUp.dialog}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (next) return;
          reset();
          onClose();
        }}
      >
        <DialogContent showCloseButton={false}>
          <DialogHeader>
            <DialogTitle>{t(hasPassword ? 'profile.changePassword' : 'profile.setPassword')}</DialogTitle>
            <DialogDescription>{t('profile.passwordDialogText')}</DialogDescription>
          </DialogHeader>
          {/* The save button is the dialog's, outside the form, and a form of two fields without a
              submit button of its own ignores Enter: Enter in either field saves here. */}
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event: FormEvent<HTMLFormElement>) => {
              event.preventDefault();
              void save();
            }}
            onKeyDown={(event: KeyboardEvent<HTMLFormElement>) => {
              if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
              event.preventDefault();
              void save();
            }}
          >
            <NewPasswordFields state={entries} />
            {failure ? <Alert tone="error">{t(failure)}</Alert> : null}
          </form>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button loading={saving} onClick={() => void save()}>
              {t('reset.save')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
