export type { SecurityKeyListItem, SecurityKeyListProps } from './security-key-list';
export { SecurityKeyList } from './security-key-list';
