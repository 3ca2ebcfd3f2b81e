import type { AuditEvent } from '@helios/api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { auditRows, failure, signedIn, signedInAdmin, uniqueSlug } from './admin-helpers';
import { createAccount, createTenant, uniqueEmail } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
});
afterAll(async () => {
  await server?.close();
});

/** An action name no other test writes. */
const uniqueAction = (word: string) => `test.${word}_${Math.random().toString(36).slice(2, 10)}`;

type Row = { action: string; at: Date; actor?: string; targetType?: string; targetId?: string; details?: object };
async function insert(rows: Row[]) {
  await server.ctx.db.insert(auditEvents).values(
    rows.map((row) => ({
      action: row.action,
      at: row.at,
      actorAccountId: row.actor ?? null,
      targetType: row.targetType ?? null,
      targetId: row.targetId ?? null,
      ip: '203.0.113.9',
      details: row.details ?? {},
    })),
  );
}

const DAY = 24 * 60 * 60_000;

/** The CSV export of a filtered log, as the console asks for it. */
const exportCsv = (filters: object, browser: Browser = admin.browser) =>
  browser.raw('POST', '/api/audit/export', JSON.stringify(filters));

/** Every page of a filtered log, following `next_cursor`. */
async function allPages(browser: Browser, query: Record<string, string | number>) {
  const seen: AuditEvent[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await browser.api.call('auditEvents', { query: { ...query, ...(cursor ? { cursor } : {}) } });
    seen.push(...page.events);
    if (!page.next_cursor) return { seen, pages: pages + 1 };
    cursor = page.next_cursor;
  }
  throw new Error('paging did not end');
}

describe('who may read the audit log', () => {
  test('a non-admin gets 403 from the audit API, and a signed-out caller 401', async () => {
    const { browser } = await signedIn(server);
    for (const path of ['/api/audit/', '/api/audit/actions']) {
      const asUser = await browser.raw('GET', path);
      expect(asUser.status, path).toBe(403);
      expect(asUser.json).toMatchObject({ detail: [{ type: 'forbidden' }] });
      expect((await server.browser().raw('GET', path)).status, path).toBe(401);
    }
    expect((await exportCsv({}, browser)).status).toBe(403);
    expect((await exportCsv({}, server.browser())).status).toBe(401);
  });
});

