import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, oidcClients } from '../src/db/schema';
import { clientMetadata, saveSharingPortal } from '../src/oidc/clients';
import { rotateSigningKeys } from '../src/oidc/keys';
import { failure, signedIn, signedInAdmin, uniqueSlug } from './admin-helpers';
import { commandLine } from './cli';
import { createTenant } from './fixtures';
import { type Browser, backend, startTestServer, type TestServer } from './harness';
import { expectClient, follow, instanceWithClient, member, signedInTo } from './oidc-helpers';
import type { RelyingParty } from './relying-party';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
});
afterAll(async () => {
  await server?.close();
});

/** A token request with a client's credentials: the secret decides between 401 invalid_client
 * and the answer about the (made-up) code. */
async function tokenStatus(clientId: string, secret: string) {
  const response = await fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'made-up-code',
      redirect_uri: 'https://x.example.com/auth/callback',
      code_verifier: 'v'.repeat(43),
    }).toString(),
  });
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

describe("a tenant instance's client (admin calls)", () => {
  test('a new tenant comes with its client: default URIs, secret shown only by a rotation, once', async () => {
    const slug = uniqueSlug();
    const { id } = await admin.browser.api.call('createTenant', {
      body: { name: 'Client Co', slug, url: `https://${slug}.example.com/` },
    });
    const [row] = await server.ctx.db.select().from(oidcClients).where(eq(oidcClients.clientId, id));
    expect(row).toMatchObject({ tenantId: id, kind: 'instance', name: 'Client Co' });

    const client = await admin.browser.api.call('tenantOidcClient', { params: { tenantId: id } });
    expect(client).toEqual({
      client_id: id,
      redirect_uris: [`https://${slug}.example.com/auth/callback`],
      post_logout_redirect_uris: [`https://${slug}.example.com/`],
      backchannel_logout_uri: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(client)).not.toMatch(/secret/);

    const first = await admin.browser.api.call('rotateTenantOidcSecret', { params: { tenantId: id } });
    expect(first.client_id).toBe(id);
    expect(first.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await tokenStatus(id, first.client_secret)).toEqual({ status: 400, error: 'invalid_grant' });
    const second = await admin.browser.api.call('rotateTenantOidcSecret', { params: { tenantId: id } });
    expect(second.client_secret).not.toBe(first.client_secret);
    expect(await tokenStatus(id, first.client_secret)).toEqual({ status: 401, error: 'invalid_client' });
    expect(await tokenStatus(id, second.client_secret)).toEqual({ status: 400, error: 'invalid_grant' });
    expect(
      JSON.stringify(await admin.browser.api.call('tenantOidcClient', { params: { tenantId: id } })),
    ).not.toContain(second.client_secret);
    const audits = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorAccountId, admin.account.id), eq(auditEvents.targetId, id)));
    expect(audits.filter((a) => a.action === 'admin.tenant.oidc_secret_rotated')).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain(second.client_secret);
  });

  test('redirect URIs are exact https addresses (http only on loopback), audited', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const call = (redirect_uris: string[], post_logout_redirect_uris: string[] = []) =>
      admin.browser.api.call('updateTenantOidcClient', {
        params: { tenantId: tenant.id },
        body: { redirect_uris, post_logout_redirect_uris },
      });
    for (const bad of [
      ['http://acme.example.com/auth/callback'],
      ['https://acme.example.com/auth/callback#x'],
      ['not a url'],
      [],
    ]) {
      const error = await failure(call(bad));
      expect(error.status).toBe(422);
      expect(error.type).toBe('validation_error');
    }
    const updated = await call(
      ['https://acme.example.com/auth/callback', 'http://localhost:5173/auth/callback'],
      ['https://acme.example.com/'],
    );
    expect(updated.redirect_uris).toEqual([
      'https://acme.example.com/auth/callback',
      'http://localhost:5173/auth/callback',
    ]);
    expect(updated.post_logout_redirect_uris).toEqual(['https://acme.example.com/']);
    const [audit] = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, tenant.id), eq(auditEvents.action, 'admin.tenant.oidc_client_updated')));
    expect(audit?.details).toMatchObject({ redirect_uris: updated.redirect_uris });
    expect(
      (
        await failure(
          admin.browser.api.call('tenantOidcClient', { params: { tenantId: '00000000-0000-4000-8000-000000000000' } }),
        )
      ).status,
    ).toBe(404);
  });

  test("the back-channel logout URI: one address under the redirect URIs' rules, audited, in the client metadata", async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const call = (backchannel_logout_uri?: string | null) =>
      admin.browser.api.call('updateTenantOidcClient', {
        params: { tenantId: tenant.id },
        body: { redirect_uris: ['https://acme.example.com/auth/callback'], backchannel_logout_uri },
      });
    for (const bad of ['http://acme.example.com/logout', 'https://acme.example.com/logout#x', 'not a url']) {
      const error = await failure(call(bad));
      expect(error.status).toBe(422);
      expect(error.type).toBe('validation_error');
    }
    const set = await call('https://acme.example.com/auth/backchannel-logout');
    expect(set.backchannel_logout_uri).toBe('https://acme.example.com/auth/backchannel-logout');
    const audits = await server.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, tenant.id), eq(auditEvents.action, 'admin.tenant.oidc_client_updated')));
    expect(audits.map((audit) => audit.details)).toEqual([
      expect.objectContaining({ backchannel_logout_uri: 'https://acme.example.com/auth/backchannel-logout' }),
    ]);
    // The provider takes it as the client's, and asks for sid in its ID tokens and logout tokens.
    expect(await clientMetadata(server.ctx, tenant.id)).toMatchObject({
      backchannel_logout_uri: 'https://acme.example.com/auth/backchannel-logout',
      backchannel_logout_session_required: true,
    });
    expect((await call('http://127.0.0.1:8080/logout')).backchannel_logout_uri).toBe('http://127.0.0.1:8080/logout');
    // Left out (or null), the client takes no logout tokens.
    expect((await call()).backchannel_logout_uri).toBeNull();
    expect(await clientMetadata(server.ctx, tenant.id)).not.toHaveProperty('backchannel_logout_uri');
  });

  test('401 signed out and 403 for anyone but a platform admin, before the input is read', async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const { browser: person } = await signedIn(server);
    const signedOut = server.browser();
    const calls = (browser: Browser) => [
      browser.api.call('tenantOidcClient', { params: { tenantId: tenant.id } }),
      browser.api.call('updateTenantOidcClient', {
        params: { tenantId: tenant.id },
        body: { redirect_uris: ['https://evil.example.com/cb'], post_logout_redirect_uris: [] },
      }),
      browser.api.call('rotateTenantOidcSecret', { params: { tenantId: tenant.id } }),
    ];
    for (const error of await Promise.all(calls(signedOut).map(failure))) expect(error.status).toBe(401);
    for (const error of await Promise.all(calls(person).map(failure))) expect(error.status).toBe(403);
    const client = await admin.browser.api.call('tenantOidcClient', { params: { tenantId: tenant.id } });
    expect(client.redirect_uris).toEqual([`https://${tenant.slug}.example.com/auth/callback`]);
  });
});

