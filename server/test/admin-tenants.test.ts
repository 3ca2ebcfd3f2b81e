import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@helios/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import { clavisKey } from '../src/clavis/clavis';
import { ConfigError, loadConfig } from '../src/config';
import { tenantSettings, tenants } from '../src/db/schema';
import { auditRows, failure, signedIn, signedInAdmin, uniqueSlug } from './admin-helpers';
import { eventually } from './eventually';
import { createAccount, createTenant } from './fixtures';
import { type Browser, backend, instanceHeaders, startTestServer, type TestServer } from './harness';
import { instanceOf } from './instance-client';

let server: TestServer;
let admin: { browser: Browser; account: Awaited<ReturnType<typeof createAccount>> };
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
});
afterAll(async () => {
  await server?.close();
});

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

describe('tenants', () => {
  test('list, search by name or slug (any case, at most 50) and one tenant with its figures', async () => {
    const word = `srch${Date.now().toString(36)}`;
    const bySlug = await createTenant(server.ctx, `${word}a`);
    const [byName] = await server.ctx.db
      .insert(tenants)
      .values({ name: `The ${word.toUpperCase()} Company`, slug: uniqueSlug(), url: 'https://x.example.com' })
      .returning();
    await createAccount(server.ctx, { tenants: [{ id: bySlug.id }] });
    await createAccount(server.ctx, { tenants: [{ id: bySlug.id }] });
    await createAccount(server.ctx, { tenants: [{ id: bySlug.id, active: false }] });

    const found = await admin.browser.api.call('searchTenants', { params: { term: word.toUpperCase() } });
    expect(found.map((t) => t.id).sort()).toEqual([bySlug.id, byName?.id].sort());
    expect(found.find((t) => t.id === bySlug.id)).toMatchObject({ user_count: 2, inactive_at: null });

    const list = await admin.browser.api.call('listTenants');
    expect(list.map((t) => t.id)).toContain(bySlug.id);
    const names = list.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const detail = await admin.browser.api.call('tenant', { params: { tenantId: bySlug.id } });
    expect(detail).toMatchObject({ id: bySlug.id, slug: bySlug.slug, user_count: 2, sms_credits: 0 });
    expect(detail.created_at).toMatch(/Z$/);

    const many = `many${Date.now().toString(36)}`;
    for (let i = 0; i < 52; i++) await createTenant(server.ctx, `${many}${i}`);
    expect(await admin.browser.api.call('searchTenants', { params: { term: many } })).toHaveLength(50);

    expect((await failure(admin.browser.api.call('tenant', { params: { tenantId: NO_SUCH_ID } }))).status).toBe(404);
    expect((await admin.browser.raw('GET', '/api/tenants/not-an-id')).status).toBe(422);
  });

  test('a broad term answers the first 50 by name then slug, whether the name or only the slug holds it', async () => {
    const word = `brd${Date.now().toString(36)}`;
    const two = (i: number) => String(i).padStart(2, '0');
    // 30 tenants of one name hold the word in their slug alone (ordered among themselves by
    // slug), then 30 hold it in their name alone: the first 50 are the 30 and 20 of the others.
    const bySlug = Array.from({ length: 30 }, (_, i) => ({ name: 'Acme', slug: `${word}-${two(29 - i)}` }));
    const byName = Array.from({ length: 30 }, (_, i) => ({
      name: `Beta ${word.toUpperCase()} ${two(i)}`,
      slug: uniqueSlug(),
    }));
    await server.ctx.db
      .insert(tenants)
      .values([...bySlug, ...byName].map((t) => ({ ...t, url: `https://${t.slug}.example.com` })));

    const found = await admin.browser.api.call('searchTenants', { params: { term: word.toUpperCase() } });
    const expected = [...bySlug.map((t) => t.slug).sort(), ...byName.slice(0, 20).map((t) => t.slug)];
    expect(found.map((t) => t.slug)).toEqual(expected);
    expect(found[30]).toMatchObject({ name: `Beta ${word.toUpperCase()} 00`, user_count: 0 });
  });

  test('users of a tenant; the search filters only from 3 characters on', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const word = `usr${Date.now().toString(36)}`;
    const match = await createAccount(server.ctx, { name: `Karin ${word}`, tenants: [{ id: tenant.id }] });
    const other = await createAccount(server.ctx, { name: 'Olle Other', tenants: [{ id: tenant.id, active: false }] });
    await createAccount(server.ctx, { name: `Karin ${word}` });

    const all = await admin.browser.api.call('tenantUsers', { params: { tenantId: tenant.id } });
    expect(all).toHaveLength(2);
    expect(all.find((u) => u.id === other.id)).toMatchObject({ name: 'Olle Other', active: false });
    const filtered = await admin.browser.api.call('tenantUsers', {
      params: { tenantId: tenant.id },
      query: { search: word.toUpperCase() },
    });
    expect(filtered.map((u) => u.id)).toEqual([match.id]);
    const short = await admin.browser.api.call('tenantUsers', {
      params: { tenantId: tenant.id },
      query: { search: 'zz' },
    });
    expect(short).toHaveLength(2);
    const byEmail = await admin.browser.api.call('tenantUsers', {
      params: { tenantId: tenant.id },
      query: { search: other.email.slice(0, 8) },
    });
    expect(byEmail.map((u) => u.id)).toEqual([other.id]);
    expect((await failure(admin.browser.api.call('tenantUsers', { params: { tenantId: NO_SUCH_ID } }))).status).toBe(
      404,
    );
  });

  test('create: slug rules, taken slug, url from the body or the template; audited', async () => {
    const slug = uniqueSlug('new');
    const { id } = await admin.browser.api.call('createTenant', { body: { name: 'New Co', slug } });
    const detail = await admin.browser.api.call('tenant', { params: { tenantId: id } });
    expect(detail).toMatchObject({ name: 'New Co', slug, url: `https://${slug}.example.com`, inactive_at: null });

    const taken = await failure(admin.browser.api.call('createTenant', { body: { name: 'Again', slug } }));
    expect(taken.status).toBe(409);
    expect(taken.type).toBe('slug_taken');
    expect(taken.message).toContain(slug);

    // A slug is a DNS label: hyphens only between words.
    const hyphenated = `${uniqueSlug('are')}-halsa-co-2`;
    await admin.browser.api.call('createTenant', { body: { name: 'Åre Hälsa & Co 2', slug: hyphenated } });
    for (const bad of ['Upper', '-dash', 'dash-', 'double--dash', 'space s', '', 'å', 'x'.repeat(64)]) {
      const error = await failure(admin.browser.api.call('createTenant', { body: { name: 'Bad', slug: bad } }));
      expect(error.status, bad).toBe(422);
    }
    expect(
      (await failure(admin.browser.api.call('createTenant', { body: { name: ' ', slug: uniqueSlug() } }))).status,
    ).toBe(422);
    const script = await failure(
      admin.browser.api.call('createTenant', { body: { name: 'X', slug: uniqueSlug(), url: 'javascript:alert(1)' } }),
    );
    expect(script.status).toBe(422);

    const own = uniqueSlug('own');
    const custom = await admin.browser.api.call('createTenant', {
      body: { name: 'Own Url', slug: own, url: 'https://careers.own.example/' },
    });
    expect((await admin.browser.api.call('tenant', { params: { tenantId: custom.id } })).url).toBe(
      'https://careers.own.example/',
    );
    const [row] = await auditRows(server, admin.account.id, 'admin.tenant.created');
    expect(row).toMatchObject({ targetType: 'tenant', targetId: custom.id });
  });

  test('INSTANCE_URL_TEMPLATE must hold {slug} and be an http(s) address', () => {
    expect(loadConfig({ INSTANCE_URL_TEMPLATE: 'https://{slug}.helios.example' }).instanceUrlTemplate).toBe(
      'https://{slug}.helios.example',
    );
    expect(() => loadConfig({ INSTANCE_URL_TEMPLATE: 'https://fixed.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ INSTANCE_URL_TEMPLATE: 'ftp://{slug}.example' })).toThrow(ConfigError);
  });

  test('deactivation date: set (answered in UTC), cleared, audited; an active tenant until then', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const set = await admin.browser.api.call('setDeactivation', {
      params: { tenantId: tenant.id },
      body: { inactive_at: '2031-05-01T12:00:00+02:00' },
    });
    expect(set.inactive_at).toBe('2031-05-01T10:00:00.000Z');
    const cleared = await admin.browser.api.call('setDeactivation', {
      params: { tenantId: tenant.id },
      body: { inactive_at: null },
    });
    expect(cleared.inactive_at).toBeNull();
    const bad = await failure(
      admin.browser.api.call('setDeactivation', { params: { tenantId: tenant.id }, body: { inactive_at: 'tomorrow' } }),
    );
    expect(bad.status).toBe(422);
    const unknown = await failure(
      admin.browser.api.call('setDeactivation', { params: { tenantId: NO_SUCH_ID }, body: { inactive_at: null } }),
    );
    expect(unknown.status).toBe(404);
    expect((await auditRows(server, admin.account.id, 'admin.tenant.deactivation_set'))[0]?.details).toEqual({
      inactive_at: '2031-05-01T10:00:00.000Z',
    });
    expect((await auditRows(server, admin.account.id, 'admin.tenant.deactivation_cleared'))[0]?.targetId).toBe(
      tenant.id,
    );
  });
});

describe('settings and SMS', () => {
  test('settings: set answers tenant_id, key and value; setting again replaces; audited without the value', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const params = { tenantId: tenant.id };
    expect(
      await admin.browser.api.call('setTenantSetting', { params, body: { key: 'alva', value: 'secret-key-1' } }),
    ).toEqual({
      tenant_id: tenant.id,
      key: 'alva',
      value: 'secret-key-1',
    });
    await admin.browser.api.call('setTenantSetting', { params, body: { key: 'alva', value: 'true' } });
    await admin.browser.api.call('setTenantSetting', { params, body: { key: 'evali', value: 'false' } });
    expect(await admin.browser.api.call('tenantSettings', { params })).toEqual([
      { key: 'alva', value: 'true' },
      { key: 'evali', value: 'false' },
    ]);
    const [row] = await auditRows(server, admin.account.id, 'admin.setting.set');
    expect(row?.details).toEqual({ key: 'evali' });
    expect(JSON.stringify(await auditRows(server, admin.account.id, 'admin.setting.set'))).not.toContain(
      'secret-key-1',
    );

    const badKey = await failure(
      admin.browser.api.call('setTenantSetting', { params, body: { key: 'a b', value: '' } }),
    );
    expect(badKey.status).toBe(422);
    const smsKey = await failure(
      admin.browser.api.call('setTenantSetting', { params, body: { key: 'sms_sign', value: '{}' } }),
    );
    expect(smsKey.status).toBe(422);
    const unknown = await failure(
      admin.browser.api.call('setTenantSetting', { params: { tenantId: NO_SUCH_ID }, body: { key: 'k', value: 'v' } }),
    );
    expect(unknown.status).toBe(404);
  });

  test('SMS settings: JSON values checked against their shape, kept normalised, listed apart from settings', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const params = { tenantId: tenant.id };
    expect(
      await admin.browser.api.call('setSmsSetting', { params, body: { key: 'system_sms', value: '{"value": true}' } }),
    ).toEqual({ key: 'system_sms', value: '{"value":true}' });
    const info = await admin.browser.api.call('setSmsSetting', {
      params,
      body: { key: 'sms_info', value: JSON.stringify({ sender: 'Acme', warning_1: 100 }) },
    });
    expect(JSON.parse(info.value)).toEqual({
      sender: 'Acme',
      warning_1: 100,
      warning_2: null,
      paused: false,
      warned: false,
    });

    for (const [key, value] of [
      ['system_sms', 'not json'],
      ['system_sms', '{"value":"yes"}'],
      ['sms_info', '{"sender":"far too long sender"}'],
      ['sms_sign', '{"name":""}'],
    ] as const) {
      const error = await failure(admin.browser.api.call('setSmsSetting', { params, body: { key, value } }));
      expect(error.status, `${key} ${value}`).toBe(422);
      expect(error.type).toBe(ErrorCode.validation);
    }
    const unknownKey = await admin.browser.raw(
      'POST',
      `/api/tenants/${tenant.id}/settings/sms`,
      JSON.stringify({ key: 'sms_other', value: '{}' }),
    );
    expect(unknownKey.status).toBe(422);

    expect((await admin.browser.api.call('smsSettings', { params })).map((s) => s.key)).toEqual([
      'sms_info',
      'system_sms',
    ]);
    expect(await admin.browser.api.call('tenantSettings', { params })).toEqual([]);
    const [row] = await auditRows(server, admin.account.id, 'admin.sms.setting_set');
    expect(row?.details).toMatchObject({ key: 'sms_info', value: { sender: 'Acme' } });
  });

  test('credits: integers only; concurrent adds all count; never below zero; audited', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const params = { tenantId: tenant.id };
    expect(await admin.browser.api.call('smsCredits', { params })).toBe(0);
    expect(await admin.browser.api.call('addSmsCredits', { params, body: { credits: 100 } })).toBe(100);

    const adds = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.browser.api.call('addSmsCredits', { params, body: { credits: i + 1 } }),
      ),
    );
    expect(Math.max(...adds)).toBe(100 + 210);
    expect(new Set(adds).size).toBe(20);
    expect(await admin.browser.api.call('smsCredits', { params })).toBe(310);

    for (const credits of ['5', 1.5, null]) {
      const result = await admin.browser.raw(
        'POST',
        `/api/tenants/${tenant.id}/settings/sms/credits`,
        JSON.stringify({ credits }),
      );
      expect(result.status, String(credits)).toBe(422);
    }
    const huge = await failure(admin.browser.api.call('addSmsCredits', { params, body: { credits: 2 ** 40 } }));
    expect(huge.status).toBe(422);
    const below = await failure(admin.browser.api.call('addSmsCredits', { params, body: { credits: -311 } }));
    expect(below.status).toBe(409);
    expect(below.type).toBe('credits_below_zero');
    expect(await admin.browser.api.call('addSmsCredits', { params, body: { credits: -10 } })).toBe(300);
    expect((await failure(admin.browser.api.call('smsCredits', { params: { tenantId: NO_SUCH_ID } }))).status).toBe(
      404,
    );
    expect(
      (
        await failure(
          admin.browser.api.call('addSmsCredits', { params: { tenantId: NO_SUCH_ID }, body: { credits: 1 } }),
        )
      ).status,
    ).toBe(404);
    const rows = await auditRows(server, admin.account.id, 'admin.sms.credits_added');
    expect(rows.filter((r) => r.targetId === tenant.id)).toHaveLength(22);
    expect(rows[0]?.details).toEqual({ added: -10, total: 300 });
  });
});

