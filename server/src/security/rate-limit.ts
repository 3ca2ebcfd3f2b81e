import type { Store } from '../store/store';

export type RateRule = { name: string; limit: number; windowMs: number };

/** Per-client limits on unauthenticated endpoints. Counts live in the store, so every node
 * shares them. */
export const rateRules = {
  ping: { name: 'ping', limit: 300, windowMs: 60_000 },
  start: { name: 'start', limit: 30, windowMs: 60_000 },
  verify: { name: 'verify', limit: 60, windowMs: 60_000 },
  resetRequest: { name: 'reset-request', limit: 10, windowMs: 15 * 60_000 },
  resetToken: { name: 'reset-token', limit: 30, windowMs: 60_000 },
  /** Instances reading settings and notifications (several instances may share an address). */
  instance: { name: 'instance', limit: 1200, windowMs: 60_000 },
  clavis: { name: 'clavis', limit: 60, windowMs: 60_000 },
} satisfies Record<string, RateRule>;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function consume(store: Store, rule: RateRule, subject: string): Promise<RateDecision> {
  const { count, ttlMs } = await store.incr(`rate:${rule.name}:${subject}`, rule.windowMs);
  if (count <= rule.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
}
