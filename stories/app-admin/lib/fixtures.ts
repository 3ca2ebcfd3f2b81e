import type {
  AdminAccount,
  InvoiceRow,
  KeyValue,
  OidcClientView,
  TenantDetail,
  TenantSummary,
  TenantUser,
} from '@helios/api';

/** Sample data for the console's stories. Ids are UUIDs, as the contract requires. */

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

export const ACME_ID = 'a0000000-0000-4000-8000-000000000001';
export const GLOBEX_ID = 'a0000000-0000-4000-8000-000000000002';
export const INITECH_ID = 'a0000000-0000-4000-8000-000000000003';

export const acme: TenantSummary = {
  id: ACME_ID,
  name: 'Acme Rekrytering',
  slug: 'acme',
  url: 'https://acme.helios.test',
  user_count: 12,
  inactive_at: null,
};
export const acmeNordic: TenantSummary = {
  id: GLOBEX_ID,
  name: 'Acme Nordic',
  slug: 'acmenordic',
  url: 'https://acmenordic.helios.test',
  user_count: 1,
  inactive_at: '2030-06-30T22:00:00.000Z',
};
export const initech: TenantSummary = {
  id: INITECH_ID,
  name: 'Initech',
  slug: 'initech',
  url: 'https://initech.helios.test',
  user_count: 4,
  inactive_at: null,
};

export const acmeDetail: TenantDetail = { ...acme, sms_credits: 500, created_at: '2023-01-10T09:00:00.000Z' };

/** The OpenID Connect client of Acme's instance. */
export const acmeOidcClient: OidcClientView = {
  client_id: 'helios-acme',
  redirect_uris: ['https://acme.helios.test/auth/callback'],
  post_logout_redirect_uris: ['https://acme.helios.test/'],
  backchannel_logout_uri: null,
  created_at: '2023-01-10T09:00:00.000Z',
  updated_at: '2024-03-05T14:30:00.000Z',
};

export const acmeUsers: TenantUser[] = [
  { id: 'b0000000-0000-4000-8000-000000000001', name: 'Anna Andersson', email: 'anna@acme.test', active: true },
  { id: 'b0000000-0000-4000-8000-000000000002', name: 'Bo Berg', email: 'bo@acme.test', active: true },
  { id: 'b0000000-0000-4000-8000-000000000003', name: 'Cecilia Ek', email: 'cecilia@acme.test', active: false },
];

export const acmeSettings: KeyValue[] = [
  { key: 'language', value: 'sv' },
  { key: 'system_cronofy', value: 'true' },
];

export const acmeSms = (extra: { enabled?: boolean; paused?: boolean; signed?: boolean } = {}): KeyValue[] => [
  { key: 'system_sms', value: JSON.stringify({ value: extra.enabled ?? false }) },
  {
    key: 'sms_info',
    value: JSON.stringify({
      sender: 'Acme',
      warning_1: 100,
      warning_2: 10,
      paused: extra.paused ?? false,
      warned: false,
    }),
  },
  ...(extra.signed ? [{ key: 'sms_sign', value: JSON.stringify({ name: 'Anna Andersson' }) }] : []),
];

export const PASSWORD_ID = 'c0000000-0000-4000-8000-000000000001';
export const GOOGLE_ID = 'c0000000-0000-4000-8000-000000000002';
export const TOTP_ID = 'c0000000-0000-4000-8000-000000000003';

export const anna: AdminAccount = {
  id: 'd0000000-0000-4000-8000-000000000001',
  name: 'Anna Andersson',
  email: 'anna@acme.test',
  image: null,
  is_user: true,
  is_stakeholder: false,
  is_admin: false,
  last_login_at: daysAgo(3),
  available_credentials: [
    { id: PASSWORD_ID, type: 'password', provider: null },
    { id: GOOGLE_ID, type: 'oidc', provider: 'accounts.google.com' },
    { id: TOTP_ID, type: 'totp', provider: null },
  ],
  tenant_access: [
    { id: ACME_ID, slug: 'acme', name: 'Acme Rekrytering', active: true },
    { id: GLOBEX_ID, slug: 'acmenordic', name: 'Acme Nordic', active: false },
  ],
};

export const annaStakeholder: AdminAccount = {
  id: 'd0000000-0000-4000-8000-000000000002',
  name: 'Anna Lind',
  email: 'anna.lind@partner.test',
  image: null,
  is_user: false,
  is_stakeholder: true,
  is_admin: false,
  last_login_at: null,
  available_credentials: [{ id: 'c0000000-0000-4000-8000-000000000004', type: 'password', provider: null }],
  tenant_access: [],
};

export const annaUnknown: AdminAccount = {
  id: 'd0000000-0000-4000-8000-000000000003',
  name: 'Anna Okänd',
  email: 'anna@unknown.test',
  image: null,
  is_user: false,
  is_stakeholder: false,
  is_admin: true,
  last_login_at: daysAgo(400),
  available_credentials: [],
  tenant_access: [],
};

export const resetLinks = [
  { email: 'carl@acme.test', link: 'https://helios.test/login/set-password/ccc333' },
  { email: 'anna@acme.test', link: 'https://helios.test/login/set-password/aaa111' },
  { email: 'bo@globex.test', link: 'https://helios.test/login/set-password/bbb222' },
];

const invoiceRow = (
  name: string,
  tenantId: string,
  userCount: number,
  functions: InvoiceRow['functions'],
  integrations: Partial<InvoiceRow['integrations']> = {},
): InvoiceRow => ({
  name,
  tenant_id: tenantId,
  user_count: userCount,
  functions,
  integrations: { alva: false, refapp: false, sri: false, sri_ref: false, evali: false, ...integrations },
  amount: 2850 + 275 * Math.max(0, userCount - 1),
});

export const invoiceRows: InvoiceRow[] = [
  invoiceRow('Initech', INITECH_ID, 4, { system_sms: false, system_cronofy: true }, { evali: true }),
  invoiceRow('Acme Rekrytering', ACME_ID, 12, { system_sms: true, system_cronofy: true }, { alva: true, sri: true }),
  invoiceRow('Acme Nordic', GLOBEX_ID, 1, { system_sms: false, system_cronofy: false }),
];
