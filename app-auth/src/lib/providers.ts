import type { FederatedProviderId } from '@helios/api';

const GOOGLE_HOST = /(^|\.)google\.com$/;
const MICROSOFT_HOST = /(^|\.)(microsoft\.com|microsoftonline\.com)$/;

/** The host of a provider given as a bare name, a host or an issuer URL, lowercased. */
function hostOf(provider: string): string {
  const text = provider.trim().toLowerCase();
  try {
    return new URL(text.includes('://') ? text : `https://${text}`).hostname;
  } catch {
    return text;
  }
}

/** The identity provider of a federated credential, by its issuer host (or a bare "google" /
 * "microsoft"). Any other provider is the organisation's single sign-on. */
export function providerOf(provider: string | null | undefined): FederatedProviderId {
  const host = hostOf(provider ?? '');
  if (host === 'google' || GOOGLE_HOST.test(host)) return 'google';
  if (host === 'microsoft' || MICROSOFT_HOST.test(host)) return 'microsoft';
  return 'oidc';
}

/** Where a login session continues with a provider: signing in, or (from the offer to add a
 * sign-in method) linking it and then finishing. A full-page visit to the server. */
export function providerLoginUrl(provider: FederatedProviderId, sessionId: string, link = false): string {
  return `/auth/login/${link ? 'link/' : ''}oauth/${provider}?session_id=${encodeURIComponent(sessionId)}`;
}

/** Linking a provider from the profile: a full-page visit to the server, which returns to the profile. */
export function providerLinkUrl(provider: FederatedProviderId): string {
  return `/auth/link/oauth/${provider}?from=/profile`;
}
