import type { FastifyRequest } from 'fastify';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Context } from '../context';
import { errors } from '../http/errors';
import type { RedisStore } from '../store/redis-store';
import { type Store, StoreUnavailableError } from '../store/store';

/** A limit: at most `limit` requests per subject in a fixed window of `windowMs` (whole seconds),
 * which starts with the subject's first request. Rules are told apart by name. */
export type RateRule = { name: string; limit: number; windowMs: number };

/** Per-client limits on unauthenticated endpoints. With Redis every node shares the counts. */
export const rateRules = {
  ping: { name: 'ping', limit: 300, windowMs: 60_000 },
  start: { name: 'start', limit: 30, windowMs: 60_000 },
  verify: { name: 'verify', limit: 60, windowMs: 60_000 },
  resetRequest: { name: 'reset-request', limit: 10, windowMs: 15 * 60_000 },
  resetToken: { name: 'reset-token', limit: 30, windowMs: 60_000 },
  /** Instances reading settings and notifications (several instances may share an address). */
  instance: { name: 'instance', limit: 1200, windowMs: 60_000 },
  clavis: { name: 'clavis', limit: 60, windowMs: 60_000 },
  /** "Download my data", per account: each export reads every table about the account. */
  dataExport: { name: 'data-export', limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateRule>;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Each store's limiters, one per rule name: an in-process store's counts live in this process
 * and go with the store, a Redis store's in its Redis. */
const limitersOf = new WeakMap<Store, Map<string, RateLimiterAbstract>>();

function isRedis(store: Store): store is RedisStore {
  return store.kind === 'redis';
}

function createLimiter(store: Store, rule: RateRule): RateLimiterAbstract {
  const window = { points: rule.limit, duration: rule.windowMs / 1000 };
  if (!isRedis(store)) return new RateLimiterMemory({ ...window, keyPrefix: `rate:${rule.name}` });
  const { client, prefix } = store.connection();
  // No insurance limiter: while Redis is down a check fails, and the request with it (503),
  // instead of each node counting on its own and letting a guesser try n times the limit.
  return new RateLimiterRedis({
    ...window,
    storeClient: client,
    keyPrefix: `${prefix}rate:${rule.name}`,
    rejectIfRedisNotReady: true,
  });
}

function limiterFor(store: Store, rule: RateRule): RateLimiterAbstract {
  let limiters = limitersOf.get(store);
  if (!limiters) {
    limiters = new Map();
    limitersOf.set(store, limiters);
  }
  let limiter = limiters.get(rule.name);
  if (!limiter) {
    limiter = createLimiter(store, rule);
    limiters.set(rule.name, limiter);
  }
  return limiter;
}

/** Counts one request of `subject` under `rule`. Throws StoreUnavailableError when the count
 * cannot be made (Redis down), so a request is never let through uncounted. */
export async function consume(store: Store, rule: RateRule, subject: string): Promise<RateDecision> {
  try {
    await limiterFor(store, rule).consume(subject);
    return { allowed: true };
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw new StoreUnavailableError(refusal);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}

/** The route-side check: `429 rate_limited` with `Retry-After` once `subject` (the client's
 * address unless given) is over the rule's limit; nothing when RATE_LIMIT is off. */
export async function limit(ctx: Context, request: FastifyRequest, rule: RateRule, subject = request.ip) {
  if (!ctx.config.rateLimit) return;
  const decision = await consume(ctx.store, rule, subject);
  if (!decision.allowed) throw errors.rateLimited(decision.retryAfterSeconds);
}
