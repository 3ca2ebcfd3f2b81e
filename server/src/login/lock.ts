import { eq, sql } from 'drizzle-orm';
import { type AccountRow, type AuditInput, audit } from '../accounts/repository';
import type { Context } from '../context';
import { preparedPerDatabase } from '../db/client';
import { accounts, auditEvents } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { afterFailure, afterSuccess, isLocked } from '../security/lockout';

export function accountLocked(ctx: Context, account: AccountRow): boolean {
  return isLocked(account, ctx.now());
}

/** Records a failed password or code and its audit row (given whether this failure locked the
 * account), in one transaction; returns true when this failure locked the account. The row is
 * locked while counting, so concurrent failures on any node are all counted. */
export async function recordFailure(
  ctx: Context,
  account: AccountRow,
  row: (locked: boolean) => AuditInput,
): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const [fresh] = await tx.select().from(accounts).where(eq(accounts.id, account.id)).for('update');
    if (!fresh) return false;
    const next = afterFailure(fresh, ctx.now());
    await tx
      .update(accounts)
      .set({ failedAttempts: next.failedAttempts, lockCount: next.lockCount, lockedUntil: next.lockedUntil })
      .where(eq(accounts.id, account.id));
    const locked = isLocked(next, ctx.now());
    await audit(tx, row(locked));
    return locked;
  });
}

/** A completed sign-in in one statement: the account's failure count cleared and its login
 * time stamped, and the success audited. Both or neither are written, and an embedded database
 * commits once instead of twice. The update runs as a data-modifying WITH, which PostgreSQL runs
 * exactly once whether or not the insert reads it. */
const loginSucceeded = preparedPerDatabase((db) => {
  const stamped = db.$with('stamped').as(
    db
      .update(accounts)
      // Placeholders in SET go in as SQL, so times are passed as ISO strings.
      .set({
        failedAttempts: sql`${sql.placeholder('failedAttempts')}`,
        lockedUntil: sql`${sql.placeholder('lockedUntil')}`,
        lastLoginAt: sql`${sql.placeholder('now')}`,
      })
      .where(eq(accounts.id, sql.placeholder('id'))),
  );
  return db
    .with(stamped)
    .insert(auditEvents)
    .values({
      actorAccountId: sql.placeholder('actor'),
      action: 'login.success',
      targetType: 'account',
      targetId: sql.placeholder('targetId'),
      ip: sql.placeholder('ip'),
      details: sql.placeholder('details'),
    })
    .prepare('account_login_succeeded');
});

/** A completed sign-in: clears the failure count, records the login time and audits it (`via`:
 * how the first factor was proven), in one statement. */
export async function recordSuccess(
  ctx: Context,
  account: AccountRow,
  context: { ip: string | null; via: string | null },
): Promise<void> {
  const next = afterSuccess(account);
  await loginSucceeded(ctx.db).execute({
    failedAttempts: next.failedAttempts,
    lockedUntil: next.lockedUntil?.toISOString() ?? null,
    now: ctx.now().toISOString(),
    // The same id three times: PostgreSQL gives each parameter one type (uuid, uuid, text).
    id: account.id,
    actor: account.id,
    targetId: account.id,
    ip: context.ip,
    details: { via: context.via },
  });
}
