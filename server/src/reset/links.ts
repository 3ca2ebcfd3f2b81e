import type { Context } from '../context';
import type { Database } from '../db/client';
import { passwordResets } from '../db/schema';
import { randomToken, sha256 } from '../security/tokens';

export const RESET_TOKEN_MS = 60 * 60_000;

export function resetLink(ctx: Context, token: string) {
  return `${ctx.config.publicUrl}/login/set-password/${token}`;
}

/** Makes a reset link for an account: a 256-bit token, looked up by its hash, kept sealed
 * under the server secret only so that admins can list active links (spec §6). `db` may be a
 * transaction (the one that writes the link's mail and audit row too). */
export async function issueResetLink(
  ctx: Context,
  accountId: string,
  type: string | null,
  db: Pick<Database, 'insert'> = ctx.db,
): Promise<string> {
  const token = randomToken();
  await db.insert(passwordResets).values({
    accountId,
    tokenHash: sha256(token),
    tokenSealed: ctx.secrets.seal(token),
    type,
    expiresAt: new Date(ctx.now().getTime() + RESET_TOKEN_MS),
  });
  return resetLink(ctx, token);
}
