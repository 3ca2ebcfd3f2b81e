import { PasswordChecklist, PasswordField, RESET_LINK_PASSWORD_POLICY } from '@helios/design-system';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NewPasswordProblem, validateNewPassword } from './new-password';

/** A new password typed twice: the entries, what a submit found wrong with them, and the fields. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<NewPasswordProblem | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const repeatInput = useRef<HTMLInputElement>(null);

  /** Whether the entries may be sent; if not, the field at fault says why and takes the focus. */
  function check(): boolean {
    const found = validateNewPassword(password, repeat);
    setProblem(found);
    if (!found) return true;
    (found.field === 'password' ? passwordInput : repeatInput).current?.focus();
    return false;
  }

  function clear() {
    setPassword('');
    setRepeat('');
    setProblem(null);
  }

  return { password, repeat, setPassword, setRepeat, problem, passwordInput, repeatInput, check, clear };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

/** The two password fields and the rules a new password must meet (the set-password page's, spec
 * §5, which the server holds every new password to: a reset link's and the profile's). */
export function NewPasswordFields({ state }: { state: NewPassword }) {
  const { t } = useTranslation();
  const { password, repeat, problem } = state;
  const passwordTexts = { showLabel: t('login.showPassword'), hideLabel: t('login.hidePassword') };
  return (
    <>
      <PasswordField
        ref={state.passwordInput}
        name="new-password"
        autoComplete="new-password"
        label={t('reset.passwordLabel')}
        value={password}
        onChange={(event) => state.setPassword(event.target.value)}
        error={problem?.field === 'password' ? t(problem.key) : undefined}
        {...passwordTexts}
      />
      <PasswordField
        ref={state.repeatInput}
        name="repeat-password"
        autoComplete="new-password"
        label={t('reset.repeatLabel')}
        value={repeat}
        onChange={(event) => state.setRepeat(event.target.value)}
        error={problem?.field === 'repeat' ? t(problem.key) : undefined}
        {...passwordTexts}
      />
      <PasswordChecklist
        password={password}
        repeat={repeat}
        policy={RESET_LINK_PASSWORD_POLICY}
        // Once a submit put "do not match" on the repeat field, it is said there only.
        showMismatch={problem?.field !== 'repeat'}
        metLabel={t('login.checklist.met')}
        unmetLabel={t('login.checklist.unmet')}
        labels={{
          minLength: t('reset.checklistMinLength'),
          matches: t('login.checklist.matches'),
          mismatch: t('login.checklist.mismatch'),
        }}
      />
    </>
  );
}
