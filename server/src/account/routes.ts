import { ErrorCode, routes } from '@helios/api';
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import {
  type AccountRow,
  credentialsOf,
  lockAccount,
  removeCredential,
  replaceAuthenticators,
  userInfo,
} from '../accounts/repository';
import type { Context } from '../context';
import { accounts, credentials, tenants, tenantUsers } from '../db/schema';
import { registerCachedSession, registerSession } from '../http/auth';
import { errors, HttpError } from '../http/errors';
import { register } from '../http/routes';
import { liftDeviceLocks } from '../login/lock';
import { secondFactorMethodOf, securityMail } from '../mail/security';
import { handOver } from '../oidc/provider';
import { issueFirstRecoveryCodes, recoveryCodesIssued } from '../recovery/repository';
import { changePassword } from '../reset/repository';
import { hashPassword, passwordProblems, weakPassword } from '../security/passwords';
import { limit, type RateRule, rateRules } from '../security/rate-limit';
import { matchingStep, newTotpSecret, totpFor } from '../security/totp';
import { browserIdOf } from '../session/known-browsers';
import { endAccountSessions, signOutRequest } from '../session/sign-out';
// Showing a new authenticator secret, activating it, setting or changing the password and
// removing a credential change how the person signs in: they need a recent sign-in (step-up).
import { STEP_UP } from '../session/step-up';

const PENDING_TOTP_MS = 15 * 60_000;
/** Each new password is an argon2 hash (19 MiB, on the thread pool): a few a minute per account
 * is all a person needs. */
const passwordRule: RateRule = { name: 'password', limit: 10, windowMs: 60_000 };
const pendingKey = (accountId: string) => `totp-pending:${accountId}`;

