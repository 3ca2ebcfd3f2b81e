import { randomUUID } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { audit, findAccount, findAccountWithCredentials } from '../src/accounts/repository';
import { preparedPerDatabase } from '../src/db/client';
import { accounts, auditEvents, conflictTargets, credentials } from '../src/db/schema';
import { recordSuccess } from '../src/login/lock';
import { createAccount, PASSWORD } from './fixtures';
import { backend, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const auditRows = (targetId: string) =>
  server.ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'test'), eq(auditEvents.targetId, targetId)));

class RolledBack extends Error {}

/** The SQLSTATE of a failed query (drizzle keeps the driver's error as the cause). */
async function sqlState(query: Promise<unknown>): Promise<string | undefined> {
  const error = await query.then(
    () => null,
    (e: unknown) => e as { code?: string; cause?: { code?: string } },
  );
  return error ? (error.code ?? error.cause?.code) : undefined;
}

/** Runs `work` in a transaction that is then rolled back. */
async function inRolledBackTransaction(work: (tx: typeof server.ctx.db) => Promise<void>) {
  await server.ctx.db
    .transaction(async (tx) => {
      await work(tx as unknown as typeof server.ctx.db);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
}

describe('statements prepared once per database', () => {
  test('are built once per handle and again for another handle', async () => {
    let builds = 0;
    const statement = preparedPerDatabase(() => {
      builds += 1;
      return { built: builds };
    });
    expect(statement(server.ctx.db)).toBe(statement(server.ctx.db));
    expect(builds).toBe(1);
    await inRolledBackTransaction(async (tx) => {
      expect(statement(tx).built).toBe(2);
    });
  });

  test('run inside the transaction they are asked in: a rolled-back audit row is not kept', async () => {
    const kept = randomUUID();
    const dropped = randomUUID();
    await audit(server.ctx.db, { action: 'test.kept', targetType: 'test', targetId: kept, details: { n: 1 } });
    await inRolledBackTransaction(async (tx) => {
      await audit(tx, { action: 'test.dropped', targetType: 'test', targetId: dropped });
      expect(await tx.select().from(auditEvents).where(eq(auditEvents.targetId, dropped))).toHaveLength(1);
    });
    const [row] = await auditRows(kept);
    expect(row).toMatchObject({ action: 'test.kept', details: { n: 1 }, actorAccountId: null, ip: null });
    expect(await auditRows(dropped)).toHaveLength(0);
  });

  test('take new values on every call: accounts by id and by email, and the sign-in stamp', async () => {
    const first = await createAccount(server.ctx, { password: PASSWORD });
    const second = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    expect((await findAccount(server.ctx.db, first.id))?.email).toBe(first.email);
    expect((await findAccount(server.ctx.db, second.id))?.email).toBe(second.email);
    expect(await findAccount(server.ctx.db, randomUUID())).toBeNull();
    const byEmail = await findAccountWithCredentials(server.ctx.db, { email: second.email.toUpperCase() });
    expect(byEmail?.account.id).toBe(second.id);
    expect(byEmail?.creds.map((c) => c.type).sort()).toEqual(['password', 'totp']);

    await server.ctx.db.update(accounts).set({ failedAttempts: 3 }).where(eq(accounts.id, first.id));
    const before = await findAccount(server.ctx.db, first.id);
    if (!before) throw new Error('account missing');
    expect(before.failedAttempts).toBe(3);
    const successes = () =>
      server.ctx.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'login.success'),
            eq(auditEvents.targetType, 'account'),
            eq(auditEvents.targetId, first.id),
          ),
        );
    expect(await successes()).toEqual([]);
    await recordSuccess(server.ctx, before, { ip: '192.0.2.7', via: 'password' });
    const after = await findAccount(server.ctx.db, first.id);
    expect(after?.lastLoginAt).toBeInstanceOf(Date);
    expect(Math.abs((after?.lastLoginAt?.getTime() ?? 0) - server.ctx.now().getTime())).toBeLessThan(60_000);
    expect(after?.failedAttempts).toBe(0);
    // Audited in the same statement, with who, from where and how.
    expect(await successes()).toMatchObject([
      { actorAccountId: first.id, ip: '192.0.2.7', details: { via: 'password' } },
    ]);
    await recordSuccess(server.ctx, { ...before, id: second.id }, { ip: null, via: 'otp' });
    expect((await findAccount(server.ctx.db, second.id))?.lastLoginAt).toBeInstanceOf(Date);
    expect(await successes()).toHaveLength(1);
  });

  /** A password upsert prepared once per database, its ON CONFLICT target naming the partial
   * index's predicate as `targetWhere`. */
  const passwordUpsert = (name: string, targetWhere: SQL) =>
    preparedPerDatabase((db) =>
      db
        .insert(credentials)
        .values({ accountId: sql.placeholder('accountId'), type: 'password', secret: sql.placeholder('secret') })
        .onConflictDoUpdate({ target: credentials.accountId, targetWhere, set: { secret: sql`excluded.secret` } })
        .prepare(name),
    );

  // Only PostgreSQL keeps a prepared statement under its name (node-postgres) and may then plan it
  // generically; PGlite's query parses and plans every run for its values.
  test.skipIf(backend === 'embedded')(
    'why conflict targets are literals: prepared with a parameter there, the upsert fails once its plan turns generic',
    async () => {
      const upsert = passwordUpsert('test_password_upsert_with_parameter', eq(credentials.type, 'password'));
      const account = await createAccount(server.ctx, { password: null });
      const states: (string | undefined)[] = [];
      for (let run = 0; run < 8; run++)
        states.push(await sqlState(upsert(server.ctx.db).execute({ accountId: account.id, secret: String(run) })));
      // The first five runs are planned for their values; a generic plan cannot see that the
      // parameter is 'password' and finds no index for the target (42P10).
      expect(states.slice(0, 5)).toEqual([undefined, undefined, undefined, undefined, undefined]);
      expect(states).toContain('42P10');
    },
  );

  test('the same upsert with the literal target, prepared, works beyond five runs', async () => {
    const upsert = passwordUpsert('test_password_upsert_with_literal', conflictTargets.password);
    const account = await createAccount(server.ctx, { password: null });
    for (let run = 0; run < 8; run++)
      await upsert(server.ctx.db).execute({ accountId: account.id, secret: String(run) });
    const rows = await server.ctx.db.select().from(credentials).where(eq(credentials.accountId, account.id));
    expect(rows.map((row) => row.secret)).toEqual(['7']);
  });
});
