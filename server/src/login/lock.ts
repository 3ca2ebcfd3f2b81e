import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AccountRow, type AuditInput, audit } from '../accounts/repository';
import type { Context } from '../context';
import { preparedPerDatabase } from '../db/client';
import { accounts, auditEvents } from '../db/schema';
import { inTransaction } from '../db/transaction';
import {
  afterFailure,
  afterSuccess,
  DEVICE_HISTORY_MS,
  deviceStateTtlMs,
  isLocked,
  type LockState,
  MAX_LOCK_MS,
} from '../security/lockout';
import { trustedDeviceOf } from '../session/trusted-device';
import { withLock } from '../store/store';

/**
 * Whose count a sign-in attempt goes to: a browser trusted for the account (its device cookie)
 * has its own, kept in the store; every other client shares the account's, kept in its row.
 */
type LockScope = { kind: 'account' } | { kind: 'device'; deviceId: string };

export function lockScopeOf(ctx: Context, request: FastifyRequest, accountId: string): LockScope {
  const deviceId = trustedDeviceOf(ctx, request, accountId);
  return deviceId === null ? { kind: 'account' } : { kind: 'device', deviceId };
}

/* A trusted browser's count lives in the store, not the database: it is short-lived state with a
 * natural expiry (a day after its last failure or lock), one key per browser that failed, shared
 * by every node like the other counts, and it needs no table or migration. */
type StoredLockState = { failedAttempts: number; lockCount: number; lockedUntil: string | null };
const deviceLockKey = (deviceId: string) => `device-lockout:${deviceId}`;
/** The account's browsers that have a count, so a password reset can lift their locks. */
const accountDeviceLocksKey = (accountId: string) => `account-device-lockouts:${accountId}`;
/** Outlives every member's state: the longest lock plus its history. */
const ACCOUNT_DEVICE_LOCKS_MS = MAX_LOCK_MS + DEVICE_HISTORY_MS;

async function deviceState(ctx: Context, deviceId: string): Promise<LockState | null> {
  const raw = await ctx.store.get(deviceLockKey(deviceId));
  if (raw === null) return null;
  const stored = JSON.parse(raw) as StoredLockState;
  return { ...stored, lockedUntil: stored.lockedUntil === null ? null : new Date(stored.lockedUntil) };
}

/** Changes a trusted browser's state under a store lock, so concurrent failures on any node are
 * all counted; `change` gets the current state (null when there is none) and answers the next. */
function updateDeviceState(
  ctx: Context,
  accountId: string,
  deviceId: string,
  change: (state: LockState | null) => LockState | null,
): Promise<LockState | null> {
  const key = deviceLockKey(deviceId);
  return withLock(ctx.store, key, async () => {
    const next = change(await deviceState(ctx, deviceId));
    if (next === null) return null;
    const stored: StoredLockState = { ...next, lockedUntil: next.lockedUntil?.toISOString() ?? null };
    await Promise.all([
      ctx.store.set(key, JSON.stringify(stored), deviceStateTtlMs(next, ctx.now())),
      ctx.store.addToSet(accountDeviceLocksKey(accountId), deviceId, ACCOUNT_DEVICE_LOCKS_MS),
    ]);
    return next;
  });
}

/** Whether this client is locked out of the account: a trusted browser by its own lock, any
 * other client by the account's. */
export async function accountLocked(ctx: Context, request: FastifyRequest, account: AccountRow): Promise<boolean> {
  const scope = lockScopeOf(ctx, request, account.id);
  if (scope.kind === 'account') return isLocked(account, ctx.now());
  const state = await deviceState(ctx, scope.deviceId);
  return state !== null && isLocked(state, ctx.now());
}

/** Records a failed password, code or key and its audit row (given whether this failure locked
 * the client out, and whether the client is a trusted browser); returns true when it locked. A failure of an untrusted client counts on the
 * account's row, locked while counting and in one transaction with the audit row; a trusted
 * browser's counts on its own state in the store, and its audit row follows. */
