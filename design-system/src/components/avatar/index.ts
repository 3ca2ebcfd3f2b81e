export type { AvatarProps } from './avatar';
export { Avatar, avatarVariants, initials } from './avatar';
