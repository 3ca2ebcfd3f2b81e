export type { LastAccessedWording, LastAccessedWords } from '../../lib/relative-time';
export { defaultLastAccessedWords, formatLastAccessed, lastAccessedText } from '../../lib/relative-time';
export { isValidSlug, slugFromName } from '../../lib/slug';
export type { TenantCardProps, TenantGridProps } from './tenant-card';
export { TenantCard, TenantGrid } from './tenant-card';
