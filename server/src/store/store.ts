import { randomToken } from '../security/tokens';

/**
 * Short-lived state with expiry: login sessions, one-time codes and their failure counts, locks,
 * portal sessions and remember-browser tokens. In-process by default, Redis when REDIS_URL is
 * set, so every node of a deployment sees the same state.
 *
 * A store that cannot answer (Redis down) throws StoreUnavailableError; callers let it become
 * a 503, so nothing that depends on a check is ever accepted unchecked.
 */
export interface Store {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when the key does not exist; true when it was set (locks, single use). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Sets only when the key exists, with a new expiry; true when it did (a write that must not
   * bring back a record deleted since it was read). */
  replace(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Reads and deletes in one step: a value can be taken once. */
  take(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<void>;
  /** Deletes `key` only while it holds `value`, in one step; true when it did (a lock's holder
   * releases its own lock, never one taken after its own expired). */
  delIfEquals(key: string, value: string): Promise<boolean>;
  /** Adds one; the first increment starts the expiry window. Returns the count and ms left. */
  incr(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Milliseconds left; null when the key does not exist. */
  ttl(key: string): Promise<number | null>;
  /** Set members with a shared expiry that is pushed out on every add. */
  addToSet(key: string, member: string, ttlMs: number): Promise<void>;
  removeFromSet(key: string, member: string): Promise<void>;
  members(key: string): Promise<string[]>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis';
}

export class StoreUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The session store is unavailable', { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** Runs `fn` while holding a short lock on `key`, so two requests cannot interleave a
 * read-modify-write of the same record (e.g. two verify calls on one login session). The lock
 * holds a random token and is released only while it still holds it: when `fn` outlives the
 * lock's expiry and another request has taken the lock since, that lock stays. The release is
 * sent when `fn` settles, without waiting for its answer. */
export function withLock<T>(store: Store, key: string, fn: () => Promise<T>, ttlMs = 10_000): Promise<T> {
  return locked(store, key, false, fn, ttlMs);
}

/**
 * `withLock` for a holder that starts by reading the locked record `key`: the read is sent right
 * after the lock's command, without waiting for its answer, and the holder gets its value. Redis
 * runs a connection's commands in order, so a read sent after a lock that was taken sees
 * everything the previous holder wrote; one round trip instead of two. A read made while another
 * request held the lock is dropped and made again with the next try.
 */
export function withLockedRead<T>(
  store: Store,
  key: string,
  fn: (value: string | null) => Promise<T>,
  ttlMs = 10_000,
): Promise<T> {
  return locked(store, key, true, fn, ttlMs);
}

async function locked<T>(
  store: Store,
  key: string,
  read: boolean,
  fn: (value: string | null) => Promise<T>,
  ttlMs: number,
): Promise<T> {
  const lockKey = `lock:${key}`;
  const token = randomToken(16);
  const deadline = Date.now() + ttlMs;
  for (;;) {
    const taking = store.setIfAbsent(lockKey, token, ttlMs);
    const reading = read ? store.get(key) : null;
    // Both are awaited, so a failed read never goes unhandled, nor leaves a taken lock behind.
    const [taken, value] = await Promise.allSettled([taking, reading]);
    if (taken.status === 'rejected') throw taken.reason;
    if (taken.value) {
      try {
        if (value.status === 'rejected') throw value.reason;
        return await fn(value.value);
      } finally {
        // The holder's answer does not wait for the release. The release goes out on this node's
        // connection ahead of anything it sends later, and a request elsewhere that still finds
        // the lock tries again; a release that fails leaves the lock to expire after `ttlMs`.
        store.delIfEquals(lockKey, token).catch(() => {});
      }
    }
    if (Date.now() > deadline) throw new StoreUnavailableError(new Error(`lock ${key} not acquired`));
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

/** A stored JSON value, or null when there is none. */
export function fromJson<T>(raw: string | null): T | null {
  return raw === null ? null : (JSON.parse(raw) as T);
}

export async function getJson<T>(store: Store, key: string): Promise<T | null> {
  return fromJson<T>(await store.get(key));
}

export async function setJson(store: Store, key: string, value: unknown, ttlMs: number): Promise<void> {
  await store.set(key, JSON.stringify(value), ttlMs);
}