describe('invoice', () => {
  test('one row per tenant with active users, functions, integrations and the amount', async () => {
    const big = await createTenant(server.ctx, uniqueSlug('big'));
    const empty = await createTenant(server.ctx, uniqueSlug('empty'));
    for (let i = 0; i < 3; i++) await createAccount(server.ctx, { tenants: [{ id: big.id }] });
    await createAccount(server.ctx, { tenants: [{ id: big.id, active: false }] });
    const params = { tenantId: big.id };
    await admin.browser.api.call('setSmsSetting', { params, body: { key: 'system_sms', value: '{"value":true}' } });
    await admin.browser.api.call('setTenantSetting', { params, body: { key: 'system_cronofy', value: 'true' } });
    await admin.browser.api.call('setTenantSetting', { params, body: { key: 'sri_ref', value: '1' } });
    await admin.browser.api.call('setTenantSetting', { params, body: { key: 'alva', value: 'false' } });

    const rows = await admin.browser.api.call('invoice');
    expect(rows.find((r) => r.tenant_id === big.id)).toEqual({
      name: big.name,
      tenant_id: big.id,
      user_count: 3,
      functions: { system_sms: true, system_cronofy: true },
      integrations: { alva: false, refapp: false, sri: false, sri_ref: true, evali: false },
      amount: 2850 + 2 * 275,
    });
    expect(rows.find((r) => r.tenant_id === empty.id)).toMatchObject({
      user_count: 0,
      functions: { system_sms: false, system_cronofy: false },
      amount: 2850,
    });
    const all = await admin.browser.api.call('listTenants');
    expect(rows).toHaveLength(all.length);
  });
});

