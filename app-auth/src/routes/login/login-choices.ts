import type { Credential, FederatedProviderId } from '@helios/api';
import type { LoginView } from '../../atoms/login';
import { providerOf } from '../../lib/providers';

/**
 * Where the credentials step goes without asking: the provider the email's domain signs in with
 * automatically, or else the account's only way in when that is Google or Microsoft.
 */
export function providerToRedirect(
  login: Pick<LoginView, 'state' | 'credentials' | 'automaticProvider'>,
): FederatedProviderId | null {
  if (login.state !== 'CredentialsRequired') return null;
  if (login.automaticProvider) return login.automaticProvider;
  const { credentials } = login;
  if (credentials.length === 0 || credentials.some((c) => c.type !== 'oidc')) return null;
  const providers = new Set(credentials.map((c) => providerOf(c.provider)));
  const [only] = providers;
  return providers.size === 1 && (only === 'google' || only === 'microsoft') ? only : null;
}

/** The second factors the step offers: a security key when the account has one, the
 * authenticator-app code when it has an app — or when the server named neither, so the step
 * always has a way forward. */
export function secondFactorsOf(credentials: Pick<Credential, 'type'>[]): {
  securityKey: boolean;
  authenticator: boolean;
} {
  const securityKey = credentials.some((c) => c.type === 'webauthn');
  const authenticator = credentials.some((c) => c.type === 'totp') || !securityKey;
  return { securityKey, authenticator };
}
