import { expect } from 'vitest';
import { instanceClient, rotateClientSecret, setInstanceRedirectUris } from '../src/oidc/clients';
import { createAccount, createTenant, PASSWORD } from './fixtures';
import type { Browser, TestServer } from './harness';
import { type RelyingParty, relyingParty } from './relying-party';

/** Where a chain of redirects through Helios ended: back at the client, at the login page, or
 * on a page Helios answered itself. */
export type Landing =
  | { kind: 'client'; url: URL }
  | { kind: 'login'; url: URL }
  | { kind: 'page'; response: Response; text: string };

/** Follows Helios's redirects like a browser, stopping when it leaves Helios or reaches the
 * login page (which the person, here the test, then fills in). */
export async function follow(browser: Browser, start: URL | string): Promise<Landing> {
  let url = new URL(start, browser.baseUrl);
  for (let hop = 0; hop < 10; hop++) {
    const response = await browser.fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location)
      return { kind: 'page', response, text: await response.text() };
    url = new URL(location, url);
    if (url.origin !== new URL(browser.baseUrl).origin) return { kind: 'client', url };
    if (url.pathname === '/login') return { kind: 'login', url };
  }
  throw new Error(`too many redirects, last at ${url}`);
}

export async function expectClient(landing: Promise<Landing> | Landing): Promise<URL> {
  const done = await landing;
  if (done.kind !== 'client') throw new Error(`expected a redirect back to the client, got ${JSON.stringify(done)}`);
  return done.url;
}

export async function expectLogin(landing: Promise<Landing> | Landing): Promise<URL> {
  const done = await landing;
  if (done.kind !== 'login') throw new Error(`expected the login page, got ${JSON.stringify(done)}`);
  return done.url;
}

/** Signs in with email and password through the login API, as the login page does with its
 * own query (`search`). */
export async function signIn(browser: Browser, email: string, search = '') {
  const started = await browser.api.call('start', { body: { email }, search });
  const done = await browser.api.call('verifyPassword', {
    body: { session_id: started.session_id as string, email, password: PASSWORD },
  });
  expect(done.state).toBe('Done');
}

/** What the login page does once Done when an instance sent the person: back to
 * /oauth2/authorize with its own query. */
export function authorizeAgain(loginUrl: URL): string {
  const query = new URLSearchParams(loginUrl.search);
  query.delete('session_id');
  return `/oauth2/authorize?${query.toString()}`;
}

/** A tenant with an instance client whose secret is known, and a relying party for it. */
export async function instanceWithClient(
  server: TestServer,
  slug: string,
  options: { redirectUri?: string } = {},
): Promise<{ tenant: Awaited<ReturnType<typeof createTenant>>; rp: RelyingParty; secret: string }> {
  const tenant = await createTenant(server.ctx, slug);
  const client = await instanceClient(server.ctx, tenant);
  if (options.redirectUri)
    await setInstanceRedirectUris(server.ctx, tenant, {
      redirect_uris: [options.redirectUri],
      post_logout_redirect_uris: [],
    });
  const secret = await rotateClientSecret(server.ctx, client.client_id);
  const rp = await relyingParty({
    issuer: server.url,
    clientId: client.client_id,
    clientSecret: secret,
    redirectUri: options.redirectUri ?? client.redirect_uris[0] ?? '',
  });
  return { tenant, rp, secret };
}

/** A member of the given tenants with a password. */
export function member(server: TestServer, tenantIds: string[], options: Parameters<typeof createAccount>[1] = {}) {
  return createAccount(server.ctx, { password: PASSWORD, tenants: tenantIds.map((id) => ({ id })), ...options });
}

/** A signed-in browser that has just signed in to the given instance (portal and provider
 * sessions both exist afterwards). */
export async function signedInTo(server: TestServer, rp: RelyingParty, email: string) {
  const browser = server.browser();
  await signIn(browser, email);
  const { url, checks } = await rp.authorizationRequest();
  const tokens = await rp.exchange(await expectClient(follow(browser, url)), checks);
  return { browser, tokens };
}
