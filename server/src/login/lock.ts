import { eq, sql } from 'drizzle-orm';
import type { AccountRow } from '../accounts/repository';
import type { Context } from '../context';
import { preparedPerDatabase } from '../db/client';
import { accounts } from '../db/schema';
import { afterFailure, afterSuccess, isLocked } from '../security/lockout';

export function accountLocked(ctx: Context, account: AccountRow): boolean {
  return isLocked(account, ctx.now());
}

/** Records a failed password or code; returns true when this failure locked the account. The
 * row is locked while counting, so concurrent failures on any node are all counted. */
export async function recordFailure(ctx: Context, account: AccountRow): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [fresh] = await tx.select().from(accounts).where(eq(accounts.id, account.id)).for('update');
    if (!fresh) return false;
    const next = afterFailure(fresh, ctx.now());
    await tx
      .update(accounts)
      .set({ failedAttempts: next.failedAttempts, lockCount: next.lockCount, lockedUntil: next.lockedUntil })
      .where(eq(accounts.id, account.id));
    return isLocked(next, ctx.now());
  });
}

const clearFailuresAndStampLogin = preparedPerDatabase((db) =>
  db
    .update(accounts)
    // Placeholders in SET go in as SQL, so times are passed as ISO strings.
    .set({
      failedAttempts: sql`${sql.placeholder('failedAttempts')}`,
      lockedUntil: sql`${sql.placeholder('lockedUntil')}`,
      lastLoginAt: sql`${sql.placeholder('now')}`,
    })
    .where(eq(accounts.id, sql.placeholder('id')))
    .prepare('account_login_succeeded'),
);

/** A completed sign-in: clears the failure count and records the login time, in one update. */
export async function recordSuccess(ctx: Context, account: AccountRow): Promise<void> {
  const next = afterSuccess(account);
  await clearFailuresAndStampLogin(ctx.db).execute({
    failedAttempts: next.failedAttempts,
    lockedUntil: next.lockedUntil?.toISOString() ?? null,
    now: ctx.now().toISOString(),
    id: account.id,
  });
}
