import { and, eq, isNull } from 'drizzle-orm';
import { type AuditInput, audit, setPassword } from '../accounts/repository';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { accounts, passwordResets } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { Mail } from '../mail/templates';
import { afterReset } from '../security/lockout';
import { issueResetLink } from './links';

/** A new reset link, its audit row and its mail (`mailFor` the link), in one transaction; the
 * outbox's worker sends the mail once it is committed. */
export function issueAuditedResetLink(
  ctx: Context,
  accountId: string,
  type: string | null,
  row: AuditInput,
  mailFor: (link: string) => Promise<Mail>,
): Promise<void> {
  return ctx.outbox.transaction(async (tx, queue) => {
    const link = await issueResetLink(ctx, accountId, type, tx);
    await audit(tx, row);
    await queue(await mailFor(link));
  });
}

/**
 * A password reset, in one transaction: the token claimed (false when it was used meanwhile,
 * and then nothing is written), the new password set with what follows it (`replacePassword`)
 * and the reset audited. `db` may be the transaction of a larger change (the end of the
 * account's sessions, session/sign-out.ts).
 */
export function completeReset(
  ctx: Context,
  reset: { id: string; accountId: string },
  secret: string,
  row: AuditInput,
  db: Database = ctx.db,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    // Marking it used in the same statement that checks it makes the token single use.
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: ctx.now() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (claimed.length === 0) return false;
    await replacePassword(ctx, tx, reset.accountId, secret);
    await audit(tx, row);
    return true;
  });
}

/**
 * A password set or changed by the signed-in person (the profile), in one transaction: the new
 * password with what follows it (`replacePassword`) and the audit row. `db` may be the
 * transaction of a larger change (the end of the account's other sessions).
 */
export function changePassword(
  ctx: Context,
  accountId: string,
  secret: string,
  row: AuditInput,
  db: Database = ctx.db,
): Promise<void> {
  return inTransaction(db, async (tx) => {
    await replacePassword(ctx, tx, accountId, secret);
    await audit(tx, row);
  });
}

/** A new password and what follows from it, inside the caller's transaction: the lockout lifted
 * and its history forgotten (the failures were guesses at a password that is gone), a required
 * reset done, and the account's open reset links ended. */
async function replacePassword(ctx: Context, tx: Database, accountId: string, secret: string): Promise<void> {
  await setPassword(tx, accountId, secret);
  await tx
    .update(accounts)
    .set({ ...afterReset(), passwordResetRequired: false })
    .where(eq(accounts.id, accountId));
  await tx
    .update(passwordResets)
    .set({ usedAt: ctx.now() })
    .where(and(eq(passwordResets.accountId, accountId), isNull(passwordResets.usedAt)));
}
