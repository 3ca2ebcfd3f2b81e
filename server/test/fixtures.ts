import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { Context } from '../src/context';
import { accounts, credentials, oidcClients, passwordResets, tenants, tenantUsers } from '../src/db/schema';
import { SHARING_PORTAL_CLIENT_ID } from '../src/oidc/clients';
import { hashPassword } from '../src/security/passwords';
import { newTotpSecret } from '../src/security/totp';

export const PASSWORD = 'Tr0ub4dour&3-horse';

export type FixtureAccount = {
  id: string;
  email: string;
  totp: string[];
  credentialIds: Record<string, string>;
};

let counter = 0;
export function uniqueEmail(prefix = 'person') {
  counter += 1;
  return `${prefix}${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Writes an account with the given credential mix straight to the database. */
export async function createAccount(
  ctx: Context,
  options: {
    email?: string;
    name?: string;
    locale?: 'sv' | 'en';
    password?: string | null;
    totpCount?: number;
    isUser?: boolean;
    isStakeholder?: boolean;
    isAdmin?: boolean;
    passwordResetRequired?: boolean;
    tenants?: { id: string; active?: boolean }[];
  } = {},
): Promise<FixtureAccount> {
  const email = options.email ?? uniqueEmail();
  const [account] = await ctx.db
    .insert(accounts)
    .values({
      email,
      name: options.name ?? 'Test Person',
      locale: options.locale ?? 'en',
      isUser: options.isUser ?? true,
      isStakeholder: options.isStakeholder ?? false,
      isAdmin: options.isAdmin ?? false,
      passwordResetRequired: options.passwordResetRequired ?? false,
    })
    .returning();
  if (!account) throw new Error('account not created');
  const credentialIds: Record<string, string> = {};
  if (options.password !== null && options.password !== undefined) {
    const [row] = await ctx.db
      .insert(credentials)
      .values({ accountId: account.id, type: 'password', secret: await hashPassword(options.password) })
      .returning();
    if (row) credentialIds.password = row.id;
  }
  const totp: string[] = [];
  for (let i = 0; i < (options.totpCount ?? 0); i++) {
    const secret = newTotpSecret();
    totp.push(secret);
    const [row] = await ctx.db
      .insert(credentials)
      .values({ accountId: account.id, type: 'totp', secret: ctx.secrets.seal(secret) })
      .returning();
    if (row) credentialIds[`totp${i}`] = row.id;
  }
  for (const tenant of options.tenants ?? []) {
    await ctx.db
      .insert(tenantUsers)
      .values({ tenantId: tenant.id, accountId: account.id, active: tenant.active ?? true });
  }
  return { id: account.id, email, totp, credentialIds };
}

export async function createTenant(ctx: Context, slug: string, options: { inactiveAt?: Date | null } = {}) {
  const [row] = await ctx.db
    .insert(tenants)
    .values({
      name: `Tenant ${slug}`,
      slug,
      url: `https://${slug}.example.com`,
      inactiveAt: options.inactiveAt ?? null,
    })
    .returning();
  if (!row) throw new Error('tenant not created');
  return row;
}

/** The current authenticator code for a secret, as the person's phone would show it. */
export function totpCode(secret: string, at = Date.now()): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: at });
}

/** The six-digit code in a sign-in mail. */
export function codeFromMail(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code in mail: ${text}`);
  return match[1];
}

/** Ages every reset link of an account past its expiry, as an hour passing would. */
export async function expireResetLinks(ctx: Context, accountId: string) {
  await ctx.db
    .update(passwordResets)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(passwordResets.accountId, accountId));
}

/** No sharing portal set up (tests that share one server: another may have set one up). */
export async function withoutSharingPortal(ctx: Context) {
  await ctx.db.delete(oidcClients).where(eq(oidcClients.clientId, SHARING_PORTAL_CLIENT_ID));
}
