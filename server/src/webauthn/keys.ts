import type { VerifiedRegistrationResponse, WebAuthnCredential } from '@simplewebauthn/server';
import { and, eq, lt } from 'drizzle-orm';
import { type AuditInput, audit, type CredentialRow, lockAccount } from '../accounts/repository';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { credentials } from '../db/schema';
import { inTransaction } from '../db/transaction';

/** What a security-key row keeps beside its public key (in `data`). */
type SecurityKeyData = { transports?: string[]; aaguid?: string; backedUp?: boolean; deviceType?: string };

type RegistrationInfo = NonNullable<VerifiedRegistrationResponse['registrationInfo']>;

export function securityKeysOf(creds: CredentialRow[]): CredentialRow[] {
  return creds.filter((c) => c.type === 'webauthn' && c.subject && c.secret);
}

function dataOf(row: CredentialRow): SecurityKeyData {
  return row.data as SecurityKeyData;
}

/** How options name a key to the browser: its credential id and how it can be reached. */
export function descriptorOf(row: CredentialRow) {
  return { id: row.subject as string, transports: dataOf(row).transports };
}

/** A stored key as the verification library needs it. */
export function webauthnCredentialOf(row: CredentialRow): WebAuthnCredential {
  return {
    id: row.subject as string,
    publicKey: new Uint8Array(Buffer.from(row.secret as string, 'base64url')),
    counter: row.counter,
    transports: dataOf(row).transports,
  };
}

/** Saves a verified new key (a security key, or a passkey), its audit row and what goes with it
 * (`alongside`: the mail telling of it, recovery codes), in one
 * transaction; null (and nothing written) when that credential id is already registered (to
 * anyone). */
export async function saveSecurityKey(
  ctx: Context,
  accountId: string,
  label: string,
  info: RegistrationInfo,
  row: (saved: CredentialRow) => AuditInput,
  /** More to write in the same transaction once the key is saved. */
  alongside?: (tx: Database) => Promise<void>,
  type: 'webauthn' | 'passkey' = 'webauthn',
): Promise<CredentialRow | null> {
  const data: SecurityKeyData = {
    transports: info.credential.transports,
    aaguid: info.aaguid,
    backedUp: info.credentialBackedUp,
    deviceType: info.credentialDeviceType,
  };
  const saved = await inTransaction(ctx.db, async (tx) => {
    // Second factors of one account change one after the other (see `lockAccount`).
    await lockAccount(tx, accountId);
    const [key] = await tx
      .insert(credentials)
      .values({
        accountId,
        type,
        subject: info.credential.id,
        secret: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        label,
        data,
      })
      .onConflictDoNothing()
      .returning();
    if (!key) return null;
    await audit(tx, row(key));
    await alongside?.(tx);
    return key;
  });
  if (saved) {
    ctx.outbox.nudge();
    await ctx.accountViews.changed(accountId);
  }
  return saved;
}

/**
 * Records a verified use of a key. A key that counts its uses must report a higher count than
 * the stored one, and the update only happens if it still is — so two nodes cannot both accept
 * the same count (a cloned key or a replay racing the real one). Keys that never count (both
 * zero) rely on the single-use challenge alone.
 */
export async function recordKeyUse(
  ctx: Context,
  row: CredentialRow,
  newCounter: number,
  backedUp: boolean,
): Promise<boolean> {
  const counterStillBelow = newCounter > 0 ? lt(credentials.counter, newCounter) : eq(credentials.counter, 0);
  const updated = await ctx.db
    .update(credentials)
    .set({ counter: newCounter, lastUsedAt: ctx.now(), data: { ...dataOf(row), backedUp } })
    .where(and(eq(credentials.id, row.id), counterStillBelow))
    .returning({ id: credentials.id });
  return updated.length === 1;
}
