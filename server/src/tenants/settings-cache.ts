import type { KeyValue } from '@helios/api';
import { asc, eq } from 'drizzle-orm';
import type { Context } from '../context';
import { tenantSettings, tenants } from '../db/schema';
import { errorForLog } from '../http/errors';
import { BroadcastCache } from '../store/broadcast-cache';

/** Store channel on which nodes tell each other to drop their settings cache. */
export const SETTINGS_CACHE_CHANNEL = 'tenant-settings-cache';
/** Safety net: an entry is re-read after this long even if an invalidation was missed (a
 * node briefly cut off from Redis pub/sub). */
export const SETTINGS_CACHE_MS = 5 * 60_000;

/**
 * The settings of each tenant as instances read them, cached in this process by slug. Every
 * write of a setting (on any node) and the admin's "clear cache" drop the whole cache on every
 * node (see BroadcastCache).
 */
export class SettingsCache extends BroadcastCache<KeyValue[]> {
  constructor(ctx: Context) {
    super(ctx.store, {
      channel: SETTINGS_CACHE_CHANNEL,
      ttlMs: SETTINGS_CACHE_MS,
      load: (slug) => loadSettings(ctx, slug),
      onMissedBroadcast: (error) =>
        ctx.log.warn(
          { err: errorForLog(error) },
          'settings change not broadcast; other nodes catch up within 5 minutes',
        ),
    });
  }

  /** Drops the cache on every node; throws when the other nodes cannot be told (the admin's
   * "clear cache", whose whole point that is). After a write of settings, use `changed()`. */
  clearEverywhere(): Promise<void> {
    return this.dropEverywhere();
  }
}

/** Settings of the tenant with this slug (sorted by key), or null when there is none. */
async function loadSettings(ctx: Context, slug: string): Promise<KeyValue[] | null> {
  const [tenant] = await ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
  if (!tenant) return null;
  return ctx.db
    .select({ key: tenantSettings.key, value: tenantSettings.value })
    .from(tenantSettings)
    .where(eq(tenantSettings.tenantId, tenant.id))
    .orderBy(asc(tenantSettings.key));
}
