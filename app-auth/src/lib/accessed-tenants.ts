/** Local-storage key of when each tenant was last opened from this browser (spec §3). */
export const ACCESSED_TENANTS_KEY = 'accessed_tenants';

/** Tenant id → ISO time of the last access. */
export type AccessedTenants = Record<string, string>;

/** The part of the Web Storage API used here; tests pass an in-memory stand-in. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The remembered access times. Whatever else is stored under the key (corrupt JSON, another
 * shape, unparsable dates) reads as "unknown", so a bad value never breaks the tenant picker.
 */
export function readAccessedTenants(storage: StorageLike): AccessedTenants {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(ACCESSED_TENANTS_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (!isRecord(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && !Number.isNaN(Date.parse(entry[1])),
    ),
  );
}

/** When the tenant was last accessed, or undefined when unknown. */
export function lastAccessOf(accessed: AccessedTenants, tenantId: string): string | undefined {
  // Own keys only: an id such as "constructor" must not find Object.prototype's members.
  return Object.hasOwn(accessed, tenantId) ? accessed[tenantId] : undefined;
}

/** Remembers that the tenant is being opened now; returns the updated times. */
export function recordTenantAccess(storage: StorageLike, tenantId: string, now: Date = new Date()): AccessedTenants {
  const accessed = { ...readAccessedTenants(storage), [tenantId]: now.toISOString() };
  try {
    storage.setItem(ACCESSED_TENANTS_KEY, JSON.stringify(accessed));
  } catch {
    // Storage full or blocked (private mode): opening the tenant matters more than the label.
  }
  return accessed;
}

const noStorage: StorageLike = { getItem: () => null, setItem: () => {} };

/** The browser's local storage, or a stand-in that remembers nothing where access is refused. */
export function browserLocalStorage(): StorageLike {
  try {
    return window.localStorage;
  } catch {
    return noStorage;
  }
}
