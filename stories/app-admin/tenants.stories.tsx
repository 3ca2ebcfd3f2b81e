import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AdminRoutes } from '../../app-admin/src/routes';
import {
  admin,
  answer,
  callsTo,
  expectToast,
  failure,
  getRecord,
  type MockRoute,
  pending,
  withAdminApp,
  withAdminLanguage,
} from './lib/admin-story';
import {
  ACME_ID,
  acme,
  acmeDetail,
  acmeNordic,
  acmeOidcClient,
  acmeSettings,
  acmeSms,
  acmeUsers,
  GLOBEX_ID,
} from './lib/fixtures';

const tenantPath = `/api/tenants/${ACME_ID}`;

/** Everything an opened Acme row loads. */
const acmeDetails = (sms = acmeSms()): MockRoute[] => [
  answer('GET', tenantPath, acmeDetail),
  answer('GET', `${tenantPath}/users`, acmeUsers),
  answer('GET', `${tenantPath}/settings`, acmeSettings),
  answer('GET', `${tenantPath}/settings/sms`, sms),
  answer('GET', `${tenantPath}/oidc-client`, acmeOidcClient),
];
const searchAcme = answer('GET', '/api/tenants/search/acme', [acme, acmeNordic]);

const meta = {
  title: 'App admin/Tenants',
  component: AdminRoutes,
  decorators: [withAdminApp],
  loaders: [withAdminLanguage],
  parameters: { layout: 'fullscreen', ...admin('/admin/tenants') },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

async function searchFor(canvasElement: HTMLElement, term: string) {
  const canvas = within(canvasElement);
  const box = await canvas.findByRole('combobox', { name: /Search tenants/ });
  await userEvent.type(box, `${term}{Enter}`);
  return box;
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: /Search tenants/ })).toBeRequired();
    await expect(canvas.getByText('Find a tenant')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'New tenant' })).toHaveAttribute('href', '/admin/tenants/new');
    // /admin is the same page.
    await expect(callsTo(canvasElement, 'GET', '/auth/session')).toHaveLength(1);
  },
};

export const Searching: Story = {
  parameters: admin('/admin/tenants', [pending('GET', '/api/tenants/search/acme')]),
  play: async ({ canvasElement }) => {
    await searchFor(canvasElement, 'acme');
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot=load-status]')).toHaveAttribute('aria-busy', 'true'),
    );
    await expect(canvas.getAllByText('Loading…').length).toBeGreaterThan(0);
    await expect(canvas.queryByText('Find a tenant')).toBeNull();
  },
};

export const Results: Story = {
  parameters: admin('/admin', [searchAcme]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await searchFor(canvasElement, 'acme');
    const list = await canvas.findByRole('list', { name: 'Tenants' });
    const rows = within(list).getAllByRole('button', { expanded: false });
    await expect(rows).toHaveLength(2);
    // Enter closed the search list, so the results show once, not again in a list over them.
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('option')).toBeNull();
    await expect(canvas.getAllByText('Acme Nordic').filter((name) => name.checkVisibility())).toHaveLength(1);
    await expect(within(list).getByText('12 users')).toBeVisible();
    await expect(within(list).getByText('1 user')).toBeVisible();
    await expect(within(list).getByText('Deactivates 2030-06-30 22:00 UTC')).toBeVisible();
    await expect(callsTo(canvasElement, 'GET', '/api/tenants/search/acme')).toHaveLength(1);
  },
};

/** A big tenant: the user count badge stays three characters wide, the exact count is its tooltip. */
export const ManyUsers: Story = {
  parameters: admin('/admin', [answer('GET', '/api/tenants/search/acme', [{ ...acme, user_count: 1234 }])]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await searchFor(canvasElement, 'acme');
    const list = await canvas.findByRole('list', { name: 'Tenants' });
    const badge = within(list).getByText('99+ users');
    await expect(badge).toHaveAttribute('title', '1234 users');
  },
};

export const NoneFound: Story = {
  parameters: admin('/admin/tenants', [answer('GET', '/api/tenants/search/nobody', [])]),
  play: async ({ canvasElement }) => {
    await searchFor(canvasElement, 'nobody');
    await expect(await within(canvasElement).findByText('Try another name or slug.')).toBeVisible();
  },
};

