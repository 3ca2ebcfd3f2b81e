import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Context } from '../src/context';
import { tenantSettings } from '../src/db/schema';
import type { Store } from '../src/store/store';
import { SettingsCache } from '../src/tenants/settings-cache';
import { createTenant } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

test('a settings write whose broadcast fails drops this node’s cache and is logged, not failed', async () => {
  const store: Store = Object.assign(Object.create(server.ctx.store), {
    publish: async () => {
      throw new Error('store unreachable');
    },
  });
  const warnings: string[] = [];
  const log = Object.assign(Object.create(server.ctx.log), {
    warn: (_fields: unknown, message: string) => warnings.push(message),
  });
  const ctx: Context = { ...server.ctx, store, log };
  const cache = new SettingsCache(ctx);
  const tenant = await createTenant(server.ctx, `cache${Date.now().toString(36)}`);
  await server.ctx.db.insert(tenantSettings).values({ tenantId: tenant.id, key: 'k', value: 'v1' });
  expect(await cache.get(tenant.slug)).toEqual([{ key: 'k', value: 'v1' }]);
  expect(cache.size).toBe(1);

  await expect(cache.changed()).resolves.toBeUndefined();
  expect(cache.size).toBe(0);
  expect(warnings).toEqual(['settings change not broadcast; other nodes catch up within 5 minutes']);
  // The admin's "clear cache" is about telling the other nodes: that one does fail.
  await expect(cache.clearEverywhere()).rejects.toThrow('store unreachable');
});
