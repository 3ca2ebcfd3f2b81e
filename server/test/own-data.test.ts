import { type DataExport, ErrorCode } from '@helios/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, credentials, knownBrowsers, recoveryCodes } from '../src/db/schema';
import { replaceRecoveryCodes } from '../src/recovery/repository';
import { auditRows, failure, uniqueSlug } from './admin-helpers';
import { createAccount, createTenant, PASSWORD, totpCode } from './fixtures';
import { startTestServer, type TestServer } from './harness';

/** The server's clock runs ahead on demand, so a session can outlast the step-up window. */
const WINDOW_MS = 10 * 60_000;
let aheadMs = 0;
const serverNow = () => Date.now() + aheadMs;
const DAY = 24 * 60 * 60_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(serverNow()) });
});
afterAll(async () => {
  await server?.close();
});

/** A browser signed in with password (and authenticator code when the account has one). */
async function signIn(account: { email: string; totp: string[] }) {
  const browser = server.browser();
  const started = await browser.api.call('start', { body: { email: account.email } });
  const session_id = started.session_id as string;
  let state = await browser.api.call('verifyPassword', {
    body: { session_id, email: account.email, password: PASSWORD },
  });
  if (state.state === 'MfaRequired')
    state = await browser.api.call('verifyMfa', {
      body: { session_id, totp_code: totpCode(account.totp[0] as string, serverNow()) },
    });
  expect(state.state).toBe('Done');
  return browser;
}

async function wrongPassword(email: string) {
  const browser = server.browser();
  const started = await browser.api.call('start', { body: { email } });
  await failure(
    browser.api.call('verifyPassword', {
      body: { session_id: started.session_id as string, email, password: 'not the password at all' },
    }),
  );
}

describe('recent security activity', () => {
  test('a user sees only their own events', async () => {
    const me = await createAccount(server.ctx, { password: PASSWORD });
    const other = await createAccount(server.ctx, { password: PASSWORD });
    await wrongPassword(me.email);
    const browser = await signIn(me);
    await signIn(other);
    await wrongPassword(other.email);

    const { events } = await browser.api.call('securityEvents');
    expect(events.map((e) => e.action)).toEqual(['login.success', 'login.password_failed']);
    expect(events[1]?.details).toEqual({});
    const ids = events.map((e) => e.id);
    const othersRows = await server.ctx.db.select().from(auditEvents).where(eq(auditEvents.targetId, other.id));
    expect(othersRows.length).toBeGreaterThanOrEqual(2);
    for (const row of othersRows) expect(ids).not.toContain(String(row.id));
  });

  test('the last 30 days of readable events, with what an admin did to the account', async () => {
    const me = await createAccount(server.ctx, { password: PASSWORD });
    const admin = await createAccount(server.ctx, { isAdmin: true });
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const now = serverNow();
    await server.ctx.db.insert(auditEvents).values([
      {
        action: 'password.changed',
        at: new Date(now - 31 * DAY),
        actorAccountId: me.id,
        targetType: 'account',
        targetId: me.id,
      },
      {
        action: 'password.changed',
        at: new Date(now - 29 * DAY),
        actorAccountId: me.id,
        targetType: 'account',
        targetId: me.id,
      },
      {
        action: 'admin.login_as',
        at: new Date(now - 2 * DAY),
        actorAccountId: admin.id,
        targetType: 'account',
        targetId: me.id,
        details: { kind: 'user', tenant_id: tenant.id },
      },
      // Not a security event of the person's: their own admin work, and an internal row.
      {
        action: 'admin.tenant.created',
        at: new Date(now - DAY),
        actorAccountId: me.id,
        targetType: 'tenant',
        targetId: tenant.id,
      },
      { action: 'backchannel.error', at: new Date(now - DAY), targetType: 'account', targetId: me.id },
    ]);
    const browser = await signIn(me);
    const { events } = await browser.api.call('securityEvents');
    expect(events.map((e) => [e.action, e.details])).toEqual([
      ['login.success', {}],
      ['admin.login_as', { by_admin: true }],
      ['password.changed', {}],
    ]);
  });

  test("a user never sees an administrator's address", async () => {
    const me = await createAccount(server.ctx, { password: PASSWORD });
    const admin = await createAccount(server.ctx, { isAdmin: true });
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const now = serverNow();
    await server.ctx.db.insert(auditEvents).values([
      {
        action: 'admin.password_reset.sent',
        at: new Date(now - 3 * DAY),
        actorAccountId: admin.id,
        targetType: 'account',
        targetId: me.id,
        ip: '198.51.100.7',
      },
      {
        action: 'clavis.redeemed',
        at: new Date(now - 2 * DAY),
        actorAccountId: admin.id,
        targetType: 'account',
        targetId: me.id,
        ip: '198.51.100.8',
        details: { tenant_id: tenant.id },
      },
      {
        action: 'password.changed',
        at: new Date(now - DAY),
        actorAccountId: me.id,
        targetType: 'account',
        targetId: me.id,
        ip: '203.0.113.50',
      },
    ]);
    await wrongPassword(me.email);
    const browser = await signIn(me);

    const { events } = await browser.api.call('securityEvents');
    expect(JSON.stringify(events)).not.toMatch(/198\.51\.100\./);
    expect(events.find((e) => e.action === 'admin.password_reset.sent')?.ip).toBeNull();
    expect(events.find((e) => e.action === 'password.changed')?.ip).toBe('203.0.113.50');
    // An attempt to sign in as the account shows where it came from.
    expect(events.find((e) => e.action === 'login.password_failed')?.ip).toEqual(expect.any(String));

    const exported = await browser.raw('POST', '/auth/export', '{}');
    expect(exported.status).toBe(200);
    expect(exported.text).not.toMatch(/198\.51\.100\./);
    expect(exported.text).toContain('203.0.113.50');
  });

  test('recovery codes issued with a first second factor show in the activity', async () => {
    const me = await createAccount(server.ctx, { password: PASSWORD });
    await server.ctx.db.insert(auditEvents).values({
      action: 'credential.recovery_codes_issued',
      at: new Date(serverNow() - DAY),
      actorAccountId: me.id,
      targetType: 'account',
      targetId: me.id,
    });
    const browser = await signIn(me);
    const { events } = await browser.api.call('securityEvents');
    expect(events.map((e) => e.action)).toEqual(['login.success', 'credential.recovery_codes_issued']);
  });

  test('a removed sign-in method names its kind', async () => {
    const me = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const browser = await signIn(me);
    await browser.api.call('deleteCredential', { params: { id: me.credentialIds.totp0 as string } });
    const { events } = await browser.api.call('securityEvents');
    expect(events[0]).toMatchObject({ action: 'credential.deleted', details: { credential_type: 'totp' } });
  });

  test('signed out, the events are not shown', async () => {
    expect((await server.browser().raw('GET', '/auth/security-events')).status).toBe(401);
  });
});

