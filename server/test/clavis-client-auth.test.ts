import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { instanceClient, rotateClientSecret } from '../src/oidc/clients';
import { signedInAdmin, uniqueSlug } from './admin-helpers';
import { createTenant } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';
import { basicAuth, instanceOf } from './instance-client';

let server: TestServer;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signedInAdmin(server)).browser;
}, 90_000);

afterAll(async () => {
  await server?.close();
});

async function clavisFor(tenantId: string) {
  const { url } = await admin.api.call('tenantLoginAsAdmin', { params: { tenantId } });
  return new URL(url).searchParams.get('clavis') as string;
}

/** A redeem call with the given Authorization header (none when null). */
async function redeem(authorization: string | null, clavis: string, tenantId: string) {
  const response = await fetch(`${server.url}/api/clavis/redeem`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify({ clavis, tenant_id: tenantId }),
  });
  return { status: response.status, body: (await response.json()) as { detail?: { type: string }[] } };
}

describe('redeeming a clavis', () => {
  test("needs the instance's own client id and secret: none, a wrong secret or the instance API key get 401", async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug('clavis'));
    const client = await instanceClient(server.ctx, tenant);
    const clavis = await clavisFor(tenant.id);
    for (const authorization of [
      null,
      basicAuth(client.client_id, 'not-the-secret'),
      basicAuth('no-such-client', 'x'),
      'Bearer instance-key-for-tests-0123456789abcdef',
    ]) {
      const refused = await redeem(authorization, clavis, tenant.id);
      expect(refused.status, String(authorization)).toBe(401);
      expect(refused.body.detail?.[0]?.type).toBe('unauthenticated');
    }
    // Refused callers did not spend it: the tenant's own instance still can.
    const own = await instanceOf(server, tenant);
    expect(await own.api.call('clavisRedeem', { body: { clavis, tenant_id: tenant.id } })).toMatchObject({
      tenant_id: tenant.id,
    });
  });

  test("one tenant's instance cannot redeem another tenant's link: 403, and the link still works for its own", async () => {
    const tenant = await createTenant(server.ctx, uniqueSlug('mine'));
    const other = await createTenant(server.ctx, uniqueSlug('theirs'));
    const clavis = await clavisFor(tenant.id);
    const otherClient = await instanceClient(server.ctx, other);
    const otherSecret = await rotateClientSecret(server.ctx, otherClient.client_id);
    const refused = await redeem(basicAuth(otherClient.client_id, otherSecret), clavis, tenant.id);
    expect(refused.status).toBe(403);
    expect(refused.body.detail?.[0]?.type).toBe('forbidden');
    const own = await instanceOf(server, tenant);
    expect(await own.api.call('clavisRedeem', { body: { clavis, tenant_id: tenant.id } })).toMatchObject({
      tenant_id: tenant.id,
    });
  });
});
