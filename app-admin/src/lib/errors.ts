import { AdminErrorCode, ApiError } from '@helios/api';

/** 401 (signed out) and 403 (not an admin) end what the console can do; spec §2 sends the
 * admin back through the session check. */
export function isAuthFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** The first error code of a failed call, if any. */
export function errorType(error: unknown): string | undefined {
  return error instanceof ApiError ? error.type : undefined;
}

/** Server codes the console explains in its own words; any other failure gets the message of
 * the action that failed. */
export type KnownAdminError =
  | 'slugTaken'
  | 'tenantInactive'
  | 'noActiveAccess'
  | 'notTenantMember'
  | 'creditsBelowZero';

const known: Record<string, KnownAdminError> = {
  [AdminErrorCode.slugTaken]: 'slugTaken',
  [AdminErrorCode.tenantInactive]: 'tenantInactive',
  [AdminErrorCode.noActiveAccess]: 'noActiveAccess',
  [AdminErrorCode.notTenantMember]: 'notTenantMember',
  [AdminErrorCode.creditsBelowZero]: 'creditsBelowZero',
};

export function knownAdminError(error: unknown): KnownAdminError | undefined {
  const type = errorType(error);
  return type === undefined ? undefined : known[type];
}
