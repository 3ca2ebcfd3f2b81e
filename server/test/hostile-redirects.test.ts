import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { instanceClient, setInstanceRedirectUris } from '../src/oidc/clients';
import { signedIn } from './admin-helpers';
import { createTenant } from './fixtures';
import type { Browser, TestServer } from './harness';
import { leavesSite, type PageServer, sendRaw, startPageServer } from './hostile-http';
import { type Idp, startServerWithProviders } from './idp';

/**
 * Open redirects: no address a caller controls sends a browser anywhere but Helios itself, a
 * registered redirect URI, or the configured provider. `from` on the provider link routes and
 * /login, `redirect_uri` and `post_logout_redirect_uri` on the identity provider, and the
 * provider callbacks.
 */

let google: Idp;
let server: TestServer;
/** The same server with the apps' pages (built, or stand-ins before the apps are built). */
let pages: PageServer;
const REGISTERED = 'https://redirect-instance.example.com/auth/callback';
const SIGNED_OUT = 'https://redirect-instance.example.com/signed-out';
let clientId = '';

beforeAll(async () => {
  ({ google, server } = await startServerWithProviders());
  const tenant = await createTenant(server.ctx, `redirect${Date.now().toString(36)}`);
  clientId = (await instanceClient(server.ctx, tenant)).client_id;
  await setInstanceRedirectUris(server.ctx, tenant, {
    redirect_uris: [REGISTERED],
    post_logout_redirect_uris: [SIGNED_OUT],
  });
  pages = await startPageServer(server.ctx);
}, 120_000);

afterAll(async () => {
  await pages?.close();
  await server?.close();
  await google?.close();
});

/** `from` values that try to leave the site, each in a form a naive check lets through. */
const HOSTILE_FROM = [
  'https://evil.example/',
  '//evil.example/profile',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2F/evil.example',
  '/profile/../..//evil.example',
  'javascript:alert(1)',
  '/profile?next=https://evil.example',
  'https:evil.example',
];

/** Every hop of a chain of redirects, until it leaves Helios or stops. Requests to Helios carry
 * the browser's cookies; the stand-in provider is asked directly. */
