import type { AdminAccount, ListedCredential } from '@helios/api';

/** What kind of account it is (spec §1): a user, else a stakeholder, else unknown. */
export type AccountType = 'user' | 'stakeholder' | 'unknown';

export function accountType(account: Pick<AdminAccount, 'is_user' | 'is_stakeholder'>): AccountType {
  if (account.is_user) return 'user';
  if (account.is_stakeholder) return 'stakeholder';
  return 'unknown';
}

/** Spec §4–5: any credential can be deleted except the password of a user account. */
export function canDeleteCredential(
  account: Pick<AdminAccount, 'is_user'>,
  credential: Pick<ListedCredential, 'type'>,
): boolean {
  return !(account.is_user && credential.type === 'password');
}

/** The address of an account's tokens page, inside the console's router. */
export function tokensPath(account: Pick<AdminAccount, 'id' | 'email'>): string {
  return `/tokens/${encodeURIComponent(account.email)}/${encodeURIComponent(account.id)}`;
}
