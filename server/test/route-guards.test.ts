import { randomUUID } from 'node:crypto';
import { ErrorCode, type RouteContract, routes } from '@helios/api';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RouteGuard, routeGuards, trackRouteGuards } from '../src/http/routes';
import { startTestServer, type TestServer } from './harness';

/**
 * Whether a route needs a signed-in person, an admin or an instance is fixed when it is
 * registered. This lists the running app's routes with their guards, checks the list against the
 * contract and the address rules, and calls every session route signed out.
 */
let server: TestServer;
let listed: RouteGuard[];
beforeAll(async () => {
  // A configured provider, so that linking one from the profile has a page to send people to.
  server = await startTestServer({ env: { GOOGLE_CLIENT_ID: 'guards-test', GOOGLE_CLIENT_SECRET: 'guards-test' } });
  listed = routeGuards(server.running.app);
});
afterAll(async () => {
  await server?.close();
});

const contract = Object.entries(routes) as [string, RouteContract][];
const guardOf = (method: string, url: string) => listed.find((r) => r.method === method && r.url === url)?.guard;

/** The person's own calls under /api/, and the two calls that are not the admin console's. */
const API_OUTSIDE_ADMIN: Record<string, RouteGuard['guard']> = {
  'POST /api/accounts/settings': 'session',
  'POST /api/clavis/redeem': 'instance-client',
  'GET /api/instance/notifications': 'instance',
  'GET /api/instance/settings/:slug': 'instance',
};

describe('every route is registered with a guard', () => {
  test('the app lists its routes, each with a guard kind', () => {
    expect(listed.length).toBeGreaterThan(contract.length);
    expect(listed.filter((route) => !route.guard)).toEqual([]);
  });

  test('each call of the contract has the guard the contract names', () => {
    for (const [name, route] of contract) {
      const guard = guardOf(route.method, route.path);
      if (route.auth === 'public') expect(['public', 'instance', 'instance-client'], name).toContain(guard);
      else expect(guard, name).toBe(route.auth);
    }
  });

  test('userinfo, profile and credential calls need a signed-in person', () => {
    const profile = [
      routes.session,
      routes.availableTenants,
      routes.qrcode,
      routes.tfaSetup,
      routes.tfaActivate,
      routes.recoveryCodes,
      routes.regenerateRecoveryCodes,
      routes.webauthnRegisterOptions,
      routes.webauthnRegister,
      routes.passkeys,
      routes.passkeyRegisterOptions,
      routes.passkeyRegister,
      routes.renamePasskey,
      routes.providerLink,
      routes.userinfo,
      routes.deleteCredential,
      routes.changePassword,
      routes.accountSettings,
      routes.reauthStart,
      routes.reauthVerify,
      routes.securityEvents,
      routes.exportData,
    ];
    for (const route of profile) expect(guardOf(route.method, route.path), route.path).toBe('session');
    const userinfo = listed.filter((route) => route.url.startsWith('/oauth2/userinfo'));
    expect(userinfo.length).toBeGreaterThanOrEqual(3);
    for (const route of userinfo) {
      // The identity provider's own userinfo answers instances' bearer tokens only.
      const expected = route.method === 'POST' && route.url === '/oauth2/userinfo' ? 'identity-provider' : 'session';
      expect(route.guard, `${route.method} ${route.url}`).toBe(expected);
    }
  });

  test('every call that changes how one signs in, and the data export, needs a recent sign-in, and no other call does', () => {
    // Adding or removing a credential (an authenticator's secret is shown when it is added),
    // registering a security key or creating a passkey, linking a provider; unlinking is
    // removing its credential (a passkey's too); setting or changing the password; replacing the
    // recovery codes; downloading all one's data. Renaming a passkey changes no way in.
    const changing = [
      routes.qrcode,
      routes.tfaSetup,
      routes.tfaActivate,
      routes.regenerateRecoveryCodes,
      routes.webauthnRegisterOptions,
      routes.webauthnRegister,
      routes.passkeyRegisterOptions,
      routes.passkeyRegister,
      routes.deleteCredential,
      routes.providerLink,
      routes.changePassword,
      routes.exportData,
    ].map((route) => `${route.method} ${route.path}`);
    const demanding = listed
      .filter((route) => route.recentLogin && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(demanding.sort()).toEqual(changing.sort());
    for (const route of listed.filter((r) => r.recentLogin)) expect(route.guard).toBe('session');
  });

  test('every other call under /api/ is an admin call', () => {
    const api = listed.filter((route) => route.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThanOrEqual(30);
    for (const route of api) {
      // A GET route answers HEAD too, behind the same guard.
      const key = `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;
      expect(route.guard, key).toBe(API_OUTSIDE_ADMIN[key] ?? 'admin');
    }
  });
});

/** A concrete address for a route: path parameters as fresh UUIDs, a provider by name. */
function concrete(url: string) {
  return url.replace(/:(\w+)/g, (_, name: string) => (name === 'provider' ? 'google' : randomUUID()));
}

describe('signed out, every session route refuses', () => {
  const pages = new Set(contract.filter(([, r]) => r.produces === 'text/html').map(([, r]) => `${r.method} ${r.path}`));

  test('401 unauthenticated in the error shape, or to sign-in for a page', async () => {
    const session = listed.filter((route) => route.guard === 'session' && route.method !== 'HEAD');
    expect(session.length).toBeGreaterThanOrEqual(11);
    const browser = server.browser();
    for (const route of session) {
      const key = `${route.method} ${route.url}`;
      const withBody = route.method !== 'GET';
      const page = pages.has(key);
      const response = await browser.fetch(`${server.url}${concrete(route.url)}${page ? '?from=/profile' : ''}`, {
        method: route.method,
        headers: withBody ? { 'content-type': 'application/json' } : {},
        body: withBody ? '{}' : undefined,
        redirect: 'manual',
      });
      if (page) {
        expect(response.status, key).toBe(302);
        expect(response.headers.get('location'), key).toBe('/login?from=%2Fprofile');
        continue;
      }
      expect(response.status, key).toBe(401);
      expect(await response.json(), key).toEqual({
        detail: [{ type: ErrorCode.unauthenticated, msg: expect.any(String) }],
      });
    }
  });
});

test('an app with a route registered without a guard does not start', async () => {
  const app = Fastify({ logger: false });
  trackRouteGuards(app);
  app.get('/forgotten', async () => ({}));
  await expect(app.ready()).rejects.toThrow(/Routes without a guard: GET \/forgotten/);
  await app.close();
});
