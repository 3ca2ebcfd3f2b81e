import type { Credential, Locale } from '@helios/api';
import { and, asc, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import { type Database, preparedPerDatabase } from '../db/client';
import { accounts, auditEvents, conflictTargets, credentials, recoveryCodes } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { AccountFacts } from '../login/machine';
import type { AccountView, CredentialView } from './view-cache';

export type AccountRow = typeof accounts.$inferSelect;
export type CredentialRow = typeof credentials.$inferSelect;

export async function findAccountByEmail(db: Database, email: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

const accountById = preparedPerDatabase((db) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('account_by_id'),
);

export async function findAccount(db: Database, id: string): Promise<AccountRow | null> {
  const [row] = await accountById(db).execute({ id });
  return row ?? null;
}

/** Sets an account's password (its one password credential), replacing any it had. `db` may be a
 * transaction. */
export async function setPassword(db: Pick<Database, 'insert'>, accountId: string, secret: string): Promise<void> {
  await db.insert(credentials).values({ accountId, type: 'password', secret }).onConflictDoUpdate({
    target: credentials.accountId,
    targetWhere: conflictTargets.password,
    set: { secret },
  });
}

export type AccountWithSecrets = { account: AccountRow; creds: CredentialRow[] };

const accountWithCredentials = (db: Database, where: 'id' | 'email') =>
  db
    .select({ account: accounts, credential: credentials })
    .from(accounts)
    .leftJoin(credentials, eq(credentials.accountId, accounts.id))
    .where(where === 'id' ? eq(accounts.id, sql.placeholder('id')) : eq(accounts.email, sql.placeholder('email')))
    .orderBy(asc(credentials.createdAt))
    .prepare(`account_with_credentials_by_${where}`);
const accountWithCredentialsById = preparedPerDatabase((db) => accountWithCredentials(db, 'id'));
const accountWithCredentialsByEmail = preparedPerDatabase((db) => accountWithCredentials(db, 'email'));

/** An account (by id or email) and its sign-in methods, oldest first, in one query: what every
 * login step reads before it decides. */
export async function findAccountWithCredentials(
  db: Database,
  by: { id: string } | { email: string },
): Promise<AccountWithSecrets | null> {
  const rows =
    'id' in by
      ? await accountWithCredentialsById(db).execute({ id: by.id })
      : await accountWithCredentialsByEmail(db).execute({ email: by.email.toLowerCase() });
  const first = rows[0];
  if (!first) return null;
  const creds = rows.flatMap((row) => (row.credential ? [row.credential] : []));
  return { account: first.account, creds };
}

const credentialsByAccount = preparedPerDatabase((db) =>
  db
    .select()
    .from(credentials)
    .where(eq(credentials.accountId, sql.placeholder('accountId')))
    .orderBy(credentials.createdAt)
    .prepare('credentials_by_account'),
);

export function credentialsOf(db: Database, accountId: string): Promise<CredentialRow[]> {
  return credentialsByAccount(db).execute({ accountId });
}

export function factsOf(account: AccountRow, creds: CredentialRow[]): AccountFacts {
  return {
    passwordResetRequired: account.passwordResetRequired,
    hasPassword: creds.some((c) => c.type === 'password'),
    federatedCount: creds.filter((c) => c.type === 'oidc').length,
    totpCount: creds.filter((c) => c.type === 'totp').length,
    securityKeyCount: creds.filter((c) => c.type === 'webauthn').length,
    passkeyCount: creds.filter((c) => c.type === 'passkey').length,
  };
}

/** The public view of a credential: never its secret. */
export function publicCredential(row: CredentialView): Credential {
  return { id: row.id, type: row.type as Credential['type'], provider: row.provider, label: row.label };
}

export function userInfo(account: AccountView, creds: CredentialView[]) {
  return {
    name: account.name,
    email: account.email,
    locale: account.locale as Locale,
    profile_picture: account.picture,
    available_credentials: creds.map(publicCredential),
    is_user: account.isUser,
  };
}

/**
 * Locks the account's row until the transaction `tx` ends. Changes to an account's second factors
 * and recovery codes take it first, so they run one after the other: under READ COMMITTED, two
 * transactions that each removed one of the last two second factors would otherwise both still
 * see the other's, and keep the codes; two new sets made side by side would both stay.
 */
export async function lockAccount(tx: Database, accountId: string): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

/** Removes one sign-in method and writes its audit row, in one transaction. Recovery codes stand
 * in for a second factor: they go with the account's last one. */
export function removeCredential(db: Database, credentialId: string, row: AuditInput): Promise<void> {
  return inTransaction(db, async (tx) => {
    const [owner] = await tx
      .select({ accountId: credentials.accountId })
      .from(credentials)
      .where(eq(credentials.id, credentialId));
    if (owner) await lockAccount(tx, owner.accountId);
    const [removed] = await tx
      .delete(credentials)
      .where(eq(credentials.id, credentialId))
      .returning({ accountId: credentials.accountId, type: credentials.type });
    if (removed && SECOND_FACTORS.includes(removed.type))
      await dropRecoveryCodesWithoutSecondFactor(tx, removed.accountId);
    await audit(tx, row);
  });
}

const SECOND_FACTORS = ['totp', 'webauthn'];

/** `db` is a transaction holding the account's lock (`lockAccount`). */
async function dropRecoveryCodesWithoutSecondFactor(db: Database, accountId: string) {
  const secondFactor = db
    .select({ id: credentials.id })
    .from(credentials)
    .where(and(eq(credentials.accountId, accountId), inArray(credentials.type, SECOND_FACTORS)));
  await db.delete(recoveryCodes).where(and(eq(recoveryCodes.accountId, accountId), notExists(secondFactor)));
}

/** Sets a password made during sign-in and audits it, in one transaction. */
export function createPassword(db: Database, accountId: string, secret: string, row: AuditInput): Promise<void> {
  return inTransaction(db, async (tx) => {
    await setPassword(tx, accountId, secret);
    await audit(tx, row);
  });
}

/**
 * A confirmed authenticator replaces the account's others, in one transaction: the new one is
 * saved with the time step of the code that confirmed it as its last accepted one (so that code
 * cannot sign in again), every other authenticator of the account is removed, and the audit row
 * (given how many were replaced) is written.
 */
export function replaceAuthenticators(
  db: Database,
  authenticator: { accountId: string; sealedSecret: string; label: string; step: number; now: Date },
  row: (replaced: number) => AuditInput,
): Promise<void> {
  return inTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(credentials)
      .values({
        accountId: authenticator.accountId,
        type: 'totp',
        secret: authenticator.sealedSecret,
        label: authenticator.label,
        counter: authenticator.step,
        lastUsedAt: authenticator.now,
      })
      .returning({ id: credentials.id });
    if (!created) throw new Error('authenticator not written');
    const replaced = await deleteOtherTotp(tx, authenticator.accountId, created.id);
    await audit(tx, row(replaced));
  });
}

