export type {
  AccountCredential,
  CredentialBadgeKind,
  CredentialBadgeLabels,
  CredentialBadgesProps,
  KnownCredentialType,
} from './credential-badges';
export { CredentialBadges, credentialBadgeKind, credentialBadgeLabel } from './credential-badges';
