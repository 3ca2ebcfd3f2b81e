import { describe, expect, test } from 'vitest';
import { type Store, withLock, withLockedRead } from './store';
import { testStores } from './test-stores';

/** Locks and sets must behave the same on Redis and on the in-process store. */
const { open: openStore } = testStores();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('locks in the store', () => {
  test('a key is deleted only while it holds the given value', async () => {
    const store = await openStore();
    await store.set('held', 'mine', 60_000);
    expect(await store.delIfEquals('held', 'theirs')).toBe(false);
    expect(await store.get('held')).toBe('mine');
    expect(await store.delIfEquals('held', 'mine')).toBe(true);
    expect(await store.get('held')).toBeNull();
    expect(await store.delIfEquals('held', 'mine')).toBe(false);
  });

  test('replace writes only over a key that exists, so a deleted record is not brought back', async () => {
    const store = await openStore();
    expect(await store.replace('record', 'late write', 60_000)).toBe(false);
    expect(await store.get('record')).toBeNull();
    await store.set('record', 'first', 60_000);
    expect(await store.replace('record', 'second', 120_000)).toBe(true);
    expect(await store.get('record')).toBe('second');
    expect(await store.ttl('record')).toBeGreaterThan(60_000);
  });

  test('two holders of one lock never overlap, and the lock is gone after both', async () => {
    const store = await openStore();
    const events: string[] = [];
    const hold = (name: string) =>
      withLock(store, 'record', async () => {
        events.push(`${name} in`);
        await sleep(30);
        events.push(`${name} out`);
        return name;
      });
    expect(await Promise.all([hold('a'), hold('b')])).toEqual(['a', 'b']);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out']);
    expect(await store.get('lock:record')).toBeNull();
  });

  test('a holder that outlives its lock does not release the lock taken after it expired', async () => {
    const store = await openStore();
    let finishSecond = () => {};
    const secondHolds = new Promise<void>((resolve) => {
      finishSecond = resolve;
    });
    let secondIn = false;
    // The first holds its 100 ms lock for 300 ms (a step stalled on a slow database, say).
    const first = withLock(store, 'slow', () => sleep(300), 100);
    await sleep(20);
    const second = withLock(
      store,
      'slow',
      async () => {
        secondIn = true;
        await secondHolds;
      },
      5_000,
    );
    await first;
    expect(secondIn).toBe(true);
    // The first's release left the second's lock in place: a third request still waits.
    expect(await store.get('lock:slow')).not.toBeNull();
    expect(await store.setIfAbsent('lock:slow', 'third', 5_000)).toBe(false);
    finishSecond();
    await second;
    expect(await store.get('lock:slow')).toBeNull();
  });

  test('a holder that reads under the lock sees what the holder before it wrote: no update is lost', async () => {
    const store = await openStore();
    await store.set('counter', '0', 60_000);
    const bump = () =>
      withLockedRead(store, 'counter', async (value) => {
        await sleep(20);
        await store.set('counter', String(Number(value) + 1), 60_000);
      });
    await Promise.all([bump(), bump(), bump()]);
    expect(await store.get('counter')).toBe('3');
    expect(await store.get('lock:counter')).toBeNull();
  });

  /** The store, with the order of the lock's command, its answer and reads written down. */
  function watched(store: Store, events: string[], failRead = false): Store {
    return new Proxy(store, {
      get(target, property) {
        const value = Reflect.get(target, property) as unknown;
        if (property === 'setIfAbsent')
          return async (...args: Parameters<Store['setIfAbsent']>) => {
            events.push('lock sent');
            const taken = await target.setIfAbsent(...args);
            events.push('lock answered');
            return taken;
          };
        if (property === 'get')
          return (key: string) => {
            events.push('read sent');
            return failRead ? Promise.reject(new Error('read failed')) : target.get(key);
          };
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  test('the read goes out with the lock’s command, before its answer: one round trip', async () => {
    const store = await openStore();
    await store.set('record', 'stored', 60_000);
    const events: string[] = [];
    expect(await withLockedRead(watched(store, events), 'record', async (value) => value)).toBe('stored');
    expect(events).toEqual(['lock sent', 'read sent', 'lock answered']);
  });

  test('a read that fails fails the holder and leaves no lock behind', async () => {
    const store = await openStore();
    let ran = false;
    const failing = withLockedRead(watched(store, [], true), 'broken', async () => {
      ran = true;
    });
    await expect(failing).rejects.toThrow('read failed');
    expect(ran).toBe(false);
    expect(await store.get('lock:broken')).toBeNull();
  });
});

describe('sets in the store', () => {
  test('a set gets an expiry with its first member, pushed out by later adds and never shortened', async () => {
    const store = await openStore();
    await store.addToSet('sessions', 'a', 10_000);
    const first = (await store.ttl('sessions')) ?? 0;
    expect(first).toBeGreaterThan(9_000);
    expect(first).toBeLessThanOrEqual(10_000);
    await store.addToSet('sessions', 'b', 60_000);
    expect(await store.ttl('sessions')).toBeGreaterThan(59_000);
    await store.addToSet('sessions', 'c', 1_000);
    expect(await store.ttl('sessions')).toBeGreaterThan(59_000);
    expect((await store.members('sessions')).sort()).toEqual(['a', 'b', 'c']);
    await store.removeFromSet('sessions', 'b');
    expect((await store.members('sessions')).sort()).toEqual(['a', 'c']);
  });
});

describe('order of commands', () => {
  test('commands issued in one turn apply in the order they were issued, counters and sets included', async () => {
    const store = await openStore();
    await store.addToSet('ordered-set', 'member', 60_000);
    await store.incr('ordered-count', 60_000);
    // A removal, then an add, of the same member; a deletion, then a count, of the same counter.
    await Promise.all([
      store.removeFromSet('ordered-set', 'member'),
      store.addToSet('ordered-set', 'member', 60_000),
      store.del('ordered-count'),
      store.incr('ordered-count', 60_000),
    ]);
    expect(await store.members('ordered-set')).toEqual(['member']);
    expect((await store.incr('ordered-count', 60_000)).count).toBe(2);
  });
});
