import { describe, expect, test } from 'vitest';
import {
  ACCESSED_TENANTS_KEY,
  lastAccessOf,
  readAccessedTenants,
  recordTenantAccess,
  type StorageLike,
} from './accessed-tenants';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

describe('readAccessedTenants', () => {
  test('reads the stored access times', () => {
    const storage = memoryStorage({
      [ACCESSED_TENANTS_KEY]: JSON.stringify({ t1: '2026-06-15T08:00:00.000Z', t2: '2026-06-01T08:00:00.000Z' }),
    });
    expect(readAccessedTenants(storage)).toEqual({ t1: '2026-06-15T08:00:00.000Z', t2: '2026-06-01T08:00:00.000Z' });
  });

  test('nothing stored reads as no times', () => {
    expect(readAccessedTenants(memoryStorage())).toEqual({});
  });

  test.each([
    ['corrupt JSON', '{"t1": "2026-06-15'],
    ['an array', '["t1"]'],
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"t1"'],
  ])('%s reads as no times instead of throwing', (_, stored) => {
    expect(readAccessedTenants(memoryStorage({ [ACCESSED_TENANTS_KEY]: stored }))).toEqual({});
  });

  test('drops entries that are not dates and keeps the rest', () => {
    const storage = memoryStorage({
      [ACCESSED_TENANTS_KEY]: JSON.stringify({ good: '2026-06-15T08:00:00.000Z', number: 5, text: 'yesterday' }),
    });
    expect(readAccessedTenants(storage)).toEqual({ good: '2026-06-15T08:00:00.000Z' });
  });

  test('a storage that refuses access reads as no times', () => {
    const storage: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(readAccessedTenants(storage)).toEqual({});
  });
});

describe('recordTenantAccess', () => {
  const now = new Date('2026-06-15T10:30:00.000Z');

  test('stores the time for the tenant and keeps the others', () => {
    const storage = memoryStorage({ [ACCESSED_TENANTS_KEY]: JSON.stringify({ other: '2026-06-01T08:00:00.000Z' }) });
    const result = recordTenantAccess(storage, 't1', now);
    const expected = { other: '2026-06-01T08:00:00.000Z', t1: '2026-06-15T10:30:00.000Z' };
    expect(result).toEqual(expected);
    expect(JSON.parse(storage.data.get(ACCESSED_TENANTS_KEY) ?? '')).toEqual(expected);
  });

  test('replaces an earlier time of the same tenant', () => {
    const storage = memoryStorage({ [ACCESSED_TENANTS_KEY]: JSON.stringify({ t1: '2026-06-01T08:00:00.000Z' }) });
    recordTenantAccess(storage, 't1', now);
    expect(readAccessedTenants(storage)).toEqual({ t1: '2026-06-15T10:30:00.000Z' });
  });

  test('overwrites a corrupt value instead of failing', () => {
    const storage = memoryStorage({ [ACCESSED_TENANTS_KEY]: 'not json' });
    recordTenantAccess(storage, 't1', now);
    expect(readAccessedTenants(storage)).toEqual({ t1: '2026-06-15T10:30:00.000Z' });
  });

  test('a full or blocked storage does not throw', () => {
    const storage: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(recordTenantAccess(storage, 't1', now)).toEqual({ t1: '2026-06-15T10:30:00.000Z' });
  });
});

describe('lastAccessOf', () => {
  test('gives the time of a known tenant and undefined for an unknown one', () => {
    const accessed = { t1: '2026-06-15T08:00:00.000Z' };
    expect(lastAccessOf(accessed, 't1')).toBe('2026-06-15T08:00:00.000Z');
    expect(lastAccessOf(accessed, 't2')).toBeUndefined();
  });

  test('ids that name Object members are unknown, not functions', () => {
    expect(lastAccessOf({}, 'constructor')).toBeUndefined();
    expect(lastAccessOf({}, 'toString')).toBeUndefined();
  });
});
