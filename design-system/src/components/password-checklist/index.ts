export type { PasswordCheck } from '../../lib/password-rules';
export { checkPassword, PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../../lib/password-rules';
export type { PasswordChecklistLabels, PasswordChecklistProps } from './password-checklist';
export { PasswordChecklist } from './password-checklist';
