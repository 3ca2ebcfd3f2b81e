import { ErrorCode } from '@helios/api';
import type { Context } from '../context';
import { HttpError } from '../http/errors';
import type { CurrentSession } from './portal-session';

/*
 * Step-up: changes to how one signs in (adding or removing a credential, linking a provider, and
 * later the password and recovery material) need a sign-in within the last STEP_UP_MINUTES, or a
 * re-authentication within them. A re-authentication is kept under its own key per portal session
 * rather than in the session record, so the session's shape and lifetime stay the session's own;
 * it expires with the window and is worthless once its session ends (the key is the session's).
 */

const reauthKey = (sessionKey: string) => `reauth:${sessionKey}`;
/** A first factor proven while the second is still to come (or was refused): for a few minutes a
 * retry of the second factor does not need a new mailed code. */
const firstFactorKey = (sessionKey: string) => `reauth-first:${sessionKey}`;
const FIRST_FACTOR_MS = 5 * 60_000;

/** The route option of every call that changes how the person signs in (`registerSession`). */
export const STEP_UP = { recentLogin: true } as const;

function within(ctx: Context, at: string | null): boolean {
  if (at === null) return false;
  const age = ctx.now().getTime() - Date.parse(at);
  return age >= 0 && age < ctx.config.stepUpMs;
}

/** Whether the session signed in, or re-authenticated, within the step-up window. The session's
 * own time answers most calls without a store read. */
export async function isRecent(ctx: Context, session: CurrentSession): Promise<boolean> {
  if (within(ctx, session.createdAt)) return true;
  return within(ctx, await ctx.store.get(reauthKey(session.key)));
}

/** Records a re-authentication of this session (and forgets its half-done one). */
export async function markRecent(ctx: Context, session: CurrentSession): Promise<void> {
  await Promise.all([
    ctx.store.set(reauthKey(session.key), ctx.now().toISOString(), ctx.config.stepUpMs),
    ctx.store.del(firstFactorKey(session.key)),
  ]);
}

export async function firstFactorProven(ctx: Context, session: CurrentSession): Promise<boolean> {
  return (await ctx.store.get(firstFactorKey(session.key))) !== null;
}

export async function rememberFirstFactor(ctx: Context, session: CurrentSession): Promise<void> {
  await ctx.store.set(firstFactorKey(session.key), '1', FIRST_FACTOR_MS);
}

export const requiresRecentLogin = () =>
  new HttpError(403, ErrorCode.requiresRecentLogin, 'Sign in again (re-authenticate) to change how you sign in');
