export type { LoadState, LoadStatusProps } from './load-status';
export { LoadStatus } from './load-status';
