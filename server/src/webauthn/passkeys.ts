import type { AuthenticationResponse, Passkey } from '@helios/api';
import type { VerifiedAuthenticationResponse } from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AccountWithSecrets,
  type AuditInput,
  audit,
  type CredentialRow,
  findAccountWithCredentials,
} from '../accounts/repository';
import type { Context } from '../context';
import type { Database } from '../db/client';
import { credentials } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { descriptorOf, recordKeyUse, webauthnCredentialOf } from './keys';
import { assertionOf, REGISTER_CHALLENGE_MS, relyingParty, userHandle, webauthn } from './relying-party';

/** A passkey's registration challenge: its own key, so a security-key registration running
 * beside it (another tab) neither takes nor replaces it. */
const registerKey = (owner: string) => `passkey:register:${owner}`;

export const passkeyChallenges = {
  /** `owner` is the account (profile) or the login session (the offer after a code sign-in). */
  forRegistration: (ctx: Context, owner: string, challenge: string) =>
    ctx.store.set(registerKey(owner), challenge, REGISTER_CHALLENGE_MS),
  takeForRegistration: (ctx: Context, owner: string) => ctx.store.take(registerKey(owner)),
};

/** The account that holds the passkey with this credential id, with its sign-in methods. */
export async function findPasskeyOwner(db: Database, credentialId: string): Promise<AccountWithSecrets | null> {
  const [row] = await db
    .select({ accountId: credentials.accountId })
    .from(credentials)
    .where(and(eq(credentials.type, 'passkey'), eq(credentials.subject, credentialId)));
  return row ? findAccountWithCredentials(db, { id: row.accountId }) : null;
}

export async function passkeysOf(db: Database, accountId: string): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.accountId, accountId), eq(credentials.type, 'passkey')))
    .orderBy(asc(credentials.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.label ?? '',
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Renames one of the account's passkeys and audits it, in one transaction; false when the
 * account has no passkey with that id. */
export function renamePasskey(
  db: Database,
  accountId: string,
  id: string,
  name: string,
  row: AuditInput,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const renamed = await tx
      .update(credentials)
      .set({ label: name })
      .where(and(eq(credentials.id, id), eq(credentials.accountId, accountId), eq(credentials.type, 'passkey')))
      .returning({ id: credentials.id });
    if (renamed.length === 0) return false;
    await audit(tx, row);
    return true;
  });
}

/**
 * How an answer to a passkey challenge fared: `accepted` (and its use recorded), `cloned` when
 * it was signed by the passkey but its counter did not move forward (a copy of the key, or an
 * old answer), and `refused` for every other failure — wrong signature, origin or RP ID, no user
 * verification, or another account's user handle.
 */
/** Options asking for a passkey with user verification: any of this site's (`passkeys` empty,
 * the sign-in) or one of `passkeys`; `challenge` when it is shared with other options. */
export async function passkeyRequestOptions(
  ctx: Context,
  passkeys: CredentialRow[],
  extra: { challenge?: Uint8Array; timeout?: number } = {},
) {
  return (await webauthn()).generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    allowCredentials: passkeys.map(descriptorOf),
    userVerification: 'required',
    ...(extra.challenge ? { challenge: new Uint8Array(extra.challenge) } : {}),
    ...(extra.timeout ? { timeout: extra.timeout } : {}),
  });
}

export async function verifyPasskeyAnswer(
  ctx: Context,
  owner: AccountWithSecrets,
  response: z.output<typeof AuthenticationResponse>,
  challenge: string,
): Promise<'accepted' | 'cloned' | 'refused'> {
  const key = owner.creds.find((c) => c.type === 'passkey' && c.subject === response.id);
  if (!key) return 'refused';
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(ctx, owner.account.id)).toString('base64url')) return 'refused';
  const rp = relyingParty(ctx);
  let verification: VerifiedAuthenticationResponse;
  try {
    verification = await (await webauthn()).verifyAuthenticationResponse({
      response: assertionOf(response),
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // The counter is compared below, once the signature is known to be the passkey's: only
      // then does a counter that stood still say "a copy of this key".
      credential: { ...webauthnCredentialOf(key), counter: 0 },
      // The passkey is both factors: its PIN or biometric is the second.
      requireUserVerification: true,
    });
  } catch {
    return 'refused';
  }
  if (!verification.verified) return 'refused';
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  if ((newCounter > 0 || key.counter > 0) && newCounter <= key.counter) return 'cloned';
  return (await recordKeyUse(ctx, key, newCounter, credentialBackedUp)) ? 'accepted' : 'cloned';
}
