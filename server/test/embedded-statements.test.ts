import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setPassword } from '../src/accounts/repository';
import type { DatabaseHandle } from '../src/db/client';
import { openPglite, STATEMENT_CACHE_SIZE } from '../src/db/pglite';
import { accounts, credentials } from '../src/db/schema';
import { bindIdentity } from '../src/federation/identities';

// Always the embedded database, also in the PostgreSQL + Redis run: this is PGlite's query path.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite(null);
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

/** How many named statements PGlite's backend holds (a query without parameters adds none). */
async function preparedCount(): Promise<number> {
  const { rows } = await handle.db.execute<{ count: number }>(
    sql`select count(*)::int as count from pg_prepared_statements`,
  );
  return rows[0]?.count ?? -1;
}

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
  test('a query with parameters is parsed once, then only bound and run, with each call’s values', async () => {
    const [first, second] = [await newAccount(), await newAccount()];
    const byEmail = (email: string) => handle.db.select().from(accounts).where(eq(accounts.email, email));
    await byEmail(first.email);
    const before = await preparedCount();
    expect((await byEmail(first.email))[0]?.id).toBe(first.id);
    expect((await byEmail(second.email))[0]?.id).toBe(second.id);
    expect(await byEmail('nobody@example.com')).toEqual([]);
    expect(await preparedCount()).toBe(before);
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

  test('a failing statement answers PostgreSQL’s error, keeps nothing, and the next query runs', async () => {
    const account = await newAccount();
    const before = await preparedCount();
    // Fails when parsed: nothing is kept under a name.
    expect(await sqlState(handle.db.execute(sql`select ${1}::int from no_such_table`))).toBe('42P01');
    expect(await preparedCount()).toBe(before);
    // Fails when run: a duplicate email.
    const duplicate = handle.db.insert(accounts).values({ email: account.email });
    expect(await sqlState(duplicate)).toBe('23505');
    const rows = await handle.db.select().from(accounts).where(eq(accounts.email, account.email));
    expect(rows.map((row) => row.id)).toEqual([account.id]);
  });

  test('in a transaction: rolled back as a whole, and its statements serve later queries', async () => {
    const email = `${randomUUID()}@example.com`;
    await handle.db
      .transaction(async (tx) => {
        await tx.insert(accounts).values({ email });
        expect(await tx.select().from(accounts).where(eq(accounts.email, email))).toHaveLength(1);
        tx.rollback();
      })
      .catch(() => {});
    expect(await handle.db.select().from(accounts).where(eq(accounts.email, email))).toEqual([]);
    await handle.db.insert(accounts).values({ email });
    expect(await handle.db.select().from(accounts).where(eq(accounts.email, email))).toHaveLength(1);
  });

  test(`beyond ${STATEMENT_CACHE_SIZE} statements the least recently used are closed`, async () => {
    const distinct = (n: number) => handle.db.execute<{ n: number }>(sql`select ${n}::int as n ${sql.raw(`-- ${n}`)}`);
    for (let n = 0; n < STATEMENT_CACHE_SIZE + 20; n++) expect((await distinct(n)).rows[0]?.n).toBe(n);
    expect(await preparedCount()).toBe(STATEMENT_CACHE_SIZE);
    // The oldest is parsed again when asked for, and answers.
    expect((await distinct(0)).rows[0]?.n).toBe(0);
    expect(await preparedCount()).toBe(STATEMENT_CACHE_SIZE);
  });

  test('setting a password and binding an identity (upserts onto partial unique indexes) work beyond five runs, when the plan turns generic', async () => {
    for (let run = 0; run < 8; run++) {
      const account = await newAccount();
      await setPassword(handle.db, account.id, 'first');
      await setPassword(handle.db, account.id, 'second');
      const rows = await handle.db.select().from(credentials).where(eq(credentials.accountId, account.id));
      expect(rows.map((row) => row.secret)).toEqual(['second']);
      const asserted = { issuer: 'https://idp.example', subject: randomUUID(), email: null, emailVerified: false };
      expect(await bindIdentity(handle.db, account.id, 'idp.example', asserted, new Date())).toBe(true);
    }
  });

  test('why the targets are literals: a parameter there no longer matches the index once the plan is generic', async () => {
    const account = await newAccount();
    const states: (string | undefined)[] = [];
    for (let run = 0; run < 8; run++) {
      states.push(
        await sqlState(
          handle.db
            .insert(credentials)
            .values({ accountId: account.id, type: 'password', secret: String(run) })
            .onConflictDoUpdate({
              target: credentials.accountId,
              targetWhere: eq(credentials.type, 'password'),
              set: { secret: String(run) },
            }),
        ),
      );
    }
    // The first runs are planned with their values; a later, generic plan cannot see that the
    // parameter is 'password' and finds no index for the target (42P10).
    expect(states.slice(0, 5)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(states).toContain('42P10');
  });
});
