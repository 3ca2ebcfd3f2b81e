import { readFileSync } from 'node:fs';
import { ErrorCode, type PublicKeyOptions } from '@helios/api';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { accounts, credentials, passwordResets } from '../src/db/schema';
import { issueResetLink } from '../src/reset/links';
import { failure, signedIn, signedInAdmin } from './admin-helpers';
import { SoftwareAuthenticator } from './authenticator';
import { eventually } from './eventually';
import { codeFromMail, createAccount, PASSWORD, totpCode } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';
import { allowAuditRows, refuseAuditRowsOf } from './refused-audit';

/**
 * Every change that writes more than one row is written in one transaction, its audit row
 * included. To prove it, the database refuses the change's last statement — the audit row of one
 * action — while a trigger is in place, as an unreachable database would (SQLSTATE 57P03): the
 * call answers 503 in the error shape, never 500, and once the trigger is gone nothing of the
 * change's earlier statements is left.
 */
let server: TestServer;
beforeAll(async () => {
  // A security key is bound to a domain name, not an address.
  server = await startTestServer({ hostname: 'localhost' });
});
afterEach(async () => {
  await allowAuditRows(server);
});
afterAll(async () => {
  await server?.close();
});

async function refusedWith503(call: Promise<unknown>) {
  const error = await failure(call);
  expect(error.status).toBe(503);
  expect(error.detail).toEqual([{ type: ErrorCode.serviceUnavailable, msg: expect.any(String) }]);
}

const credentialsOf = (accountId: string) =>
  server.ctx.db
    .select({ id: credentials.id, type: credentials.type, secret: credentials.secret })
    .from(credentials)
    .where(eq(credentials.accountId, accountId))
    .orderBy(credentials.id);

/** A browser signed in with password and authenticator code, as an account with one authenticator. */
async function signedInWithAuthenticator(): Promise<{
  browser: Browser;
  account: Awaited<ReturnType<typeof createAccount>>;
}> {
  const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
  const browser = server.browser();
  const started = await browser.api.call('start', { body: { email: account.email } });
  const afterPassword = await browser.api.call('verifyPassword', {
    body: { session_id: started.session_id as string, email: account.email, password: PASSWORD },
  });
  const done = await browser.api.call('verifyMfa', {
    body: { session_id: afterPassword.session_id as string, totp_code: totpCode(account.totp[0] as string) },
  });
  expect(done.state).toBe('Done');
  return { browser, account };
}

