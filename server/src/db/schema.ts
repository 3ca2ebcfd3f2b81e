import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The trigram indexes of admin search keep new entries in a pending list, which every search
 * reads through until the list outgrows `gin_pending_list_limit` (kB) and is merged into the
 * index (vacuum merges it too). With PostgreSQL's default of 4 MB that list can cost a search more
 * than the index itself; at 1 MB it stays short, while merging it more often slows a bulk insert
 * only a little (smaller limits slow it much more). */
const searchGin = { gin_pending_list_limit: 1024 };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One account per email address. Kinds: user (works in instances), stakeholder (uses the
 * sharing portal), both or neither; admins are platform staff. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    locale: text('locale').notNull().default('en'),
    picture: text('picture'),
    isUser: boolean('is_user').notNull().default(false),
    isStakeholder: boolean('is_stakeholder').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    passwordResetRequired: boolean('password_reset_required').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockCount: integer('lock_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Portal sessions made before this have ended (a password reset, a removed credential, "sign
     * out of all other sessions"); the session kept through such a change carries its own mark. */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_email_key').on(t.email),
    check('accounts_email_lowercase', sql`${t.email} = lower(${t.email})`),
    // Admin search (accounts/search.ts) matches the email and lower(name). The trigram indexes
    // find the few accounts a selective term matches; a broad term reads accounts_email_name_idx
    // in email order, testing each entry's email and lower(name) as stored in the index, until a
    // page is full. Its last column, name, is there because PostgreSQL answers from an index alone
    // (an index-only scan) only when the index holds every column the query names.
    index('accounts_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with(searchGin),
    index('accounts_name_lower_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with(searchGin),
    index('accounts_email_name_idx').on(t.email, sql`lower(${t.name})`, t.name),
    index('accounts_created_idx').on(t.createdAt),
    check('accounts_locale_known', sql`${t.locale} in ('sv', 'en')`),
  ],
);

/** Sign-in methods. `secret` holds the password hash (argon2id), the sealed TOTP secret, or a
 * security key's or passkey's public key (COSE, base64url); `counter` is the last accepted TOTP
 * step or the WebAuthn signature counter. A federated identity is (`issuer`, `subject`) with
 * `provider` naming it for people (google.com, microsoft.com or the issuer's host); a security
 * key's or passkey's `subject` is its credential id. A passkey (`passkey`) is a discoverable
 * WebAuthn credential made with user verification: it signs in alone; a security key
 * (`webauthn`) is a second factor only. `label` is the name a person gave it; `data` holds what else a
 * kind needs (WebAuthn transports, the email a provider asserted). */
export const credentials = pgTable(
  'credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    provider: text('provider'),
    issuer: text('issuer'),
    subject: text('subject'),
    secret: text('secret'),
    label: text('label'),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('credentials_account_idx').on(t.accountId),
    uniqueIndex('credentials_one_password_key').on(t.accountId).where(sql`${t.type} = 'password'`),
    uniqueIndex('credentials_oidc_identity_key').on(t.issuer, t.subject).where(sql`${t.type} = 'oidc'`),
    uniqueIndex('credentials_webauthn_id_key').on(t.subject).where(sql`${t.type} = 'webauthn'`),
    // A passkey is found by its credential id alone, before anyone is known.
    uniqueIndex('credentials_passkey_id_key').on(t.subject).where(sql`${t.type} = 'passkey'`),
    check('credentials_type_known', sql`${t.type} in ('password', 'totp', 'webauthn', 'passkey', 'oidc')`),
  ],
);

/** Single-use recovery codes of an account with a second factor: each stands in for the second
 * factor once. Only a keyed hash (HMAC under the server secret) of the normalised code is kept;
 * `used_at` is set when one is spent, and a spent code never works again. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_account_idx').on(t.accountId)],
);

/**
 * The predicates of the partial unique indexes above, for an ON CONFLICT target to name. They are
 * written as literals, as in the indexes: a parameter in their place cannot be matched to the
 * index once PostgreSQL plans a prepared statement generically, which it may after five runs.
 */
export const conflictTargets = {
  password: sql`${credentials.type} = 'password'`,
  oidc: sql`${credentials.type} = 'oidc'`,
};

export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    url: text('url').notNull(),
    inactiveAt: timestamp('inactive_at', { withTimezone: true }),
    smsCredits: integer('sms_credits').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tenants_slug_key').on(t.slug),
    check('tenants_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    // Tenant lists and searches are ordered by name: a page of 50 stops early on this index, and
    // a search tests name and slug on its entries (tenants/search.ts).
    index('tenants_name_idx').on(t.name, t.slug),
    index('tenants_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with(searchGin),
    index('tenants_slug_trgm_idx').using('gin', t.slug.op('gin_trgm_ops')).with(searchGin),
  ],
);

/** Key/value settings of a tenant; SMS settings are the keys system_sms, sms_info and sms_sign
 * with JSON string values. */
export const tenantSettings = pgTable(
  'tenant_settings',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

export const tenantUsers = pgTable(
  'tenant_users',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.accountId] }), index('tenant_users_account_idx').on(t.accountId)],
);

