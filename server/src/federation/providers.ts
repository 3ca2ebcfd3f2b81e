import type { FederatedProviderId } from '@helios/api';
import {
  allowInsecureRequests,
  type ClientAuth,
  ClientSecretBasic,
  ClientSecretPost,
  type Configuration,
  discovery,
  enableNonRepudiationChecks,
} from 'openid-client';
import type { FederatedProviderConfig } from '../config';
import type { Context } from '../context';

/** How long a provider may take to answer discovery, token and key requests. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export const SCOPE = 'openid email profile';

/** The configured provider with this id, or null: a provider that is not configured does not
 * exist. */
export function configuredProvider(ctx: Context, id: FederatedProviderId): FederatedProviderConfig | null {
  return ctx.config.providers.find((p) => p.id === id) ?? null;
}

/** Where every provider sends the browser back; registered at the provider as the redirect URI. */
export function redirectUri(ctx: Context, id: FederatedProviderId): string {
  return `${ctx.config.publicUrl}/auth/oauth/callback/${id}`;
}

/** What people see as the credential's provider: google.com, microsoft.com, or the generic
 * provider's issuer host. */
export function providerHost(provider: FederatedProviderConfig): string {
  if (provider.id === 'google') return 'google.com';
  if (provider.id === 'microsoft') return 'microsoft.com';
  return new URL(provider.issuer).hostname;
}

/** Plain HTTP is allowed only for a provider on this machine (a development or test stand-in);
 * anything reachable over a network must be HTTPS. */
function isLoopbackHttp(issuer: URL): boolean {
  if (issuer.protocol !== 'http:') return false;
  const host = issuer.hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The client authentication the provider asks for: HTTP Basic when it lists it or lists
 * nothing (the OpenID default), the form body otherwise. Decided per request from its metadata. */
function clientAuthentication(secret: string): ClientAuth {
  const basic = ClientSecretBasic(secret);
  const post = ClientSecretPost(secret);
  return (as, client, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const useBasic = !methods || methods.includes('client_secret_basic') || !methods.includes('client_secret_post');
    (useBasic ? basic : post)(as, client, body, headers);
  };
}

/**
 * Provider configurations from discovery, made on first use and kept for the life of the
 * process. A failed discovery is not kept, so the next sign-in tries again.
 *
 * Microsoft's `common` and `organizations` endpoints publish the issuer
 * `https://login.microsoftonline.com/{tenantid}/v2.0`; openid-client recognises that shape at
 * discovery and then expects each ID token's `iss` to be exactly that address with the token's
 * own `tid` in it.
 */
export class ProviderDirectory {
  private readonly discovered = new Map<FederatedProviderId, Promise<Configuration>>();

  configurationOf(provider: FederatedProviderConfig): Promise<Configuration> {
    const known = this.discovered.get(provider.id);
    if (known) return known;
    const issuer = new URL(provider.issuer);
    const pending = discovery(issuer, provider.clientId, undefined, clientAuthentication(provider.clientSecret), {
      // ID tokens come straight from the token endpoint, where openid-client would let TLS stand
      // in for their signature; checking the signature as well costs one cached JWKS fetch.
      execute: [enableNonRepudiationChecks, ...(isLoopbackHttp(issuer) ? [allowInsecureRequests] : [])],
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
    this.discovered.set(provider.id, pending);
    pending.catch(() => this.discovered.delete(provider.id));
    return pending;
  }
}
