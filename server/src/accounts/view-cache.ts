import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, credentials } from '../db/schema';
import { BroadcastCache } from '../store/broadcast-cache';
import type { Store } from '../store/store';

/** Store channel on which nodes tell each other that an account's profile or sign-in methods
 * changed; the message is the account id. */
export const ACCOUNT_VIEW_CHANNEL = 'account-view-cache';
/** Safety net: an entry is re-read after this long even if a change message was missed (a node
 * briefly cut off from Redis pub/sub). */
export const ACCOUNT_VIEW_MS = 60_000;
/** Entries kept per node; the oldest go first. */
export const ACCOUNT_VIEW_MAX = 20_000;

/** What the session check and the profile show of an account: no secrets, no lockout counters
 * and no admin flag. `sessionsValidAfter` is here so that the session check refuses sessions an
 * account-wide ending has ended; every such ending drops the entry on every node. */
export type AccountView = {
  id: string;
  email: string;
  name: string;
  locale: string;
  picture: string | null;
  isUser: boolean;
  isStakeholder: boolean;
  sessionsValidAfter: Date | null;
};
/** A sign-in method without its secret or counter. */
export type CredentialView = {
  id: string;
  type: string;
  provider: string | null;
  issuer: string | null;
  label: string | null;
};
export type AccountWithCredentials = { account: AccountView; creds: CredentialView[] };

/**
 * The public view of each signed-in account (profile fields and sign-in methods), cached in this
 * process by account id for the two calls every open page makes: the session check
 * (`/auth/login/ping`) and the profile's `/oauth2/userinfo`. Whether the session is still valid is
 * never cached — that is read from the store on every request, so signing out, an ended session
 * or a password reset take effect at once. Every write of an account's profile or sign-in
 * methods calls `changed(id)`, which drops the entry on every node (see BroadcastCache).
 */
export class AccountViewCache extends BroadcastCache<AccountWithCredentials> {
  constructor(
    db: Database,
    store: Store,
    options: { max?: number; onMissedBroadcast?: (error: unknown) => void } = {},
  ) {
    super(store, {
      channel: ACCOUNT_VIEW_CHANNEL,
      ttlMs: ACCOUNT_VIEW_MS,
      max: options.max ?? ACCOUNT_VIEW_MAX,
      load: (accountId) => loadView(db, accountId),
      onMissedBroadcast: options.onMissedBroadcast,
    });
  }
}

async function loadView(db: Database, accountId: string): Promise<AccountWithCredentials | null> {
  const [account] = await db
    .select({
      id: accounts.id,
      email: accounts.email,
      name: accounts.name,
      locale: accounts.locale,
      picture: accounts.picture,
      isUser: accounts.isUser,
      isStakeholder: accounts.isStakeholder,
      sessionsValidAfter: accounts.sessionsValidAfter,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account) return null;
  const creds = await db
    .select({
      id: credentials.id,
      type: credentials.type,
      provider: credentials.provider,
      issuer: credentials.issuer,
      label: credentials.label,
    })
    .from(credentials)
    .where(eq(credentials.accountId, accountId))
    .orderBy(asc(credentials.createdAt));
  return { account, creds };
}
