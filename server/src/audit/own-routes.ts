import { OWN_SECURITY_ACTIONS, routes } from '@helios/api';
import { and, desc, eq, gte, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../accounts/repository';
import type { Context } from '../context';
import { auditEvents, credentials, knownBrowsers, tenants, tenantUsers } from '../db/schema';
import { registerSession } from '../http/auth';
import { remainingRecoveryCodes } from '../recovery/repository';
import { limit, rateRules } from '../security/rate-limit';
import { sessionsOf } from '../session/portal-session';
import { methodOf } from '../session/routes';
import { STEP_UP } from '../session/step-up';
import { OWN_EVENTS_DAYS, ownIp, ownSecurityEvent } from './own-events';
import { aboutAccount } from './query';

/** Most events the profile lists. */
const OWN_EVENTS_LIMIT = 100;
/** The data export's events reach back this many months, and hold at most this many (newest
 * first): enough for any use of one's own history, bounded however long the log grows. */
const EXPORT_EVENTS_MONTHS = 13;
const EXPORT_EVENTS_LIMIT = 10_000;

/** The person's own security events and "Download my data" (docs/server.md). */
export function registerOwnAuditRoutes(app: FastifyInstance, ctx: Context) {
  registerSession(app, ctx, routes.securityEvents, async (_, { account, reply }) => {
    const since = new Date(ctx.now().getTime() - OWN_EVENTS_DAYS * 24 * 60 * 60_000);
    const rows = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          aboutAccount(account.id),
          inArray(auditEvents.action, [...OWN_SECURITY_ACTIONS]),
          gte(auditEvents.at, since),
        ),
      )
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(OWN_EVENTS_LIMIT);
    reply.header('cache-control', 'no-store');
    return { events: rows.map((row) => ownSecurityEvent(row, account.id)) };
  });

  registerSession(
    app,
    ctx,
    routes.exportData,
    async (_, { account, session, request, reply }) => {
      await limit(ctx, request, rateRules.dataExport, `export:${account.id}`);
      const since = new Date(ctx.now());
      since.setUTCMonth(since.getUTCMonth() - EXPORT_EVENTS_MONTHS);
      const [creds, memberships, eventRows, sessions, browsers, recoveryCodesLeft] = await Promise.all([
        ctx.db
          .select({
            id: credentials.id,
            type: credentials.type,
            label: credentials.label,
            provider: credentials.provider,
            createdAt: credentials.createdAt,
            lastUsedAt: credentials.lastUsedAt,
          })
          .from(credentials)
          .where(eq(credentials.accountId, account.id))
          .orderBy(credentials.createdAt),
        ctx.db
          .select({
            tenantId: tenants.id,
            name: tenants.name,
            slug: tenants.slug,
            active: tenantUsers.active,
            since: tenantUsers.createdAt,
          })
          .from(tenantUsers)
          .innerJoin(tenants, eq(tenants.id, tenantUsers.tenantId))
          .where(eq(tenantUsers.accountId, account.id))
          .orderBy(tenants.name),
        ctx.db
          .select({
            at: auditEvents.at,
            action: auditEvents.action,
            actorAccountId: auditEvents.actorAccountId,
            ip: auditEvents.ip,
            details: auditEvents.details,
          })
          .from(auditEvents)
          .where(
            and(or(aboutAccount(account.id), eq(auditEvents.actorAccountId, account.id)), gte(auditEvents.at, since)),
          )
          .orderBy(desc(auditEvents.at), desc(auditEvents.id))
          .limit(EXPORT_EVENTS_LIMIT + 1),
        sessionsOf(ctx, account.id, account.sessionsValidAfter),
        // When each remembered browser was first and last seen; never its hash.
        ctx.db
          .select({ firstSeenAt: knownBrowsers.firstSeenAt, lastSeenAt: knownBrowsers.lastSeenAt })
          .from(knownBrowsers)
          .where(eq(knownBrowsers.accountId, account.id))
          .orderBy(desc(knownBrowsers.lastSeenAt)),
        remainingRecoveryCodes(ctx.db, account.id),
      ]);
      const events = eventRows.slice(0, EXPORT_EVENTS_LIMIT);
      await audit(ctx.db, {
        actor: account.id,
        action: 'account.data_exported',
        targetType: 'account',
        targetId: account.id,
        ip: request.ip,
      });
      const stamp = ctx.now().toISOString().slice(0, 10);
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="helios-data-${stamp}.json"`);
      return {
        exported_at: ctx.now().toISOString(),
        account: {
          id: account.id,
          email: account.email,
          name: account.name,
          locale: account.locale,
          picture: account.picture,
          is_user: account.isUser,
          is_stakeholder: account.isStakeholder,
          is_admin: account.isAdmin,
          created_at: account.createdAt.toISOString(),
          last_login_at: account.lastLoginAt?.toISOString() ?? null,
        },
        credentials: creds.map((c) => ({
          id: c.id,
          type: c.type,
          name: c.label,
          provider: c.provider,
          created_at: c.createdAt.toISOString(),
          last_used_at: c.lastUsedAt?.toISOString() ?? null,
        })),
        sessions: sessions.map((s) => ({
          browser: s.browser ?? null,
          os: s.os ?? null,
          ...methodOf(s.amr, s.secondFactor),
          signed_in_at: s.createdAt,
          last_active_at: s.lastActiveAt ?? s.createdAt,
          current: s.key === session.key,
        })),
        tenant_memberships: memberships.map((m) => ({
          tenant_id: m.tenantId,
          name: m.name,
          slug: m.slug,
          active: m.active,
          since: m.since.toISOString(),
        })),
        known_browsers: browsers.map((b) => ({
          first_seen_at: b.firstSeenAt.toISOString(),
          last_seen_at: b.lastSeenAt.toISOString(),
        })),
        recovery_codes_remaining: recoveryCodesLeft,
        security_events_scope: {
          since: since.toISOString(),
          max_events: EXPORT_EVENTS_LIMIT,
          truncated: eventRows.length > EXPORT_EVENTS_LIMIT,
        },
        security_events: events.map((e) => ({
          at: e.at.toISOString(),
          action: e.action,
          ip: ownIp(e, account.id),
          details: (e.details ?? {}) as Record<string, unknown>,
        })),
      };
    },
    STEP_UP,
  );
}
