import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AccountViewCache } from '../src/accounts/view-cache';
import { accounts, credentials } from '../src/db/schema';
import type { Store } from '../src/store/store';
import { signedIn } from './admin-helpers';
import { eventually } from './eventually';
import { createAccount, PASSWORD, totpCode } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const renameBehindTheServersBack = (id: string, name: string) =>
  server.ctx.db.update(accounts).set({ name }).where(eq(accounts.id, id));

describe('the account view cache', () => {
  test('answers from memory until the account changes, then reads it again', async () => {
    const cache = new AccountViewCache(server.ctx.db, server.ctx.store);
    const account = await createAccount(server.ctx, { name: 'First Name', password: PASSWORD, totpCount: 1 });
    expect((await cache.get(account.id))?.account.name).toBe('First Name');
    await renameBehindTheServersBack(account.id, 'Second Name');
    expect((await cache.get(account.id))?.account.name).toBe('First Name');
    await cache.changed(account.id);
    expect((await cache.get(account.id))?.account.name).toBe('Second Name');
  });

  test('holds no secret, counter, lockout state or admin flag', async () => {
    const cache = new AccountViewCache(server.ctx.db, server.ctx.store);
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1, isAdmin: true });
    const view = await cache.get(account.id);
    // `sessionsValidAfter` is when the account's last account-wide ending happened: every session
    // guard compares with it (docs/server.md, "Sessions").
    expect(Object.keys(view?.account ?? {}).sort()).toEqual(
      ['email', 'id', 'isStakeholder', 'isUser', 'locale', 'name', 'picture', 'sessionsValidAfter'].sort(),
    );
    expect(view?.creds.map((c) => c.type).sort()).toEqual(['password', 'totp']);
    for (const credential of view?.creds ?? [])
      expect(Object.keys(credential).sort()).toEqual(['id', 'issuer', 'label', 'provider', 'type']);
  });

  test('a change on one node drops the entry on every node (store pub/sub)', async () => {
    const nodeA = new AccountViewCache(server.ctx.db, server.ctx.store);
    const nodeB = new AccountViewCache(server.ctx.db, server.ctx.store);
    await nodeB.listen();
    const account = await createAccount(server.ctx, { name: 'Before', password: PASSWORD });
    expect((await nodeB.get(account.id))?.account.name).toBe('Before');
    await renameBehindTheServersBack(account.id, 'After');
    await nodeA.changed(account.id);
    await eventually('the change to reach node B', async () => (await nodeB.get(account.id))?.account.name === 'After');
  });

  test('unknown accounts and failed reads are not kept; the oldest entries go first', async () => {
    const cache = new AccountViewCache(server.ctx.db, server.ctx.store, { max: 2 });
    expect(await cache.get(randomUUID())).toBeNull();
    expect(cache.size).toBe(0);
    await expect(cache.get('not-a-uuid')).rejects.toThrow();
    expect(cache.size).toBe(0);

    const [first, second, third] = await Promise.all([1, 2, 3].map(() => createAccount(server.ctx)));
    for (const account of [first, second, third]) await cache.get(account?.id as string);
    expect(cache.size).toBe(2);
    await renameBehindTheServersBack(first?.id as string, 'Renamed');
    await renameBehindTheServersBack(third?.id as string, 'Renamed');
    // The first was dropped to make room, so it is read again; the third is still cached.
    expect((await cache.get(first?.id as string))?.account.name).toBe('Renamed');
    expect((await cache.get(third?.id as string))?.account.name).toBe('Test Person');
  });
});

describe('the session check and the profile show every change at once', () => {
  test('language, a new authenticator and a removed sign-in method', async () => {
    const { browser, account } = await signedIn(server, { locale: 'en', isUser: false });
    expect((await browser.api.call('userinfo')).locale).toBe('en');
    const types = async () =>
      (await browser.api.call('ping', { query: {} })).available_credentials.map((c) => c.type).sort();
    expect(await types()).toEqual(['password']);

    await browser.api.call('accountSettings', { body: { key: 'locale', value: 'sv' } });
    expect((await browser.api.call('userinfo')).locale).toBe('sv');

    const setup = await browser.api.call('tfaSetup');
    await browser.api.call('tfaActivate', { body: { totp_code: totpCode(setup.secret) } });
    expect(await types()).toEqual(['password', 'totp']);

    const password = account.credentialIds.password as string;
    await browser.api.call('deleteCredential', { params: { id: password } });
    expect(await types()).toEqual(['totp']);
    expect((await browser.api.call('userinfo')).available_credentials.map((c) => c.type)).toEqual(['totp']);
    const [left] = await server.ctx.db.select().from(credentials).where(eq(credentials.accountId, account.id));
    expect(left?.type).toBe('totp');
  });

  test('signing out ends the session at once, although the account is cached', async () => {
    const { browser } = await signedIn(server);
    expect((await browser.api.call('ping', { query: {} })).state).toBe('Done');
    await browser.api.call('logout');
    expect((await browser.api.call('ping', { query: {} })).state).toBe('Start');
    await expect(browser.api.call('userinfo')).rejects.toMatchObject({ status: 401 });
  });
});

test('a change that cannot be broadcast (store down) is still dropped here and reported, not thrown', async () => {
  const missed: unknown[] = [];
  const store: Store = Object.assign(Object.create(server.ctx.store), {
    publish: async () => {
      throw new Error('store unreachable');
    },
  });
  const cache = new AccountViewCache(server.ctx.db, store, { onMissedBroadcast: (error) => missed.push(error) });
  const account = await createAccount(server.ctx, { name: 'Cached' });
  expect((await cache.get(account.id))?.account.name).toBe('Cached');
  await renameBehindTheServersBack(account.id, 'Changed');
  await cache.changed(account.id);
  expect(missed).toHaveLength(1);
  expect((await cache.get(account.id))?.account.name).toBe('Changed');
});
