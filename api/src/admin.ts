import { z } from 'zod';
import type { RouteContract } from './routes';
import { ListedCredential } from './schemas';

/** Admin calls of spec §7 "Admin". Each with auth 'admin' requires a signed-in platform admin:
 * 401 signed out, 403 for anyone else. The few public calls at the end serve tenant instances. */

const Id = z.string().uuid('Malformed id');

/** Error codes of the admin calls, beside the shared ones in errors.ts. */
export const AdminErrorCode = {
  slugTaken: 'slug_taken',
  tenantInactive: 'tenant_inactive',
  noActiveAccess: 'no_active_access',
  notTenantMember: 'not_tenant_member',
  clavisInvalid: 'clavis_invalid',
  creditsBelowZero: 'credits_below_zero',
} as const;

const SearchTerm = z.string().trim().min(1, 'Enter a search term').max(200);

export const TenantAccess = z.object({ id: z.string(), slug: z.string(), name: z.string(), active: z.boolean() });
export const AdminAccount = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  is_user: z.boolean(),
  is_stakeholder: z.boolean(),
  is_admin: z.boolean(),
  last_login_at: z.string().nullable(),
  available_credentials: z.array(ListedCredential),
  tenant_access: z.array(TenantAccess),
});
export type AdminAccount = z.infer<typeof AdminAccount>;
export type TenantAccess = z.infer<typeof TenantAccess>;

export const PasswordResetLink = z.object({ email: z.string(), link: z.string() });
export type PasswordResetLink = z.infer<typeof PasswordResetLink>;

export const TenantSummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  user_count: z.number().int(),
  inactive_at: z.string().nullable(),
});
export type TenantSummary = z.infer<typeof TenantSummary>;

export const TenantDetail = TenantSummary.extend({ sms_credits: z.number().int(), created_at: z.string() });
export type TenantDetail = z.infer<typeof TenantDetail>;

export const TenantUser = z.object({ id: z.string(), name: z.string(), email: z.string(), active: z.boolean() });
export type TenantUser = z.infer<typeof TenantUser>;

export const KeyValue = z.object({ key: z.string(), value: z.string() });
export type KeyValue = z.infer<typeof KeyValue>;

/** A setting key: letters, digits, dots, dashes and underscores. */
const SettingKey = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Use letters, digits, . _ -');
export const SettingWrite = z.object({ key: SettingKey, value: z.string().max(10_000) });
export const TenantSettingResponse = z.object({ tenant_id: z.string(), key: z.string(), value: z.string() });

/** SMS settings: values are JSON strings (spec §3). */
export const SmsKey = z.enum(['system_sms', 'sms_info', 'sms_sign']);
export const SmsSettingWrite = z.object({ key: SmsKey, value: z.string().max(10_000) });
export const SystemSms = z.object({ value: z.boolean() });
export const SmsInfo = z.object({
  sender: z.string().max(11).default(''),
  warning_1: z.number().int().nonnegative().nullable().default(null),
  warning_2: z.number().int().nonnegative().nullable().default(null),
  paused: z.boolean().default(false),
  warned: z.boolean().default(false),
});
export const SmsSign = z.object({ name: z.string().min(1).max(200) });
export const Credits = z.number().int();
export const AddCredits = z.object({ credits: z.number().int('Credits must be an integer') });

/** A tenant's slug names its instance's address (`https://{slug}.…`), so it has a DNS label's
 * shape: lowercase letters and digits in words joined by single hyphens. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const CreateTenant = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  slug: z
    .string()
    .min(1, 'Slug is required')
    .max(63)
    .regex(SLUG_PATTERN, 'Used in URLs. Only lowercase letters, numbers and single hyphens between them.'),
  url: z.string().url().optional(),
});
export const CreatedTenant = z.object({ id: z.string() });
export const Deactivation = z.object({ inactive_at: z.string().datetime({ offset: true }).nullable() });

export const InvoiceRow = z.object({
  name: z.string(),
  tenant_id: z.string(),
  user_count: z.number().int(),
  functions: z.object({ system_sms: z.boolean(), system_cronofy: z.boolean() }),
  integrations: z.object({
    alva: z.boolean(),
    refapp: z.boolean(),
    sri: z.boolean(),
    sri_ref: z.boolean(),
    evali: z.boolean(),
  }),
  /** 2850 + 275 × (user_count − 1); currency not shown (spec §9). */
  amount: z.number(),
});
export type InvoiceRow = z.infer<typeof InvoiceRow>;

