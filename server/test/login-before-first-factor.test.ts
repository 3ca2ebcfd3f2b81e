import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { credentials } from '../src/db/schema';
import { createAccount, PASSWORD } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 90_000);

afterAll(async () => {
  await server?.close();
});

/** An account with a password, two Google identities, a named security key and an authenticator. */
async function accountWithEverything() {
  const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
  const rows = await server.ctx.db
    .insert(credentials)
    .values([
      {
        accountId: account.id,
        type: 'oidc',
        provider: 'google.com',
        issuer: 'https://accounts.google.com',
        subject: `a-${account.id}`,
        label: 'Work Google',
      },
      {
        accountId: account.id,
        type: 'oidc',
        provider: 'google.com',
        issuer: 'https://accounts.google.com',
        subject: `b-${account.id}`,
        label: 'Home Google',
      },
      { accountId: account.id, type: 'webauthn', subject: `key-${account.id}`, label: 'Anna’s YubiKey' },
    ])
    .returning();
  const ids = [...Object.values(account.credentialIds), ...rows.map((row) => row.id)];
  return { account, ids, labels: ['Work Google', 'Home Google', 'Anna’s YubiKey'] };
}

describe('login answers before the first factor', () => {
  test('name credential types only: no ids, no labels, each kind once', async () => {
    const { account, ids, labels } = await accountWithEverything();
    const browser = server.browser();
    const started = await browser.fetch(`${server.url}/auth/login/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email }),
    });
    const startText = await started.text();
    const { session_id, state, available_credentials } = JSON.parse(startText);
    expect(state).toBe('CredentialsRequired');
    expect(available_credentials).toHaveLength(2);
    expect(available_credentials).toEqual(
      expect.arrayContaining([
        { type: 'password', provider: null },
        { type: 'oidc', provider: 'google.com' },
      ]),
    );
    const pinged = await (await browser.fetch(`${server.url}/auth/login/ping?session_id=${session_id}`)).text();
    for (const text of [startText, pinged])
      for (const secret of [...ids, ...labels]) expect(text).not.toContain(secret);
  });

  test('after the password, the second factors are named with their ids and labels', async () => {
    const { account } = await accountWithEverything();
    const browser = server.browser();
    const { session_id } = await browser.api.call('start', { body: { email: account.email } });
    const answer = await browser.api.call('verifyPassword', {
      body: { session_id: session_id as string, email: account.email, password: PASSWORD },
    });
    expect(answer.state).toBe('MfaRequired');
    expect(answer.available_credentials.find((c) => c.type === 'webauthn')).toMatchObject({
      id: expect.any(String),
      label: 'Anna’s YubiKey',
    });
  });
});
