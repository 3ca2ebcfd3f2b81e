import type Provider from 'oidc-provider';
import type { Grant } from 'oidc-provider';
import { CLIENT_SCOPE } from './clients';
import { apiScopes, requestedResources } from './resources';

const OFFERED = new Set(CLIENT_SCOPE.split(' '));

/**
 * The grant of an account for a client covering the scopes it asks for, also for the resource it
 * names (its instance's API, which the provider has checked by now). Tenant instances and the
 * sharing portal are Helios's own applications: an account allowed to use one is never asked to
 * consent, its grant simply holds what the client requested.
 */
export async function grantWithScopes(
  provider: Provider,
  grantId: string | undefined,
  accountId: string,
  clientId: string,
  request: { scope?: unknown; resource?: unknown },
): Promise<Grant> {
  const found = grantId ? await provider.Grant.find(grantId) : undefined;
  const grant =
    found?.accountId === accountId && found.clientId === clientId ? found : new provider.Grant({ accountId, clientId });
  const scopes = String(request.scope ?? '')
    .split(' ')
    .filter((value) => OFFERED.has(value));
  if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
  const forApi = apiScopes(scopes);
  if (forApi.length > 0)
    for (const resource of requestedResources(request.resource)) grant.addResourceScope(resource, forApi.join(' '));
  await grant.save();
  return grant;
}