export async function recordFailure(
  ctx: Context,
  request: FastifyRequest,
  account: AccountRow,
  row: (outcome: { locked: boolean; trusted: boolean }) => AuditInput,
): Promise<boolean> {
  const scope = lockScopeOf(ctx, request, account.id);
  if (scope.kind === 'device') {
    const fresh: LockState = { failedAttempts: 0, lockCount: 0, lockedUntil: null };
    const next = await updateDeviceState(ctx, account.id, scope.deviceId, (state) =>
      afterFailure(state ?? fresh, ctx.now()),
    );
    const locked = next !== null && isLocked(next, ctx.now());
    await audit(ctx.db, row({ locked, trusted: true }));
    return locked;
  }
  return inTransaction(ctx.db, async (tx) => {
    const [fresh] = await tx.select().from(accounts).where(eq(accounts.id, account.id)).for('update');
    if (!fresh) return false;
    const next = afterFailure(fresh, ctx.now());
    await tx
      .update(accounts)
      .set({ failedAttempts: next.failedAttempts, lockCount: next.lockCount, lockedUntil: next.lockedUntil })
      .where(eq(accounts.id, account.id));
    const locked = isLocked(next, ctx.now());
    await audit(tx, row({ locked, trusted: false }));
    return locked;
  });
}

/** A password reset lifts the locks of the account's trusted browsers and forgets their counts
 * (the account's own are reset with the password). */
export async function liftDeviceLocks(ctx: Context, accountId: string): Promise<void> {
  const deviceIds = await ctx.store.members(accountDeviceLocksKey(accountId));
  await ctx.store.del(accountDeviceLocksKey(accountId), ...deviceIds.map(deviceLockKey));
}

/** A completed sign-in in one statement: the account's failure count cleared and its login
 * time stamped, and the success audited. Both or neither are written, and an embedded database
 * commits once instead of twice. The update runs as a data-modifying WITH, which PostgreSQL runs
 * exactly once whether or not the insert reads it. */
const loginSucceeded = preparedPerDatabase((db) => {
  const stamped = db.$with('stamped').as(
    db
      .update(accounts)
      // Placeholders in SET go in as SQL, so times are passed as ISO strings.
      .set({
        // A sign-in on a trusted browser leaves the untrusted clients' count and lock as they are.
        failedAttempts: sql`case when ${sql.placeholder('clearCount')} then ${sql.placeholder('failedAttempts')} else ${accounts.failedAttempts} end`,
        lockedUntil: sql`case when ${sql.placeholder('clearLock')} then ${sql.placeholder('lockedUntil')} else ${accounts.lockedUntil} end`,
        lastLoginAt: sql`${sql.placeholder('now')}`,
      })
      .where(eq(accounts.id, sql.placeholder('id'))),
  );
  return db
    .with(stamped)
    .insert(auditEvents)
    .values({
      actorAccountId: sql.placeholder('actor'),
      action: 'login.success',
      targetType: 'account',
      targetId: sql.placeholder('targetId'),
      ip: sql.placeholder('ip'),
      details: sql.placeholder('details'),
    })
    .prepare('account_login_succeeded');
});

/** A completed sign-in: clears the failure count of the client that signed in (the account's,
 * or a trusted browser's own), records the login time and audits it (`via`: how the first factor
 * was proven). The account's part is one statement; a trusted browser's count, in the store, is
 * cleared beside it. */
export async function recordSuccess(
  ctx: Context,
  account: AccountRow,
  context: { ip: string | null; via: string | null; scope?: LockScope },
): Promise<void> {
  const scope = context.scope ?? { kind: 'account' };
  const next = afterSuccess(account);
  const clear = scope.kind === 'account';
  await Promise.all([
    loginSucceeded(ctx.db).execute({
      clearCount: clear,
      clearLock: clear,
      failedAttempts: next.failedAttempts,
      lockedUntil: next.lockedUntil?.toISOString() ?? null,
      now: ctx.now().toISOString(),
      // The same id three times: PostgreSQL gives each parameter one type (uuid, uuid, text).
      id: account.id,
      actor: account.id,
      targetId: account.id,
      ip: context.ip,
      details: { via: context.via, trusted: !clear },
    }),
    scope.kind === 'device' && clearDeviceCount(ctx, account.id, scope.deviceId),
  ]);
}

/** Most trusted sign-ins follow no failure: one read, and a write only when there is a count. */
async function clearDeviceCount(ctx: Context, accountId: string, deviceId: string) {
  const state = await deviceState(ctx, deviceId);
  if (state !== null && (state.failedAttempts > 0 || state.lockedUntil !== null))
    await updateDeviceState(ctx, accountId, deviceId, (current) => current && afterSuccess(current));
}
