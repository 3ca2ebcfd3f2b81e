import { and, eq } from 'drizzle-orm';
import { type AuditInput, audit, type CredentialRow } from '../accounts/repository';
import type { Database } from '../db/client';
import { conflictTargets, credentials } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { Assertion, IdentityFacts } from './decide';

/** The credential an identity (issuer, subject) is bound to, if any. */
export async function findIdentity(db: Database, issuer: string, subject: string): Promise<CredentialRow | null> {
  const [row] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.type, 'oidc'), eq(credentials.issuer, issuer), eq(credentials.subject, subject)))
    .limit(1);
  return row ?? null;
}

/** What deciding needs: who holds the identity, and whether the account (when known) already
 * has another identity shown under the same provider. */
export function identityFacts(
  bound: CredentialRow | null,
  accountCredentials: CredentialRow[],
  host: string,
): IdentityFacts {
  return {
    boundTo: bound?.accountId ?? null,
    otherIdentityOfProvider: accountCredentials.some(
      (c) => c.type === 'oidc' && c.provider === host && c.id !== bound?.id,
    ),
  };
}

/**
 * Binds an identity to an account. The unique (issuer, subject) index decides a race between
 * two links of the same identity: false when another account got it first.
 */
async function bindIdentity(
  db: Database,
  accountId: string,
  host: string,
  asserted: Assertion,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(credentials)
    .values({
      accountId,
      type: 'oidc',
      provider: host,
      issuer: asserted.issuer,
      subject: asserted.subject,
      data: asserted.email ? { email: asserted.email } : {},
      lastUsedAt: now,
    })
    .onConflictDoNothing({
      target: [credentials.issuer, credentials.subject],
      where: conflictTargets.oidc,
    })
    .returning({ id: credentials.id });
  if (inserted.length > 0) return true;
  return (await findIdentity(db, asserted.issuer, asserted.subject))?.accountId === accountId;
}

/** Notes a sign-in with a bound identity, and the email the provider asserted this time. */
async function recordIdentityUse(db: Database, credentialId: string, asserted: Assertion, now: Date) {
  await db
    .update(credentials)
    .set({ lastUsedAt: now, ...(asserted.email ? { data: { email: asserted.email } } : {}) })
    .where(eq(credentials.id, credentialId));
}

/** Binds an identity to an account and writes the audit rows of the link (and of the sign-in it
 * completes, if any), in one transaction: false, with nothing written, when another account
 * holds the identity. */
export function linkIdentity(
  db: Database,
  accountId: string,
  host: string,
  asserted: Assertion,
  now: Date,
  rows: AuditInput[],
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    if (!(await bindIdentity(tx, accountId, host, asserted, now))) return false;
    for (const row of rows) await audit(tx, row);
    return true;
  });
}

/** A use of a bound identity (when there is one) and the audit row of the sign-in it made, if
 * any, in one transaction. */
export function recordIdentitySignIn(
  db: Database,
  credentialId: string | null,
  asserted: Assertion,
  now: Date,
  row: AuditInput | null,
): Promise<void> {
  return inTransaction(db, async (tx) => {
    if (credentialId) await recordIdentityUse(tx, credentialId, asserted, now);
    if (row) await audit(tx, row);
  });
}