describe('the audit log', () => {
  test('cursor paging returns every row once, newest first, also when rows share a time', async () => {
    const action = uniqueAction('paging');
    const base = Date.now() - DAY;
    // 23 rows over 8 distinct times: pages of 5 end in the middle of rows with the same time.
    await insert(Array.from({ length: 23 }, (_, i) => ({ action, at: new Date(base + Math.floor(i / 3) * 1000) })));
    const { seen, pages } = await allPages(admin.browser, { action, limit: 5 });
    expect(pages).toBe(5);
    expect(seen).toHaveLength(23);
    expect(new Set(seen.map((e) => e.id)).size).toBe(23);
    const order = seen.map((e) => [Date.parse(e.at), Number(e.id)] as const);
    for (let i = 1; i < order.length; i++) {
      const [at, id] = order[i] as readonly [number, number];
      const [prevAt, prevId] = order[i - 1] as readonly [number, number];
      expect(at < prevAt || (at === prevAt && id < prevId)).toBe(true);
    }
  });

  test('several actions are merged newest first, and every row comes once over the pages', async () => {
    const [one, two, three] = [uniqueAction('one'), uniqueAction('two'), uniqueAction('three')];
    const base = Date.now() - DAY;
    await insert(
      Array.from({ length: 18 }, (_, i) => ({
        action: [one, two, three][i % 3] as string,
        at: new Date(base + Math.floor(i / 2) * 1000),
      })),
    );
    const { seen } = await allPages(admin.browser, { action: `${one},${two}`, limit: 4 });
    expect(seen).toHaveLength(12);
    expect(new Set(seen.map((e) => e.id)).size).toBe(12);
    expect(new Set(seen.map((e) => e.action))).toEqual(new Set([one, two]));
    const keys = seen.map((e) => [Date.parse(e.at), Number(e.id)] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(keys).toEqual(sorted);
  });

  test('filters by actor (id or email), target account, target tenant, actions and date range', async () => {
    const action = uniqueAction('filter');
    const other = uniqueAction('other');
    const actor = await createAccount(server.ctx, { email: uniqueEmail('actor') });
    const person = await createAccount(server.ctx, {});
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const now = Date.now();
    await insert([
      { action, at: new Date(now - 40 * DAY), actor: actor.id, targetType: 'account', targetId: person.id },
      { action, at: new Date(now - 20 * DAY), actor: actor.id, targetType: 'tenant', targetId: tenant.id },
      { action, at: new Date(now - 10 * DAY), targetType: 'account', targetId: person.id },
      { action: other, at: new Date(now - 5 * DAY), actor: actor.id },
    ]);
    const actions = `${action},${other}`;
    const count = async (query: Record<string, string>) =>
      (await admin.browser.api.call('auditEvents', { query: { action: actions, ...query } })).events.length;
    expect(await count({})).toBe(4);
    expect(await count({ action })).toBe(3);
    expect(await count({ actor: actor.id })).toBe(3);
    expect(await count({ actor: actor.email.toUpperCase() })).toBe(3);
    expect(await count({ actor: uniqueEmail('nobody') })).toBe(0);
    expect(await count({ account: person.id })).toBe(2);
    expect(await count({ tenant: tenant.id })).toBe(1);
    expect(await count({ from: new Date(now - 25 * DAY).toISOString() })).toBe(3);
    expect(
      await count({ from: new Date(now - 25 * DAY).toISOString(), to: new Date(now - 10 * DAY).toISOString() }),
    ).toBe(1);
    expect(await count({ account: person.id, actor: actor.id })).toBe(1);
  });

  test("the account filter shows the account's own key registrations and credential deletions", async () => {
    const registered = uniqueAction('registered');
    const deleted = uniqueAction('deleted');
    const person = await createAccount(server.ctx, {});
    const someoneElse = await createAccount(server.ctx, {});
    const now = Date.now();
    await insert([
      { action: registered, at: new Date(now - 3000), actor: person.id, targetType: 'credential', targetId: '41' },
      { action: deleted, at: new Date(now - 2000), actor: person.id, targetType: 'credential', targetId: '42' },
      { action: deleted, at: new Date(now - 1000), actor: someoneElse.id, targetType: 'credential', targetId: '43' },
      // The person's admin work on a tenant is not about their account.
      { action: registered, at: new Date(now), actor: person.id, targetType: 'tenant', targetId: '44' },
    ]);
    const { events } = await admin.browser.api.call('auditEvents', {
      query: { account: person.id, action: `${registered},${deleted}` },
    });
    expect(events.map((e) => [e.action, e.target?.id])).toEqual([
      [deleted, '42'],
      [registered, '41'],
    ]);
    const single = await admin.browser.api.call('auditEvents', { query: { account: person.id, action: deleted } });
    expect(single.events.map((e) => e.target?.id)).toEqual(['42']);
  });

  test('rows name the actor and the target account or tenant', async () => {
    const action = uniqueAction('labels');
    const actor = await createAccount(server.ctx, { name: 'Ada Actor' });
    const person = await createAccount(server.ctx, {});
    const tenant = await createTenant(server.ctx, uniqueSlug());
    await insert([
      { action, at: new Date(Date.now() - 2000), actor: actor.id, targetType: 'account', targetId: person.id },
      { action, at: new Date(Date.now() - 1000), actor: actor.id, targetType: 'tenant', targetId: tenant.id },
      { action, at: new Date(), targetType: 'credential', targetId: 'not-a-uuid', details: { type: 'totp' } },
    ]);
    const { events } = await admin.browser.api.call('auditEvents', { query: { action } });
    expect(events.map((e) => [e.actor, e.target, e.details])).toEqual([
      [null, { type: 'credential', id: 'not-a-uuid', label: null }, { type: 'totp' }],
      [
        { id: actor.id, email: actor.email, name: 'Ada Actor' },
        { type: 'tenant', id: tenant.id, label: tenant.name },
        {},
      ],
      [
        { id: actor.id, email: actor.email, name: 'Ada Actor' },
        { type: 'account', id: person.id, label: person.email },
        {},
      ],
    ]);
    expect(events[0]?.ip).toBe('203.0.113.9');
  });

  test("the console's own actions are in the log and in the list of actions", async () => {
    const tenant = await admin.browser.api.call('createTenant', { body: { name: 'Audited', slug: uniqueSlug() } });
    const { events } = await admin.browser.api.call('auditEvents', {
      query: { actor: admin.account.email, action: 'admin.tenant.created', tenant: tenant.id },
    });
    expect(events).toHaveLength(1);
    expect(events[0]?.target).toEqual({ type: 'tenant', id: tenant.id, label: 'Audited' });
    const { actions } = await admin.browser.api.call('auditActions');
    expect(actions).toContain('admin.tenant.created');
    expect(actions).toContain('login.success');
    expect(actions).toEqual([...actions].sort());
  });

  test('bad filters and cursors are refused with 422 in the error shape', async () => {
    const bad = [
      '/api/audit/?account=not-a-uuid',
      '/api/audit/?tenant=1',
      '/api/audit/?action=DROP%20TABLE',
      '/api/audit/?from=yesterday',
      '/api/audit/?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      '/api/audit/?limit=0',
      '/api/audit/?limit=1000',
      '/api/audit/?cursor=not*base64',
      `/api/audit/?cursor=${Buffer.from('2026-01-01|1').toString('base64url')}`,
      `/api/audit/?cursor=${Buffer.from('2026-01-01T00:00:00.000000Z|-1').toString('base64url')}`,
    ];
    for (const path of bad) {
      const answer = await admin.browser.raw('GET', path);
      expect(answer.status, path).toBe(422);
      expect(answer.json, path).toMatchObject({ detail: [{ type: 'validation_error' }] });
    }
    const error = await failure(admin.browser.api.call('auditEvents', { query: { account: 'nope' } }));
    expect(error.status).toBe(422);
  });
  test('a cursor or date naming a day that does not exist is refused with 422, not a server error', async () => {
    const cursor = (at: string) => Buffer.from(`${at}|1`).toString('base64url');
    const bad = [
      `/api/audit/?cursor=${cursor('2024-02-30T00:00:00.000000Z')}`,
      `/api/audit/?cursor=${cursor('2023-02-29T12:00:00.000000Z')}`,
      `/api/audit/?cursor=${cursor('2024-04-31T23:59:59.999999Z')}`,
      '/api/audit/?from=2024-02-30T00:00:00Z',
      '/api/audit/?to=2024-04-31T00:00:00%2B02:00',
    ];
    for (const path of bad) {
      const answer = await admin.browser.raw('GET', path);
      expect(answer.status, path).toBe(422);
      expect(answer.json, path).toMatchObject({ detail: [{ type: 'validation_error' }] });
    }
    const leapDay = await admin.browser.raw('GET', `/api/audit/?cursor=${cursor('2024-02-29T12:00:00.123456Z')}`);
    expect(leapDay.status).toBe(200);
  });
});

describe('CSV export', () => {
  test('CSV cells that start with = are neutralised, and the export holds the filtered set', async () => {
    const action = uniqueAction('csv');
    const actor = await createAccount(server.ctx, { name: '=HYPERLINK("http://evil.example","x")' });
    await insert([
      { action, at: new Date(Date.now() - 1000), actor: actor.id, details: { note: '+1, "quoted"' } },
      { action, at: new Date(), actor: actor.id, details: { note: '@plain' } },
      { action: uniqueAction('elsewhere'), at: new Date(), actor: actor.id },
    ]);
    const answer = await exportCsv({ action });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = answer.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,action,actor_id,actor_email,actor_name,target_type,target_id,target,ip,details');
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) {
      expect(line).toContain(`,${action},${actor.id},${actor.email},"'=HYPERLINK(""http://evil.example"",""x"")",`);
      expect(line).not.toMatch(/,=/);
    }
    expect(lines[1]).toContain('"{""note"":""@plain""}"');
    expect(lines[2]).toContain('"{""note"":""+1, \\""quoted\\""""}"');
  });

  test('every event of a large set is exported, in batches', async () => {
    const action = uniqueAction('batch');
    const base = Date.now() - DAY;
    await insert(Array.from({ length: 2300 }, (_, i) => ({ action, at: new Date(base + i) })));
    const answer = await exportCsv({ action });
    const lines = answer.text.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(2300);
    expect(new Set(lines).size).toBe(2300);
  });

  test('another site cannot make an admin export the log: no GET, and a cross-site POST is refused', async () => {
    const action = uniqueAction('csrf');
    for (const path of [`/api/audit.csv?action=${action}`, `/api/audit/export?action=${action}`]) {
      const answer = await admin.browser.raw('GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).not.toContain('time,action');
    }
    const body = JSON.stringify({ action });
    const fromElsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of fromElsewhere) {
      const answer = await admin.browser.raw('POST', '/api/audit/export', body, headers);
      expect(answer.status).toBe(403);
      expect(answer.json).toMatchObject({ detail: [{ type: 'cross_site_request' }] });
    }
    expect(await auditRows(server, admin.account.id, 'admin.audit.exported')).not.toContainEqual(
      expect.objectContaining({ details: { filters: { action: [action] } } }),
    );
    const bad = await exportCsv({ to: 'soon' });
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({ detail: [{ type: 'validation_error' }] });
  });

  test('the CSV starts with a UTF-8 byte order mark, so spreadsheets read å, ä and ö', async () => {
    const action = uniqueAction('bom');
    const actor = await createAccount(server.ctx, { name: 'Åsa Ängström-Öberg' });
    await insert([{ action, at: new Date(), actor: actor.id }]);
    const response = await admin.browser.fetch(`${admin.browser.baseUrl}/api/audit/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action }),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFFtime,action,')).toBe(true);
    expect(text).toContain('Åsa Ängström-Öberg');
  });

  test('an export is itself audited, with its filters', async () => {
    const action = uniqueAction('exported');
    await exportCsv({ action });
    const [row] = await auditRows(server, admin.account.id, 'admin.audit.exported');
    expect(row?.details).toEqual({ filters: { action: [action] } });
  });
});
