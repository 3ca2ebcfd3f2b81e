import { ApiError, ErrorCode } from '@helios/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, passwordResets } from '../src/db/schema';
import { createAccount, PASSWORD, uniqueEmail } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

async function requestReset(email: string, language = 'en', type?: string) {
  const before = await server.mailCount(email);
  await server.browser().api.call('resetRequest', { body: { email, type }, headers: { 'accept-language': language } });
  const mail = await server.waitForMail(email, before);
  const token = /\/login\/set-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link in ${mail.text}`);
  return { mail, token };
}

describe('password reset', () => {
  test('known and unknown emails get the same answer; only the known one gets mail, with the link', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const unknown = uniqueEmail('nobody');
    const browser = server.browser();
    const a = await browser.raw('POST', '/auth/reset/request', JSON.stringify({ email: account.email }));
    const b = await browser.raw('POST', '/auth/reset/request', JSON.stringify({ email: unknown }));
    expect([a.status, a.text]).toEqual([b.status, b.text]);
    const mail = await server.waitForMail(account.email);
    expect(mail.text).toContain(`${server.url}/login/set-password/`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await server.mailCount(unknown)).toBe(0);
  });

  test('the mail follows Accept-Language', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const { mail } = await requestReset(account.email, 'sv-SE,sv;q=0.9,en;q=0.5');
    expect(mail.subject).toBe('Återställ ditt lösenord');
  });

  test('tokens are long, stored hashed, checkable, single use', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const { token } = await requestReset(account.email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await server.ctx.db.select().from(passwordResets).where(eq(passwordResets.accountId, account.id));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
    const api = server.browser().api;
    expect(await status(api.call('resetCheckToken', { body: { token } }))).toBe(200);
    expect(await status(api.call('resetCheckToken', { body: { token: `${token}x` } }))).toBe(406);
    const confirmed = await api.call('resetConfirm', { body: { token, password: 'new-garden-path' } });
    expect(confirmed).toEqual({ type: null });
    expect(await status(api.call('resetConfirm', { body: { token, password: 'another-garden' } }))).toBe(406);
    expect(await status(api.call('resetCheckToken', { body: { token } }))).toBe(406);
  });

  test('confirm: too short or common → 422 and the token still works; the type comes back', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const { token } = await requestReset(account.email, 'en', 'athena');
    const api = server.browser().api;
    expect(await status(api.call('resetConfirm', { body: { token, password: 'short' } }))).toBe(422);
    expect(await status(api.call('resetConfirm', { body: { token, password: 'password1' } }))).toBe(422);
    expect(await api.call('resetConfirm', { body: { token, password: 'quiet-harbour-lights' } })).toEqual({
      type: 'athena',
    });
  });

  test('an expired token is refused', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const { token } = await requestReset(account.email);
    await server.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.accountId, account.id));
    expect(await status(server.browser().api.call('resetCheckToken', { body: { token } }))).toBe(406);
  });

  test('confirm ends the account sessions, lifts a lockout, and the new password signs in', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const signedIn = server.browser();
    const started = await signedIn.api.call('start', { body: { email: account.email } });
    await signedIn.api.call('verifyPassword', {
      body: { session_id: started.session_id as string, email: account.email, password: PASSWORD },
    });
    expect((await signedIn.api.call('session')).email).toBe(account.email);
    await server.ctx.db
      .update(accounts)
      .set({ lockedUntil: new Date(Date.now() + 3_600_000), lockCount: 2 })
      .where(eq(accounts.id, account.id));

    const { token } = await requestReset(account.email);
    await server.browser().api.call('resetConfirm', { body: { token, password: 'lantern-over-water' } });

    expect(await status(signedIn.api.call('session'))).toBe(401);
    const fresh = server.browser();
    const again = await fresh.api.call('start', { body: { email: account.email } });
    const done = await fresh.api.call('verifyPassword', {
      body: { session_id: again.session_id as string, email: account.email, password: 'lantern-over-water' },
    });
    expect(done.state).toBe('Done');
  });

  test('a reset clears "password reset required"', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, passwordResetRequired: true });
    const { token } = await requestReset(account.email);
    await server.browser().api.call('resetConfirm', { body: { token, password: 'copper-kettle-song' } });
    const started = await server.browser().api.call('start', { body: { email: account.email } });
    expect(started.state).toBe('CredentialsRequired');
  });

  test('malformed tokens are validation errors, not lookups', async () => {
    const error = await server
      .browser()
      .raw('POST', '/auth/reset/check-token', JSON.stringify({ token: '../../etc/passwd' }));
    expect(error.status).toBe(422);
    expect((error.json as { detail: { type: string }[] }).detail[0]?.type).toBe(ErrorCode.validation);
  });
});
