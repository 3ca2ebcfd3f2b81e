import { and, eq, lt } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { CredentialRow } from '../accounts/repository';
import type { Context } from '../context';
import { credentials } from '../db/schema';

/** SHA-1, 6 digits, 30 s: what every authenticator app supports. */
export const TOTP_PERIOD = 30;
export const TOTP_ISSUER = 'Helios';

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpFor(secret: string, account: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to (±1 step of clock drift), or null when it matches none. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totpFor(secret, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

/**
 * Checks a code against the account's authenticator credentials. A match is accepted only if
 * its time step is later than the last accepted one for that credential — recorded with a
 * conditional update, so a code can never be used twice, not even by two nodes at once.
 */
export async function verifyTotp(ctx: Context, creds: CredentialRow[], code: string): Promise<CredentialRow | null> {
  for (const credential of creds) {
    if (credential.type !== 'totp' || !credential.secret) continue;
    const step = matchingStep(ctx.secrets.open(credential.secret), code, ctx.now());
    if (step === null) continue;
    const updated = await ctx.db
      .update(credentials)
      .set({ counter: step, lastUsedAt: ctx.now() })
      .where(and(eq(credentials.id, credential.id), lt(credentials.counter, step)))
      .returning({ id: credentials.id });
    if (updated.length === 1) return credential;
  }
  return null;
}