export const KeyboardPicksAndClears: Story = {
  parameters: admin('/admin/tenants', [searchAcme, ...acmeDetails()]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await searchFor(canvasElement, 'acme');
    await canvas.findByRole('list', { name: 'Tenants' });
    // ArrowDown opens the list of results and activates the first; Enter opens that tenant's row.
    await userEvent.keyboard('{ArrowDown}');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = canvas.getAllByRole('option');
    await expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    const toggle = await canvas.findByRole('button', { name: /Acme Rekrytering/, expanded: true });
    await waitFor(() => expect(toggle).toHaveFocus());
    await expect(await canvas.findByRole('heading', { name: 'Users' })).toBeVisible();
    // Escape on the closed list clears the term, and clearing empties the list.
    await userEvent.click(box);
    await userEvent.keyboard('{Escape}');
    await expect(box).toHaveValue('');
    await expect(canvas.queryByRole('list', { name: 'Tenants' })).toBeNull();
    await expect(canvas.getByText('Find a tenant')).toBeVisible();
  },
};

export const Expanded: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, acmeDetails(acmeSms({ enabled: true }))),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // ?tenant-id= shows that tenant, opened.
    await expect(await canvas.findByRole('button', { name: /Acme Rekrytering/, expanded: true })).toBeVisible();
    // Users.
    await expect(await canvas.findByRole('cell', { name: 'anna@acme.test' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Log in as Cecilia Ek' })).toBeDisabled();
    // SMS box: values from the JSON settings, no sms_sign yet.
    const sms = canvas.getByRole('region', { name: 'SMS' });
    await expect(within(sms).getByText('Enabled')).toBeVisible();
    await expect(within(sms).getByText('Waiting for signature')).toBeVisible();
    await expect(within(sms).getByText('500')).toBeVisible();
    await expect(within(sms).getByText('Acme')).toBeVisible();
    // Deactivation date and settings.
    await expect(canvas.getByLabelText('Deactivation date (UTC)')).toHaveValue('');
    await expect(canvas.getByText('Current: Not set')).toBeVisible();
    await expect(canvas.getByRole('cell', { name: 'system_cronofy' })).toBeVisible();
    // The instance's sign-in client.
    const oidc = canvas.getByRole('region', { name: 'Sign-in (OpenID Connect)' });
    await expect(await within(oidc).findByText('helios-acme')).toBeVisible();
  },
};

export const DetailsFailed: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    answer('GET', tenantPath, acmeDetail),
    answer('GET', `${tenantPath}/users`, acmeUsers),
    failure('GET', `${tenantPath}/settings`, 500),
    answer('GET', `${tenantPath}/settings/sms`, acmeSms()),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed to load the tenant’s details')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: admin('/admin/tenants', [
    {
      method: 'GET',
      path: '/api/tenants/search/acme',
      // Fails once, then works: the retry button searches again.
      respond: ({ call }) =>
        call === 1 ? { status: 500, body: { detail: [{ type: 'internal_error', msg: 'x' }] } } : { body: [acme] },
    },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await searchFor(canvasElement, 'acme');
    await expect(await canvas.findByText('Failed to load tenants')).toBeVisible();
    // The failure is the answer: no "No tenants found" beside it.
    await expect(canvas.queryByText('No tenants found')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('button', { name: /Acme Rekrytering/, expanded: false })).toBeVisible();
    await expect(callsTo(canvasElement, 'GET', '/api/tenants/search/acme')).toHaveLength(2);
  },
};

export const UserSearch: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    answer('GET', tenantPath, acmeDetail),
    {
      method: 'GET',
      path: `${tenantPath}/users`,
      respond: ({ url }) => ({
        body: url.searchParams.get('search') ? acmeUsers.filter((u) => u.name.startsWith('Bo')) : acmeUsers,
      }),
    },
    answer('GET', `${tenantPath}/settings`, acmeSettings),
    answer('GET', `${tenantPath}/settings/sms`, acmeSms()),
    answer('GET', `${tenantPath}/oidc-client`, acmeOidcClient),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const search = await canvas.findByRole('searchbox', { name: 'Search users' });
    await expect(await canvas.findByRole('cell', { name: 'Anna Andersson' })).toBeVisible();
    const userCalls = () => callsTo(canvasElement, 'GET', `${tenantPath}/users`);
    await expect(userCalls()).toHaveLength(1);
    // Two characters do not filter.
    await userEvent.type(search, 'Bo');
    await new Promise((resolve) => setTimeout(resolve, 450));
    await expect(userCalls()).toHaveLength(1);
    // The third does.
    await userEvent.type(search, ' B');
    await waitFor(() => expect(userCalls()).toHaveLength(2));
    await expect(userCalls()[1]?.search).toBe('?search=Bo+B');
    await waitFor(() => expect(canvas.queryByRole('cell', { name: 'Anna Andersson' })).toBeNull());
    await expect(await canvas.findByRole('cell', { name: 'Bo Berg' })).toBeVisible();
  },
};

