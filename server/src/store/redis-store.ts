import { Redis } from 'ioredis';
import { type Store, StoreUnavailableError } from './store';

/*
 * Steps that must happen together are scripts: Redis runs a script as one step, and a script goes
 * through ioredis's pipeline like any other command, so it keeps its place in the order commands
 * were issued (a MULTI is sent at once, ahead of commands queued before it in the same turn).
 */

/** Deletes KEYS[1] only while it holds ARGV[1]. */
const DEL_IF_EQUALS =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** Counts KEYS[1] up; the count's window (ARGV[1] ms) starts with its first count. Answers the
 * count and the milliseconds left. */
const INCR_IN_WINDOW = `local count = redis.call('incr', KEYS[1])
redis.call('pexpire', KEYS[1], ARGV[1], 'NX')
return {count, redis.call('pttl', KEYS[1])}`;

/** Adds ARGV[1] to the set KEYS[1]: a new set gets its first expiry (NX), an existing one is
 * pushed out to ARGV[2] ms (GT, which leaves a key without expiry untouched), and no set is ever
 * left without one. */
const ADD_TO_SET = `redis.call('sadd', KEYS[1], ARGV[1])
redis.call('pexpire', KEYS[1], ARGV[2], 'NX')
redis.call('pexpire', KEYS[1], ARGV[2], 'GT')
return 1`;

/** A Redis address as it may be shown: without its password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured Redis';
  }
}

/** Why a Redis server (its `INFO server` answer) cannot serve Helios, or null: Helios needs 7.0
 * or later (`GETDEL`, `PEXPIRE` with `NX` and `GT`). A server that does not tell its version is
 * given the benefit of the doubt. */
export function redisProblem(info: string): string | null {
  const version = /^redis_version:(\d+)\.(\d+)/m.exec(info);
  if (!version) return null;
  const [major, minor] = [Number(version[1]), Number(version[2])];
  return major >= 7 ? null : `Redis ${major}.${minor} is too old: Helios needs Redis 7.0 or later`;
}

function unavailable(error: unknown): never {
  throw new StoreUnavailableError(error);
}

/** Redis-backed store shared by every node. Commands fail fast while Redis is down (no offline
 * queue), which callers turn into 503s; ioredis reconnects on its own when Redis returns. */
export class RedisStore implements Store {
  readonly kind = 'redis' as const;
  private readonly client: Redis;
  private subscriber: Redis | null = null;
  private readonly handlers = new Map<string, ((message: string) => void)[]>();
  private pendingGets: { key: string; resolve: (value: string | null) => void; reject: (error: unknown) => void }[] =
    [];

  constructor(
    private readonly url: string,
    private readonly prefix = 'helios:',
  ) {
    // Commands issued in the same tick (by concurrent requests) go out in one write, in the order
    // they were issued.
    this.client = RedisStore.connect(url, { enableAutoPipelining: true, enableOfflineQueue: false });
  }

