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
  mailFor: (link: string) => Mail,
): Promise<void> {
  return ctx.outbox.transaction(async (tx, queue) => {
    const link = await issueResetLink(ctx, accountId, type, tx);
    await audit(tx, row);
    await queue(mailFor(link));
  });
}

/**
 * A password reset, in one transaction: the token claimed (false when it was used meanwhile,
 * and then nothing is written), the new password set, the lockout lifted, the account's other
 * links ended and the reset audited. `db` may be the transaction of a larger change (the end of
 * the account's sessions, session/sign-out.ts).
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
    await setPassword(tx, reset.accountId, secret);
    await tx
      .update(accounts)
      .set({ ...afterReset(), passwordResetRequired: false })
      .where(eq(accounts.id, reset.accountId));
    // Older links of the account die with this one.
    await tx
      .update(passwordResets)
      .set({ usedAt: ctx.now() })
      .where(and(eq(passwordResets.accountId, reset.accountId), isNull(passwordResets.usedAt)));
    await audit(tx, row);
    return true;
  });
}
