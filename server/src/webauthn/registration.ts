import type { RegistrationResponse } from '@helios/api';
import type { VerifiedRegistrationResponse } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AccountRow, type CredentialRow, credentialsOf } from '../accounts/repository';
import type { Context } from '../context';
import type { Database } from '../db/client';
import type { HttpError } from '../http/errors';
import { securityMail } from '../mail/security';
import { descriptorOf, saveSecurityKey, securityKeysOf } from './keys';
import {
  attestationOf,
  relyingParty,
  SUPPORTED_ALGORITHMS,
  userHandle,
  webauthn,
  webauthnErrors,
} from './relying-party';

/** How a kind of key is registered: what the authenticator is asked for, what its answer must
 * show, and how the new row is stored and audited. */
export type KeyKind = {
  type: 'webauthn' | 'passkey';
  residentKey: 'required' | 'preferred';
  /** Whether the authenticator must check the person (PIN, biometric), asked and required. */
  userVerification: 'required' | 'preferred';
  /** The account's keys whose authenticators may not make this one. */
  excluded: (creds: CredentialRow[]) => CredentialRow[];
  auditAction: 'credential.webauthn_registered' | 'credential.passkey_created';
};

/** A security key: a second factor, so it needs the touch, not a PIN (the password or code before
 * it is the other factor). */
export const SECURITY_KEY: KeyKind = {
  type: 'webauthn',
  residentKey: 'preferred',
  userVerification: 'preferred',
  excluded: securityKeysOf,
  auditAction: 'credential.webauthn_registered',
};

/** A passkey: discoverable (sign-in with no email) and both factors, so its PIN or biometric is
 * required; never a second one on an authenticator that holds one of the account's passkeys or
 * security keys. */
export const PASSKEY: KeyKind = {
  type: 'passkey',
  residentKey: 'required',
  userVerification: 'required',
  excluded: (creds) => creds.filter((c) => c.type === 'webauthn' || c.type === 'passkey'),
  auditAction: 'credential.passkey_created',
};

/** Options to create a key of this kind for the account. */
export async function registrationOptions(ctx: Context, account: AccountRow, kind: KeyKind) {
  const rp = relyingParty(ctx);
  const creds = await credentialsOf(ctx.db, account.id);
  return (await webauthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandle(ctx, account.id),
    userName: account.email,
    userDisplayName: account.name || account.email,
    attestationType: 'none',
    excludeCredentials: kind.excluded(creds).map(descriptorOf),
    authenticatorSelection: { residentKey: kind.residentKey, userVerification: kind.userVerification },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  });
}

export type NewKey = {
  request: FastifyRequest;
  account: AccountRow;
  kind: KeyKind;
  /** The challenge of the options, taken from the store: null when none was pending. */
  challenge: string | null;
  name: string;
  response: z.output<typeof RegistrationResponse>;
  /** The one error for every refused answer, so a caller cannot probe which check failed. */
  failed: () => HttpError;
  /** More to write in the key's transaction (the first recovery codes). */
  alongside?: (tx: Database) => Promise<void>;
};

/**
 * Verifies the answer to a registration challenge and saves the new key with its audit row and
 * the security mail telling of it, in one transaction. Throws `noPending` without a challenge,
 * `failed` for an answer that does not verify or a key already registered (to anyone).
 */
export async function saveNewKey(
  ctx: Context,
  { request, account, kind, challenge, name, response, failed, alongside }: NewKey,
): Promise<CredentialRow> {
  if (!challenge) throw webauthnErrors.noPending();
  const rp = relyingParty(ctx);
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await (await webauthn()).verifyRegistrationResponse({
      response: attestationOf(response),
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: kind.userVerification === 'required',
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
  } catch {
    throw failed();
  }
  if (!verification.verified) throw failed();
  const info = verification.registrationInfo;
  // Named as the profile lists it: a second-factor key is a security key, synced or not.
  const method = kind.type === 'passkey' ? 'passkey' : 'security_key';
  const notice = await securityMail(ctx, account, { kind: 'second_factor_added', method });
  const saved = await saveSecurityKey(
    ctx,
    account.id,
    name,
    info,
    (key) => ({
      actor: account.id,
      action: kind.auditAction,
      targetType: 'credential',
      targetId: key.id,
      ip: request.ip,
      details: { aaguid: info.aaguid },
    }),
    async (tx) => {
      await ctx.outbox.add(tx, notice);
      await alongside?.(tx);
    },
    kind.type,
  );
  if (!saved) throw failed();
  return saved;
}
