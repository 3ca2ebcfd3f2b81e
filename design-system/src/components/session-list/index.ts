export type { SessionListItem, SessionListProps } from './session-list';
export { SessionList } from './session-list';
