import { describe, expect, test } from 'vitest';
import { retryDelay } from './retry';

const policy = { firstMs: 1_000, maxMs: 60_000 };

describe('retryDelay', () => {
  test('doubles with each failure, between half and all of the doubled wait', () => {
    expect([1, 2, 3, 4].map((failures) => retryDelay(failures, policy, () => 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([1, 2, 3, 4].map((failures) => retryDelay(failures, policy, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  test('never waits longer than the cap, however many tries failed', () => {
    expect(retryDelay(7, policy, () => 1)).toBe(60_000);
    expect(retryDelay(1_000, policy, () => 1)).toBe(60_000);
    expect(retryDelay(1_000, policy, () => 0)).toBe(30_000);
  });

  test('spreads the waits of mail that failed together', () => {
    const waits = new Set(Array.from({ length: 20 }, () => retryDelay(3, policy)));
    expect(waits.size).toBeGreaterThan(1);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(2_000);
      expect(wait).toBeLessThanOrEqual(4_000);
    }
  });
});
