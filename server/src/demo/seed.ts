import { eq } from 'drizzle-orm';
import type { Context } from '../context';
import { accounts, credentials, tenants, tenantUsers } from '../db/schema';
import { createInstanceClient } from '../oidc/clients';
import { hashPassword } from '../security/passwords';

/** The demo password of every demo account that has one. */
export const DEMO_PASSWORD = 'Helios-demo-2026!';

/** Fixed authenticator secrets, so a demo user can add them to an app (or compute codes). */
export const DEMO_TOTP = {
  bertil: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  ceciliaPhone: 'KRSXG5CTMVRXEZLUKN2XAZLSONSWG4TF',
  ceciliaTablet: 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U',
} as const;

type DemoAccount = {
  key: string;
  email: string;
  name: string;
  locale: 'sv' | 'en';
  isUser: boolean;
  isStakeholder: boolean;
  isAdmin?: boolean;
  password?: boolean;
  totp?: string[];
  tenants: string[];
  locked?: boolean;
  how: string;
};

const demoTenants = [
  { slug: 'acme', name: 'Acme Recruiting', url: 'https://acme.example.com' },
  { slug: 'globex', name: 'Globex Talent', url: 'https://globex.example.com' },
  { slug: 'initech', name: 'Initech Careers', url: 'https://initech.example.com' },
];

export const demoAccounts: DemoAccount[] = [
  {
    key: 'anna',
    email: 'anna@example.com',
    name: 'Anna Andersson',
    locale: 'en',
    isUser: true,
    isStakeholder: false,
    password: true,
    tenants: ['acme', 'globex', 'initech'],
    how: 'password',
  },
  {
    key: 'bertil',
    email: 'bertil@example.com',
    name: 'Bertil Berg',
    locale: 'sv',
    isUser: true,
    isStakeholder: false,
    password: true,
    totp: [DEMO_TOTP.bertil],
    tenants: ['acme'],
    how: `password + authenticator (secret ${DEMO_TOTP.bertil})`,
  },
  {
    key: 'cecilia',
    email: 'cecilia@example.com',
    name: 'Cecilia Carlsson',
    locale: 'en',
    isUser: true,
    isStakeholder: false,
    password: true,
    totp: [DEMO_TOTP.ceciliaPhone, DEMO_TOTP.ceciliaTablet],
    tenants: ['globex'],
    how: `password + two authenticators to merge (secrets ${DEMO_TOTP.ceciliaPhone}, ${DEMO_TOTP.ceciliaTablet})`,
  },
  {
    key: 'david',
    email: 'david@example.com',
    name: 'David Dahl',
    locale: 'en',
    isUser: true,
    isStakeholder: false,
    tenants: ['acme', 'globex'],
    how: 'email code (no credential yet; then offered to create a password)',
  },
  {
    key: 'eva',
    email: 'eva@example.com',
    name: 'Eva Ek',
    locale: 'sv',
    isUser: false,
    isStakeholder: true,
    tenants: [],
    how: 'email code; stakeholder only (continues to the sharing portal)',
  },
  {
    key: 'frida',
    email: 'frida@example.com',
    name: 'Frida Falk',
    locale: 'en',
    isUser: true,
    isStakeholder: false,
    password: true,
    tenants: ['acme'],
    locked: true,
    how: 'locked after too many failed attempts (reset the password to restore)',
  },
  {
    key: 'admin',
    email: 'admin@example.com',
    name: 'Ada Admin',
    locale: 'en',
    isUser: true,
    isStakeholder: false,
    isAdmin: true,
    password: true,
    tenants: ['acme'],
    how: 'password; platform admin',
  },
];

/** Creates the demo tenants and accounts. Safe to run again: existing rows are left as they are. */
export async function seedDemo(ctx: Context): Promise<{ created: number }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const tenantIds = new Map<string, string>();
  for (const tenant of demoTenants) {
    await ctx.db.insert(tenants).values(tenant).onConflictDoNothing();
    const [row] = await ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, tenant.slug));
    if (!row) continue;
    tenantIds.set(tenant.slug, row.id);
    await createInstanceClient(ctx, ctx.db, { id: row.id, ...tenant });
  }
  let created = 0;
  for (const demo of demoAccounts) {
    const inserted = await ctx.db
      .insert(accounts)
      .values({
        email: demo.email,
        name: demo.name,
        locale: demo.locale,
        isUser: demo.isUser,
        isStakeholder: demo.isStakeholder,
        isAdmin: demo.isAdmin ?? false,
        lockedUntil: demo.locked ? new Date(ctx.now().getTime() + 24 * 60 * 60_000) : null,
        lockCount: demo.locked ? 1 : 0,
      })
      .onConflictDoNothing()
      .returning({ id: accounts.id });
    const account = inserted[0];
    if (!account) continue;
    created += 1;
    if (demo.password)
      await ctx.db.insert(credentials).values({ accountId: account.id, type: 'password', secret: passwordHash });
    for (const [index, secret] of (demo.totp ?? []).entries()) {
      await ctx.db.insert(credentials).values({
        accountId: account.id,
        type: 'totp',
        secret: ctx.secrets.seal(secret),
        label: index === 0 ? 'Phone' : 'Tablet',
      });
    }
    for (const slug of demo.tenants) {
      const tenantId = tenantIds.get(slug);
      if (tenantId) await ctx.db.insert(tenantUsers).values({ tenantId, accountId: account.id }).onConflictDoNothing();
    }
  }
  return { created };
}

export function demoAccountsText(): string {
  const lines = demoAccounts.map((a) => `  ${a.email.padEnd(22)} ${a.how}`);
  return [`Demo accounts (password: ${DEMO_PASSWORD}):`, ...lines].join('\n');
}