  private static connect(url: string, options: { enableAutoPipelining: boolean; enableOfflineQueue: boolean }): Redis {
    const client = new Redis(url, {
      ...options,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    // Errors surface on the commands that fail; the connection itself retries.
    client.on('error', () => {});
    return client;
  }

  /** Waits for the first connection, then checks that Redis can serve Helios (`redisProblem`),
   * so start-up fails clearly when Redis is unreachable, too old or refuses scripts. */
  async ready(timeoutMs = 5_000): Promise<void> {
    if (this.client.status !== 'ready') {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new StoreUnavailableError(new Error(`Redis not reachable at ${redactUrl(this.url)}`))),
          timeoutMs,
        );
        this.client.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    // A server that does not answer INFO (some managed services restrict it) is not refused.
    const info = await this.client.info('server').catch(() => '');
    const problem = redisProblem(info);
    if (problem) throw new Error(`${problem} (${redactUrl(this.url)})`);
    const scripted = await this.client.eval('return 1', 0).then(
      () => true,
      () => false,
    );
    if (!scripted)
      throw new Error(
        `Redis at ${redactUrl(this.url)} refuses scripts (EVAL): Helios keeps its locks, counters and sets with them; allow scripting`,
      );
  }

  /** A command's answer, sent after the reads queued before it; any failure, thrown or
   * rejected, becomes StoreUnavailableError. */
  private run<T>(command: () => Promise<T>): Promise<T> {
    this.sendGets();
    return this.send(command);
  }

  private send<T>(command: () => Promise<T>): Promise<T> {
    try {
      return command().catch(unavailable);
    } catch (error) {
      return Promise.reject(new StoreUnavailableError(error));
    }
  }

  private k(key: string) {
    return this.prefix + key;
  }

  /**
   * Reads asked for during one turn of the event loop (concurrent requests checking their
   * sessions, mostly) go to Redis after that turn as one MGET: one command for Redis to read and
   * answer instead of one per request. ioredis's own pipelining gathers only what one callback
   * issues, and each request arrives in its own callback. Any other command first sends the reads
   * queued before it, and the reads join ioredis's pipeline as the other commands do, so commands
   * still reach Redis in the order they were issued.
   */
  get(key: string) {
    return new Promise<string | null>((resolve, reject) => {
      if (this.pendingGets.length === 0) setImmediate(() => this.sendGets());
      this.pendingGets.push({ key: this.k(key), resolve, reject });
    });
  }

  private sendGets() {
    const batch = this.pendingGets;
    if (batch.length === 0) return;
    this.pendingGets = [];
    const [only] = batch;
    const values =
      batch.length === 1 && only
        ? this.send(() => this.client.get(only.key)).then((value) => [value])
        : this.send(() => this.client.mget(batch.map((get) => get.key)));
    values.then(
      (answered) => {
        for (const [i, get] of batch.entries()) get.resolve(answered[i] ?? null);
      },
      (error: unknown) => {
        for (const get of batch) get.reject(error);
      },
    );
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.run(() => this.client.set(this.k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs))));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    const result = await this.run(() => this.client.set(this.k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'));
    return result === 'OK';
  }

  async replace(key: string, value: string, ttlMs: number) {
    const result = await this.run(() => this.client.set(this.k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'XX'));
    return result === 'OK';
  }

  take(key: string) {
    return this.run(() => this.client.getdel(this.k(key)));
  }

  async del(...keys: string[]) {
    if (keys.length > 0) await this.run(() => this.client.del(...keys.map((key) => this.k(key))));
  }

  async delIfEquals(key: string, value: string) {
    const deleted = await this.run(() => this.client.eval(DEL_IF_EQUALS, 1, this.k(key), value));
    return deleted === 1;
  }

  async incr(key: string, windowMs: number) {
    const answer = await this.run(() => this.client.eval(INCR_IN_WINDOW, 1, this.k(key), Math.ceil(windowMs)));
    const [count = 0, ttlMs = 0] = (answer as unknown[]).map(Number);
    return { count, ttlMs: ttlMs > 0 ? ttlMs : windowMs };
  }

  async ttl(key: string) {
    const ms = await this.run(() => this.client.pttl(this.k(key)));
    return ms < 0 ? null : ms;
  }

  async addToSet(key: string, member: string, ttlMs: number) {
    await this.run(() => this.client.eval(ADD_TO_SET, 1, this.k(key), member, Math.ceil(ttlMs)));
  }

  async removeFromSet(key: string, member: string) {
    await this.run(() => this.client.srem(this.k(key), member));
  }

  members(key: string) {
    return this.run(() => this.client.smembers(this.k(key)));
  }

  async publish(channel: string, message: string) {
    await this.run(() => this.client.publish(this.k(channel), message));
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    if (!this.subscriber) {
      // A subscriber queues its commands until connected (and subscribes again after reconnects).
      this.subscriber = RedisStore.connect(this.url, { enableAutoPipelining: false, enableOfflineQueue: true });
      this.subscriber.on('message', (full: string, message: string) => {
        for (const h of this.handlers.get(full) ?? []) h(message);
      });
    }
    const full = this.k(channel);
    this.handlers.set(full, [...(this.handlers.get(full) ?? []), handler]);
    await this.subscriber.subscribe(full);
  }

  async ping() {
    await this.run(() => this.client.ping());
  }

  /** This store's connection and key prefix, for the rate limiter (`security/rate-limit.ts`),
   * which keeps its counters under the prefix with commands of its own. On this connection they
   * fail at once while Redis is down, as the store's do, and `ready` has checked that Redis runs
   * the limiter's script. */
  connection(): { client: Redis; prefix: string } {
    return { client: this.client, prefix: this.prefix };
  }

  async close() {
    this.client.disconnect();
    this.subscriber?.disconnect();
  }
}
