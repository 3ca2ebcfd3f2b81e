export type { SkeletonProps, SkeletonTextProps } from './skeleton';
export { Skeleton, SkeletonText } from './skeleton';
