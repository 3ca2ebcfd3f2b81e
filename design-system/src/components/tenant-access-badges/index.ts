export type { TenantAccess, TenantAccessBadgesProps } from './tenant-access-badges';
export { TenantAccessBadges } from './tenant-access-badges';
