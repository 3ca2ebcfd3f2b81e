import { readFileSync } from 'node:fs';
import { type ApiError, ErrorCode } from '@helios/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, credentials } from '../src/db/schema';
import { issueResetLink } from '../src/reset/links';
import { failure } from './admin-helpers';
import { codeFromMail, createAccount, PASSWORD } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';
import { instanceTokens } from './instance-tokens';
import { expectClient, follow, member, signedInTo, signIn } from './oidc-helpers';
import { allowAuditRows, refuseAuditRowsOf } from './refused-audit';

/**
 * Issue 28 §1/§2: changing the password from the profile (`POST /auth/password`) is a step-up
 * action, and like a reset it ends every other session of the account and every grant and token,
 * `offline_access` included; the session that changed it stays. The server's clock runs ahead on
 * demand, so a session can be made older than the step-up window without waiting.
 */
const NEW_PASSWORD = 'Lantern-Fjord-Quietly-91';
const WINDOW_MS = 10 * 60_000;
let aheadMs = 0;
const serverNow = () => Date.now() + aheadMs;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(serverNow()) });
});
afterAll(async () => {
  await server?.close();
});

/** A browser freshly signed in with the fixture password. */
async function signedIn(email: string): Promise<Browser> {
  const browser = server.browser();
  await signIn(browser, email);
  return browser;
}

/** Signing in with a password from a new browser: Done, or the refusal's status and type. */
async function signInWith(email: string, password: string) {
  const browser = server.browser();
  const started = await browser.api.call('start', { body: { email } });
  try {
    const done = await browser.api.call('verifyPassword', {
      body: { session_id: started.session_id as string, email, password },
    });
    return { state: done.state };
  } catch (error) {
    return { status: (error as ApiError).status, type: (error as ApiError).type };
  }
}

const sessionStatus = async (browser: Browser) => (await browser.raw('GET', '/auth/session')).status;

const storedPassword = async (accountId: string) =>
  (
    await server.ctx.db
      .select({ secret: credentials.secret })
      .from(credentials)
      .where(and(eq(credentials.accountId, accountId), eq(credentials.type, 'password')))
  )[0]?.secret ?? null;

const changesAudited = (accountId: string) =>
  server.ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, accountId), eq(auditEvents.action, 'password.changed')));