describe('notifications', () => {
  test('stored, audited and read by the chosen instances (newest first, admins-only left out)', async () => {
    const one = await createTenant(server.ctx, uniqueSlug('one'));
    const two = await createTenant(server.ctx, uniqueSlug('two'));
    const first = await admin.browser.api.call('notify', {
      body: { message: 'Maintenance tonight', tenants: [one.id, two.id], popup: true },
    });
    await admin.browser.api.call('notify', { body: { message: 'Admins only', admins_only: true, tenants: [one.id] } });
    const last = await admin.browser.api.call('notify', {
      body: { message: 'New: calendar sync', tenants: [one.id], new_functionality: true },
    });

    const instance = server.instance();
    const forOne = await instance.api.call('instanceNotifications', { query: { tenant: one.slug } });
    expect(forOne.map((n) => n.id)).toEqual([last.id, first.id]);
    expect(forOne[0]).toMatchObject({ message: 'New: calendar sync', popup: false, new_functionality: true });
    expect(forOne[1]).toMatchObject({ message: 'Maintenance tonight', popup: true });
    const forTwo = await instance.api.call('instanceNotifications', { query: { tenant: two.slug } });
    expect(forTwo.map((n) => n.message)).toEqual(['Maintenance tonight']);

    const [row] = await auditRows(server, admin.account.id, 'admin.notification.sent');
    expect(row).toMatchObject({ targetType: 'notification', targetId: last.id });

    expect(
      (await failure(instance.api.call('instanceNotifications', { query: { tenant: 'nosuchtenant' } }))).status,
    ).toBe(404);
    expect((await instance.raw('GET', '/api/instance/notifications')).status).toBe(422);
  });

  test('a message is required; tenants must exist unless it is for admins only', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    for (const body of [
      { message: '   ', tenants: [tenant.id] },
      { message: 'Nobody', tenants: [] },
      { message: 'Ghost', tenants: [NO_SUCH_ID] },
    ]) {
      const error = await failure(admin.browser.api.call('notify', { body }));
      expect(error.status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('tenant-settings cache', () => {
  /** Writes a setting behind the server's back, as another tool on the database would. */
  async function writeDirectly(tenantId: string, key: string, value: string) {
    await server.ctx.db
      .insert(tenantSettings)
      .values({ tenantId, key, value })
      .onConflictDoUpdate({ target: [tenantSettings.tenantId, tenantSettings.key], set: { value } });
  }

  test('instance endpoints need the instance key: none or a wrong one is refused', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug('key'));
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-key-wrong-key-wrong-key-wrong' }];
    for (const headers of attempts) {
      const outsider = server.browser(headers);
      expect((await outsider.raw('GET', `/api/instance/settings/${tenant.slug}`)).status).toBe(401);
      expect((await outsider.raw('GET', `/api/instance/notifications?tenant=${tenant.slug}`)).status).toBe(401);
    }
  });

  test('without INSTANCE_API_KEY the instance endpoints do not exist', async () => {
    const closed = await startTestServer({ env: { INSTANCE_API_KEY: '' } });
    try {
      const tenant = await createTenant(closed.ctx, uniqueSlug('off'));
      expect((await closed.instance().raw('GET', `/api/instance/settings/${tenant.slug}`)).status).toBe(404);
    } finally {
      await closed.close();
    }
  }, 90_000);

  test('instances read settings from the cache; setting writes and "clear cache" refresh it', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug('cache'));
    const instance = server.instance();
    const read = () => instance.api.call('instanceSettings', { params: { slug: tenant.slug } });
    await admin.browser.api.call('setTenantSetting', {
      params: { tenantId: tenant.id },
      body: { key: 'k', value: 'v1' },
    });
    expect(await read()).toEqual([{ key: 'k', value: 'v1' }]);

    await writeDirectly(tenant.id, 'k', 'v2');
    expect(await read()).toEqual([{ key: 'k', value: 'v1' }]);
    await admin.browser.api.call('clearSettingsCache');
    expect(await read()).toEqual([{ key: 'k', value: 'v2' }]);

    await admin.browser.api.call('setTenantSetting', {
      params: { tenantId: tenant.id },
      body: { key: 'k', value: 'v3' },
    });
    expect(await read()).toEqual([{ key: 'k', value: 'v3' }]);
    expect((await auditRows(server, admin.account.id, 'admin.settings_cache.cleared')).length).toBeGreaterThan(0);
    expect((await failure(instance.api.call('instanceSettings', { params: { slug: 'nosuchtenant' } }))).status).toBe(
      404,
    );
  });

  test('clearing on one node clears the cache of another node sharing the store', { timeout: 90_000 }, async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug('nodes'));
    await writeDirectly(tenant.id, 'k', 'old');
    // Embedded: a second app over the same database and in-process store. With Redis: a second
    // server on the same DATABASE_URL / REDIS_URL, so the message crosses Redis pub/sub.
    let secondUrl: string;
    let closeSecond: () => Promise<void>;
    if (backend === 'postgres+redis') {
      const second = await startTestServer({ reuse: server.reuse });
      secondUrl = second.url;
      closeSecond = () => second.close({ keepData: true });
    } else {
      const app = await buildApp(server.ctx, { web: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      // Another node of the same site, reached at its own address.
      server.ctx.config.allowedHosts = [...server.ctx.config.allowedHosts, host];
      secondUrl = `http://${host}`;
      closeSecond = () => app.close();
    }
    try {
      const readSecond = async () =>
        (await (
          await fetch(`${secondUrl}/api/instance/settings/${tenant.slug}`, { headers: instanceHeaders })
        ).json()) as { value: string }[];
      expect((await readSecond())[0]?.value).toBe('old');
      await writeDirectly(tenant.id, 'k', 'new');
      expect((await readSecond())[0]?.value).toBe('old');
      await admin.browser.api.call('clearSettingsCache');
      await eventually('clear cache to reach the second node', async () => (await readSecond())[0]?.value === 'new');

      await admin.browser.api.call('setTenantSetting', {
        params: { tenantId: tenant.id },
        body: { key: 'k', value: 'newer' },
      });
      await eventually(
        'the setting write to reach the second node',
        async () => (await readSecond())[0]?.value === 'newer',
      );
    } finally {
      await closeSecond();
    }
  });
});

describe('log in as (clavis)', () => {
  const redeem = (browser: Browser, clavis: string, tenantId: string) =>
    browser.api.call('clavisRedeem', { body: { clavis, tenant_id: tenantId } });
  const clavisOf = (url: string) => new URL(url).searchParams.get('clavis') as string;

  test('as admin into a tenant: a single-use clavis for that tenant only, with the admin identity', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug('acme'));
    const other = await createTenant(server.ctx, uniqueSlug('other'));
    const { url } = await admin.browser.api.call('tenantLoginAsAdmin', { params: { tenantId: tenant.id } });
    expect(url.startsWith(`https://${tenant.slug}.example.com/auth/clavis?clavis=`)).toBe(true);
    const clavis = clavisOf(url);
    expect(Buffer.from(clavis, 'base64url')).toHaveLength(32);
    const ttl = await server.ctx.store.ttl(clavisKey(clavis));
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);

    const instance = await instanceOf(server, tenant);
    const identity = await redeem(instance, clavis, tenant.id);
    expect(identity).toEqual({
      account_id: admin.account.id,
      email: admin.account.email,
      name: 'Ada Admin',
      tenant_id: tenant.id,
      tenant_slug: tenant.slug,
    });
    const again = await failure(redeem(instance, clavis, tenant.id));
    expect(again.status).toBe(404);
    expect(again.type).toBe('clavis_invalid');

    const wrong = clavisOf(
      (await admin.browser.api.call('tenantLoginAsAdmin', { params: { tenantId: tenant.id } })).url,
    );
    const otherInstance = await instanceOf(server, other);
    expect((await failure(redeem(otherInstance, wrong, other.id))).type).toBe('clavis_invalid');
    // Shown to the wrong instance, the clavis is spent.
    expect((await failure(redeem(instance, wrong, tenant.id))).type).toBe('clavis_invalid');

    const [issued] = await auditRows(server, admin.account.id, 'admin.login_as');
    expect(issued?.details).toMatchObject({ kind: 'tenant_admin' });
    const [redeemed] = await auditRows(server, admin.account.id, 'clavis.redeemed');
    expect(redeemed).toMatchObject({ targetId: admin.account.id, details: { tenant_id: tenant.id } });
  });

  test('a clavis expires', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const clavis = clavisOf(
      (await admin.browser.api.call('tenantLoginAsAdmin', { params: { tenantId: tenant.id } })).url,
    );
    // A minute passing, compressed: the entry is given a moment left to live.
    const key = clavisKey(clavis);
    await server.ctx.store.set(key, (await server.ctx.store.get(key)) as string, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await failure(redeem(await instanceOf(server, tenant), clavis, tenant.id))).type).toBe('clavis_invalid');
  });

  test('as a user of the tenant: members only', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const member = await createAccount(server.ctx, { name: 'Maja Member', tenants: [{ id: tenant.id }] });
    const outsider = await createAccount(server.ctx);
    const { url } = await admin.browser.api.call('tenantUserLoginAs', {
      params: { tenantId: tenant.id, accountId: member.id },
    });
    const identity = await redeem(await instanceOf(server, tenant), clavisOf(url), tenant.id);
    expect(identity).toMatchObject({ account_id: member.id, email: member.email, name: 'Maja Member' });
    const notMember = await failure(
      admin.browser.api.call('tenantUserLoginAs', { params: { tenantId: tenant.id, accountId: outsider.id } }),
    );
    expect(notMember.status).toBe(404);
    expect(notMember.type).toBe('not_tenant_member');
    expect(
      (await failure(admin.browser.api.call('tenantLoginAsAdmin', { params: { tenantId: NO_SUCH_ID } }))).status,
    ).toBe(404);
    const [row] = await auditRows(server, admin.account.id, 'admin.login_as');
    expect(row).toMatchObject({ targetId: member.id, details: { kind: 'tenant_user', tenant_id: tenant.id } });
  });

  test('malformed redeem requests are 422; a non-admin cannot make a clavis', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const instance = await instanceOf(server, tenant);
    const bad = await instance.raw('POST', '/api/clavis/redeem', JSON.stringify({ clavis: 'short', tenant_id: 'x' }));
    expect(bad.status).toBe(422);
    const { browser } = await signedIn(server);
    expect((await failure(browser.api.call('tenantLoginAsAdmin', { params: { tenantId: tenant.id } }))).status).toBe(
      403,
    );
    const stored = await server.ctx.db
      .select()
      .from(tenants)
      .where(and(eq(tenants.id, tenant.id)));
    expect(stored).toHaveLength(1);
  });
});
