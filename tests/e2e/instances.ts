import { instanceClient, rotateClientSecret, setInstanceRedirectUris } from '../../server/src/oidc/clients';
import type { TestServer } from '../../server/test/harness';
import { startTestInstance, type TestInstance } from '../../server/test/relying-party';
import { createTenant, test } from './fixtures';

/**
 * Tenants whose instance is a real relying party (openid-client) on a loopback port, closed after
 * each test of the file that calls this (as is any other instance put in `instances`). With
 * `backchannel`, the instance registers its back-channel logout endpoint.
 */
export function testInstances() {
  const instances: TestInstance[] = [];
  test.afterEach(async () => {
    await Promise.all(instances.splice(0).map((instance) => instance.close()));
  });

  async function tenantWithInstance(helios: TestServer, slug: string, options: { backchannel?: boolean } = {}) {
    const tenant = await createTenant(helios.ctx, slug);
    const client = await instanceClient(helios.ctx, tenant);
    const secret = await rotateClientSecret(helios.ctx, client.client_id);
    const instance = await startTestInstance({ issuer: helios.url, clientId: client.client_id, clientSecret: secret });
    instances.push(instance);
    await setInstanceRedirectUris(helios.ctx, tenant, {
      redirect_uris: [instance.redirectUri],
      post_logout_redirect_uris: [],
      ...(options.backchannel ? { backchannel_logout_uri: instance.backchannelLogoutUri } : {}),
    });
    return { tenant, instance };
  }

  return { tenantWithInstance, instances };
}