export function registerAccountRoutes(app: FastifyInstance, ctx: Context) {
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

  registerSession(app, ctx, routes.session, async (_, { account }) => ({
    email: account.email,
    is_admin: account.isAdmin,
  }));

  register(app, routes.logout, async (_, request, reply) => {
    await signOutRequest(ctx, request, reply, 'logout');
    return undefined;
  });

  registerSession(app, ctx, routes.availableTenants, async (_, { account }) => {
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

  registerSession(
    app,
    ctx,
    routes.qrcode,
    async (_, { account, reply }) => {
      const uri = totpFor(await pendingSecret(account), account.email).toString();
      const png = await QRCode.toBuffer(uri, { type: 'png', width: 240, margin: 1, errorCorrectionLevel: 'M' });
      return reply.header('cache-control', 'no-store').type('image/png').send(png);
    },
    STEP_UP,
  );

  registerSession(
    app,
    ctx,
    routes.tfaSetup,
    async (_, { account }) => {
      const creds = await credentialsOf(ctx.db, account.id);
      return {
        secret: await pendingSecret(account),
        issuer: 'Helios',
        account: account.email,
        has_existing: creds.some((c) => c.type === 'totp'),
      };
    },
    STEP_UP,
  );

  registerSession(
    app,
    ctx,
    routes.tfaActivate,
    async ({ body }, { account, session, request }) => {
      await limit(ctx, request, rateRules.verify, `tfa:${account.id}`);
      const sealed = await ctx.store.get(pendingKey(account.id));
      if (!sealed) throw new HttpError(409, ErrorCode.noPendingTotp, 'No authenticator set-up in progress');
      const now = ctx.now();
      const step = matchingStep(ctx.secrets.open(sealed), body.totp_code, now);
      if (step === null) throw errors.invalidTotp();
      const notice = await securityMail(ctx, account, { kind: 'second_factor_added', method: 'totp' });
      // Registering a new authenticator removes the old ones: like any removed credential, it
      // ends every other session of the account, in the same transaction. An account without
      // recovery codes gets them with it.
      const issued = await endAccountSessions(
        ctx,
        account.id,
        { exceptKey: session.key, reason: 'credential_removed' },
        async (tx) => {
          // Second factors of one account change one after the other (see `lockAccount`).
          await lockAccount(tx, account.id);
          await replaceAuthenticators(
            tx,
            { accountId: account.id, sealedSecret: sealed, label: 'Authenticator app', step, now },
            (replaced) => ({
              actor: account.id,
              action: 'credential.totp_registered',
              targetType: 'account',
              targetId: account.id,
              ip: request.ip,
              details: { replaced },
            }),
          );
          await ctx.outbox.add(tx, notice);
          return issueFirstRecoveryCodes(ctx, tx, account.id, recoveryCodesIssued(account.id, request.ip));
        },
      );
      ctx.outbox.nudge();
      await ctx.store.del(pendingKey(account.id));
      const user = await info(account);
      return issued ? { ...user, recovery_codes: issued } : user;
    },
    STEP_UP,
  );

  registerCachedSession(
    app,
    ctx,
    routes.userinfo,
    async (_, { account: view }) => userInfo(view.account, view.creds),
    // With a bearer token this is the OpenID Connect userinfo endpoint of an instance.
    { bearer: (request, reply) => handOver(ctx, request, reply) },
  );

  registerSession(
    app,
    ctx,
    routes.deleteCredential,
    async ({ params }, { account, session, request }) => {
      const [credential] = await ctx.db
        .select()
        .from(credentials)
        .where(and(eq(credentials.id, params.id), eq(credentials.accountId, account.id)));
      if (!credential) throw new HttpError(404, ErrorCode.credentialNotFound, 'No such sign-in method');
      if (credential.type === 'password' && account.isUser) {
        throw new HttpError(409, ErrorCode.cannotDeletePassword, 'The password of a user account cannot be removed');
      }
      const method = secondFactorMethodOf(credential);
      const notice =
        method && (await securityMail(ctx, account, { kind: 'second_factor_removed', method, byAdmin: false }));
      // Every other session of the account ends with the credential, in one transaction (with
      // the mail about a removed second factor); the person keeps this one.
      await endAccountSessions(
        ctx,
        account.id,
        { exceptKey: session.key, reason: 'credential_removed' },
        async (tx) => {
          await removeCredential(tx, credential.id, {
            actor: account.id,
            action: 'credential.deleted',
            targetType: 'credential',
            targetId: credential.id,
            ip: request.ip,
            details: { type: credential.type },
          });
          if (notice) await ctx.outbox.add(tx, notice);
        },
      );
      ctx.outbox.nudge();
      return info(account);
    },
    STEP_UP,
  );

  registerSession(
    app,
    ctx,
    routes.changePassword,
    async ({ body }, { account, session, request }) => {
      await limit(ctx, request, passwordRule, account.id);
      // The set-password page's rules: a new password from the profile is held to the same.
      const problems = passwordProblems(body.password, 'reset');
      if (problems.length > 0) throw weakPassword(problems);
      const replaced = (await credentialsOf(ctx.db, account.id)).some((c) => c.type === 'password');
      const secret = await hashPassword(body.password);
      const notice = await securityMail(ctx, account, { kind: 'password_changed' });
      // Like a reset: the new password, the end of every other session and token, and the mail
      // telling of it commit together; the person keeps this session.
      await endAccountSessions(
        ctx,
        account.id,
        { exceptKey: session.key, reason: 'password_changed', browserId: browserIdOf(ctx, request) },
        async (tx) => {
          await changePassword(
            ctx,
            account.id,
            secret,
            {
              actor: account.id,
              action: 'password.changed',
              targetType: 'account',
              targetId: account.id,
              ip: request.ip,
              details: { replaced },
            },
            tx,
          );
          await ctx.outbox.add(tx, notice);
        },
      );
      ctx.outbox.nudge();
      await liftDeviceLocks(ctx, account.id);
      return info(account);
    },
    STEP_UP,
  );

  registerSession(app, ctx, routes.accountSettings, async ({ body }, { account }) => {
    await ctx.db.update(accounts).set({ locale: body.value }).where(eq(accounts.id, account.id));
    await ctx.accountViews.changed(account.id);
    return { key: body.key, value: body.value };
  });
}
