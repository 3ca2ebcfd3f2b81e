import { type PortalSessionInfo, routes, type SessionMethod, type SessionSecondFactor } from '@helios/api';
import type { FastifyInstance } from 'fastify';
import { audit, findAccount } from '../accounts/repository';
import type { Context } from '../context';
import { registerSession } from '../http/auth';
import { errors } from '../http/errors';
import type { SecondFactor } from '../login/machine';
import { browserIdOf } from './known-browsers';
import { type CurrentSession, publicSessionId, sessionsOf } from './portal-session';
import { endAccountSessions, endThisSession, signOutRequest } from './sign-out';

const FIRST_FACTOR: Record<string, SessionMethod> = {
  pwd: 'password',
  otp: 'email_code',
  fed: 'provider',
  hwk: 'passkey',
};

/** The sign-in method of a session from its `amr`: the first entry is the first factor (`hwk`
 * first is a passkey, both factors at once); a later `hwk` is a security key, any other second
 * factor (`mfa` without `hwk`) an authenticator app — or a recovery code, which the session names
 * apart (`amr` has no name for one). */
export function methodOf(
  amr: string[] = [],
  secondFactor?: SecondFactor,
): { method: SessionMethod; second_factor: SessionSecondFactor | null } {
  const method = FIRST_FACTOR[amr[0] ?? ''] ?? 'unknown';
  if (method === 'passkey') return { method, second_factor: null };
  if (secondFactor === 'recovery_code') return { method, second_factor: 'recovery_code' };
  if (amr.includes('hwk')) return { method, second_factor: 'security_key' };
  return { method, second_factor: amr.includes('mfa') ? 'authenticator' : null };
}

/** "Where you are signed in" (docs/server.md, "Sessions"): the account's own sessions by their
 * public ids; an id of another account's session is as unknown as a made-up one. */
export function registerSessionRoutes(app: FastifyInstance, ctx: Context) {
  function entry(session: CurrentSession, currentKey: string): PortalSessionInfo {
    return {
      id: publicSessionId(ctx, session.key),
      browser: session.browser ?? null,
      os: session.os ?? null,
      ...methodOf(session.amr, session.secondFactor),
      signed_in_at: session.createdAt,
      last_active_at: session.lastActiveAt ?? session.createdAt,
      current: session.key === currentKey,
    };
  }

  /** The account's sessions; those an account-wide ending at `validAfter` ended are left out even
   * while their records wait to be removed. */
  async function list(accountId: string, currentKey: string, validAfter: Date | null) {
    const sessions = (await sessionsOf(ctx, accountId, validAfter)).map((session) => entry(session, currentKey));
    sessions.sort((a, b) => Date.parse(b.last_active_at) - Date.parse(a.last_active_at));
    return { sessions };
  }

  registerSession(app, ctx, routes.sessions, async (_, { session, account }) =>
    list(session.accountId, session.key, account.sessionsValidAfter),
  );

  registerSession(app, ctx, routes.endSession, async ({ params }, { session, account, request, reply }) => {
    const target = (await sessionsOf(ctx, session.accountId, account.sessionsValidAfter)).find(
      (candidate) => publicSessionId(ctx, candidate.key) === params.id,
    );
    if (!target) throw errors.notFound('No such session');
    const details = { session: params.id, current: target.key === session.key };
    if (details.current) await signOutRequest(ctx, request, reply, 'sessions_list', details);
    else await endThisSession(ctx, session.accountId, target.key, 'sessions_list', { ip: request.ip, details });
    return details.current ? { sessions: [] } : list(session.accountId, session.key, account.sessionsValidAfter);
  });

  registerSession(app, ctx, routes.signOutOthers, async (_, { session, account, request }) => {
    const others = (await sessionsOf(ctx, session.accountId, account.sessionsValidAfter)).filter(
      (other) => other.key !== session.key,
    );
    // The audit row is written with the ending, in its transaction.
    await endAccountSessions(
      ctx,
      session.accountId,
      { exceptKey: session.key, reason: 'sign_out_others', browserId: browserIdOf(ctx, request) },
      (tx) =>
        audit(tx, {
          actor: session.accountId,
          action: 'session.signed_out_others',
          targetType: 'account',
          targetId: session.accountId,
          ip: request.ip,
          details: { sessions: others.length },
        }),
    );
    const after = await findAccount(ctx.db, session.accountId);
    return list(session.accountId, session.key, after?.sessionsValidAfter ?? null);
  });
}
