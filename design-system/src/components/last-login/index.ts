export type { LastLoginWording, LastLoginWords } from '../../lib/relative-time';
export { defaultLastLoginWords, formatLastLogin, lastLoginText } from '../../lib/relative-time';
export type { LastLoginProps } from './last-login';
export { LastLogin } from './last-login';
