import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createAccount, PASSWORD, totpCode } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { type RawAnswer, sendRaw } from './hostile-http';

const PUBLIC = 'https://login.example.com';
let https: TestServer;

beforeAll(async () => {
  https = await startTestServer({ env: { PUBLIC_URL: PUBLIC } });
  // The harness points every server at its loopback address; this one stays at its public
  // HTTPS address, as one behind a TLS-terminating load balancer is.
  https.ctx.config.publicUrl = PUBLIC;
}, 90_000);

afterAll(async () => {
  await https?.close();
});

const setCookies = (answer: RawAnswer) => [answer.headers['set-cookie'] ?? []].flat();
const pairOf = (line: string) => line.split(';')[0] as string;

/** A request as the load balancer hands it on: to the public host, from the public origin. */
function send(path: string, body: unknown, cookies: string[] = []) {
  return sendRaw(https.url, 'POST', path, {
    body: JSON.stringify(body),
    headers: {
      host: 'login.example.com',
      origin: PUBLIC,
      'content-type': 'application/json',
      ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}),
    },
  });
}

/** Signs in with a password and an authenticator code, remembering the browser; the cookies
 * set on the way (the login cookie from the start, the rest at the end). */
async function signIn() {
  const account = await createAccount(https.ctx, { password: PASSWORD, totpCount: 1 });
  const start = await send('/auth/login/start', { email: account.email });
  const started = JSON.parse(start.text) as { session_id: string };
  const login = setCookies(start).map(pairOf);
  const body = { session_id: started.session_id, email: account.email, password: PASSWORD, remember: true };
  await send('/auth/login/verify-password', body, login);
  const done = await send(
    '/auth/login/verify-mfa',
    { session_id: started.session_id, totp_code: totpCode(account.totp[0] as string), remember: true },
    login,
  );
  return [...setCookies(start), ...setCookies(done)];
}

describe('cookie names over HTTPS', () => {
  test('the portal session, the remembered browser, the trusted device, the browser id and the login are __Host- cookies: Secure, Path=/, no Domain', async () => {
    const lines = await signIn();
    const names = lines.map((line) => pairOf(line).split('=')[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        '__Host-helios_session',
        '__Host-helios_mfa_remember',
        '__Host-helios_device',
        '__Host-helios_browser',
        '__Host-helios_login',
      ]),
    );
    expect(names).not.toContain('helios_session');
    expect(names).not.toContain('helios_device');
    expect(names).not.toContain('helios_browser');
    expect(names).not.toContain('helios_login');
    for (const line of lines.filter((l) => l.startsWith('__Host-'))) {
      const attributes = line.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes, line).toContain('secure');
      expect(attributes, line).toContain('path=/');
      expect(
        attributes.some((a) => a.startsWith('domain=')),
        line,
      ).toBe(false);
    }
  });

  test('the session is read from its __Host- cookie only: one without the prefix signs no one in', async () => {
    const lines = await signIn();
    const session = pairOf(lines.find((line) => line.startsWith('__Host-helios_session=')) as string);
    const read = (cookie: string) =>
      sendRaw(https.url, 'GET', '/auth/session', { headers: { host: 'login.example.com', cookie } });
    expect((await read(session)).status).toBe(200);
    const unprefixed = session.replace('__Host-', '');
    expect((await read(unprefixed)).status).toBe(401);

    const out = await send('/auth/logout', {}, [session]);
    const cleared = setCookies(out).find((line) => line.startsWith('__Host-helios_session='));
    expect(cleared, 'sign-out clears the prefixed cookie').toBeDefined();
  });
});
