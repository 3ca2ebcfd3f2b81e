import { type Credential, ErrorCode, FederatedProviderId, PasskeyName, SecurityKeyName } from '@helios/api';
import type { AuthMethod, CredentialMethod, SecurityKeyListItem } from '@helios/design-system';
import { providerOf } from '../../lib/providers';

/** Where two-factor setup lives; turning the two-factor switch on goes there. */
export const TOTP_SETUP_PATH = '/profile/credentials/totp/setup';

/** The login-method switch a credential belongs to: its type, or for a federated credential its
 * provider (Google, Microsoft or the organisation's single sign-on). Passkeys have no switch:
 * they are created, renamed and removed one by one in their own section. */
export function methodOf(credential: Pick<Credential, 'type' | 'provider'>): CredentialMethod | null {
  if (credential.type === 'passkey') return null;
  return credential.type === 'oidc' ? providerOf(credential.provider) : credential.type;
}

/** Which switches are on: a method is on while the account has a credential of it. */
export function linkedMethods(credentials: Credential[]): Record<CredentialMethod, boolean> {
  const linked = { password: false, google: false, microsoft: false, oidc: false, totp: false, webauthn: false };
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

/** The account's security keys, by the names people gave them. */
export function securityKeysOf(credentials: Credential[]): SecurityKeyListItem[] {
  return credentials.filter((c) => c.type === 'webauthn').map(({ id, label }) => ({ id, name: label ?? null }));
}

/** A key the person names: a security key (`webauthn`, a second factor) or a passkey. */
export type NamedKeyKind = 'webauthn' | 'passkey';

/** What is wrong with a key's name, by the contract's rule for its kind (1–64 characters once
 * trimmed). */
export function keyNameProblem(name: string, kind: NamedKeyKind = 'webauthn'): 'required' | 'tooLong' | null {
  const result = (kind === 'passkey' ? PasskeyName : SecurityKeyName).safeParse(name);
  if (result.success) return null;
  return result.error.issues[0]?.code === 'too_big' ? 'tooLong' : 'required';
}

/** The active-methods list: Google and Microsoft named even when the server gives a host,
 * security keys by their names. */
export function authMethods(credentials: Credential[]): AuthMethod[] {
  return credentials.map(({ id, type, provider, label }) => {
    const method = methodOf({ type, provider });
    return {
      id,
      type,
      provider: method === 'google' || method === 'microsoft' ? method : provider,
      ...(label ? { label } : {}),
    };
  });
}

/** How a provider-linking round trip came back to the profile: `?linked=<provider>`, or
 * `?error=<code>&error_type=soft|hard`; a link that needs a recent sign-in first comes back
 * before leaving, with `&provider=<provider>` to try again after re-authenticating. */
export type LinkResult =
  | { outcome: 'linked'; provider: FederatedProviderId }
  | { outcome: 'failed'; code: string; kind: 'soft' | 'hard' }
  | { outcome: 'needs-recent-login'; provider: FederatedProviderId };

/** Query parameters of a link result, removed from the address once read. */
export const LINK_RESULT_PARAMS = ['linked', 'error', 'error_type', 'provider'] as const;

export function linkResultOf(params: URLSearchParams): LinkResult | null {
  const error = params.get('error');
  const provider = FederatedProviderId.safeParse(params.get('provider'));
  if (error === ErrorCode.requiresRecentLogin && provider.success)
    return { outcome: 'needs-recent-login', provider: provider.data };
  if (error) return { outcome: 'failed', code: error, kind: params.get('error_type') === 'hard' ? 'hard' : 'soft' };
  const linked = FederatedProviderId.safeParse(params.get('linked'));
  return linked.success ? { outcome: 'linked', provider: linked.data } : null;
}
