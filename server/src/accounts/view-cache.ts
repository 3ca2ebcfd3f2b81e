import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, credentials } from '../db/schema';
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
 * and no admin flag, so nothing that decides access can be read from the cache. */
export type AccountView = {
  id: string;
  email: string;
  name: string;
  locale: string;
  picture: string | null;
  isUser: boolean;
  isStakeholder: boolean;
  passwordResetRequired: boolean;
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

type Entry = { value: Promise<AccountWithCredentials | null>; expiresAt: number };

/**
 * The public view of each signed-in account (profile fields and sign-in methods), cached in this
 * process by account id for the two calls every open page makes: the session check
 * (`/auth/login/ping`) and the profile's `/oauth2/userinfo`. Whether the session is still valid is
 * never cached — that is read from the store on every request, so signing out, an ended session
 * or a password reset take effect at once. Every write of an account's profile or sign-in
 * methods calls `changed(id)`, which drops the entry here and, over the store's pub/sub (Redis
 * when REDIS_URL is set), on every other node.
 */
export class AccountViewCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Database,
    private readonly store: Store,
    private readonly options: { max?: number; onMissedBroadcast?: (error: unknown) => void } = {},
  ) {}

  async listen(): Promise<void> {
    await this.store.subscribe(ACCOUNT_VIEW_CHANNEL, (accountId) => this.dropLocal(accountId));
  }

  /** The account with its sign-in methods, or null when there is no such account. */
  get(accountId: string): Promise<AccountWithCredentials | null> {
    const now = Date.now();
    const cached = this.entries.get(accountId);
    if (cached && cached.expiresAt > now) return cached.value;
    if (cached) this.entries.delete(accountId);
    const value = this.load(accountId);
    const entry: Entry = { value, expiresAt: now + ACCOUNT_VIEW_MS };
    this.entries.set(accountId, entry);
    if (this.entries.size > (this.options.max ?? ACCOUNT_VIEW_MAX)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    // Unknown accounts and failed reads are not kept: an outage must not be remembered.
    const forget = () => {
      if (this.entries.get(accountId) === entry) this.entries.delete(accountId);
    };
    value.then((found) => {
      if (found === null) forget();
    }, forget);
    return value;
  }

  private async load(accountId: string): Promise<AccountWithCredentials | null> {
    const [account] = await this.db
      .select({
        id: accounts.id,
        email: accounts.email,
        name: accounts.name,
        locale: accounts.locale,
        picture: accounts.picture,
        isUser: accounts.isUser,
        isStakeholder: accounts.isStakeholder,
        passwordResetRequired: accounts.passwordResetRequired,
      })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .limit(1);
    if (!account) return null;
    const creds = await this.db
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

  /** Drops this node's entry. A read already under way is dropped with it (it was removed from
   * the map), so it cannot put an old value back. */
  dropLocal(accountId: string): void {
    this.entries.delete(accountId);
  }

  /** Call after the account's profile or sign-in methods were written: drops the entry on this
   * node and tells every other node to drop theirs. Never throws: the write is already saved,
   * so a store outage must not turn it into an error; the other nodes then catch up when their
   * entry expires (ACCOUNT_VIEW_MS). */
  async changed(accountId: string): Promise<void> {
    this.dropLocal(accountId);
    try {
      await this.store.publish(ACCOUNT_VIEW_CHANNEL, accountId);
    } catch (error) {
      this.options.onMissedBroadcast?.(error);
    }
  }

  /** Number of cached accounts on this node (diagnostics and tests). */
  get size(): number {
    return this.entries.size;
  }
}