describe('the sharing portal client', () => {
  test('its secret is kept when its addresses change, and replaced only when asked', async () => {
    const settings = {
      loginUri: 'https://share.example.com/login',
      redirectUri: 'https://share.example.com/cb',
      postLogoutUri: null,
    };
    const created = await saveSharingPortal(server.ctx, settings);
    expect(created).toEqual({ created: true, secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const moved = await saveSharingPortal(server.ctx, { ...settings, redirectUri: 'https://share.example.com/cb2' });
    expect(moved).toEqual({ created: false, secret: null });
    expect(await tokenStatus('athena', created.secret as string)).toEqual({ status: 400, error: 'invalid_grant' });
    const replaced = await saveSharingPortal(server.ctx, settings, true);
    expect(replaced.secret).not.toBe(created.secret);
    expect(await tokenStatus('athena', created.secret as string)).toEqual({ status: 401, error: 'invalid_client' });
    await server.ctx.db.delete(oidcClients).where(eq(oidcClients.clientId, 'athena'));
  });
});

describe('/auth/athena without a sharing portal', () => {
  const pageFor = async (headers: Record<string, string>, browser?: Browser) => {
    const answer = await (browser ?? server.browser()).fetch(`${server.url}/auth/athena`, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...headers },
      redirect: 'manual',
    });
    return { status: answer.status, type: answer.headers.get('content-type'), html: await answer.text() };
  };

  test('a browser gets a page in the portal look saying so, in English by default', async () => {
    const page = await pageFor({});
    expect(page.status).toBe(404);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('<h1>The sharing portal is not available</h1>');
    expect(page.html).toContain('Candidate sharing portal');
    expect(page.html).toContain('href="/login/select-tenant"');
    expect(page.html).not.toMatch(/<script/i);
    expect(page.html).not.toContain('sharing_portal_not_configured');
  });

  test('the page speaks Swedish to a browser that prefers it', async () => {
    const page = await pageFor({ 'accept-language': 'sv-SE,sv;q=0.9,en;q=0.8' });
    expect(page.html).toContain('<html lang="sv">');
    expect(page.html).toContain('<h1>Delningsportalen är inte tillgänglig</h1>');
    expect(page.html).toContain('Tillbaka till Helios');
  });

  test("a signed-in person gets their account's language, whatever the browser asks", async () => {
    const { browser } = await signedIn(server, { locale: 'sv' });
    const page = await pageFor({ 'accept-language': 'en-GB' }, browser);
    expect(page.html).toContain('<html lang="sv">');
    expect(page.html).toContain('Kandidatdelningsportalen är inte kopplad till Helios ännu.');
  });

  test('an API caller keeps the error shape', async () => {
    const json = await server.browser().raw('GET', '/auth/athena');
    expect(json.status).toBe(404);
    expect(json.json).toEqual({ detail: [{ type: 'sharing_portal_not_configured', msg: expect.any(String) }] });
  });
});

