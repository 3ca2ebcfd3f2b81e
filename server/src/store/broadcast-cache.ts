import { randomBytes } from 'node:crypto';
import type { Store } from './store';

/** The key that drops every entry. */
const ALL = '*';

type Entry<V> = { value: Promise<V | null>; expiresAt: number };

export type BroadcastCacheOptions<V> = {
  /** Store channel on which the nodes tell each other what to drop. */
  channel: string;
  /** Safety net: an entry is read again after this long even if a message was missed (a node
   * briefly cut off from Redis pub/sub). */
  ttlMs: number;
  /** Entries kept per node; the oldest go first. */
  max?: number;
  load: (key: string) => Promise<V | null>;
  /** Told when a change could not be broadcast (the store unreachable). */
  onMissedBroadcast?: (error: unknown) => void;
};

/**
 * Values read from the database, cached in this process by key and dropped on every node when
 * they change: a change drops the entry here and publishes its key on the store's pub/sub (Redis
 * when REDIS_URL is set, an in-process event embedded), so every other node drops it too. A
 * message is `<sender> <key>`: a node skips its own, which Redis delivers back to it a moment
 * later and which would otherwise drop a value read again after the change.
 * Missing values (null) and failed reads are never kept: callers must not be able to fill memory
 * with unknown keys, and an outage must not be remembered. A read already under way when its
 * entry is dropped cannot put an old value back (it was removed from the map).
 */
export class BroadcastCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Names this cache (this node's) in the messages it sends. */
  private readonly sender = randomBytes(8).toString('hex');

  constructor(
    private readonly store: Store,
    private readonly options: BroadcastCacheOptions<V>,
  ) {}

  async listen(): Promise<void> {
    await this.store.subscribe(this.options.channel, (message) => {
      const space = message.indexOf(' ');
      if (space >= 0 && message.slice(0, space) === this.sender) return;
      // A bare key is a message from a node of an earlier release (during a rolling upgrade).
      const key = space >= 0 ? message.slice(space + 1) : message;
      if (key === ALL) this.clearLocal();
      else this.dropLocal(key);
    });
  }

  get(key: string): Promise<V | null> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    if (cached) this.entries.delete(key);
    const value = this.options.load(key);
    const entry: Entry<V> = { value, expiresAt: now + this.options.ttlMs };
    this.entries.set(key, entry);
    if (this.entries.size > (this.options.max ?? Number.POSITIVE_INFINITY)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then((found) => {
      if (found === null) forget();
    }, forget);
    return value;
  }

  dropLocal(key: string): void {
    this.entries.delete(key);
  }

  clearLocal(): void {
    this.entries.clear();
  }

  /** Drops the entry of `key` (every entry without one) on this node and tells every other node
   * to drop theirs; throws when the other nodes cannot be told. */
  async dropEverywhere(key?: string): Promise<void> {
    if (key === undefined) this.clearLocal();
    else this.dropLocal(key);
    await this.store.publish(this.options.channel, `${this.sender} ${key ?? ALL}`);
  }

  /** After a write: like `dropEverywhere`, but never throws — the write is already saved, so a
   * store outage must not turn it into an error. The miss is reported, and the other nodes catch
   * up when their entries expire (`ttlMs`). */
  async changed(key?: string): Promise<void> {
    try {
      await this.dropEverywhere(key);
    } catch (error) {
      this.options.onMissedBroadcast?.(error);
    }
  }

  /** Number of cached entries on this node (diagnostics and tests). */
  get size(): number {
    return this.entries.size;
  }
}
