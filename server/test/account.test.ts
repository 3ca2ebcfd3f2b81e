import { ErrorCode } from '@helios/api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure } from './admin-helpers';
import { createAccount, createTenant, PASSWORD, totpCode } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function signedIn(
  options: Parameters<typeof createAccount>[1] = {},
): Promise<{ browser: Browser; account: Awaited<ReturnType<typeof createAccount>> }> {
  const account = await createAccount(server.ctx, { password: PASSWORD, ...options });
  const browser = server.browser();
  const started = await browser.api.call('start', { body: { email: account.email } });
  let state = await browser.api.call('verifyPassword', {
    body: { session_id: started.session_id as string, email: account.email, password: PASSWORD },
  });
  if (state.state === 'MfaRequired') {
    state = await browser.api.call('verifyMfa', {
      body: { session_id: started.session_id as string, totp_code: totpCode(account.totp[0] as string) },
    });
  }
  expect(state.state).toBe('Done');
  return { browser, account };
}

describe('signed-out calls', () => {
  test('user info, tenants, session, QR and settings answer 401', async () => {
    const api = server.browser().api;
    for (const call of [
      api.call('userinfo'),
      api.call('availableTenants'),
      api.call('session'),
      api.call('tfaSetup'),
      api.call('accountSettings', { body: { key: 'locale', value: 'sv' } }),
    ]) {
      const error = await failure(call);
      expect(error.status).toBe(401);
      expect(error.type).toBe(ErrorCode.unauthenticated);
    }
  });
});

describe('account', () => {
  test('available tenants: only active memberships of live tenants, sorted, with url', async () => {
    const suffix = Date.now().toString(36);
    const live = await createTenant(server.ctx, `live${suffix}`);
    const ended = await createTenant(server.ctx, `ended${suffix}`, { inactiveAt: new Date(Date.now() - 1000) });
    const later = await createTenant(server.ctx, `later${suffix}`, { inactiveAt: new Date(Date.now() + 86_400_000) });
    const left = await createTenant(server.ctx, `left${suffix}`);
    const { browser } = await signedIn({
      isStakeholder: true,
      tenants: [{ id: live.id }, { id: ended.id }, { id: later.id }, { id: left.id, active: false }],
    });
    const result = await browser.api.call('availableTenants');
    expect(result.is_stakeholder).toBe(true);
    expect(result.tenants.map((t) => t.slug).sort()).toEqual([`later${suffix}`, `live${suffix}`]);
    expect(result.tenants[0]?.url).toMatch(/^https:\/\//);
  });

  test('language setting is saved and shows in user info', async () => {
    const { browser } = await signedIn();
    expect(await browser.api.call('accountSettings', { body: { key: 'locale', value: 'sv' } })).toEqual({
      key: 'locale',
      value: 'sv',
    });
    expect((await browser.api.call('userinfo')).locale).toBe('sv');
    const bad = await browser.raw('POST', '/api/accounts/settings', JSON.stringify({ key: 'locale', value: 'de' }));
    expect(bad.status).toBe(422);
  });

  test('the password of a user account cannot be removed; an authenticator can', async () => {
    const { browser, account } = await signedIn({ totpCount: 1 });
    const error = await failure(
      browser.api.call('deleteCredential', { params: { id: account.credentialIds.password as string } }),
    );
    expect(error.status).toBe(409);
    expect(error.type).toBe(ErrorCode.cannotDeletePassword);
    const info = await browser.api.call('deleteCredential', { params: { id: account.credentialIds.totp0 as string } });
    expect(info.available_credentials.map((c) => c.type)).toEqual(['password']);
    const gone = await failure(
      browser.api.call('deleteCredential', { params: { id: account.credentialIds.totp0 as string } }),
    );
    expect(gone.status).toBe(404);
  });

  test("a stakeholder's password can be removed; another account's credential cannot be touched", async () => {
    const { browser, account } = await signedIn({ isUser: false, isStakeholder: true });
    const other = await createAccount(server.ctx, { password: PASSWORD });
    const foreign = await failure(
      browser.api.call('deleteCredential', { params: { id: other.credentialIds.password as string } }),
    );
    expect(foreign.status).toBe(404);
    const info = await browser.api.call('deleteCredential', {
      params: { id: account.credentialIds.password as string },
    });
    expect(info.available_credentials).toEqual([]);
  });

  test('two-factor setup: QR image, manual secret, activation replaces the old authenticator', async () => {
    const { browser } = await signedIn({ totpCount: 1 });
    const png = await browser.fetch(`${server.url}/auth/qrcode`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const setup = await browser.api.call('tfaSetup');
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.has_existing).toBe(true);
    const wrong = await failure(browser.api.call('tfaActivate', { body: { totp_code: '000000' } }));
    expect(wrong.type).toBe(ErrorCode.invalidTotp);
    const info = await browser.api.call('tfaActivate', { body: { totp_code: totpCode(setup.secret) } });
    const totps = info.available_credentials.filter((c) => c.type === 'totp');
    expect(totps).toHaveLength(1);
    const again = await failure(browser.api.call('tfaActivate', { body: { totp_code: totpCode(setup.secret) } }));
    expect(again.type).toBe(ErrorCode.noPendingTotp);
  });

  test('logout ends the session on the server, not just the cookie', async () => {
    const { browser } = await signedIn();
    const stolenCookie = browser.cookies.get('helios_session') as string;
    await browser.api.call('logout');
    expect(browser.cookies.has('helios_session')).toBe(false);
    const thief = server.browser();
    thief.cookies.set('helios_session', stolenCookie);
    expect((await failure(thief.api.call('userinfo'))).status).toBe(401);
  });
});
