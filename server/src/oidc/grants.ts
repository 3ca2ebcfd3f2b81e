import type Provider from 'oidc-provider';
import type { Grant } from 'oidc-provider';
import { CLIENT_SCOPE } from './clients';

const OFFERED = new Set(CLIENT_SCOPE.split(' '));

/**
 * The grant of an account for a client covering the scopes it asks for. Tenant instances and the
 * sharing portal are Helios's own applications: an account allowed to use one is never asked to
 * consent, its grant simply holds what the client requested.
 */
export async function grantWithScopes(
  provider: Provider,
  grantId: string | undefined,
  accountId: string,
  clientId: string,
  scope: unknown,
): Promise<Grant> {
  const found = grantId ? await provider.Grant.find(grantId) : undefined;
  const grant =
    found?.accountId === accountId && found.clientId === clientId ? found : new provider.Grant({ accountId, clientId });
  const scopes = String(scope ?? '')
    .split(' ')
    .filter((value) => OFFERED.has(value));
  if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
  await grant.save();
  return grant;
}
