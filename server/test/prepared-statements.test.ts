import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { audit, findAccount, findAccountWithCredentials } from '../src/accounts/repository';
import { preparedPerDatabase } from '../src/db/client';
import { accounts, auditEvents } from '../src/db/schema';
import { recordSuccess } from '../src/login/lock';
import { createAccount, PASSWORD } from './fixtures';
import { startTestServer, type TestServer } from './harness';

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
});
