import type { OidcClientView } from '@helios/api';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AdapterPayload } from 'oidc-provider';
import { type AccountRow, type AuditInput, audit } from '../accounts/repository';
import type { Context } from '../context';
import { type Database, preparedPerDatabase } from '../db/client';
import { accounts, oidcClients, tenants, tenantUsers } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { randomToken } from '../security/tokens';
import { INSTANCE_URL_METADATA } from './resources';

/** The stakeholder sharing portal's client id. */
export const SHARING_PORTAL_CLIENT_ID = 'athena';

/** What every client may ask for: sign-in, email, profile, and refresh tokens that outlive the
 * Helios session (`offline_access`, which OpenID Connect grants only with `prompt=consent`). */
export const CLIENT_SCOPE = 'openid email profile offline_access';

type ClientRow = typeof oidcClients.$inferSelect;
type Writer = Pick<Database, 'insert'>;

/** A new client secret: 256 random bits. */
function newSecret(): string {
  return randomToken(32);
}

/** A client with its tenant's address (instances only), which names the API it may ask tokens for. */
const clientById = preparedPerDatabase((db) =>
  db
    .select({ client: oidcClients, instanceUrl: tenants.url })
    .from(oidcClients)
    .leftJoin(tenants, eq(tenants.id, oidcClients.tenantId))
    .where(eq(oidcClients.clientId, sql.placeholder('clientId')))
    .limit(1)
    .prepare('oidc_client_by_id'),
);

/** The provider's view of a client. Every client is a confidential web client using the
 * authorization code flow with PKCE and the refresh token grant; the secret goes in HTTP Basic
 * authentication. */
export async function clientMetadata(ctx: Context, clientId: string): Promise<AdapterPayload | undefined> {
  const [found] = await clientById(ctx.db).execute({ clientId });
  if (!found) return undefined;
  const { client: row, instanceUrl } = found;
  return {
    client_id: row.clientId,
    client_secret: ctx.secrets.open(row.secretSealed),
    client_name: row.name,
    application_type: 'web',
    redirect_uris: row.redirectUris,
    post_logout_redirect_uris: row.postLogoutRedirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'RS256',
    scope: CLIENT_SCOPE,
    ...(instanceUrl ? { [INSTANCE_URL_METADATA]: instanceUrl } : {}),
    // A client that takes logout tokens gets `sid` in its ID tokens, and every logout token
    // names the session it ends by that same sid.
    ...(row.backchannelLogoutUri
      ? { backchannel_logout_uri: row.backchannelLogoutUri, backchannel_logout_session_required: true }
      : {}),
  };
}

/** An instance's address without a trailing slash, so the default URIs have exactly one. */
const base = (url: string) => url.replace(/\/+$/, '');

/** Writes the client of a tenant's instance (client id = tenant id), unless it has one: the
 * default redirect URI is `<instance>/auth/callback`, the post-logout one the instance itself. */
export async function createInstanceClient(
  ctx: Context,
  db: Writer,
  tenant: { id: string; name: string; url: string },
): Promise<void> {
  await db
    .insert(oidcClients)
    .values({
      clientId: tenant.id,
      tenantId: tenant.id,
      kind: 'instance',
      name: tenant.name,
      secretSealed: ctx.secrets.seal(newSecret()),
      redirectUris: [`${base(tenant.url)}/auth/callback`],
      postLogoutRedirectUris: [`${base(tenant.url)}/`],
    })
    .onConflictDoNothing();
}

/** Gives every tenant without a client one (tenants made before the provider existed). */
export async function backfillInstanceClients(ctx: Context): Promise<number> {
  const missing = await ctx.db
    .select({ id: tenants.id, name: tenants.name, url: tenants.url })
    .from(tenants)
    .leftJoin(oidcClients, eq(oidcClients.tenantId, tenants.id))
    .where(isNull(oidcClients.clientId));
  for (const tenant of missing) await createInstanceClient(ctx, ctx.db, tenant);
  return missing.length;
}

