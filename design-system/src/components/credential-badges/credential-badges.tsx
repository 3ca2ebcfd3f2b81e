import type * as React from 'react';
import { cn } from '../../lib/cn';
import { Badge, type BadgeProps } from '../badge/badge';

/** The credential kinds the badges know; any other kind still gets a (neutral) badge. */
export type KnownCredentialType =
  | 'password'
  | 'oidc'
  | 'webauthn'
  | 'passkey'
  | 'totp'
  | 'google'
  | 'microsoft'
  | 'sms';

/** A sign-in method of an account, as the admin API lists it. */
export type AccountCredential = {
  id: string;
  /** A known kind, or one added after this version: the list never fails on a new kind. */
  type: KnownCredentialType | (string & {});
  /** Host of the identity provider for `oidc` credentials. */
  provider?: string | null;
};

/** What a credential is to a person reading the list; an OIDC credential of Google or Microsoft
 * counts as those, a kind the badges do not know as `other`. */
export type CredentialBadgeKind =
  | 'password'
  | 'google'
  | 'microsoft'
  | 'sso'
  | 'webauthn'
  | 'passkey'
  | 'totp'
  | 'sms'
  | 'other';

/** Badge texts per credential kind. */
export type CredentialBadgeLabels = Record<CredentialBadgeKind, string>;

const defaultLabels: CredentialBadgeLabels = {
  password: 'Password',
  google: 'Google',
  microsoft: 'Microsoft',
  sso: 'SSO',
  webauthn: 'Security key',
  passkey: 'Passkey',
  totp: 'Authenticator',
  sms: 'SMS',
  other: 'Other',
};

const kindTones: Record<CredentialBadgeKind, NonNullable<BadgeProps['tone']>> = {
  password: 'neutral',
  google: 'info',
  microsoft: 'info',
  sso: 'primary',
  webauthn: 'success',
  passkey: 'success',
  totp: 'success',
  sms: 'warning',
  other: 'neutral',
};

const NAMED_KINDS: ReadonlySet<string> = new Set([
  'password',
  'webauthn',
  'passkey',
  'totp',
  'google',
  'microsoft',
  'sms',
]);

const GOOGLE_HOSTS = /(^|\.)(google\.com|googleapis\.com)$/;
const MICROSOFT_HOSTS = /(^|\.)(microsoft\.com|microsoftonline\.com|live\.com)$/;

/** The host part of a provider given as a host or a URL, lowercased. */
function providerHost(provider: string): string {
  const trimmed = provider.trim().toLowerCase();
  try {
    return new URL(trimmed.includes('://') ? trimmed : `https://${trimmed}`).hostname;
  } catch {
    return trimmed;
  }
}

/** Classifies a credential; `oidc` from a Google or Microsoft host is Google or Microsoft, any other `oidc` is SSO. */
export function credentialBadgeKind(credential: Pick<AccountCredential, 'type' | 'provider'>): CredentialBadgeKind {
  if (credential.type !== 'oidc') {
    return NAMED_KINDS.has(credential.type) ? (credential.type as CredentialBadgeKind) : 'other';
  }
  const host = credential.provider ? providerHost(credential.provider) : '';
  if (GOOGLE_HOSTS.test(host)) return 'google';
  if (MICROSOFT_HOSTS.test(host)) return 'microsoft';
  return 'sso';
}

/** The text of a credential's badge; an unknown kind keeps its own name beside the word for
 * "other", so an admin can tell what it is. */
export function credentialBadgeLabel(
  credential: Pick<AccountCredential, 'type' | 'provider'>,
  labels?: Partial<CredentialBadgeLabels>,
): string {
  const words = { ...defaultLabels, ...labels };
  const kind = credentialBadgeKind(credential);
  return kind === 'other' ? `${words.other} (${credential.type})` : words[kind];
}

export type CredentialBadgesProps = Omit<React.ComponentProps<'ul'>, 'children'> & {
  /** The credentials of one account. */
  credentials: readonly AccountCredential[];
  /** Badge texts per kind; English by default. */
  labels?: Partial<CredentialBadgeLabels>;
  /** Called by a badge's delete button; without it no delete buttons show. */
  onDelete?: (credential: AccountCredential) => void;
  /** Whether a credential may be deleted; the delete button is left out when this returns false. */
  canDelete?: (credential: AccountCredential) => boolean;
  /** Accessible name of a delete button, given the badge text. */
  deleteLabel?: (label: string) => string;
};

/** One badge per sign-in method of an account, each optionally with a delete button. */
export function CredentialBadges({
  credentials,
  labels,
  onDelete,
  canDelete,
  deleteLabel = (label) => `Delete ${label}`,
  className,
  ...props
}: CredentialBadgesProps) {
  return (
    <ul data-slot="credential-badges" className={cn('flex flex-wrap items-center gap-1.5', className)} {...props}>
      {credentials.map((credential) => {
        const kind = credentialBadgeKind(credential);
        const label = credentialBadgeLabel(credential, labels);
        const deletable = onDelete !== undefined && (canDelete?.(credential) ?? true);
        return (
          <li key={credential.id} data-slot="credential-badge-item">
            <Badge tone={kindTones[kind]} data-kind={kind} className={cn(deletable && 'pe-0.5')}>
              {label}
              {deletable ? (
                <button
                  data-slot="credential-badge-delete"
                  type="button"
                  aria-label={deleteLabel(label)}
                  title={deleteLabel(label)}
                  onClick={() => onDelete(credential)}
                  className="focus-ring inline-flex size-4 cursor-pointer items-center justify-center rounded-full hover:bg-background/25"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="3"
                    strokeLinecap="round"
                  >
                    <path d="M18 6 6 18M6 6l12 12" />
                  </svg>
                </button>
              ) : null}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
