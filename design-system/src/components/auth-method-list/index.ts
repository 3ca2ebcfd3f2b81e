export type { AuthMethod, AuthMethodKind, AuthMethodListProps, AuthMethodTypeLabels } from './auth-method-list';
export { AuthMethodList, authMethodKind } from './auth-method-list';
