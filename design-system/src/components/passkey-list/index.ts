export type { PasskeyListItem, PasskeyListProps } from './passkey-list';
export { PasskeyList } from './passkey-list';
