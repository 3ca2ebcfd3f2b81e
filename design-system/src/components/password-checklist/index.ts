export type { PasswordCheck, PasswordPolicy } from '../../lib/password-rules';
export {
  checkPassword,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  RESET_LINK_PASSWORD_POLICY,
  SIGN_IN_PASSWORD_POLICY,
} from '../../lib/password-rules';
export type { PasswordChecklistLabels, PasswordChecklistProps } from './password-checklist';
export { PasswordChecklist } from './password-checklist';
