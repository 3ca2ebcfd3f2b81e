export { isValidSlug, slugFromName } from '../../lib/slug';
export type { TenantCardProps, TenantGridProps } from './tenant-card';
export { TenantCard, TenantGrid } from './tenant-card';
