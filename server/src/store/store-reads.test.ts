import { Redis } from 'ioredis';
import { describe, expect, test } from 'vitest';
import { eventually } from '../../test/eventually';
import { RedisStore } from './redis-store';
import { StoreUnavailableError } from './store';
import { redisUrl, testStores } from './test-stores';

/** The store a deployment runs on: what a read answers must not depend on which. */
const { prefix, keep, open: openStore } = testStores();

/** The commands Redis receives under this test's prefix, as Redis's MONITOR reports them. */
async function watchRedis(url: string) {
  const watcher = new Redis(url);
  const monitor = await watcher.monitor();
  const seen: string[][] = [];
  monitor.on('monitor', (_time: string, args: string[]) => {
    if (args.some((arg) => arg.startsWith(prefix))) seen.push(args.map((arg) => arg.replace(prefix, '')));
  });
  keep({ close: () => monitor.disconnect() });
  keep({ close: () => watcher.disconnect() });
  return seen;
}

describe('reads from the store', () => {
  test('concurrent reads each answer their own key, missing keys null', async () => {
    const store = await openStore();
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.set(`read:${i}`, `value ${i}`, 60_000)));
    const keys = [...Array.from({ length: 20 }, (_, i) => `read:${i}`), 'read:missing'];
    const values = await Promise.all(keys.map((key) => store.get(key)));
    expect(values).toEqual([...Array.from({ length: 20 }, (_, i) => `value ${i}`), null]);
  });

  test('commands keep the order they were issued in, reads included', async () => {
    const store = await openStore();
    await store.set('order', 'before', 60_000);
    // Not awaited in between: issued in one turn, in this order.
    const first = store.get('order');
    const written = store.set('order', 'after', 60_000);
    const second = store.get('order');
    const taken = store.take('order');
    const third = store.get('order');
    await written;
    expect([await first, await second, await taken, await third]).toEqual(['before', 'after', 'after', null]);
  });

  test.runIf(redisUrl)('reads issued in one turn reach Redis as one MGET', async () => {
    const seen = await watchRedis(redisUrl as string);
    const store = await openStore();
    await store.set('batched:a', '1', 60_000);
    await store.set('batched:b', '2', 60_000);
    // MONITOR reports a moment after Redis has answered.
    await eventually('the writes seen', async () => seen.at(-1)?.[1] === 'batched:b');
    seen.length = 0;
    expect(await Promise.all(['batched:a', 'batched:b', 'batched:c'].map((key) => store.get(key)))).toEqual([
      '1',
      '2',
      null,
    ]);
    expect(await store.get('batched:a')).toBe('1');
    await eventually('the reads seen', async () => seen.length >= 2);
    expect(seen).toEqual([
      ['mget', 'batched:a', 'batched:b', 'batched:c'],
      ['get', 'batched:a'],
    ]);
  });

  test.runIf(redisUrl)('every read of a batch fails as unavailable when Redis cannot answer', async () => {
    // Nothing listens on port 1: the connection is refused.
    const store = keep(new RedisStore('redis://127.0.0.1:1', prefix));
    const reads = ['a', 'b'].map((key) => store.get(key));
    for (const read of reads) await expect(read).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
