export type { PasswordFieldProps } from './password-field';
export { PasswordField } from './password-field';
