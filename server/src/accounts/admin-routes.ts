import { AdminErrorCode, adminRoutes, ErrorCode, type Locale } from '@helios/api';
import { and, asc, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminAuditRow } from '../admin/audit';
import { loginAsLink } from '../clavis/login-as';
import type { Context } from '../context';
import { accounts, credentials, passwordResets } from '../db/schema';
import { registerAdmin } from '../http/auth';
import { errors, HttpError } from '../http/errors';
import { secondFactorMethodOf, securityMail } from '../mail/security';
import { resetMail } from '../mail/templates';
import { resetLink } from '../reset/links';
import { issueAuditedResetLink } from '../reset/repository';
import { searchUsingIndexes } from '../search/indexed';
import { currentSession } from '../session/portal-session';
import { endAccountSessions } from '../session/sign-out';
import { membership, tenantOr404 } from '../tenants/queries';
import { tenantActive } from '../tenants/status';
import { adminAccounts } from './admin-view';
import { findAccount, removeCredential } from './repository';
import { accountSearchQuery } from './search';

export const ACCOUNT_LIST_LIMIT = 500;

/** Admin calls on accounts (spec §7 "Admin"). */
export function registerAccountAdminRoutes(app: FastifyInstance, ctx: Context) {
  async function accountOr404(id: string) {
    const account = await findAccount(ctx.db, id);
    if (!account) throw errors.notFound('No such account');
    return account;
  }

  registerAdmin(app, ctx, adminRoutes.searchAccounts, async ({ params }) => {
    const rows = await searchUsingIndexes(ctx, params.term, (db) => accountSearchQuery(db, params.term));
    return adminAccounts(ctx, rows);
  });

  registerAdmin(app, ctx, adminRoutes.listAccounts, async () => {
    const rows = await ctx.db
      .select()
      .from(accounts)
      .orderBy(desc(accounts.createdAt), asc(accounts.email))
      .limit(ACCOUNT_LIST_LIMIT);
    return adminAccounts(ctx, rows);
  });

  registerAdmin(app, ctx, adminRoutes.accountResetPassword, async ({ params }, call) => {
    const account = await accountOr404(params.accountId);
    // The same link as /auth/reset/request makes, in the account's own language; the link, its
    // audit row and its mail are kept together, and the mail is sent after the answer.
    await issueAuditedResetLink(
      ctx,
      account.id,
      null,
      adminAuditRow(call, { action: 'password_reset.sent', target: { type: 'account', id: account.id } }),
      (link) => resetMail(account.email, link, account.locale as Locale),
    );
    return undefined;
  });

  registerAdmin(app, ctx, adminRoutes.accountDeleteCredential, async ({ params }, call) => {
    const account = await accountOr404(params.accountId);
    const [credential] = await ctx.db
      .select()
      .from(credentials)
      .where(and(eq(credentials.id, params.credentialId), eq(credentials.accountId, account.id)));
    if (!credential) throw new HttpError(404, ErrorCode.credentialNotFound, 'No such sign-in method');
    if (credential.type === 'password' && account.isUser)
      throw new HttpError(409, ErrorCode.cannotDeletePassword, 'The password of a user account cannot be removed');
    // The way the account signs in changed: every session it has, and every token, ends with the
    // credential, in one transaction — but the session of an admin removing a credential of their own.
    const own = account.id === call.admin.id ? await currentSession(ctx, call.request) : null;
    const method = secondFactorMethodOf(credential);
    const notice =
      method && (await securityMail(ctx, account, { kind: 'second_factor_removed', method, byAdmin: true }));
    await endAccountSessions(ctx, account.id, { exceptKey: own?.key, reason: 'credential_removed' }, async (tx) => {
      await removeCredential(
        tx,
        credential.id,
        adminAuditRow(call, {
          action: 'credential.deleted',
          target: { type: 'account', id: account.id },
          details: { credential_id: credential.id, type: credential.type },
        }),
      );
      if (notice) await ctx.outbox.add(tx, notice);
    });
    ctx.outbox.nudge();
    const [view] = await adminAccounts(ctx, [account]);
    return view;
  });

  registerAdmin(app, ctx, adminRoutes.passwordResets, async () => {
    const rows = await ctx.db
      .select({ email: accounts.email, sealed: passwordResets.tokenSealed })
      .from(passwordResets)
      .innerJoin(accounts, eq(accounts.id, passwordResets.accountId))
      .where(
        and(
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, ctx.now()),
          isNotNull(passwordResets.tokenSealed),
        ),
      )
      .orderBy(asc(accounts.email), desc(passwordResets.createdAt));
    const links: { email: string; link: string }[] = [];
    for (const row of rows) {
      const token = openToken(row.sealed);
      if (token) links.push({ email: row.email, link: resetLink(ctx, token) });
    }
    return links;
  });

  /** A sealed token, or null when it cannot be opened (sealed under an earlier server secret). */
  function openToken(sealed: string | null): string | null {
    if (!sealed) return null;
    try {
      return ctx.secrets.open(sealed);
    } catch {
      return null;
    }
  }

  registerAdmin(app, ctx, adminRoutes.accountLoginAs, async ({ params }, call) => {
    const account = await accountOr404(params.accountId);
    const tenant = await tenantOr404(ctx, params.tenantId);
    if (!tenantActive(tenant.inactiveAt, ctx.now()))
      throw new HttpError(409, AdminErrorCode.tenantInactive, 'The tenant is deactivated');
    if (!(await membership(ctx, tenant.id, account.id))?.active)
      throw new HttpError(409, AdminErrorCode.noActiveAccess, 'The account has no active access to this tenant');
    return loginAsLink(ctx, call, tenant, account.id, 'account');
  });
}
