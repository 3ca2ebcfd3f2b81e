import { eq } from 'drizzle-orm';
import { audit, findAccountByEmail } from '../accounts/repository';
import type { Context } from '../context';
import { accounts } from '../db/schema';

export type GrantOutcome = 'changed' | 'unchanged' | 'no_account';

/** Makes an account a platform admin, or takes the right away (command line only: the first
 * admin cannot come from the console). Takes effect on the account's next call. */
export async function setPlatformAdmin(ctx: Context, email: string, isAdmin: boolean): Promise<GrantOutcome> {
  const account = await findAccountByEmail(ctx.db, email.trim());
  if (!account) return 'no_account';
  if (account.isAdmin === isAdmin) return 'unchanged';
  await ctx.db.update(accounts).set({ isAdmin }).where(eq(accounts.id, account.id));
  await audit(ctx.db, {
    action: isAdmin ? 'admin.granted' : 'admin.revoked',
    targetType: 'account',
    targetId: account.id,
    details: { via: 'cli' },
  });
  return 'changed';
}
