export type { ActivityListItem, ActivityListProps } from './activity-list';
export { ActivityList } from './activity-list';
