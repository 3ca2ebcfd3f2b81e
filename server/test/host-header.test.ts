import { ErrorCode } from '@helios/api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { expectErrorShape, sendRaw } from './hostile-http';

let server: TestServer;
let publicHost: string;

beforeAll(async () => {
  // Behind a proxy that is believed, with one other name people may use.
  server = await startTestServer({ env: { TRUST_PROXY: 'true', ALLOWED_HOSTS: 'alias.example' } });
  publicHost = new URL(server.url).host;
}, 90_000);

afterAll(async () => {
  await server?.close();
});

describe('the Host a request names', () => {
  test('a request to a host this server is not is refused with 400 in the error shape', async () => {
    for (const path of ['/.well-known/openid-configuration', '/auth/session', '/login', '/no-such-route']) {
      const answer = await sendRaw(server.url, 'GET', path, { headers: { host: 'evil.example' } });
      expect(answer.status, path).toBe(400);
      expectErrorShape(answer, path);
    }
  });

  test("discovery names PUBLIC_URL's addresses whichever allowed host the request came by", async () => {
    const answer = await sendRaw(server.url, 'GET', '/.well-known/openid-configuration', {
      headers: { host: 'alias.example' },
    });
    expect(answer.status).toBe(200);
    const discovery = JSON.parse(answer.text) as Record<string, unknown>;
    for (const name of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'userinfo_endpoint'])
      expect(String(discovery[name]), name).toMatch(new RegExp(`^${server.url}/`));
  });

  test('behind a trusted proxy the forwarded host is the one checked', async () => {
    const forged = await sendRaw(server.url, 'GET', '/.well-known/openid-configuration', {
      headers: { host: publicHost, 'x-forwarded-host': 'evil.example' },
    });
    expect(forged.status).toBe(400);
    expectErrorShape(forged, 'forwarded evil.example');
    const forwarded = await sendRaw(server.url, 'GET', '/.well-known/openid-configuration', {
      headers: { host: '10.0.0.5', 'x-forwarded-host': publicHost },
    });
    expect(forwarded.status).toBe(200);
  });

  test('/health answers whatever host a load balancer names', async () => {
    const answer = await sendRaw(server.url, 'GET', '/health', { headers: { host: '10.1.2.3:3000' } });
    expect(answer.status).toBe(200);
  });

  test("a state change from the request's own protocol and host, not PUBLIC_URL's origin, is refused", async () => {
    const answer = await sendRaw(server.url, 'POST', '/auth/login/start', {
      headers: {
        host: publicHost,
        'x-forwarded-proto': 'https',
        origin: `https://${publicHost}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: 'someone@example.com' }),
    });
    expect(answer.status).toBe(403);
    expect(expectErrorShape(answer, 'own host origin')).toBe(ErrorCode.crossSite);
  });
});
