export type { RelativeTime, RelativeTimeInput, RelativeTimeOptions } from '../../lib/relative-time';
export { formatRelativeTime, relativeTimeOf } from '../../lib/relative-time';
export type { LastLoginProps } from './last-login';
export { LastLogin } from './last-login';
