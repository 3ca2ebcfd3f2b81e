import type { KeyValue } from '@helios/api';
import { asc, eq } from 'drizzle-orm';
import type { Context } from '../context';
import { tenantSettings, tenants } from '../db/schema';
import { errorForLog } from '../http/errors';

/** Store channel on which nodes tell each other to drop their settings cache. */
export const SETTINGS_CACHE_CHANNEL = 'tenant-settings-cache';
/** Safety net: an entry is re-read after this long even if an invalidation was missed (a
 * node briefly cut off from Redis pub/sub). */
export const SETTINGS_CACHE_MS = 5 * 60_000;

type Entry = { settings: Promise<KeyValue[] | null>; expiresAt: number };

/**
 * The settings of each tenant as instances read them, cached in this process by slug. Every
 * write of a setting (on any node) and the admin's "clear cache" drop the cache here and, over
 * the store's pub/sub (Redis when REDIS_URL is set), on every other node.
 */
export class SettingsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ctx: Context) {}

  async listen(): Promise<void> {
    await this.ctx.store.subscribe(SETTINGS_CACHE_CHANNEL, () => this.clearLocal());
  }

  /** Settings of the tenant with this slug (sorted by key), or null when there is none. */
  get(slug: string): Promise<KeyValue[] | null> {
    const now = Date.now();
    const cached = this.entries.get(slug);
    if (cached && cached.expiresAt > now) return cached.settings;
    const settings = this.load(slug);
    const entry: Entry = { settings, expiresAt: now + SETTINGS_CACHE_MS };
    this.entries.set(slug, entry);
    // Unknown slugs and failed reads are not kept: callers of a public endpoint must not be
    // able to fill memory, and an outage must not be remembered.
    settings.then(
      (value) => {
        if (value === null && this.entries.get(slug) === entry) this.entries.delete(slug);
      },
      () => {
        if (this.entries.get(slug) === entry) this.entries.delete(slug);
      },
    );
    return settings;
  }

  private async load(slug: string): Promise<KeyValue[] | null> {
    const [tenant] = await this.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
    if (!tenant) return null;
    return this.ctx.db
      .select({ key: tenantSettings.key, value: tenantSettings.value })
      .from(tenantSettings)
      .where(eq(tenantSettings.tenantId, tenant.id))
      .orderBy(asc(tenantSettings.key));
  }

  /** Drops this node's cache. A read already under way is dropped too (it was removed from the
   * map), so it cannot put an old value back. */
  clearLocal(): void {
    this.entries.clear();
  }

  /** Drops the cache on this node and tells every other node to drop theirs; throws when the
   * other nodes cannot be told (the admin's "clear cache", whose whole point that is). */
  async clearEverywhere(): Promise<void> {
    this.clearLocal();
    await this.ctx.store.publish(SETTINGS_CACHE_CHANNEL, 'clear');
  }

  /** After a write of settings: like `clearEverywhere`, but never throws — the write is already
   * saved, so a store outage must not turn it into an error. It is logged, and the other nodes
   * catch up when their entries expire (SETTINGS_CACHE_MS). */
  async changed(): Promise<void> {
    try {
      await this.clearEverywhere();
    } catch (error) {
      this.ctx.log.warn(
        { err: errorForLog(error) },
        'settings change not broadcast; other nodes catch up within 5 minutes',
      );
    }
  }

  /** Number of cached tenants on this node (diagnostics and tests). */
  get size(): number {
    return this.entries.size;
  }
}