/** Password-reset tokens: single use and expiring. Looked up by SHA-256 hash; `token_sealed`
 * (AES-256-GCM under the server secret) lets admins list active links (spec §6). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed'),
    type: text('type'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_resets_token_key').on(t.tokenHash),
    index('password_resets_account_idx').on(t.accountId),
  ],
);

/** Append-only record of security-relevant events: who did what to whom, and when. Rows older
 * than AUDIT_RETENTION_DAYS are removed (audit/retention.ts); on PostgreSQL the table is
 * partitioned by month of `at` (audit/partitions.ts). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorAccountId: uuid('actor_account_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    details: jsonb('details').notNull().default({}),
  },
  // The console's log reads newest first, by (at, id) for its cursor: one index for the whole log
  // and one for each filter it is read by, each ending in (at, id) so a page stops early. The
  // whole log's is the primary key (at, id): a partitioned table's primary key must hold its
  // partition key (`at`), and the same key in both modes keeps one schema.
  (t) => [
    primaryKey({ columns: [t.at, t.id] }),
    index('audit_events_target_idx').on(t.targetType, t.targetId, t.at, t.id),
    index('audit_events_actor_idx').on(t.actorAccountId, t.at, t.id),
    index('audit_events_action_idx').on(t.action, t.at, t.id),
  ],
);

/** Broadcast messages from the admin console to instances (or only their admins). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    adminsOnly: boolean('admins_only').notNull().default(false),
    popup: boolean('popup').notNull().default(false),
    newFunctionality: boolean('new_functionality').notNull().default(false),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_created_idx').on(t.createdAt)],
);

export const notificationTenants = pgTable(
  'notification_tenants',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.tenantId] }),
    index('notification_tenants_tenant_idx').on(t.tenantId),
  ],
);

/** The browsers an account has completed a sign-in in, by the keyed hash of the random id in
 * each browser's `helios_browser` cookie (`session/known-browsers.ts`): a sign-in from a browser
 * not among them is mailed to the account's holder. The most recently seen few are kept. */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.browserHash] }),
    index('known_browsers_account_seen_idx').on(t.accountId, t.lastSeenAt),
  ],
);

/** Every mail, written in the transaction of the change it tells of and delivered by the outbox
 * worker of some node (`mail/outbox.ts`): over SMTP, or to the log in embedded mode. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** The bodies of mail written before bodies were sealed (all of it delivered then); empty
     * for newer mail. */
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** What the mail is (`code`, `reset`, `password_changed`, … `MailKind`): for the log, which
     * never holds a body. */
    kind: text('kind').notNull().default('mail'),
    /** Text and HTML sealed under the server secret (they hold codes and reset links); cleared
     * once the mail is sent or dropped. */
    bodySealed: text('body_sealed'),
    state: text('state').$type<'pending' | 'sent' | 'dropped'>().notNull().default('pending'),
    /** Times a worker has taken it; a worker's writes about a mail name the attempt they are
     * about, so one whose lease ran out cannot overwrite the next worker's outcome. */
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may next take it: now, after a failed try (backoff), or once the lease of
     * the worker holding it runs out. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it is no longer worth sending (the code or link in it stops working; a day for security
     * mail): unsent by then, it is dropped. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Why the last try failed or the mail was dropped: an error code, never a server's text. */
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.dueAt).where(sql`${t.state} = 'pending'`)],
);

/** OpenID Connect clients of the identity provider: one per tenant instance (managed with the
 * tenant) and the stakeholder sharing portal. The secret is sealed (AES-256-GCM under the server
 * secret) because the provider compares it in clear. */
export const oidcClients = pgTable(
  'oidc_clients',
  {
    clientId: text('client_id').primaryKey(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
    postLogoutRedirectUris: jsonb('post_logout_redirect_uris').$type<string[]>().notNull().default([]),
    /** Where a third party initiated login starts (OpenID Connect Core 4): the client's own
     * sign-in entry, which then sends an ordinary authorization request. */
    initiateLoginUri: text('initiate_login_uri'),
    /** Where Helios posts a logout token when a session that signed into the client ends
     * (OpenID Connect Back-Channel Logout 1.0); none when the client does not take them. */
    backchannelLogoutUri: text('backchannel_logout_uri'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oidc_clients_tenant_key').on(t.tenantId),
    check('oidc_clients_kind_known', sql`${t.kind} in ('instance', 'sharing_portal')`),
  ],
);

/** What the identity provider keeps between requests (authorization codes, tokens, grants,
 * sessions, interactions), one row per model and id, removed after `expires_at`. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    /** The account a session, grant or token belongs to: what ends with the account's sign-ins
     * (a password reset, say) is found by it. */
    accountId: text('account_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_account_idx').on(t.accountId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** The identity provider's signing keys: private JWKs sealed under the server secret. The newest
 * unretired key signs; retired keys stay published (for a day, docs/oidc.md) so tokens they
 * signed can still be verified. */
export const oidcSigningKeys = pgTable('oidc_signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  jwkSealed: text('jwk_sealed').notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});