describe('download my data', () => {
  test('the export needs a recent sign-in', async () => {
    const me = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signIn(me);
    aheadMs += WINDOW_MS + 60_000;
    const refused = await failure(browser.api.call('exportData', { body: {} }));
    expect(refused.status).toBe(403);
    expect(refused.type).toBe(ErrorCode.requiresRecentLogin);
    expect(await auditRows(server, me.id, 'account.data_exported')).toEqual([]);
    await browser.api.call('reauthStart', { body: {} });
    await browser.api.call('reauthVerify', { body: { password: PASSWORD } });
    const data = await browser.api.call('exportData', { body: {} });
    expect(data.account.email).toBe(me.email);
  });

  test('the export holds no secret, and holds the account, methods, sessions, tenants and events', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const me = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1, tenants: [{ id: tenant.id }] });
    const browser = await signIn(me);
    const answer = await browser.raw('POST', '/auth/export', '{}');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="helios-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');

    const stored = await server.ctx.db.select().from(credentials).where(eq(credentials.accountId, me.id));
    expect(stored).toHaveLength(2);
    for (const row of stored) expect(answer.text).not.toContain(row.secret as string);
    expect(answer.text).not.toContain(me.totp[0] as string);
    expect(answer.text).not.toContain(PASSWORD);
    expect(answer.text).not.toMatch(/argon2|"secret"|"counter"/);

    const data = answer.json as Record<string, unknown> & {
      credentials: { type: string }[];
      sessions: { current: boolean }[];
      tenant_memberships: { tenant_id: string }[];
      security_events: { action: string }[];
    };
    expect(data.account).toMatchObject({ id: me.id, email: me.email, is_user: true });
    expect(data.credentials.map((c) => c.type).sort()).toEqual(['password', 'totp']);
    expect(data.credentials[0]).toEqual({
      id: expect.any(String),
      type: expect.any(String),
      name: null,
      provider: null,
      created_at: expect.any(String),
      last_used_at: null,
    });
    expect(data.sessions).toEqual([expect.objectContaining({ current: true, method: 'password' })]);
    expect(data.tenant_memberships).toEqual([
      { tenant_id: tenant.id, name: tenant.name, slug: tenant.slug, active: true, since: expect.any(String) },
    ]);
    expect(data.security_events.map((e) => e.action)).toContain('login.success');
  });

  test('the export holds known browsers and the recovery-code count, never a browser hash or a recovery code', async () => {
    const me = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const browserHash = `browser-hash-${Math.random().toString(36).slice(2)}`;
    const firstSeenAt = new Date(serverNow() - 40 * DAY);
    const lastSeenAt = new Date(serverNow() - DAY);
    await server.ctx.db.insert(knownBrowsers).values({ accountId: me.id, browserHash, firstSeenAt, lastSeenAt });
    const codes = await replaceRecoveryCodes(server.ctx, server.ctx.db, me.id);
    const stored = await server.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, me.id));
    const browser = await signIn(me);
    const answer = await browser.raw('POST', '/auth/export', '{}');
    expect(answer.status).toBe(200);
    const data = answer.json as DataExport;
    // The browser that signed in just now is known too; each is its two times only.
    expect(data.known_browsers).toContainEqual({
      first_seen_at: firstSeenAt.toISOString(),
      last_seen_at: lastSeenAt.toISOString(),
    });
    for (const known of data.known_browsers)
      expect(Object.keys(known).sort()).toEqual(['first_seen_at', 'last_seen_at']);
    expect(data.recovery_codes_remaining).toBe(codes.length);
    expect(answer.text).not.toContain(browserHash);
    for (const code of codes) expect(answer.text).not.toContain(code);
    for (const row of stored) expect(answer.text).not.toContain(row.codeHash);
    expect(answer.text).not.toMatch(/hash|"secret"|"counter"|argon2/i);
  });

  test('the export holds the last 13 months of events, at most 10,000, and says so', async () => {
    const me = await createAccount(server.ctx, { password: PASSWORD });
    const now = serverNow();
    const row = (at: number, action = 'password.changed') => ({
      action,
      at: new Date(at),
      actorAccountId: me.id,
      targetType: 'account',
      targetId: me.id,
    });
    await server.ctx.db
      .insert(auditEvents)
      .values([row(now - 14 * 31 * DAY, 'test.too_old'), row(now - 12 * 30 * DAY)]);
    const browser = await signIn(me);
    const first = (await browser.api.call('exportData', { body: {} })) as DataExport;
    expect(first.security_events.map((e) => e.action)).not.toContain('test.too_old');
    expect(first.security_events.map((e) => e.action)).toContain('password.changed');
    expect(first.security_events_scope).toEqual({ since: expect.any(String), max_events: 10_000, truncated: false });
    const since = new Date(first.security_events_scope.since);
    expect(Math.round((now - since.getTime()) / DAY)).toBeGreaterThanOrEqual(395);

    await server.ctx.db
      .insert(auditEvents)
      .values(Array.from({ length: 10_000 }, (_, i) => row(now - 2 * DAY + i, 'session.signed_out')));
    const second = (await browser.api.call('exportData', { body: {} })) as DataExport;
    expect(second.security_events).toHaveLength(10_000);
    expect(second.security_events_scope.truncated).toBe(true);
    // The newest are kept.
    expect(second.security_events[0]?.action).toBe('account.data_exported');
  });

  test('exports are rate limited per account', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT: 'true' }, now: () => new Date(serverNow()) });
    try {
      const me = await createAccount(limited.ctx, { password: PASSWORD });
      const browser = limited.browser();
      const started = await browser.api.call('start', { body: { email: me.email } });
      await browser.api.call('verifyPassword', {
        body: { session_id: started.session_id as string, email: me.email, password: PASSWORD },
      });
      for (let i = 0; i < 5; i++) expect((await browser.raw('POST', '/auth/export', '{}')).status).toBe(200);
      const refused = await browser.raw('POST', '/auth/export', '{}');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.json).toMatchObject({ detail: [{ type: ErrorCode.rateLimited }] });
      expect(await auditRows(limited, me.id, 'account.data_exported')).toHaveLength(5);
    } finally {
      await limited.close();
    }
  });

  test('each export is audited', async () => {
    const me = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signIn(me);
    await browser.api.call('exportData', { body: {} });
    const [row] = await auditRows(server, me.id, 'account.data_exported');
    expect(row).toMatchObject({ targetType: 'account', targetId: me.id });
    const { events } = await browser.api.call('securityEvents');
    expect(events[0]?.action).toBe('account.data_exported');
  });
});
