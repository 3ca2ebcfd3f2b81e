import { ErrorCode } from '@helios/api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signedIn } from './admin-helpers';
import type { Browser, TestServer } from './harness';
import { leavesSite } from './hostile-http';
import { type Idp, startServerWithProviders } from './idp';

/**
 * `from` on the profile's provider link (`/auth/link/oauth/:provider`), in each place the server
 * sends a browser to it: straight back when the link cannot start, to the login page when signed
 * out, and back from the provider's callback.
 */

let google: Idp;
let server: TestServer;

beforeAll(async () => {
  ({ google, server } = await startServerWithProviders());
}, 120_000);

afterAll(async () => {
  await server?.close();
  await google?.close();
});

/** Paths that a browser resolves to another host, as `from` reads once its query is decoded. */
const OFF_SITE = [
  '/.//evil.example/a',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/x/..//evil.example',
  '/profile/../..//evil.example',
  '/\\evil.example',
  '/./\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/%2F/evil.example',
  '/%5Cevil.example',
  '/%09/evil.example',
  '//evil.example',
  'https://evil.example/',
];

const link = (provider: string, from: string) => `/auth/link/oauth/${provider}?from=${encodeURIComponent(from)}`;

async function answerTo(browser: Browser, path: string) {
  const response = await browser.fetch(`${server.url}${path}`, { redirect: 'manual' });
  const text = await response.text();
  return {
    status: response.status,
    location: response.headers.get('location'),
    json: response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : null,
  };
}

/** The request through every redirect on this site and at the provider, to where it stops. */
async function follow(browser: Browser, path: string): Promise<URL> {
  let next = new URL(path, server.url);
  for (let i = 0; i < 8; i++) {
    const ours = next.origin === server.url;
    const response = ours
      ? await browser.fetch(next.href, { redirect: 'manual' })
      : await fetch(next.href, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return next;
    next = new URL(location, next);
    if (ours && next.origin === server.url && !next.pathname.startsWith('/auth/')) return next;
  }
  throw new Error('too many redirects');
}

function expectRefusedAsInput(answer: Awaited<ReturnType<typeof answerTo>>, from: string) {
  expect(answer.status, JSON.stringify(from)).toBe(422);
  expect(answer.location, JSON.stringify(from)).toBeNull();
  expect(answer.json, JSON.stringify(from)).toEqual({
    detail: [{ type: ErrorCode.validation, msg: expect.any(String) }],
  });
}

describe('a `from` that resolves to another host is refused before any redirect', () => {
  test('signed in, linking a provider', async () => {
    const { browser } = await signedIn(server);
    for (const from of OFF_SITE) {
      for (const provider of ['microsoft', 'google'])
        expectRefusedAsInput(await answerTo(browser, link(provider, from)), from);
    }
  });

  test('signed out, on the way to the login page', async () => {
    const browser = server.browser();
    for (const from of OFF_SITE) expectRefusedAsInput(await answerTo(browser, link('google', from)), from);
  });
});

describe('a path on this site is kept, in its normalised form', () => {
  test('a link that cannot start goes straight back to it, with the error', async () => {
    const { browser } = await signedIn(server);
    const answer = await answerTo(browser, link('microsoft', '/profile/./x/../?tab=methods#keys'));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/profile/?tab=methods&error=${ErrorCode.providerFailed}&error_type=soft#keys`);
  });

  test('signed out: to the login page, which is given the path to return to', async () => {
    const answer = await answerTo(server.browser(), link('google', '/profile/%2e/?tab=methods'));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/login?${new URLSearchParams({ from: '/profile/?tab=methods' })}`);
  });

  test("the provider's answer comes back to it", async () => {
    const { browser } = await signedIn(server);
    google.denyNext();
    const page = await follow(browser, link('google', '/profile/x/../?tab=methods'));
    expect(leavesSite(page.href, server.url)).toBe(false);
    expect(`${page.pathname}${page.search}`).toBe(
      `/profile/?tab=methods&error=${ErrorCode.providerDenied}&error_type=soft`,
    );
  });

  test('signed out while at the provider: the callback sends to the login page with the path', async () => {
    const { browser, account } = await signedIn(server);
    const start = await answerTo(browser, link('google', '/profile/./?tab=methods'));
    const atProvider = new URL(start.location ?? '');
    expect(atProvider.origin).toBe(new URL(google.issuer).origin);
    expect((await browser.fetch(`${server.url}/auth/logout`, { method: 'POST' })).status).toBeLessThan(300);
    google.nextUser({ sub: `return-path-${Date.now()}`, email: account.email, email_verified: true });
    const page = await follow(browser, atProvider.href);
    expect(`${page.pathname}${page.search}`).toBe(`/login?${new URLSearchParams({ from: '/profile/?tab=methods' })}`);
  });
});