function view(row: ClientRow): OidcClientView {
  return {
    client_id: row.clientId,
    redirect_uris: row.redirectUris,
    post_logout_redirect_uris: row.postLogoutRedirectUris,
    backchannel_logout_uri: row.backchannelLogoutUri,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The client of a tenant's instance (made now if the tenant has none yet), never its secret. */
export async function instanceClient(
  ctx: Context,
  tenant: { id: string; name: string; url: string },
  db: Database = ctx.db,
) {
  const find = () => db.select().from(oidcClients).where(eq(oidcClients.tenantId, tenant.id)).limit(1);
  let [row] = await find();
  if (!row) {
    await createInstanceClient(ctx, db, tenant);
    [row] = await find();
  }
  if (!row) throw new Error('instance client not written');
  return view(row);
}

/** An instance client's addresses; without a back-channel logout URI it takes no logout tokens. */
export type InstanceClientUris = {
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  backchannel_logout_uri?: string | null;
};

export async function setInstanceRedirectUris(
  ctx: Context,
  tenant: { id: string; name: string; url: string },
  uris: InstanceClientUris,
  db: Database = ctx.db,
): Promise<OidcClientView> {
  await instanceClient(ctx, tenant, db);
  const [row] = await db
    .update(oidcClients)
    .set({
      redirectUris: [...new Set(uris.redirect_uris)],
      postLogoutRedirectUris: [...new Set(uris.post_logout_redirect_uris)],
      backchannelLogoutUri: uris.backchannel_logout_uri ?? null,
      updatedAt: ctx.now(),
    })
    .where(eq(oidcClients.tenantId, tenant.id))
    .returning();
  if (!row) throw new Error('instance client not updated');
  return view(row);
}

/** A new secret for a client; the old one stops working at once. The secret is returned here
 * and nowhere else. */
export async function rotateClientSecret(ctx: Context, clientId: string, db: Database = ctx.db): Promise<string> {
  const secret = newSecret();
  const updated = await db
    .update(oidcClients)
    .set({ secretSealed: ctx.secrets.seal(secret), updatedAt: ctx.now() })
    .where(eq(oidcClients.clientId, clientId))
    .returning({ clientId: oidcClients.clientId });
  if (updated.length === 0) throw new Error(`no client ${clientId}`);
  return secret;
}

/** New addresses for an instance's client and the audit row, in one transaction. */
export function updateInstanceRedirectUris(
  ctx: Context,
  tenant: { id: string; name: string; url: string },
  uris: InstanceClientUris,
  row: (client: OidcClientView) => AuditInput,
): Promise<OidcClientView> {
  return inTransaction(ctx.db, async (tx) => {
    const client = await setInstanceRedirectUris(ctx, tenant, uris, tx);
    await audit(tx, row(client));
    return client;
  });
}

/** A new secret for a client and the audit row, in one transaction. */
export function rotateAuditedClientSecret(ctx: Context, clientId: string, row: AuditInput): Promise<string> {
  return inTransaction(ctx.db, async (tx) => {
    const secret = await rotateClientSecret(ctx, clientId, tx);
    await audit(tx, row);
    return secret;
  });
}

export type SharingPortalSettings = { loginUri: string; redirectUri: string; postLogoutUri: string | null };

/** Creates the sharing portal's client, or updates its addresses. The secret is made (and
 * returned) on creation, or when `newSecret` asks for a replacement; otherwise it is kept. */
export async function saveSharingPortal(
  ctx: Context,
  settings: SharingPortalSettings,
  replaceSecret = false,
): Promise<{ created: boolean; secret: string | null }> {
  const addresses = {
    redirectUris: [settings.redirectUri],
    postLogoutRedirectUris: settings.postLogoutUri ? [settings.postLogoutUri] : [],
    initiateLoginUri: settings.loginUri,
  };
  const secret = newSecret();
  const inserted = await ctx.db
    .insert(oidcClients)
    .values({
      clientId: SHARING_PORTAL_CLIENT_ID,
      kind: 'sharing_portal',
      name: 'Sharing portal',
      secretSealed: ctx.secrets.seal(secret),
      ...addresses,
    })
    .onConflictDoNothing()
    .returning({ clientId: oidcClients.clientId });
  if (inserted.length > 0) return { created: true, secret };
  await ctx.db
    .update(oidcClients)
    .set({ ...addresses, updatedAt: ctx.now() })
    .where(eq(oidcClients.clientId, SHARING_PORTAL_CLIENT_ID));
  return { created: false, secret: replaceSecret ? await rotateClientSecret(ctx, SHARING_PORTAL_CLIENT_ID) : null };
}

/** Where the sharing portal starts a sign-in (its third-party initiated login URI), if set up. */
export async function sharingPortalLoginUri(ctx: Context): Promise<string | null> {
  const [row] = await ctx.db
    .select({ uri: oidcClients.initiateLoginUri })
    .from(oidcClients)
    .where(eq(oidcClients.clientId, SHARING_PORTAL_CLIENT_ID));
  return row?.uri ?? null;
}

/** An account with what decides its access to a client: the client's kind and tenant, and the
 * account's active membership in that tenant. One prepared query, which every token exchange,
 * refresh and bearer userinfo call makes. */
const accountAndClientAccess = preparedPerDatabase((db) =>
  db
    .select({
      account: accounts,
      kind: oidcClients.kind,
      tenantId: oidcClients.tenantId,
      member: tenantUsers.accountId,
      tenantInactiveAt: tenants.inactiveAt,
    })
    .from(accounts)
    .leftJoin(oidcClients, eq(oidcClients.clientId, sql.placeholder('clientId')))
    .leftJoin(
      tenantUsers,
      and(
        eq(tenantUsers.tenantId, oidcClients.tenantId),
        eq(tenantUsers.accountId, accounts.id),
        eq(tenantUsers.active, true),
      ),
    )
    .leftJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .limit(1)
    .prepare('oidc_account_client_access'),
);

/**
 * The account, when it may sign in to the client, or null: an instance needs an active
 * membership in its tenant while the tenant is active (the tenant picker's rule), the sharing
 * portal a stakeholder. An unknown account or client is never allowed.
 */
export async function accountForClient(ctx: Context, accountId: string, clientId: string): Promise<AccountRow | null> {
  const [row] = await accountAndClientAccess(ctx.db).execute({ accountId, clientId });
  if (!row || row.kind === null) return null;
  if (row.kind === 'sharing_portal') return row.account.isStakeholder ? row.account : null;
  if (!row.tenantId || row.member === null) return null;
  return row.tenantInactiveAt === null || row.tenantInactiveAt > ctx.now() ? row.account : null;
}

/** Whether an account may sign in to a client (see accountForClient). */
export async function mayUseClient(ctx: Context, accountId: string, clientId: string): Promise<boolean> {
  return (await accountForClient(ctx, accountId, clientId)) !== null;
}
