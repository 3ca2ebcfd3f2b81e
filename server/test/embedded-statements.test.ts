import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, preparedPerDatabase } from '../src/db/client';
import { openPglite } from '../src/db/pglite';
import { accounts, credentials } from '../src/db/schema';

// Always the embedded database, also in the PostgreSQL + Redis run: this is PGlite's query path
// through drizzle's driver.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite(null);
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

async function newAccount() {
  const [row] = await handle.db
    .insert(accounts)
    .values({ email: `${randomUUID()}@example.com` })
    .returning();
  if (!row) throw new Error('no account');
  return row;
}

/** The SQLSTATE of a failed query (drizzle keeps PGlite's error as the cause). */
async function sqlState(query: Promise<unknown>): Promise<string | undefined> {
  const error = await query.then(
    () => null,
    (e: unknown) => e as { code?: string; cause?: { code?: string } },
  );
  return error ? (error.code ?? error.cause?.code) : undefined;
}

describe('queries on the embedded database', () => {
  test('statements prepared once per database run with each call’s values', async () => {
    const [first, second] = [await newAccount(), await newAccount()];
    const byEmail = preparedPerDatabase((db) =>
      db
        .select()
        .from(accounts)
        .where(eq(accounts.email, sql.placeholder('email')))
        .prepare('test_account_by_email'),
    );
    // Also when several are built together, as an object of them.
    const lookups = preparedPerDatabase((db) => ({
      byId: db
        .select({ email: accounts.email })
        .from(accounts)
        .where(eq(accounts.id, sql.placeholder('id')))
        .prepare('test_account_by_id'),
      count: db.select({ count: sql<number>`count(*)::int` }).from(accounts).prepare('test_account_count'),
    }));
    expect((await byEmail(handle.db).execute({ email: first.email }))[0]?.id).toBe(first.id);
    expect((await byEmail(handle.db).execute({ email: second.email }))[0]?.id).toBe(second.id);
    expect(await byEmail(handle.db).execute({ email: 'nobody@example.com' })).toEqual([]);
    expect(await lookups(handle.db).byId.execute({ id: second.id })).toEqual([{ email: second.email }]);
    expect(await lookups(handle.db).byId.execute({ id: first.id })).toEqual([{ email: first.email }]);
    // Also without parameters.
    const [{ count } = { count: 0 }] = await lookups(handle.db).count.execute();
    expect(count).toBeGreaterThanOrEqual(2);
    await lookups(handle.db).count.execute();
  });

  test('every column type reads back as drizzle reads it from PostgreSQL', async () => {
    const account = await newAccount();
    const lastUsedAt = new Date('2026-01-02T03:04:05.678Z');
    await handle.db.insert(credentials).values({
      accountId: account.id,
      type: 'totp',
      label: 'Åsa’s phone ✓',
      counter: 2 ** 40,
      data: { nested: { list: [1, 'två', null] } },
      lastUsedAt,
    });
    const [row] = await handle.db.select().from(credentials).where(eq(credentials.accountId, account.id));
    expect(row).toMatchObject({
      type: 'totp',
      label: 'Åsa’s phone ✓',
      counter: 2 ** 40,
      data: { nested: { list: [1, 'två', null] } },
      lastUsedAt,
      secret: null,
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
    const [read] = await handle.db
      .select({ isUser: accounts.isUser, failedAttempts: accounts.failedAttempts, lockedUntil: accounts.lockedUntil })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    expect(read).toEqual({ isUser: false, failedAttempts: 0, lockedUntil: null });
  });

  test('a prepared statement’s rows read back as the same query built each time reads them', async () => {
    const account = await newAccount();
    await handle.db.insert(credentials).values({
      accountId: account.id,
      type: 'webauthn',
      label: 'Nyckel “blå” 🔑',
      counter: 2 ** 40,
      data: { transports: ['usb', 'nfc'], note: null },
      lastUsedAt: new Date('2026-03-04T05:06:07.089Z'),
    });
    const byAccount = preparedPerDatabase((db) => ({
      rows: db
        .select({ account: accounts, credential: credentials })
        .from(accounts)
        .leftJoin(credentials, eq(credentials.accountId, accounts.id))
        .where(eq(accounts.id, sql.placeholder('id')))
        .prepare('test_account_with_credentials'),
      stamp: db
        .update(accounts)
        .set({ lastLoginAt: sql`${sql.placeholder('at')}` })
        .where(eq(accounts.id, sql.placeholder('id')))
        .prepare('test_stamp_login'),
    }));
    const builtEachTime = () =>
      handle.db
        .select({ account: accounts, credential: credentials })
        .from(accounts)
        .leftJoin(credentials, eq(credentials.accountId, accounts.id))
        .where(eq(accounts.id, account.id));
    for (let run = 0; run < 3; run++) {
      const prepared = await byAccount(handle.db).rows.execute({ id: account.id });
      expect(prepared).toEqual(await builtEachTime());
      expect(prepared[0]?.credential?.data).toEqual({ transports: ['usb', 'nfc'], note: null });
      expect(prepared[0]?.account.lastLoginAt).toEqual(run === 0 ? null : new Date('2026-05-06T07:08:09.000Z'));
      // A statement that answers no rows: its count still comes back.
      const stamped = (await byAccount(handle.db).stamp.execute({
        at: '2026-05-06T07:08:09.000Z',
        id: account.id,
      })) as unknown as { affectedRows?: number; rows: unknown[] };
      expect(stamped.affectedRows).toBe(1);
      expect(stamped.rows).toEqual([]);
    }
    // No account: no rows.
    expect(await byAccount(handle.db).rows.execute({ id: randomUUID() })).toEqual([]);
  });

  test('a prepared statement’s answer larger than one write of the database (many rows, long values, nulls) reads back whole', async () => {
    // About a megabyte of rows: PostgreSQL sends its answer in writes of 8 KB, each handed over apart.
    const rows = (count: ReturnType<typeof sql.placeholder> | number) =>
      handle.db
        .select({
          n: sql<number>`g`,
          text: sql<string | null>`case when g % 7 = 0 then null else repeat('å✓', g * 3) end`,
          at: sql<string>`timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second'`,
        })
        .from(sql`generate_series(1, ${count}::int) as g`);
    const prepared = preparedPerDatabase((db) =>
      db
        .select({
          n: sql<number>`g`,
          text: sql<string | null>`case when g % 7 = 0 then null else repeat('å✓', g * 3) end`,
          at: sql<string>`timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second'`,
        })
        .from(sql`generate_series(1, ${sql.placeholder('count')}::int) as g`)
        .prepare('test_many_rows'),
    );
    const read = await prepared(handle.db).execute({ count: 400 });
    expect(read).toHaveLength(400);
    expect(read).toEqual(await rows(400));
    expect(read[6]?.text).toBeNull();
    expect(read[399]?.text).toBe('å✓'.repeat(1200));
    expect(JSON.stringify(read).length).toBeGreaterThan(400_000);
    // The next run of the same statement reads only its own answer.
    expect(await prepared(handle.db).execute({ count: 2 })).toEqual(await rows(2));
  });

  /** Prepared once per database. */
  const insertAccount = preparedPerDatabase((db) =>
    db
      .insert(accounts)
      .values({ email: sql.placeholder('email') })
      .returning({ id: accounts.id })
      .prepare('test_insert_account'),
  );
  const accountByEmail = preparedPerDatabase((db) =>
    db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, sql.placeholder('email')))
      .prepare('test_select_account'),
  );

  test('a failing statement answers PostgreSQL’s error, keeps nothing half done, and the next query runs', async () => {
    const account = await newAccount();
    // Fails when parsed, and the same way again.
    const broken = preparedPerDatabase((db) =>
      db
        .select({ n: sql<number>`n` })
        .from(sql`no_such_table`)
        .where(sql`n = ${sql.placeholder('n')}`)
        .prepare('test_broken'),
    );
    expect(await sqlState(broken(handle.db).execute({ n: 1 }))).toBe('42P01');
    expect(await sqlState(broken(handle.db).execute({ n: 1 }))).toBe('42P01');
    // Fails when run: a duplicate email; the next call runs.
    expect(await sqlState(insertAccount(handle.db).execute({ email: account.email }))).toBe('23505');
    const email = `${randomUUID()}@example.com`;
    const [inserted] = await insertAccount(handle.db).execute({ email });
    expect(await accountByEmail(handle.db).execute({ email })).toEqual([{ id: inserted?.id }]);
    expect(await accountByEmail(handle.db).execute({ email: account.email })).toEqual([{ id: account.id }]);
  });

  test('in a transaction: rolled back as a whole, also after a failed statement, and the statements serve later queries', async () => {
    // First run inside the transaction that is then rolled back.
    const countByEmail = preparedPerDatabase((db) =>
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(accounts)
        .where(eq(accounts.email, sql.placeholder('email')))
        .prepare('test_count_by_email'),
    );
    countByEmail(handle.db);
    const taken = (await newAccount()).email;
    const email = `${randomUUID()}@example.com`;
    await handle.db
      .transaction(async (tx) => {
        const db = tx as unknown as typeof handle.db;
        await insertAccount(db).execute({ email });
        expect(await countByEmail(db).execute({ email })).toEqual([{ count: 1 }]);
        tx.rollback();
      })
      .catch(() => {});
    expect(await countByEmail(handle.db).execute({ email })).toEqual([{ count: 0 }]);
    const failed = await handle.db
      .transaction(async (tx) => {
        const db = tx as unknown as typeof handle.db;
        await insertAccount(db).execute({ email });
        await insertAccount(db).execute({ email: taken });
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(await accountByEmail(handle.db).execute({ email })).toEqual([]);
    await insertAccount(handle.db).execute({ email });
    expect(await accountByEmail(handle.db).execute({ email })).toHaveLength(1);
  });
});