describe('changing the password from the profile', () => {
  test('the old password is refused at sign-in afterwards and the new one signs in', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signedIn(account.email);

    const info = await browser.api.call('changePassword', { body: { password: NEW_PASSWORD } });

    expect(info.email).toBe(account.email);
    expect(info.available_credentials.map((c) => c.type)).toEqual(['password']);
    expect(await signInWith(account.email, PASSWORD)).toEqual({ status: 401, type: ErrorCode.invalidCredentials });
    expect(await signInWith(account.email, NEW_PASSWORD)).toEqual({ state: 'Done' });
    const [row] = await changesAudited(account.id);
    expect(row).toMatchObject({ actorAccountId: account.id, targetType: 'account', details: { replaced: true } });
  });

  test('an account without a password sets one, and the answer lists it', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    const otp = codeFromMail((await server.waitForMail(account.email)).text);
    const session_id = started.session_id as string;
    await browser.api.call('verifyOtp', { body: { session_id, email: account.email, otp } });
    await browser.api.call('skipCreatePassword', { body: { session_id } });

    const info = await browser.api.call('changePassword', { body: { password: NEW_PASSWORD } });

    expect(info.available_credentials.map((c) => c.type)).toEqual(['password']);
    expect(await signInWith(account.email, NEW_PASSWORD)).toEqual({ state: 'Done' });
    expect((await changesAudited(account.id)).map((row) => row.details)).toEqual([{ replaced: false }]);
  });

  test('a weak or common password is refused with 422 and nothing changes', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signedIn(account.email);
    const other = await signedIn(account.email);
    const before = await storedPassword(account.id);

    const short = await failure(browser.api.call('changePassword', { body: { password: 'Ab1!x' } }));
    expect([short.status, short.type]).toEqual([422, ErrorCode.weakPassword]);
    const common = await failure(browser.api.call('changePassword', { body: { password: 'Password123!' } }));
    expect([common.status, common.type]).toEqual([422, ErrorCode.commonPassword]);
    const empty = await failure(browser.api.call('changePassword', { body: { password: '' } }));
    expect([empty.status, empty.type]).toEqual([422, ErrorCode.validation]);

    expect(await storedPassword(account.id)).toBe(before);
    expect(await sessionStatus(other)).toBe(200);
    expect(await changesAudited(account.id)).toEqual([]);
    expect(await signInWith(account.email, PASSWORD)).toEqual({ state: 'Done' });
  });

  test('a session older than the step-up window gets 403 requires_recent_login and nothing changes', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signedIn(account.email);
    const other = await signedIn(account.email);
    const before = await storedPassword(account.id);
    aheadMs += WINDOW_MS + 60_000;

    const refused = await failure(browser.api.call('changePassword', { body: { password: NEW_PASSWORD } }));

    expect([refused.status, refused.type]).toEqual([403, ErrorCode.requiresRecentLogin]);
    expect(await storedPassword(account.id)).toBe(before);
    expect(await sessionStatus(other)).toBe(200);
    expect(await changesAudited(account.id)).toEqual([]);
    // Confirming it is them makes the same call go through.
    await browser.api.call('reauthVerify', { body: { password: PASSWORD } });
    await browser.api.call('changePassword', { body: { password: NEW_PASSWORD } });
    expect(await signInWith(account.email, NEW_PASSWORD)).toEqual({ state: 'Done' });
  });

  test('a failed audit row leaves the old password and the other sessions (one transaction)', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signedIn(account.email);
    const other = await signedIn(account.email);
    const before = await storedPassword(account.id);
    await refuseAuditRowsOf(server, 'password.changed');
    try {
      const refused = await failure(browser.api.call('changePassword', { body: { password: NEW_PASSWORD } }));
      expect([refused.status, refused.type]).toEqual([503, ErrorCode.serviceUnavailable]);
    } finally {
      await allowAuditRows(server);
    }
    expect(await storedPassword(account.id)).toBe(before);
    expect(await sessionStatus(other)).toBe(200);
  });

  test('an open reset link ends with the change, and a lockout by wrong passwords is lifted', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signedIn(account.email);
    const token = (await issueResetLink(server.ctx, account.id, null)).split('/').pop() as string;
    for (let i = 0; i < 10; i++) await signInWith(account.email, `wrong guess ${i}`);
    expect((await signInWith(account.email, PASSWORD)).status).toBe(423);

    await browser.api.call('changePassword', { body: { password: NEW_PASSWORD } });

    const link = await failure(server.browser().api.call('resetCheckToken', { body: { token } }));
    expect(link.status).toBe(406);
    expect(await signInWith(account.email, NEW_PASSWORD)).toEqual({ state: 'Done' });
  });

  test('the new password is never logged, nor a refused one', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signedIn(account.email);
    const tooShort = 'Qz7!vk';
    await failure(browser.api.call('changePassword', { body: { password: tooShort } }));
    await browser.api.call('changePassword', { body: { password: NEW_PASSWORD } });

    const log = readFileSync(server.logFile as string, 'utf8');
    expect(log).toContain('/auth/password');
    expect(log).not.toContain(NEW_PASSWORD);
    expect(log).not.toContain(tooShort);
  });

  test('rate limited per account', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = await signedIn(account.email);
    server.ctx.config.rateLimit = true;
    try {
      for (let i = 0; i < 10; i++) await failure(browser.api.call('changePassword', { body: { password: 'short' } }));
      const limited = await failure(browser.api.call('changePassword', { body: { password: NEW_PASSWORD } }));
      expect([limited.status, limited.type]).toEqual([429, ErrorCode.rateLimited]);
    } finally {
      server.ctx.config.rateLimit = false;
    }
    expect(await signInWith(account.email, PASSWORD)).toEqual({ state: 'Done' });
  });
});

describe('a password change ends every other session and token of the account', () => {
  const { instance, expectLive, expectEnded } = instanceTokens(() => server);

  test('other sessions answer 401 and their tokens end, offline_access included; the current session and its tokens stay', async () => {
    const client = await instance();
    const person = await member(server, [client.tenantId]);
    const here = await signedInTo(server, client.rp, person.email);
    const elsewhere = await signedInTo(server, client.rp, person.email);
    const offline = await client.rp.authorizationRequest({
      scope: 'openid email profile offline_access',
      prompt: 'consent',
    });
    const offlineElsewhere = await client.rp.exchange(
      await expectClient(follow(elsewhere.browser, offline.url)),
      offline.checks,
    );
    expect(offlineElsewhere.scope?.split(' ')).toContain('offline_access');
    const bystander = await member(server, [client.tenantId]);
    const theirs = await signedInTo(server, client.rp, bystander.email);

    await here.browser.api.call('changePassword', { body: { password: NEW_PASSWORD } });

    expect(await sessionStatus(elsewhere.browser)).toBe(401);
    await expectEnded(client, elsewhere.tokens);
    await expectEnded(client, offlineElsewhere);
    expect(await sessionStatus(here.browser)).toBe(200);
    await expectLive(client, here.tokens);
    // Another account is untouched.
    expect(await sessionStatus(theirs.browser)).toBe(200);
    await expectLive(client, theirs.tokens);
  });
});