export const NotificationInput = z
  .object({
    message: z.string().trim().min(1, 'Message is required').max(5_000),
    admins_only: z.boolean().default(false),
    tenants: z.array(Id).max(10_000).default([]),
    popup: z.boolean().default(false),
    new_functionality: z.boolean().default(false),
  })
  .refine((n) => n.admins_only || n.tenants.length > 0, {
    message: 'Choose tenants or admins only',
    path: ['tenants'],
  });
export const CreatedNotification = z.object({ id: z.string() });

export const Token = z.object({ key: z.string(), ttl: z.number().int() });
export type Token = z.infer<typeof Token>;

/** A sign-in link into an instance; for an account it carries a single-use `clavis`. */
export const LoginAsLink = z.object({ url: z.string() });
export const ClavisRedeem = z.object({
  clavis: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
});
/** What an instance sends to redeem a clavis: the token and its own tenant id. */
export const ClavisRedeemRequest = ClavisRedeem.extend({ tenant_id: Id });
export const ClavisIdentity = z.object({
  account_id: z.string(),
  email: z.string(),
  name: z.string(),
  tenant_id: z.string(),
  tenant_slug: z.string(),
});

/** A notification as an instance reads it (never the admins-only ones). */
export const InstanceNotification = z.object({
  id: z.string(),
  message: z.string(),
  popup: z.boolean(),
  new_functionality: z.boolean(),
  created_at: z.string(),
});
export type InstanceNotification = z.infer<typeof InstanceNotification>;

/** A redirect URI of an instance: https, or http on a loopback host (development); exact, no
 * fragment. */
export const RedirectUri = z
  .string()
  .max(2048)
  .url('Must be an absolute URL')
  .refine((value) => {
    // An address that does not parse is reported by .url() above (zod runs both checks).
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    return (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) && !value.includes('#');
  }, 'Must be https:// (http:// only on localhost) and have no #fragment');
export const OidcClientView = z.object({
  client_id: z.string(),
  redirect_uris: z.array(z.string()),
  post_logout_redirect_uris: z.array(z.string()),
  /** Where Helios posts logout tokens (OpenID Connect Back-Channel Logout 1.0); null for none. */
  backchannel_logout_uri: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OidcClientView = z.infer<typeof OidcClientView>;
export const UpdateOidcClient = z.object({
  redirect_uris: z.array(RedirectUri).min(1, 'At least one redirect URI').max(20),
  post_logout_redirect_uris: z.array(RedirectUri).max(20).default([]),
  /** One address, under the redirect URIs' rules; null or left out for none. */
  backchannel_logout_uri: RedirectUri.nullable().default(null),
});
export type UpdateOidcClient = z.input<typeof UpdateOidcClient>;
/** A new client secret: shown once, never again. */
export const OidcClientSecret = z.object({ client_id: z.string(), client_secret: z.string() });
export type OidcClientSecret = z.infer<typeof OidcClientSecret>;

/** An audit action name: lowercase words joined by dots (`login.success`, `admin.tenant.created`). */
const AuditActionName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9_]+(?:\.[a-z0-9_]+)*$/, 'Malformed action');
const AuditTime = z.string().datetime({ offset: true, message: 'Use an ISO 8601 time with an offset' });

/** Filters of the console's audit log. `actor` is an account id or an email address; `account`
 * and `tenant` name the event's target; `action` is one action or several (comma-separated or
 * repeated); `from` is inclusive, `to` exclusive. */
const AuditFilterFields = z.object({
  actor: z.string().trim().min(1).max(320).optional(),
  account: Id.optional(),
  tenant: Id.optional(),
  action: z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      [value]
        .flat()
        .flatMap((item) => item.split(','))
        .filter((item) => item.trim() !== ''),
    )
    .pipe(z.array(AuditActionName).max(50, 'At most 50 actions'))
    .optional(),
  from: AuditTime.optional(),
  to: AuditTime.optional(),
});
const inOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to);
const rangeMessage = { message: 'The range must end after it starts', path: ['to'] };
export const AuditFilters = AuditFilterFields.refine(inOrder, rangeMessage);
export type AuditFilters = z.input<typeof AuditFilters>;

/** Most events on one page of the audit log. */
export const AUDIT_PAGE_LIMIT = 200;

/** A page of the audit log: the filters, the opaque `cursor` of the page before (from its
 * `next_cursor`) and the page size. */
export const AuditQuery = AuditFilterFields.extend({
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Malformed cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_LIMIT).default(50),
}).refine(inOrder, rangeMessage);
export type AuditQuery = z.input<typeof AuditQuery>;

