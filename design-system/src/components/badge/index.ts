export type { BadgeProps } from './badge';
export { Badge, badgeCountText, badgeVariants } from './badge';
