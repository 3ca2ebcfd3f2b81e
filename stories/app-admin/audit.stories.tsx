import type { AuditEvent, AuditPage } from '@helios/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AdminRoutes } from '../../app-admin/src/routes';
import {
  ADMIN_EMAIL,
  admin,
  answer,
  callsTo,
  failure,
  getRecord,
  type MockRoute,
  pending,
  withAdminApp,
  withAdminLanguage,
} from './lib/admin-story';
import { ACME_ID, acme, anna } from './lib/fixtures';

const LOG = '/api/audit/';
const ACTIONS = '/api/audit/actions';
const EXPORT = '/api/audit/export';
const ADMIN_ID = 'b0000000-0000-4000-8000-00000000000a';

const adminActor = { id: ADMIN_ID, email: ADMIN_EMAIL, name: 'Ada Admin' };

const FIRST: AuditEvent[] = [
  {
    id: '105',
    at: '2026-03-10T09:15:00.000Z',
    action: 'admin.tenant.created',
    actor: adminActor,
    target: { type: 'tenant', id: ACME_ID, label: acme.name },
    ip: '203.0.113.7',
    details: {},
  },
  {
    id: '104',
    at: '2026-03-10T08:02:00.000Z',
    action: 'login.password_failed',
    actor: null,
    target: { type: 'account', id: anna.id, label: anna.email },
    ip: '198.51.100.23',
    details: { locked: true, trusted: false },
  },
  {
    id: '103',
    at: '2026-03-09T16:40:00.000Z',
    action: 'credential.deleted',
    actor: { id: anna.id, email: anna.email, name: anna.name },
    target: { type: 'credential', id: 'c0000000-0000-4000-8000-000000000001', label: null },
    ip: '203.0.113.50',
    details: { type: 'totp' },
  },
];
const SECOND: AuditEvent[] = [
  {
    id: '101',
    at: '2026-03-01T07:00:00.000Z',
    action: 'login.success',
    actor: { id: anna.id, email: anna.email, name: anna.name },
    target: { type: 'account', id: anna.id, label: anna.email },
    ip: '203.0.113.50',
    details: { via: 'password' },
  },
];

/** Two pages: the first ends with a cursor, the second (asked for with it) is the last. */
const pagedLog: MockRoute = {
  method: 'GET',
  path: LOG,
  respond: ({ url }) => ({
    body: (url.searchParams.get('cursor') === 'page-2'
      ? { events: SECOND, next_cursor: null }
      : { events: FIRST, next_cursor: 'page-2' }) satisfies AuditPage,
  }),
};
const actions = answer('GET', ACTIONS, {
  actions: ['admin.tenant.created', 'credential.deleted', 'login.password_failed', 'login.success'],
});