/** One audit event with who did it and what it was about, named for people. `target.label` is
 * the target account's email or the tenant's name (null for other targets, or when it is gone). */
export const AuditEvent = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actor: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEvent>;
export const AuditPage = z.object({ events: z.array(AuditEvent), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;
export const AuditActions = z.object({ actions: z.array(z.string()) });
export type AuditActions = z.infer<typeof AuditActions>;

const TenantSlug = z.string().min(1).max(63).regex(SLUG_PATTERN, 'Malformed slug');

const TermParams = z.object({ term: SearchTerm });
const TenantParams = z.object({ tenantId: Id });
const AccountParams = z.object({ accountId: Id });

export const adminRoutes = {
  searchAccounts: {
    method: 'GET',
    path: '/api/accounts/search/:term',
    summary: 'Accounts by name or email',
    auth: 'admin',
    params: TermParams,
    response: z.array(AdminAccount),
  },
  listAccounts: {
    method: 'GET',
    path: '/api/accounts/',
    summary: 'All accounts (newest first, at most 500)',
    auth: 'admin',
    response: z.array(AdminAccount),
  },
  accountResetPassword: {
    method: 'POST',
    path: '/api/accounts/:accountId/reset-password',
    summary: 'Mail a password-reset link',
    auth: 'admin',
    params: AccountParams,
  },
  accountDeleteCredential: {
    method: 'DELETE',
    path: '/api/accounts/:accountId/credentials/:credentialId',
    summary: 'Delete a credential (never the password of a user account)',
    auth: 'admin',
    params: z.object({ accountId: Id, credentialId: Id }),
    response: AdminAccount,
  },
  passwordResets: {
    method: 'GET',
    path: '/api/accounts/password-resets',
    summary: 'Active password-reset links, by email',
    auth: 'admin',
    response: z.array(PasswordResetLink),
  },
  accountLoginAs: {
    method: 'POST',
    path: '/api/accounts/:accountId/login-as/:tenantId',
    summary: 'A single-use clavis link that signs the account into an active tenant',
    auth: 'admin',
    params: z.object({ accountId: Id, tenantId: Id }),
    response: LoginAsLink,
  },
  invoice: {
    method: 'GET',
    path: '/api/invoice/',
    summary: 'Invoice figures per tenant',
    auth: 'admin',
    response: z.array(InvoiceRow),
  },
  listTenants: {
    method: 'GET',
    path: '/api/tenants/',
    summary: 'All tenants',
    auth: 'admin',
    response: z.array(TenantSummary),
  },
  searchTenants: {
    method: 'GET',
    path: '/api/tenants/search/:term',
    summary: 'Tenants by name or slug',
    auth: 'admin',
    params: TermParams,
    response: z.array(TenantSummary),
  },
  createTenant: {
    method: 'POST',
    path: '/api/tenants',
    summary: 'Create a tenant',
    auth: 'admin',
    body: CreateTenant,
    response: CreatedTenant,
  },
  tenantOidcClient: {
    method: 'GET',
    path: '/api/tenants/:tenantId/oidc-client',
    summary: "The tenant instance's OpenID Connect client (never its secret)",
    auth: 'admin',
    params: TenantParams,
    response: OidcClientView,
  },
  updateTenantOidcClient: {
    method: 'POST',
    path: '/api/tenants/:tenantId/oidc-client',
    summary: "Set the instance client's exact redirect URIs",
    auth: 'admin',
    params: TenantParams,
    body: UpdateOidcClient,
    response: OidcClientView,
  },
  rotateTenantOidcSecret: {
    method: 'POST',
    path: '/api/tenants/:tenantId/oidc-client/secret',
    summary: 'A new client secret for the instance (shown once; the old one stops working)',
    auth: 'admin',
    params: TenantParams,
    response: OidcClientSecret,
  },
  tenant: {
    method: 'GET',
    path: '/api/tenants/:tenantId',
    summary: 'One tenant',
    auth: 'admin',
    params: TenantParams,
    response: TenantDetail,
  },
  tenantUsers: {
    method: 'GET',
    path: '/api/tenants/:tenantId/users',
    summary: 'Users of a tenant; `search` of more than 2 characters filters',
    auth: 'admin',
    params: TenantParams,
    query: z.object({ search: z.string().max(200).optional() }),
    response: z.array(TenantUser),
  },
  tenantSettings: {
    method: 'GET',
    path: '/api/tenants/:tenantId/settings',
    summary: 'Settings of a tenant',
    auth: 'admin',
    params: TenantParams,
    response: z.array(KeyValue),
  },
  setTenantSetting: {
    method: 'POST',
    path: '/api/tenants/:tenantId/settings',
    summary: 'Set a setting',
    auth: 'admin',
    params: TenantParams,
    body: SettingWrite,
    response: TenantSettingResponse,
  },
  smsSettings: {
    method: 'GET',
    path: '/api/tenants/:tenantId/settings/sms',
    summary: 'SMS settings (JSON string values)',
    auth: 'admin',
    params: TenantParams,
    response: z.array(KeyValue),
  },
  setSmsSetting: {
    method: 'POST',
    path: '/api/tenants/:tenantId/settings/sms',
    summary: 'Set an SMS setting',
    auth: 'admin',
    params: TenantParams,
    body: SmsSettingWrite,
    response: KeyValue,
  },
  smsCredits: {
    method: 'GET',
    path: '/api/tenants/:tenantId/settings/sms/credits',
    summary: 'SMS credits',
    auth: 'admin',
    params: TenantParams,
    response: Credits,
  },
  addSmsCredits: {
    method: 'POST',
    path: '/api/tenants/:tenantId/settings/sms/credits',
    summary: 'Add SMS credits; answers the new number',
    auth: 'admin',
    params: TenantParams,
    body: AddCredits,
    response: Credits,
  },
  setDeactivation: {
    method: 'POST',
    path: '/api/tenants/:tenantId/deactivation',
    summary: 'Set or clear the deactivation time (UTC)',
    auth: 'admin',
    params: TenantParams,
    body: Deactivation,
    response: TenantDetail,
  },
  tenantLoginAsAdmin: {
    method: 'POST',
    path: '/api/tenants/:tenantId/login-as-admin',
    summary: 'Open the tenant as admin',
    auth: 'admin',
    params: TenantParams,
    response: LoginAsLink,
  },
  tenantUserLoginAs: {
    method: 'POST',
    path: '/api/tenants/:tenantId/users/:accountId/login-as',
    summary: 'Log in as a specific tenant user',
    auth: 'admin',
    params: z.object({ tenantId: Id, accountId: Id }),
    response: LoginAsLink,
  },
  clearSettingsCache: {
    method: 'DELETE',
    path: '/api/tenants/settings/cache',
    summary: 'Clear the tenant-settings cache on every node',
    auth: 'admin',
  },
  notify: {
    method: 'POST',
    path: '/api/notification/',
    summary: 'Broadcast a notification',
    auth: 'admin',
    body: NotificationInput,
    response: CreatedNotification,
  },
  tokens: {
    method: 'GET',
    path: '/api/tokens/:account_id',
    summary: "An account's live tokens (key and seconds left; never values)",
    auth: 'admin',
    params: z.object({ account_id: Id }),
    response: z.array(Token),
  },
  auditEvents: {
    method: 'GET',
    path: '/api/audit/',
    summary: 'Admin and security events, newest first, filtered; a page at a time (cursor)',
    auth: 'admin',
    query: AuditQuery,
    response: AuditPage,
  },
  auditActions: {
    method: 'GET',
    path: '/api/audit/actions',
    summary: 'Every action the audit log holds, for its filter',
    auth: 'admin',
    response: AuditActions,
  },
  // A POST, so a link or page of another site cannot make an admin's browser export the log:
  // the server refuses cross-site state-changing requests (docs/admin.md).
  auditExport: {
    method: 'POST',
    path: '/api/audit/export',
    summary: 'The filtered audit log as CSV, newest first (the export is audited)',
    auth: 'admin',
    body: AuditFilters,
    produces: 'text/csv',
  },
  // Called by tenant instances, not by the admin console (docs/admin.md).
  clavisRedeem: {
    method: 'POST',
    path: '/api/clavis/redeem',
    summary: 'Redeem a login-as clavis once, for the tenant it was made for: the identity to sign in',
    auth: 'public',
    body: ClavisRedeemRequest,
    response: ClavisIdentity,
  },
  instanceNotifications: {
    method: 'GET',
    path: '/api/instance/notifications',
    summary: 'Notifications for a tenant, newest first (admins-only ones excluded)',
    auth: 'public',
    query: z.object({ tenant: TenantSlug }),
    response: z.array(InstanceNotification),
  },
  instanceSettings: {
    method: 'GET',
    path: '/api/instance/settings/:slug',
    summary: "A tenant's settings, served from the settings cache",
    auth: 'public',
    params: z.object({ slug: TenantSlug }),
    response: z.array(KeyValue),
  },
} as const satisfies Record<string, RouteContract>;

export type AdminRouteName = keyof typeof adminRoutes;
