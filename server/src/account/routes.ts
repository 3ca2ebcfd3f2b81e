import { ErrorCode, routes } from '@helios/api';
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { type AccountRow, audit, credentialsOf, userInfo } from '../accounts/repository';
import type { Context } from '../context';
import { accounts, credentials, tenants, tenantUsers } from '../db/schema';
import { signedInAccount } from '../http/auth';
import { errors, HttpError } from '../http/errors';
import { register } from '../http/routes';
import { handOver } from '../oidc/provider';
import { limit, rateRules } from '../security/rate-limit';
import { newTotpSecret, totpFor, verifyTotp } from '../security/totp';
import { currentSession, endPortalSession } from '../session/portal-session';

const PENDING_TOTP_MS = 15 * 60_000;
const pendingKey = (accountId: string) => `totp-pending:${accountId}`;

export function registerAccountRoutes(app: FastifyInstance, ctx: Context) {
  const signedIn = (request: FastifyRequest) => signedInAccount(ctx, request);

  /** The authenticator secret being set up; one is made on first use and kept 15 minutes. */
  async function pendingSecret(account: AccountRow): Promise<string> {
    const sealed = await ctx.store.get(pendingKey(account.id));
    if (sealed) return ctx.secrets.open(sealed);
    const secret = newTotpSecret();
    await ctx.store.set(pendingKey(account.id), ctx.secrets.seal(secret), PENDING_TOTP_MS);
    return secret;
  }

  async function info(account: AccountRow) {
    return userInfo(account, await credentialsOf(ctx.db, account.id));
  }

  register(app, routes.session, async (_, request) => ({ email: (await signedIn(request)).email }));

  register(app, routes.logout, async (_, request, reply) => {
    const session = await currentSession(ctx, request);
    await endPortalSession(ctx, request, reply);
    if (session)
      await audit(ctx.db, {
        actor: session.accountId,
        action: 'logout',
        targetType: 'account',
        targetId: session.accountId,
        ip: request.ip,
      });
    return undefined;
  });

  register(app, routes.availableTenants, async (_, request) => {
    const account = await signedIn(request);
    const rows = await ctx.db
      .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, url: tenants.url })
      .from(tenantUsers)
      .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
      .where(
        and(
          eq(tenantUsers.accountId, account.id),
          eq(tenantUsers.active, true),
          or(isNull(tenants.inactiveAt), gt(tenants.inactiveAt, ctx.now())),
        ),
      )
      .orderBy(asc(tenants.name));
    return { tenants: rows, is_stakeholder: account.isStakeholder };
  });

  register(app, routes.qrcode, async (_, request, reply) => {
    const account = await signedIn(request);
    const uri = totpFor(await pendingSecret(account), account.email).toString();
    const png = await QRCode.toBuffer(uri, { type: 'png', width: 240, margin: 1, errorCorrectionLevel: 'M' });
    return reply.header('cache-control', 'no-store').type('image/png').send(png);
  });

  register(app, routes.tfaSetup, async (_, request) => {
    const account = await signedIn(request);
    const creds = await credentialsOf(ctx.db, account.id);
    return {
      secret: await pendingSecret(account),
      issuer: 'Helios',
      account: account.email,
      has_existing: creds.some((c) => c.type === 'totp'),
    };
  });

  register(app, routes.tfaActivate, async ({ body }, request) => {
    const account = await signedIn(request);
    await limit(ctx, request, rateRules.verify, `tfa:${account.id}`);
    const sealed = await ctx.store.get(pendingKey(account.id));
    if (!sealed) throw new HttpError(409, ErrorCode.noPendingTotp, 'No authenticator set-up in progress');
    // The pending secret is checked as a credential of its own so the code cannot be replayed.
    const [created] = await ctx.db
      .insert(credentials)
      .values({ accountId: account.id, type: 'totp', secret: sealed, label: 'Authenticator app' })
      .returning();
    if (!created) throw errors.unavailable();
    const matched = await verifyTotp(ctx, [created], body.totp_code);
    if (!matched) {
      await ctx.db.delete(credentials).where(eq(credentials.id, created.id));
      await ctx.accountViews.changed(account.id);
      throw errors.invalidTotp();
    }
    // Registering a new authenticator disables the old ones.
    const others = (await credentialsOf(ctx.db, account.id)).filter((c) => c.type === 'totp' && c.id !== created.id);
    for (const old of others) await ctx.db.delete(credentials).where(eq(credentials.id, old.id));
    await ctx.accountViews.changed(account.id);
    await ctx.store.del(pendingKey(account.id));
    await audit(ctx.db, {
      actor: account.id,
      action: 'credential.totp_registered',
      targetType: 'account',
      targetId: account.id,
      ip: request.ip,
      details: { replaced: others.length },
    });
    return info(account);
  });

  register(app, routes.userinfo, async (_, request, reply) => {
    // With a bearer token this is the OpenID Connect userinfo endpoint of an instance.
    if (/^bearer /i.test(request.headers.authorization ?? '')) return handOver(ctx, request, reply);
    const session = await currentSession(ctx, request);
    const view = session ? await ctx.accountViews.get(session.accountId) : null;
    if (!view) throw errors.unauthenticated();
    return userInfo(view.account, view.creds);
  });

  register(app, routes.deleteCredential, async ({ params }, request) => {
    const account = await signedIn(request);
    const [credential] = await ctx.db
      .select()
      .from(credentials)
      .where(and(eq(credentials.id, params.id), eq(credentials.accountId, account.id)));
    if (!credential) throw new HttpError(404, ErrorCode.credentialNotFound, 'No such sign-in method');
    if (credential.type === 'password' && account.isUser) {
      throw new HttpError(409, ErrorCode.cannotDeletePassword, 'The password of a user account cannot be removed');
    }
    await ctx.db.delete(credentials).where(eq(credentials.id, credential.id));
    await ctx.accountViews.changed(account.id);
    await audit(ctx.db, {
      actor: account.id,
      action: 'credential.deleted',
      targetType: 'credential',
      targetId: credential.id,
      ip: request.ip,
      details: { type: credential.type },
    });
    return info(account);
  });

  register(app, routes.accountSettings, async ({ body }, request) => {
    const account = await signedIn(request);
    await ctx.db.update(accounts).set({ locale: body.value }).where(eq(accounts.id, account.id));
    await ctx.accountViews.changed(account.id);
    return { key: body.key, value: body.value };
  });
}
