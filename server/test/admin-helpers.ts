import { ApiError } from '@helios/api';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { createAccount, PASSWORD } from './fixtures';
import type { Browser, TestServer } from './harness';

export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A browser signed in with email and password as a new account. */
export async function signedIn(
  server: TestServer,
  options: Parameters<typeof createAccount>[1] = {},
): Promise<{ browser: Browser; account: Awaited<ReturnType<typeof createAccount>> }> {
  const account = await createAccount(server.ctx, { password: PASSWORD, ...options });
  const browser = server.browser();
  const started = await browser.api.call('start', { body: { email: account.email } });
  const state = await browser.api.call('verifyPassword', {
    body: { session_id: started.session_id as string, email: account.email, password: PASSWORD },
  });
  expect(state.state).toBe('Done');
  return { browser, account };
}

export const signedInAdmin = (server: TestServer, options: Parameters<typeof createAccount>[1] = {}) =>
  signedIn(server, { isAdmin: true, name: 'Ada Admin', ...options });

/** Audit rows of an action by an actor, newest first. */
export async function auditRows(server: TestServer, actor: string, action: string) {
  return server.ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.actorAccountId, actor), eq(auditEvents.action, action)))
    .orderBy(desc(auditEvents.id));
}

let slugCounter = 0;
/** A slug no other test uses (tests share one database per file). */
export function uniqueSlug(prefix = 't') {
  slugCounter += 1;
  return `${prefix}${slugCounter}${Math.random().toString(36).slice(2, 8)}`;
}