describe('a change and its audit row are kept together or not at all', () => {
  test('activating an authenticator: the new one is not saved and the old one is kept', async () => {
    const { browser, account } = await signedInWithAuthenticator();
    const before = await credentialsOf(account.id);
    const setup = await browser.api.call('tfaSetup');
    await refuseAuditRowsOf(server, 'credential.totp_registered');
    await refusedWith503(browser.api.call('tfaActivate', { body: { totp_code: totpCode(setup.secret) } }));
    await allowAuditRows(server);
    expect(await credentialsOf(account.id)).toEqual(before);
    // The set-up is still pending, and goes through now.
    const info = await browser.api.call('tfaActivate', { body: { totp_code: totpCode(setup.secret) } });
    const totps = info.available_credentials.filter((c) => c.type === 'totp');
    expect(totps).toHaveLength(1);
    expect(totps[0]?.id).not.toBe(account.credentialIds.totp0);
  });

  test('merging authenticators: none is removed', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 2 });
    const before = await credentialsOf(account.id);
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    const afterPassword = await browser.api.call('verifyPassword', {
      body: { session_id: started.session_id as string, email: account.email, password: PASSWORD },
    });
    expect(afterPassword.state).toBe('TOTPResetRequired');
    await refuseAuditRowsOf(server, 'credential.totp_merged');
    await refusedWith503(
      browser.api.call('mergeMfa', {
        body: { session_id: afterPassword.session_id as string, totp_code: totpCode(account.totp[0] as string) },
      }),
    );
    await allowAuditRows(server);
    expect(await credentialsOf(account.id)).toEqual(before);
    expect((await browser.api.call('ping', { query: { session_id: afterPassword.session_id as string } })).state).toBe(
      'TOTPResetRequired',
    );
  });

  test('removing a sign-in method from the profile: it is kept', async () => {
    const { browser, account } = await signedInWithAuthenticator();
    const before = await credentialsOf(account.id);
    await refuseAuditRowsOf(server, 'credential.deleted');
    await refusedWith503(
      browser.api.call('deleteCredential', { params: { id: account.credentialIds.totp0 as string } }),
    );
    await allowAuditRows(server);
    expect(await credentialsOf(account.id)).toEqual(before);
  });

  test('creating a password after a one-time code: none is saved', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    const code = codeFromMail((await server.waitForMail(account.email)).text);
    const offered = await browser.api.call('verifyOtp', {
      body: { session_id: started.session_id as string, email: account.email, otp: code },
    });
    expect(offered.state).toBe('AskedCreateCredential');
    await refuseAuditRowsOf(server, 'credential.password_created');
    await refusedWith503(
      browser.api.call('createPassword', {
        body: { session_id: offered.session_id as string, password: 'Quiet-Harbour-Lamp-42' },
      }),
    );
    await allowAuditRows(server);
    expect(await credentialsOf(account.id)).toEqual([]);
  });

  test('a wrong password: the failure is not counted without its audit row', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    await refuseAuditRowsOf(server, 'login.password_failed');
    await refusedWith503(
      browser.api.call('verifyPassword', {
        body: { session_id: started.session_id as string, email: account.email, password: 'not-the-password' },
      }),
    );
    await allowAuditRows(server);
    const [row] = await server.ctx.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.failedAttempts).toBe(0);
  });

  test('completing a password reset: the link stays usable and the password unchanged', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const before = await credentialsOf(account.id);
    const token = (await issueResetLink(server.ctx, account.id, null)).split('/').pop() as string;
    const browser = server.browser();
    await refuseAuditRowsOf(server, 'password_reset.completed');
    await refusedWith503(browser.api.call('resetConfirm', { body: { token, password: 'Quiet-Harbour-Lamp-42' } }));
    await allowAuditRows(server);
    expect(await credentialsOf(account.id)).toEqual(before);
    expect(await browser.api.call('resetCheckToken', { body: { token } })).toEqual({});
  });

  test('requesting a password reset: no link is left without its audit row', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    await refuseAuditRowsOf(server, 'password_reset.requested');
    // The answer never depends on the email; the work (and its failure) comes after it.
    expect(await server.browser().api.call('resetRequest', { body: { email: account.email } })).toEqual({});
    await eventually('the failed reset request in the log', async () =>
      readFileSync(server.logFile as string, 'utf8').includes('"task":"reset.request"'),
    );
    await allowAuditRows(server);
    expect(await server.ctx.db.select().from(passwordResets).where(eq(passwordResets.accountId, account.id))).toEqual(
      [],
    );
    expect(await server.mailCount(account.email)).toBe(0);
  });

  test('registering a security key: the key is not saved', async () => {
    const { browser, account } = await signedIn(server);
    const options = await browser.api.call('webauthnRegisterOptions', { body: {} });
    const key = new SoftwareAuthenticator(server.url);
    const response = key.create(options as PublicKeyOptions as unknown as PublicKeyCredentialCreationOptionsJSON);
    await refuseAuditRowsOf(server, 'credential.webauthn_registered');
    await refusedWith503(browser.api.call('webauthnRegister', { body: { name: 'Blue key', response } }));
    await allowAuditRows(server);
    const keys = await server.ctx.db
      .select()
      .from(credentials)
      .where(and(eq(credentials.accountId, account.id), eq(credentials.type, 'webauthn')));
    expect(keys).toEqual([]);
  });

  test("an admin's password reset for an account: no link is made and no mail sent", async () => {
    const admin = await signedInAdmin(server);
    const account = await createAccount(server.ctx, { password: PASSWORD });
    await refuseAuditRowsOf(server, 'admin.password_reset.sent');
    await refusedWith503(admin.browser.api.call('accountResetPassword', { params: { accountId: account.id } }));
    await allowAuditRows(server);
    expect(await server.ctx.db.select().from(passwordResets).where(eq(passwordResets.accountId, account.id))).toEqual(
      [],
    );
    expect(await server.mailCount(account.email)).toBe(0);
  });
});