/** A JWT access token for an instance's API, by a silent sign-in of a signed-in browser. */
async function jwtAccessToken(browser: Browser, rp: RelyingParty, resource: string): Promise<string> {
  const { url, checks } = await rp.authorizationRequest({ resource });
  return (await rp.exchange(await expectClient(follow(browser, url)), checks, { resource })).access_token;
}

const dataDir = mkdtempSync(join(tmpdir(), 'helios-oidc-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('signing keys', () => {
  test('after a rotation and a restart, new tokens use the new key and old ones still verify (ID and JWT access tokens)', {
    timeout: 120_000,
  }, async () => {
    const first = await startTestServer(
      backend === 'embedded' ? { reuse: { dataDir, storePrefix: 'oidc-keys:', secret: 'k'.repeat(40) } } : {},
    );
    let firstOpen = true;
    let second: TestServer | undefined;
    try {
      const slug = uniqueSlug();
      const before = await instanceWithClient(first, slug);
      const person = await member(first, [before.tenant.id]);
      const signedInFirst = await signedInTo(first, before.rp, person.email);
      const old = signedInFirst.tokens.id_token as string;
      const oldKid = decodeProtectedHeader(old).kid;
      const oldAccessToken = await jwtAccessToken(signedInFirst.browser, before.rp, before.tenant.url);
      expect(decodeProtectedHeader(oldAccessToken).kid).toBe(oldKid);
      const { added } = await rotateSigningKeys(first.ctx);
      expect(added).toHaveLength(2);
      expect(added).not.toContain(oldKid);
      await first.close({ keepData: true });
      firstOpen = false;

      second = await startTestServer({ reuse: first.reuse });
      const jwks = (await (await fetch(`${second.url}/oauth2/jwks`)).json()) as JSONWebKeySet;
      expect(jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([oldKid, ...added]));
      const keySet = createLocalJWKSet(jwks);
      // Issued by the first server (its own address as issuer), verified with the new key set.
      await expect(jwtVerify(old, keySet, { audience: before.tenant.id })).resolves.toBeTruthy();
      await expect(
        jwtVerify(oldAccessToken, keySet, { typ: 'at+jwt', issuer: first.url, audience: before.tenant.url }),
      ).resolves.toBeTruthy();

      const after = await instanceWithClient(second, uniqueSlug());
      const { browser, tokens } = await signedInTo(second, after.rp, (await member(second, [after.tenant.id])).email);
      const fresh = tokens.id_token as string;
      expect(added).toContain(decodeProtectedHeader(fresh).kid);
      await expect(jwtVerify(fresh, keySet, { issuer: second.url })).resolves.toBeTruthy();
      const freshAccessToken = await jwtAccessToken(browser, after.rp, after.tenant.url);
      expect(added).toContain(decodeProtectedHeader(freshAccessToken).kid);
      await expect(
        jwtVerify(freshAccessToken, keySet, { typ: 'at+jwt', issuer: second.url, audience: after.tenant.url }),
      ).resolves.toBeTruthy();
    } finally {
      if (firstOpen) await first.close();
      await second?.close({ dropReused: true });
    }
  });
});

const { cli, cleanUp } = commandLine('helios-oidc-cli-');
afterAll(cleanUp);

describe('helios client sharing-portal and helios keys rotate (command line)', () => {
  test('the sharing portal client: secret printed once, addresses checked; keys rotate', {
    timeout: 120_000,
  }, async () => {
    const bad = await cli('client', 'sharing-portal', '--login-uri', 'http://share.example.com/login');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--login-uri: Must be https://');
    expect(bad.stderr).toContain('--redirect-uri is required');

    const uris = ['--login-uri', 'https://share.example.com/login', '--redirect-uri', 'https://share.example.com/cb'];
    const created = await cli('client', 'sharing-portal', ...uris);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created the sharing portal client.');
    expect(created.stdout).toContain('client_id: athena');
    const secret = /client_secret: (\S+)/.exec(created.stdout)?.[1];
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const updated = await cli('client', 'sharing-portal', ...uris, '--post-logout-uri', 'https://share.example.com/');
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain('Updated the sharing portal client.');
    expect(updated.stdout).not.toContain('client_secret');

    const rotated = await cli('keys', 'rotate');
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toMatch(/Added signing keys \S+, \S+\./);
    expect(rotated.stdout).toContain('Restart every node');
  });
});