const meta = {
  title: 'App admin/Audit log',
  component: AdminRoutes,
  decorators: [withAdminApp],
  loaders: [withAdminLanguage],
  parameters: { layout: 'fullscreen', ...admin('/admin/audit', [pagedLog, actions]) },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Newest first, actions in plain words, targets linking to their page, details on demand; Load
 * more brings the next page after the cursor. */
export const Log: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Audit events, newest first' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    await expect(rows()).toHaveLength(3);
    await expect(rows()[0]).toHaveTextContent('2026-03-10 09:15 UTC');
    await expect(rows()[0]).toHaveTextContent('Ada Admin');
    await expect(rows()[0]).toHaveTextContent('Admin: created a tenant');
    await expect(rows()[1]).toHaveTextContent('System');
    await expect(rows()[1]).toHaveTextContent('Wrong password');
    await expect(canvas.getByRole('link', { name: acme.name })).toHaveAttribute(
      'href',
      `/admin/tenants?tenant-id=${ACME_ID}`,
    );
    await expect(canvas.getByRole('link', { name: anna.email })).toHaveAttribute(
      'href',
      `/admin/accounts?search=${encodeURIComponent(anna.email)}`,
    );
    await expect(canvas.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');

    const details = within(rows()[1] as HTMLElement).getByText('Show details');
    await userEvent.click(details);
    await expect(within(rows()[1] as HTMLElement).getByText(/"locked": true/)).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    await expect(rows()[3]).toHaveTextContent('Signed in');
    await expect(canvas.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await expect(canvas.getByText('All 4 events shown')).toBeVisible();
    const pages = callsTo(canvasElement, 'GET', LOG);
    await expect(new URLSearchParams(pages.at(-1)?.search).get('cursor')).toBe('page-2');
  },
};

/** The filters live in the address: applying them changes it, the log is asked for them, and
 * the CSV export downloads the same filtered set. */
export const Filtered: Story = {
  parameters: admin('/admin/audit?actor=anna%40example.com&from=2026-03-01&to=2026-03-10', [
    pagedLog,
    actions,
    answer('POST', EXPORT, 'time,action\r\n'),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table');
    const first = new URLSearchParams(callsTo(canvasElement, 'GET', LOG)[0]?.search);
    await expect(first.get('actor')).toBe('anna@example.com');
    await expect(first.get('from')).toBe('2026-03-01T00:00:00.000Z');
    await expect(first.get('to')).toBe('2026-03-11T00:00:00.000Z');
    await expect(canvas.getByLabelText('Actor')).toHaveValue('anna@example.com');

    const select = canvas.getByLabelText('Action');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Wrong password' })).toBeInTheDocument());
    await userEvent.selectOptions(select, 'login.password_failed');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(canvas.getByTestId('location')).toHaveTextContent(
        '/admin/audit?actor=anna%40example.com&action=login.password_failed&from=2026-03-01&to=2026-03-10',
      ),
    );
    await waitFor(() => expect(callsTo(canvasElement, 'GET', LOG)).toHaveLength(2));
    const applied = new URLSearchParams(callsTo(canvasElement, 'GET', LOG)[1]?.search);
    await expect(applied.get('action')).toBe('login.password_failed');

    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(getRecord(canvasElement).downloads).toHaveLength(1));
    const [exported] = callsTo(canvasElement, 'POST', EXPORT);
    await expect(exported?.body).toEqual({
      actor: 'anna@example.com',
      action: 'login.password_failed',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-11T00:00:00.000Z',
    });
    await expect(exported?.search).toBe('');

    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent(/\/admin\/audit$/));
  },
};

/** An export that fails says so, and nothing is saved. */
export const ExportFailed: Story = {
  parameters: admin('/admin/audit', [pagedLog, actions, failure('POST', EXPORT, 500)]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table');
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The export failed. Try again.');
    await expect(getRecord(canvasElement).downloads).toHaveLength(0);
  },
};

/** A last day before the first cannot be applied. */
export const ReversedRange: Story = {
  parameters: admin('/admin/audit', [pagedLog, actions]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table');
    await userEvent.type(canvas.getByLabelText('From'), '2026-03-10');
    await userEvent.type(canvas.getByLabelText('To'), '2026-03-01');
    await expect(canvas.getByRole('alert')).toHaveTextContent('The end date must not be before the start date');
    await expect(canvas.getByRole('button', { name: 'Apply filters' })).toBeDisabled();
  },
};

export const NoMatches: Story = {
  parameters: admin('/admin/audit?action=login.success', [
    answer('GET', LOG, { events: [], next_cursor: null }),
    actions,
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No events match the filters')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: admin('/admin/audit', [pending('GET', LOG), actions]),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { name: 'Audit log' });
    await expect(canvasElement.querySelector('[data-slot=load-status]')).toHaveAttribute('aria-busy', 'true');
  },
};

export const Failed: Story = {
  parameters: admin('/admin/audit', [failure('GET', LOG, 500), failure('GET', ACTIONS, 500)]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed to load the audit log')).toBeVisible();
    await expect(canvas.getByText('Could not load the list of actions')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
