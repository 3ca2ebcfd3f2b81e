import { and, count, eq, isNull } from 'drizzle-orm';
import { type AuditInput, audit, lockAccount } from '../accounts/repository';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { recoveryCodes } from '../db/schema';
import type { Mail } from '../mail/templates';
import { safeEqual } from '../security/tokens';
import { newRecoveryCodes, normalizeRecoveryCode } from './codes';

/** The keyed hash a code is kept as, bound to its account: the same code of another account, or
 * a table copied without the server secret, matches nothing. */
function hashOf(ctx: Context, accountId: string, normalized: string): string {
  return ctx.secrets.mac(`recovery-code:${accountId}:${normalized}`);
}

/** Replaces every recovery code of the account with a new set and answers the codes, in clear
 * this once. `db` is a transaction: the account stays locked until it ends, so two new sets made
 * side by side leave only the later one. */
export async function replaceRecoveryCodes(ctx: Context, db: Database, accountId: string): Promise<string[]> {
  await lockAccount(db, accountId);
  const codes = newRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
  await db
    .insert(recoveryCodes)
    .values(
      codes.map((code) => ({ accountId, codeHash: hashOf(ctx, accountId, normalizeRecoveryCode(code) as string) })),
    );
  return codes;
}

/** The audit row of the recovery codes an account gets with its first second factor. */
export const recoveryCodesIssued = (accountId: string, ip: string): AuditInput => ({
  actor: accountId,
  action: 'credential.recovery_codes_issued',
  targetType: 'account',
  targetId: accountId,
  ip,
});

/** The codes an account gets with its first second factor: a set, and its audit row, when the
 * account has none (used or not); null when it already has one. `db` is a transaction; the
 * account stays locked until it ends, so two first factors added side by side bring one set. */
export async function issueFirstRecoveryCodes(
  ctx: Context,
  db: Database,
  accountId: string,
  row: AuditInput,
): Promise<string[] | null> {
  await lockAccount(db, accountId);
  const [existing] = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.accountId, accountId))
    .limit(1);
  if (existing) return null;
  const codes = await replaceRecoveryCodes(ctx, db, accountId);
  await audit(db, row);
  return codes;
}

export async function remainingRecoveryCodes(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ remaining: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  return row?.remaining ?? 0;
}

/**
 * Spends one recovery code of the account. Every unused code's hash is compared with the typed
 * one in constant time (all of them, match or not). The match is marked used only while it still
 * is unused — the rows are locked while read, so two requests with the same code cannot both
 * pass — and in the same transaction as its audit row and the mail telling the person, each
 * given how many codes are left. The mail is rendered before the transaction, for the count read
 * then less the one spent; only when another spend came between is it rendered again inside.
 * Answers that count, or null when no unused code matches.
 */
export async function spendRecoveryCode(
  ctx: Context,
  accountId: string,
  typed: string,
  row: (remaining: number) => AuditInput,
  mail: (remaining: number) => Promise<Mail>,
): Promise<number | null> {
  const normalized = normalizeRecoveryCode(typed);
  const wanted = hashOf(ctx, accountId, normalized ?? '');
  const expected = (await remainingRecoveryCodes(ctx.db, accountId)) - 1;
  const rendered = expected >= 0 ? await mail(expected) : null;
  return ctx.outbox.transaction(async (tx, queue) => {
    const unused = await tx
      .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)))
      .for('update');
    let match: string | null = null;
    for (const code of unused) if (safeEqual(code.codeHash, wanted)) match = code.id;
    if (match === null || normalized === null) return null;
    const spent = await tx
      .update(recoveryCodes)
      .set({ usedAt: ctx.now() })
      .where(and(eq(recoveryCodes.id, match), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    if (spent.length !== 1) return null;
    const remaining = unused.length - 1;
    await audit(tx, row(remaining));
    await queue(rendered && remaining === expected ? rendered : await mail(remaining));
    return remaining;
  });
}