export const LoginAs: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    ...acmeDetails(),
    answer('POST', `${tenantPath}/login-as-admin`, { url: 'https://acme.helios.test/auth?clavis=admin123' }),
    answer('POST', `${tenantPath}/users/${acmeUsers[1]?.id}/login-as`, {
      url: 'https://acme.helios.test/auth?clavis=bo456',
    }),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Log in as admin to Acme Rekrytering' }));
    await waitFor(() =>
      expect(getRecord(canvasElement).openedTabs).toEqual(['https://acme.helios.test/auth?clavis=admin123']),
    );
    await userEvent.click(await canvas.findByRole('button', { name: 'Log in as Bo Berg' }));
    await waitFor(() =>
      expect(getRecord(canvasElement).openedTabs[1]).toBe('https://acme.helios.test/auth?clavis=bo456'),
    );
    // The console itself stays where it is.
    await expect(getRecord(canvasElement).externalNavigations).toEqual([]);
  },
};

export const LoginAsFails: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    ...acmeDetails(),
    failure('POST', `${tenantPath}/login-as-admin`, 500),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Log in as admin to Acme Rekrytering' }));
    await expectToast(canvasElement, 'Failed to open the tenant');
    // The blank tab opened for the link is closed again.
    await expect(getRecord(canvasElement).closedTabs).toBe(1);
  },
};

export const SmsEnableConfirmation: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    ...acmeDetails(),
    {
      method: 'POST',
      path: `${tenantPath}/settings/sms`,
      respond: ({ body }) => ({ body }),
    },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const sms = await canvas.findByRole('region', { name: 'SMS' });
    // Cancel changes nothing.
    await userEvent.click(within(sms).getByRole('button', { name: 'Enable SMS' }));
    const dialog = await page.findByRole('alertdialog', { name: 'Enable SMS?' });
    await expect(within(dialog).getByText(/Acme Rekrytering will be able to send/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
    await expect(callsTo(canvasElement, 'POST', `${tenantPath}/settings/sms`)).toHaveLength(0);
    // Confirm saves system_sms.
    await userEvent.click(within(sms).getByRole('button', { name: 'Enable SMS' }));
    await userEvent.click(within(await page.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await expect(await within(sms).findByText('Enabled')).toBeVisible();
    await expect(callsTo(canvasElement, 'POST', `${tenantPath}/settings/sms`)[0]?.body).toEqual({
      key: 'system_sms',
      value: '{"value":true}',
    });
    await expectToast(canvasElement, 'SMS settings saved');
    // Pausing keeps the rest of sms_info.
    await userEvent.click(within(sms).getByRole('button', { name: 'Pause SMS' }));
    await userEvent.click(
      within(await page.findByRole('alertdialog', { name: 'Pause SMS?' })).getByRole('button', { name: 'Confirm' }),
    );
    await expect(await within(sms).findByRole('button', { name: 'Unpause SMS' })).toBeVisible();
    const pause = callsTo(canvasElement, 'POST', `${tenantPath}/settings/sms`)[1];
    await expect(pause?.body).toEqual({
      key: 'sms_info',
      value: JSON.stringify({ sender: 'Acme', warning_1: 100, warning_2: 10, paused: true, warned: false }),
    });
  },
};

export const SmsInlineEdit: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    ...acmeDetails(acmeSms({ enabled: true, signed: true })),
    { method: 'POST', path: `${tenantPath}/settings/sms`, respond: ({ body }) => ({ body }) },
    {
      method: 'POST',
      path: `${tenantPath}/settings/sms/credits`,
      respond: ({ body }) => ({ body: 500 + (body as { credits: number }).credits }),
    },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sms = await canvas.findByRole('region', { name: 'SMS' });
    await expect(within(sms).getByText('Anna Andersson')).toBeVisible();
    // Sender: edited inline, saved into sms_info.
    await userEvent.click(within(sms).getByRole('button', { name: 'Edit Sender' }));
    const sender = within(sms).getByRole('textbox', { name: 'Sender' });
    await userEvent.clear(sender);
    await userEvent.type(sender, 'AcmeJobs{Enter}');
    await expect(await within(sms).findByText('AcmeJobs')).toBeVisible();
    await expect(
      JSON.parse(
        (callsTo(canvasElement, 'POST', `${tenantPath}/settings/sms`)[0]?.body as { value?: string } | undefined)
          ?.value ?? '{}',
      ),
    ).toMatchObject({ sender: 'AcmeJobs', warning_1: 100 });
    // Credits: the absolute value is reached by adding the difference.
    await userEvent.click(within(sms).getByRole('button', { name: 'Edit Credits' }));
    const credits = within(sms).getByRole('textbox', { name: 'Credits' });
    await userEvent.clear(credits);
    await userEvent.type(credits, '350{Enter}');
    await expectToast(canvasElement, 'Credits set to 350');
    await expect(callsTo(canvasElement, 'POST', `${tenantPath}/settings/sms/credits`)[0]?.body).toEqual({
      credits: -150,
    });
    await expect(within(sms).getByText('350')).toBeVisible();
  },
};

