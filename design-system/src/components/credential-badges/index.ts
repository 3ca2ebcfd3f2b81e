export type {
  AccountCredential,
  CredentialBadgeKind,
  CredentialBadgeLabels,
  CredentialBadgesProps,
} from './credential-badges';
export { CredentialBadges, credentialBadgeKind } from './credential-badges';
