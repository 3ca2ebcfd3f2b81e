import { instanceClient, rotateClientSecret } from '../src/oidc/clients';
import { Browser, recordSecret, type TestServer } from './harness';

/** An `Authorization: Basic` value as OAuth 2.0 clients send it (RFC 6749 §2.3.1). */
export const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** A client as a tenant's instance calls: with its own OIDC client id and a fresh secret. */
export async function instanceOf(server: TestServer, tenant: { id: string; name: string; url: string }) {
  const client = await instanceClient(server.ctx, tenant);
  const secret = await rotateClientSecret(server.ctx, client.client_id);
  recordSecret('client secret', secret);
  return new Browser(server.url, { authorization: basicAuth(client.client_id, secret) });
}
