import { describe, expect, test } from 'vitest';
import { eventually } from '../../test/eventually';
import { BroadcastCache } from './broadcast-cache';
import { MemoryStore } from './memory-store';
import type { Store } from './store';
import { redisUrl, testStores } from './test-stores';

/** Two nodes' stores: on Redis, where a node's own messages come back to it a moment later; else
 * one in-process store shared by both. */
const { keep, redis } = testStores();

async function twoStores(): Promise<[Store, Store]> {
  if (!redisUrl) {
    const shared = keep(new MemoryStore());
    return [shared, shared];
  }
  return Promise.all([redis(), redis()]);
}

const CHANNEL = 'test-cache';

/** A cache over a value the test changes "in the database", counting the reads. */
async function node(store: Store, source: Map<string, string>) {
  let loads = 0;
  const cache = new BroadcastCache<string>(store, {
    channel: CHANNEL,
    ttlMs: 60_000,
    load: async (key) => {
      loads += 1;
      return source.get(key) ?? null;
    },
  });
  await cache.listen();
  // Subscribed after the cache: once this hears a message, the cache has handled it.
  const heard: string[] = [];
  await store.subscribe(CHANNEL, (message) => heard.push(message));
  return { cache, heard, loads: () => loads };
}

describe('a cache dropped on every node', () => {
  test("a node's own message, coming back after the change, does not drop the value read since", async () => {
    const [store] = await twoStores();
    const source = new Map([['k', 'v1']]);
    const a = await node(store, source);
    expect(await a.cache.get('k')).toBe('v1');

    source.set('k', 'v2');
    await a.cache.changed('k');
    expect(await a.cache.get('k')).toBe('v2');
    await eventually('its own message back', async () => a.heard.length === 1);

    // Changed "behind the cache's back": still the cached value, read once after the change.
    source.set('k', 'v3');
    expect(await a.cache.get('k')).toBe('v2');
    expect(a.loads()).toBe(2);
  });

  test("another node's change drops this node's entry, one key or all of them", async () => {
    const [storeA, storeB] = await twoStores();
    const source = new Map([
      ['k', 'v1'],
      ['other', 'o1'],
    ]);
    const a = await node(storeA, source);
    const b = await node(storeB, source);
    expect(await b.cache.get('k')).toBe('v1');
    expect(await b.cache.get('other')).toBe('o1');

    source.set('k', 'v2');
    await a.cache.changed('k');
    await eventually('the message on node B', async () => b.heard.length === 1);
    expect(await b.cache.get('k')).toBe('v2');
    expect(b.loads()).toBe(3);

    source.set('k', 'v3');
    source.set('other', 'o2');
    await a.cache.dropEverywhere();
    await eventually('the second message on node B', async () => b.heard.length === 2);
    expect(await b.cache.get('k')).toBe('v3');
    expect(await b.cache.get('other')).toBe('o2');
  });
});
