import { adminRoutes, type Token } from '@helios/api';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { findAccount } from '../accounts/repository';
import type { Context } from '../context';
import { passwordResets } from '../db/schema';
import { registerAdmin } from '../http/auth';
import { errors } from '../http/errors';
import { liveTokensOf } from '../session/portal-session';

/** Characters of a token's hash shown to tell tokens apart; a hash prefix cannot be used to
 * sign in (the store and database only ever hold hashes of the real values). */
export const TOKEN_KEY_CHARS = 12;

/** Seconds left, rounded up so a live token never shows 0. */
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function registerTokenRoutes(app: FastifyInstance, ctx: Context) {
  registerAdmin(app, ctx, adminRoutes.tokens, async ({ params }) => {
    const account = await findAccount(ctx.db, params.account_id);
    if (!account) throw errors.notFound('No such account');
    const now = ctx.now();
    const [live, resets] = await Promise.all([
      liveTokensOf(ctx, account.id),
      ctx.db
        .select({ hash: passwordResets.tokenHash, expiresAt: passwordResets.expiresAt })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.accountId, account.id),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .orderBy(asc(passwordResets.expiresAt)),
    ]);
    const tokens: Token[] = [
      ...live.map((t) => ({ key: `${t.kind}:${t.hash.slice(0, TOKEN_KEY_CHARS)}`, ttl: seconds(t.ttlMs) })),
      ...resets.map((r) => ({
        key: `password-reset:${r.hash.slice(0, TOKEN_KEY_CHARS)}`,
        ttl: seconds(r.expiresAt.getTime() - now.getTime()),
      })),
    ];
    return tokens.sort((a, b) => a.key.localeCompare(b.key));
  });
}