export const AddCredits: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    ...acmeDetails(acmeSms({ enabled: true })),
    {
      method: 'POST',
      path: `${tenantPath}/settings/sms/credits`,
      respond: ({ body }) => ({ body: 500 + (body as { credits: number }).credits }),
    },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sms = await canvas.findByRole('region', { name: 'SMS' });
    const amount = within(sms).getByRole('textbox', { name: 'Add credits' });
    await userEvent.type(amount, '1.5');
    await userEvent.click(within(sms).getByRole('button', { name: 'Add' }));
    await expect(await within(sms).findByText('Enter a positive whole number')).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '250{Enter}');
    await expectToast(canvasElement, '250 credits added');
    await expect(within(sms).getByText('750')).toBeVisible();
    await expect(callsTo(canvasElement, 'POST', `${tenantPath}/settings/sms/credits`).map((c) => c.body)).toEqual([
      { credits: 250 },
    ]);
  },
};

export const Deactivation: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    ...acmeDetails(),
    {
      method: 'POST',
      path: `${tenantPath}/deactivation`,
      respond: ({ body }) => ({ body: { ...acmeDetail, ...(body as object) } }),
    },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByLabelText('Deactivation date (UTC)');
    await userEvent.type(field, '2030-12-31T23:30');
    // The box's own Save: the sign-in box of the row has one too.
    const box = field.closest<HTMLElement>('[data-slot=card]');
    if (!box) throw new Error('no deactivation box');
    await userEvent.click(within(box).getByRole('button', { name: 'Save' }));
    await expectToast(canvasElement, 'Deactivation date saved');
    await expect(callsTo(canvasElement, 'POST', `${tenantPath}/deactivation`)[0]?.body).toEqual({
      inactive_at: '2030-12-31T23:30:00.000Z',
    });
    // The row's summary and the SMS box follow.
    await expect(canvas.getByText('Deactivates 2030-12-31 23:30 UTC')).toBeVisible();
    await expect(canvas.getByText('Current: 2030-12-31 23:30 UTC')).toBeVisible();
  },
};

export const Settings: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    ...acmeDetails(),
    {
      method: 'POST',
      path: `${tenantPath}/settings`,
      respond: ({ body }) => ({ body: { tenant_id: ACME_ID, ...(body as object) } }),
    },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit language' }));
    const value = canvas.getByRole('textbox', { name: 'Value for language' });
    await userEvent.clear(value);
    await userEvent.type(value, 'en{Enter}');
    await expectToast(canvasElement, 'Setting language saved');
    await expect(canvas.getByRole('cell', { name: 'en' })).toBeVisible();
    // A new key.
    await userEvent.type(canvas.getByRole('textbox', { name: 'New key' }), 'alva.enabled');
    await userEvent.type(canvas.getByRole('textbox', { name: 'New value' }), 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Add setting' }));
    await expect(await canvas.findByRole('cell', { name: 'alva.enabled' })).toBeVisible();
    await expect(callsTo(canvasElement, 'POST', `${tenantPath}/settings`).map((c) => c.body)).toEqual([
      { key: 'language', value: 'en' },
      { key: 'alva.enabled', value: 'true' },
    ]);
  },
};

export const OtherTenantIdNotFound: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${GLOBEX_ID}`, [
    failure('GET', `/api/tenants/${GLOBEX_ID}`, 404, 'not_found'),
  ]),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Failed to load tenants')).toBeVisible();
  },
};

export const CreditsBelowZero: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    ...acmeDetails(acmeSms({ enabled: true })),
    failure('POST', `${tenantPath}/settings/sms/credits`, 409, 'credits_below_zero'),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sms = await canvas.findByRole('region', { name: 'SMS' });
    await userEvent.click(within(sms).getByRole('button', { name: 'Edit Credits' }));
    const credits = within(sms).getByRole('textbox', { name: 'Credits' });
    await userEvent.clear(credits);
    await userEvent.type(credits, '-1{Enter}');
    await expectToast(canvasElement, 'The credits cannot go below zero.');
    // The editor stays open with what was typed.
    await expect(within(sms).getByRole('textbox', { name: 'Credits' })).toHaveValue('-1');
  },
};
