import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { credentials, notifications, oidcClients, tenantSettings, tenants } from '../src/db/schema';
import { auditRows, failure, signedInAdmin, uniqueSlug } from './admin-helpers';
import { createAccount, createTenant, PASSWORD } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';

/**
 * An admin change and its audit row are written in one transaction. To prove it, the database
 * refuses every admin audit row while a trigger is in place (as an unreachable database would
 * answer, SQLSTATE 57P03): each call must then answer 503 and leave nothing of its change behind.
 */
let server: TestServer;
let admin: { browser: Browser; account: Awaited<ReturnType<typeof createAccount>> };
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
  await server.ctx.db.execute(sql`
    create or replace function refuse_admin_audit() returns trigger language plpgsql as $$
    begin
      raise exception 'audit refused for the test' using errcode = '57P03';
    end $$`);
});
afterEach(async () => {
  await server.ctx.db.execute(sql`drop trigger if exists refuse_admin_audit on audit_events`);
});
afterAll(async () => {
  await server?.ctx.db.execute(sql`drop function if exists refuse_admin_audit()`);
  await server?.close();
});

const refuseAuditRows = () =>
  server.ctx.db.execute(sql`
    create trigger refuse_admin_audit before insert on audit_events
    for each row when (new.action like 'admin.%') execute function refuse_admin_audit()`);
const allowAuditRows = () => server.ctx.db.execute(sql`drop trigger refuse_admin_audit on audit_events`);

async function refusedWith503(call: Promise<unknown>) {
  const error = await failure(call);
  expect(error.status).toBe(503);
}

const sealedSecret = async (tenantId: string) =>
  (await server.ctx.db.select().from(oidcClients).where(eq(oidcClients.tenantId, tenantId)))[0]?.secretSealed;

describe('an admin change and its audit row are kept together or not at all', () => {
  test('tenants: create, deactivate, settings, SMS settings and credits', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const params = { tenantId: tenant.id };
    const slug = uniqueSlug();
    await refuseAuditRows();
    await refusedWith503(admin.browser.api.call('createTenant', { body: { name: 'Never Made', slug } }));
    await refusedWith503(
      admin.browser.api.call('setDeactivation', { params, body: { inactive_at: '2030-01-01T00:00:00Z' } }),
    );
    await refusedWith503(admin.browser.api.call('setTenantSetting', { params, body: { key: 'theme', value: 'dark' } }));
    await refusedWith503(
      admin.browser.api.call('setSmsSetting', { params, body: { key: 'system_sms', value: '{"value":true}' } }),
    );
    await refusedWith503(admin.browser.api.call('addSmsCredits', { params, body: { credits: 50 } }));

    expect(await server.ctx.db.select().from(tenants).where(eq(tenants.slug, slug))).toEqual([]);
    const [after] = await server.ctx.db.select().from(tenants).where(eq(tenants.id, tenant.id));
    expect(after).toMatchObject({ inactiveAt: null, smsCredits: 0 });
    expect(await server.ctx.db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, tenant.id))).toEqual([]);

    // With audit rows allowed again, the same calls go through, each with its row.
    await allowAuditRows();
    expect(await admin.browser.api.call('addSmsCredits', { params, body: { credits: 50 } })).toBe(50);
    await admin.browser.api.call('setTenantSetting', { params, body: { key: 'theme', value: 'dark' } });
    const credited = await auditRows(server, admin.account.id, 'admin.sms.credits_added');
    expect(credited.filter((row) => row.targetId === tenant.id)).toHaveLength(1);
    const set = await auditRows(server, admin.account.id, 'admin.setting.set');
    expect(set.filter((row) => row.targetId === tenant.id)).toHaveLength(1);
  });

  test("the instance client's addresses and secret", async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const params = { tenantId: tenant.id };
    const before = await admin.browser.api.call('tenantOidcClient', { params });
    const secret = await sealedSecret(tenant.id);
    await refuseAuditRows();
    await refusedWith503(
      admin.browser.api.call('updateTenantOidcClient', {
        params,
        body: { redirect_uris: ['https://elsewhere.example.com/cb'] },
      }),
    );
    await refusedWith503(admin.browser.api.call('rotateTenantOidcSecret', { params }));
    await allowAuditRows();
    expect(await admin.browser.api.call('tenantOidcClient', { params })).toEqual(before);
    expect(await sealedSecret(tenant.id)).toBe(secret);
  });

  test("an account's sign-in method and a notification", async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const totp = account.credentialIds.totp0;
    if (!totp) throw new Error('fixture without an authenticator');
    const message = `Never sent ${uniqueSlug()}`;
    await refuseAuditRows();
    await refusedWith503(
      admin.browser.api.call('accountDeleteCredential', { params: { accountId: account.id, credentialId: totp } }),
    );
    await refusedWith503(admin.browser.api.call('notify', { body: { message, admins_only: true } }));
    await allowAuditRows();
    const kept = await server.ctx.db
      .select()
      .from(credentials)
      .where(and(eq(credentials.accountId, account.id), eq(credentials.id, totp)));
    expect(kept).toHaveLength(1);
    expect(await server.ctx.db.select().from(notifications).where(eq(notifications.message, message))).toEqual([]);
  });
});