async function hops(browser: Browser, start: string) {
  const visited: string[] = [];
  let next = new URL(start, server.url);
  for (let i = 0; i < 8; i++) {
    const ours = next.origin === server.url;
    const response = ours
      ? await browser.fetch(next.href, { redirect: 'manual', headers: { accept: 'text/html' } })
      : await fetch(next.href, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { visited, last: response.status };
    visited.push(location);
    const target = new URL(location, next);
    // The provider's own sign-in page is an allowed target: follow it, it comes back.
    if (target.origin === new URL(google.issuer).origin) {
      next = target;
      continue;
    }
    if (leavesSite(location, server.url)) return { visited, last: response.status };
    next = target;
  }
  return { visited, last: 0 };
}

/** Hops that leave the site for somewhere other than the configured provider. */
function offSite(visited: string[]) {
  return visited.filter(
    (location) => leavesSite(location, server.url) && !location.startsWith(`${new URL(google.issuer).origin}/`),
  );
}

describe('`from` never leads off the site', () => {
  test('linking a provider that fails at once: back to a path on this site', async () => {
    const { browser } = await signedIn(server);
    for (const from of HOSTILE_FROM) {
      const answer = await browser.fetch(`${server.url}/auth/link/oauth/microsoft?from=${encodeURIComponent(from)}`, {
        redirect: 'manual',
      });
      const location = answer.headers.get('location') ?? '';
      expect(answer.status, `from=${from}`).not.toBe(500);
      expect(leavesSite(location, server.url), `from=${JSON.stringify(from)} → ${location}`).toBe(false);
    }
  });

  test('a whole round trip through a provider that says no: back to a path on this site', async () => {
    const { browser } = await signedIn(server);
    for (const from of HOSTILE_FROM) {
      google.denyNext();
      const trip = await hops(browser, `/auth/link/oauth/google?from=${encodeURIComponent(from)}`);
      expect(offSite(trip.visited), `from=${JSON.stringify(from)}: ${trip.visited.join(' → ')}`).toEqual([]);
    }
  });

  test('signed out: the link route sends to the login page, on this site', async () => {
    const browser = server.browser();
    for (const from of HOSTILE_FROM) {
      const trip = await hops(browser, `/auth/link/oauth/google?from=${encodeURIComponent(from)}`);
      expect(offSite(trip.visited), `from=${JSON.stringify(from)}: ${trip.visited.join(' → ')}`).toEqual([]);
    }
  });

  test('/login?from=… is a page, never a redirect', async () => {
    for (const from of HOSTILE_FROM) {
      const answer = await sendRaw(pages.url, 'GET', `/login?from=${encodeURIComponent(from)}`, {
        headers: { accept: 'text/html' },
      });
      expect(answer.status, from).toBeLessThan(300);
      expect(answer.headers.location, from).toBeUndefined();
    }
  });

  test("a provider's callback with a state that is unknown, forged or missing: the login page", async () => {
    const browser = server.browser();
    for (const query of [
      'state=forged&code=abc',
      'code=abc',
      'error=access_denied&state=x',
      `state=${'a'.repeat(400)}&iss=https://evil.example`,
      'state=x&code=abc&redirect_uri=https://evil.example',
    ]) {
      for (const provider of ['google', 'microsoft']) {
        const trip = await hops(browser, `/auth/oauth/callback/${provider}?${query}`);
        expect(offSite(trip.visited), `${provider}?${query}: ${trip.visited.join(' → ')}`).toEqual([]);
        expect(trip.visited.length, `${provider}?${query}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('the identity provider redirects only to registered addresses', () => {
  const variants = [
    `${REGISTERED}/../evil`,
    `${REGISTERED}/`,
    `${REGISTERED}?next=https://evil.example`,
    `${REGISTERED}#`,
    `${REGISTERED.toUpperCase()}`,
    'https://redirect-instance.example.com.evil.example/auth/callback',
    'https://user@redirect-instance.example.com/auth/callback',
    'http://redirect-instance.example.com/auth/callback',
    'https://evil.example/auth/callback',
    '//evil.example/auth/callback',
    'javascript:alert(1)',
  ];

  function authorizeUrl(redirectUri: string, extra: Record<string, string> = {}) {
    const query = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email',
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ...extra,
    });
    return `/oauth2/authorize?${query}`;
  }

  test('an unregistered redirect_uri: an error page, no redirect at all', async () => {
    const { browser } = await signedIn(server);
    for (const uri of variants) {
      for (const extra of [{}, { response_type: 'token' }, { prompt: 'none' }, { scope: 'admin' }] as Record<
        string,
        string
      >[]) {
        const answer = await browser.fetch(`${server.url}${authorizeUrl(uri, extra)}`, {
          redirect: 'manual',
          headers: { accept: 'text/html' },
        });
        const location = answer.headers.get('location');
        expect(answer.status, `${uri} ${JSON.stringify(extra)} → ${location}`).toBe(400);
        expect(location).toBeNull();
      }
    }
  });

  test('the registered redirect_uri with a bad request: the error goes back to that address only', async () => {
    const browser = server.browser();
    for (const extra of [{ response_type: 'token' }, { code_challenge_method: 'plain' }, { prompt: 'none' }] as Record<
      string,
      string
    >[]) {
      const answer = await browser.fetch(`${server.url}${authorizeUrl(REGISTERED, extra)}`, {
        redirect: 'manual',
        headers: { accept: 'text/html' },
      });
      const location = answer.headers.get('location') ?? '';
      expect(answer.status, JSON.stringify(extra)).toBeGreaterThanOrEqual(300);
      // In the query, or in the fragment for a response type that would put tokens there.
      expect(location.startsWith(REGISTERED), `${JSON.stringify(extra)} → ${location}`).toBe(true);
      expect(/^[?#]/.test(location.slice(REGISTERED.length)), `${JSON.stringify(extra)} → ${location}`).toBe(true);
      expect(new URLSearchParams(location.slice(REGISTERED.length + 1)).get('error'), location).toBeTruthy();
    }
  });

  test('sign-out with an unregistered post_logout_redirect_uri never goes there', async () => {
    const { browser } = await signedIn(server);
    for (const uri of [
      'https://evil.example/',
      `${SIGNED_OUT}/../evil`,
      `${SIGNED_OUT}.evil.example`,
      '//evil.example',
    ]) {
      for (const extra of [{}, { client_id: clientId }] as Record<string, string>[]) {
        const query = new URLSearchParams({ post_logout_redirect_uri: uri, state: 's', ...extra });
        const answer = await browser.fetch(`${server.url}/oauth2/logout?${query}`, {
          redirect: 'manual',
          headers: { accept: 'text/html' },
        });
        const location = answer.headers.get('location') ?? '';
        expect(leavesSite(location, server.url), `${uri} → ${answer.status} ${location}`).toBe(false);
        const xsrf = /name="xsrf" value="([^"]+)"/.exec(await answer.text())?.[1];
        if (!xsrf) continue;
        const confirmed = await browser.fetch(`${server.url}/oauth2/logout/confirm`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
        });
        const after = confirmed.headers.get('location') ?? '';
        expect(leavesSite(after, server.url), `${uri} confirmed → ${after}`).toBe(false);
      }
    }
  });
});
