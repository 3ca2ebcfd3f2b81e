import type { Credential } from '@helios/api';
import type { AuthMethod, CredentialMethod } from '@helios/design-system';

/** Where two-factor setup lives; turning the two-factor switch on goes there. */
export const TOTP_SETUP_PATH = '/profile/credentials/totp/setup';

/** The login-method switch a credential belongs to; an oidc provider other than Google or
 * Microsoft has no switch of its own. */
export function methodOf(credential: Pick<Credential, 'type' | 'provider'>): CredentialMethod | null {
  if (credential.type !== 'oidc') return credential.type;
  const provider = (credential.provider ?? '').toLowerCase();
  if (provider.includes('google')) return 'google';
  if (provider.includes('microsoft')) return 'microsoft';
  return null;
}

/** Which switches are on: a method is on while the account has a credential of it. */
export function linkedMethods(credentials: Credential[]): Record<CredentialMethod, boolean> {
  const linked = { password: false, google: false, microsoft: false, totp: false, webauthn: false };
  for (const credential of credentials) {
    const method = methodOf(credential);
    if (method) linked[method] = true;
  }
  return linked;
}

/** The ids to delete when the method is switched off. */
export function credentialIdsOf(credentials: Credential[], method: CredentialMethod): string[] {
  return credentials.filter((credential) => methodOf(credential) === method).map((credential) => credential.id);
}

/** Linking a provider is a full-page visit to the server, which returns to the profile. */
export function providerLinkUrl(provider: 'google' | 'microsoft'): string {
  return `/auth/link/oauth/${provider}?from=/profile`;
}

/** The active-methods list, with Google and Microsoft named even when the server gives a bare word. */
export function authMethods(credentials: Credential[]): AuthMethod[] {
  return credentials.map(({ id, type, provider }) => {
    const method = methodOf({ type, provider });
    return { id, type, provider: method === 'google' || method === 'microsoft' ? method : provider };
  });
}