/** Keeps the one authenticator whose code was proven and removes the account's others, with the
 * audit row, in one transaction. */
export function keepOneAuthenticator(db: Database, accountId: string, keepId: string, row: AuditInput): Promise<void> {
  return inTransaction(db, async (tx) => {
    await deleteOtherTotp(tx, accountId, keepId);
    await audit(tx, row);
  });
}

/** Removes every authenticator of an account but one; answers how many it removed. */
async function deleteOtherTotp(db: Database, accountId: string, keepId: string): Promise<number> {
  const removed = await db
    .delete(credentials)
    .where(and(eq(credentials.accountId, accountId), eq(credentials.type, 'totp'), ne(credentials.id, keepId)))
    .returning({ id: credentials.id });
  return removed.length;
}

export type AuditInput = {
  actor?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  ip?: string;
  details?: Record<string, unknown>;
};

const insertAudit = preparedPerDatabase((db) =>
  db
    .insert(auditEvents)
    .values({
      actorAccountId: sql.placeholder('actor'),
      action: sql.placeholder('action'),
      targetType: sql.placeholder('targetType'),
      targetId: sql.placeholder('targetId'),
      ip: sql.placeholder('ip'),
      details: sql.placeholder('details'),
    })
    .prepare('insert_audit_event'),
);

export async function audit(db: Database, event: AuditInput): Promise<void> {
  await insertAudit(db).execute({
    actor: event.actor ?? null,
    action: event.action,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    ip: event.ip ?? null,
    details: event.details ?? {},
  });
}
