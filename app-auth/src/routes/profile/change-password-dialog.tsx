import type { UserInfo } from '@helios/api';
import { Alert, Modal, PasswordChecklist, PasswordField, RESET_LINK_PASSWORD_POLICY } from '@helios/design-system';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useStepUp } from '../../components/step-up';
import { type ErrorKey, errorKey } from '../../lib/errors';
import { type NewPasswordProblem, validateNewPassword } from '../set-password/new-password';

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
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<NewPasswordProblem | null>(null);
  const [failure, setFailure] = useState<ErrorKey | null>(null);
  const [saving, setSaving] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const repeatInput = useRef<HTMLInputElement>(null);

  function reset() {
    setPassword('');
    setRepeat('');
    setProblem(null);
    setFailure(null);
  }

  async function save() {
    if (saving) return;
    const found = validateNewPassword(password, repeat);
    setProblem(found);
    setFailure(null);
    if (found) {
      (found.field === 'password' ? passwordInput : repeatInput).current?.focus();
      return;
    }
    setSaving(true);
    try {
      const user = await stepUp.run(() => api.call('changePassword', { body: { password } }));
      reset();
      onChanged(user);
    } catch (error) {
      setFailure(errorKey(error));
    } finally {
      setSaving(false);
    }
  }

  const passwordTexts = { showLabel: t('login.showPassword'), hideLabel: t('login.hidePassword') };
  return (
    <>
      {stepUp.dialog}
      <Modal
        visible={open}
        title={t(hasPassword ? 'profile.changePassword' : 'profile.setPassword')}
        content={t('profile.passwordDialogText')}
        confirmLabel={t('reset.save')}
        cancelLabel={t('common.cancel')}
        confirmLoading={saving}
        onConfirm={() => void save()}
        onCancel={() => {
          reset();
          onClose();
        }}
      >
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
          <PasswordField
            ref={passwordInput}
            name="new-password"
            autoComplete="new-password"
            label={t('reset.passwordLabel')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={problem?.field === 'password' ? t(problem.key) : undefined}
            {...passwordTexts}
          />
          <PasswordField
            ref={repeatInput}
            name="repeat-password"
            autoComplete="new-password"
            label={t('reset.repeatLabel')}
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            error={problem?.field === 'repeat' ? t(problem.key) : undefined}
            {...passwordTexts}
          />
          {/* The set-password page's rules, which the server holds a new password to. */}
          <PasswordChecklist
            password={password}
            repeat={repeat}
            policy={RESET_LINK_PASSWORD_POLICY}
            showMismatch={problem?.field !== 'repeat'}
            metLabel={t('login.checklist.met')}
            unmetLabel={t('login.checklist.unmet')}
            labels={{
              minLength: t('reset.checklistMinLength'),
              matches: t('login.checklist.matches'),
              mismatch: t('login.checklist.mismatch'),
            }}
          />
          {failure ? <Alert tone="error">{t(failure)}</Alert> : null}
        </form>
      </Modal>
    </>
  );
}
