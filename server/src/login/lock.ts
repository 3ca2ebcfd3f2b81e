import { eq } from 'drizzle-orm';
import type { AccountRow } from '../accounts/repository';
import type { Context } from '../context';
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

/** A completed sign-in: clears the failure count and records the login time, in one update. */
export async function recordSuccess(ctx: Context, account: AccountRow): Promise<void> {
  const next = afterSuccess(account);
  await ctx.db
    .update(accounts)
    .set({ failedAttempts: next.failedAttempts, lockedUntil: next.lockedUntil, lastLoginAt: ctx.now() })
    .where(eq(accounts.id, account.id));
}
