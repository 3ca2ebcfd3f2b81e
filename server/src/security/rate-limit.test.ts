import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MemoryStore } from '../store/memory-store';
import { RedisStore } from '../store/redis-store';
import { StoreUnavailableError } from '../store/store';
import { redisUrl, testStores } from '../store/test-stores';
import { consume, type RateRule } from './rate-limit';

const { prefix, keep, redis } = testStores();

const threePerMinute: RateRule = { name: 'three', limit: 3, windowMs: 60_000 };
const tenPerMinute: RateRule = { name: 'ten', limit: 10, windowMs: 60_000 };

async function spend(store: Parameters<typeof consume>[0], rule: RateRule, subject: string, times: number) {
  const decisions = [];
  for (let i = 0; i < times; i++) decisions.push(await consume(store, rule, subject));
  return decisions;
}

describe('rate limits in one process', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-01T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('the request after the limit is refused, with a Retry-After that counts down to the end of the window', async () => {
    const store = keep(new MemoryStore());
    expect(await spend(store, threePerMinute, '192.0.2.1', 3)).toEqual(Array(3).fill({ allowed: true }));
    expect(await consume(store, threePerMinute, '192.0.2.1')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    vi.advanceTimersByTime(20_000);
    expect(await consume(store, threePerMinute, '192.0.2.1')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    vi.advanceTimersByTime(39_500);
    expect(await consume(store, threePerMinute, '192.0.2.1')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  test('the window is fixed: refusals do not extend it, and when it ends the full limit is back', async () => {
    const store = keep(new MemoryStore());
    await spend(store, threePerMinute, '192.0.2.1', 3);
    vi.advanceTimersByTime(30_000);
    await spend(store, threePerMinute, '192.0.2.1', 5);
    vi.advanceTimersByTime(30_000);
    expect(await spend(store, threePerMinute, '192.0.2.1', 3)).toEqual(Array(3).fill({ allowed: true }));
    expect(await consume(store, threePerMinute, '192.0.2.1')).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  test('subjects, rules and stores are counted apart', async () => {
    const store = keep(new MemoryStore());
    await spend(store, threePerMinute, '192.0.2.1', 3);
    expect((await consume(store, threePerMinute, '192.0.2.1')).allowed).toBe(false);
    expect((await consume(store, threePerMinute, '192.0.2.2')).allowed).toBe(true);
    expect((await consume(store, threePerMinute, 'tfa:an-account')).allowed).toBe(true);
    expect((await consume(store, tenPerMinute, '192.0.2.1')).allowed).toBe(true);
    expect((await consume(keep(new MemoryStore()), threePerMinute, '192.0.2.1')).allowed).toBe(true);
  });
});

// Runs in the PostgreSQL + Redis run (REDIS_URL set).
describe.runIf(redisUrl)('rate limits in Redis', () => {
  test('two nodes share one count: the limit is spent across both', async () => {
    const [a, b] = await Promise.all([redis(), redis()]);
    const subject = '198.51.100.7';
    const decisions = [];
    for (let i = 0; i < 10; i++) decisions.push(await consume(i % 2 === 0 ? a : b, tenPerMinute, subject));
    expect(decisions).toEqual(Array(10).fill({ allowed: true }));
    for (const node of [a, b]) {
      const refused = await consume(node, tenPerMinute, subject);
      expect(refused.allowed).toBe(false);
      expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(55);
    }
  });

  test("the count lives under the store's key prefix and expires with the window", async () => {
    const store = await redis();
    await consume(store, threePerMinute, '203.0.113.9');
    const left = await store.ttl('rate:three:203.0.113.9');
    expect(left).toBeGreaterThan(55_000);
    expect(left).toBeLessThanOrEqual(60_000);
  });
});

test('a check that cannot reach Redis fails as the store does, never as an allowed request', async () => {
  const unreachable = keep(new RedisStore('redis://127.0.0.1:1', prefix));
  await expect(consume(unreachable, threePerMinute, '192.0.2.1')).rejects.toBeInstanceOf(StoreUnavailableError);
});
