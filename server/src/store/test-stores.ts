import { randomBytes } from 'node:crypto';
import { afterEach } from 'vitest';
import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import type { Store } from './store';

/** Set in the PostgreSQL + Redis run: the store tests then run against Redis. */
export const redisUrl = process.env.REDIS_URL;

/**
 * The stores a test file of the store works with: Redis under a fresh key prefix when
 * `REDIS_URL` is set, else the in-process store, so a behaviour is checked on both. Whatever is
 * opened (or handed to `keep`) is closed after each test.
 */
export function testStores() {
  const prefix = `helios-test:${randomBytes(6).toString('hex')}:`;
  const opened: { close: () => unknown }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((each) => each.close()));
  });
  /** Closes `closeable` after the test. */
  function keep<T extends { close: () => unknown }>(closeable: T): T {
    opened.push(closeable);
    return closeable;
  }
  /** A connected Redis store under this file's prefix. */
  async function redis(): Promise<RedisStore> {
    const store = keep(new RedisStore(redisUrl as string, prefix));
    await store.ready();
    return store;
  }
  /** One store: Redis when configured, else an in-process one. */
  const open = async (): Promise<Store> => (redisUrl ? redis() : keep(new MemoryStore()));
  return { prefix, keep, redis, open };
}
