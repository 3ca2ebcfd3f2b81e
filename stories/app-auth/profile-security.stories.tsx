import type { DataExport, SecurityEvent } from '@helios/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DataExportSection } from '../../app-auth/src/routes/profile/data-export-section';
import { SecurityActivitySection } from '../../app-auth/src/routes/profile/security-activity-section';
import { type AppStoryParameters, getRecord, type MockRoute, withApp, withLanguage } from './lib/app-story';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

const EVENTS: SecurityEvent[] = [
  { id: '9', at: daysAgo(0), action: 'login.success', ip: '203.0.113.7', details: {} },
  { id: '8', at: daysAgo(1), action: 'login.password_failed', ip: '198.51.100.23', details: { locked: true } },
  { id: '7', at: daysAgo(3), action: 'credential.deleted', ip: '203.0.113.7', details: { credential_type: 'totp' } },
  // The server never gives the address of an admin who acted on the account.
  { id: '6', at: daysAgo(9), action: 'admin.login_as', ip: null, details: { by_admin: true } },
  { id: '5', at: daysAgo(20), action: 'login.federated', ip: null, details: { provider: 'google.com' } },
];

const EXPORT: DataExport = {
  exported_at: '2026-03-10T12:00:00.000Z',
  account: {
    id: 'd0000000-0000-4000-8000-000000000001',
    email: 'anna@example.com',
    name: 'Anna Andersson',
    locale: 'en',
    picture: null,
    is_user: true,
    is_stakeholder: false,
    is_admin: false,
    created_at: '2025-01-10T09:00:00.000Z',
    last_login_at: '2026-03-10T11:58:00.000Z',
  },
  credentials: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      type: 'password',
      name: null,
      provider: null,
      created_at: '2025-01-10T09:00:00.000Z',
      last_used_at: null,
    },
  ],
  sessions: [],
  tenant_memberships: [],
  known_browsers: [{ first_seen_at: '2026-01-05T08:00:00.000Z', last_seen_at: '2026-03-10T11:58:00.000Z' }],
  recovery_codes_remaining: 8,
  security_events_scope: { since: '2025-02-10T12:00:00.000Z', max_events: 10_000, truncated: false },
  security_events: [{ at: '2026-03-10T11:58:00.000Z', action: 'login.success', ip: '203.0.113.7', details: {} }],
};

const eventsRoute = (respond: MockRoute['respond']): MockRoute => ({
  method: 'GET',
  path: '/auth/security-events',
  respond,
});
const exportRoute = (respond: MockRoute['respond']): MockRoute => ({ method: 'POST', path: '/auth/export', respond });
const app = (...api: MockRoute[]): AppStoryParameters => ({ route: '/profile', api });
const errorBody = (type: string) => ({ detail: [{ type, msg: type }] });

const meta = {
  title: 'App auth/Profile/Security activity and your data',
  decorators: [
    (Story) => (
      <div className="mx-auto grid max-w-2xl gap-6 p-4">
        <Story />
      </div>
    ),
    withApp,
  ],
  loaders: [withLanguage],
  parameters: { app: app(eventsRoute({ body: { events: EVENTS } }), exportRoute({ body: EXPORT })) },
  render: () => (
    <>
      <SecurityActivitySection />
      <DataExportSection />
    </>
  ),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The last 30 days in sentences, newest first; failed attempts and an admin's doing are marked. */
export const RecentActivity: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Recent security activity' })).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Recent security activity' });
    const items = within(list).getAllByRole('listitem');
    await expect(items.map((item) => item.querySelector('[data-slot=activity-list-title]')?.textContent)).toEqual([
      'You signed in',
      'A wrong password was entered, and sign-in was locked for a while',
      'A sign-in method was removed: authenticator app',
      'An administrator signed in to a tenant as you',
      'You signed in with google.com',
    ]);
    await expect(items[0]).toHaveTextContent('today · From 203.0.113.7');
    await expect(items[1]).toHaveAttribute('data-tone', 'warning');
    await expect(items[3]).toHaveAttribute('data-tone', 'warning');
    await expect(items[2]).toHaveAttribute('data-tone', 'default');
  },
};

/** In Swedish, sentence for sentence. */
export const Swedish: Story = {
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Senaste säkerhetshändelser' });
    await expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent(
      'Fel lösenord angavs, och inloggningen låstes en stund',
    );
    await expect(canvas.getByRole('button', { name: 'Ladda ner mina uppgifter' })).toBeVisible();
  },
};

export const NoActivity: Story = {
  parameters: { app: app(eventsRoute({ body: { events: [] } })) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No security events in the last 30 days.')).toBeVisible();
  },
};

export const ActivityFailed: Story = {
  parameters: { app: app(eventsRoute({ status: 500, body: errorBody('internal_error') })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A recent sign-in: the file is saved at once, named for the day, holding the server's answer. */
export const DownloadMyData: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    await expect(await canvas.findByText('Your data was downloaded.')).toBeVisible();
    const [saved] = getRecord(canvasElement).downloads;
    await expect(saved?.fileName).toBe('helios-data-2026-03-10.json');
    await expect(saved?.content.type).toBe('application/json');
    await expect(JSON.parse((await saved?.content.text()) ?? '{}')).toEqual(EXPORT);
  },
};

/** An older session: the person confirms it is them first, then the file is saved. */
export const DownloadAfterConfirming: Story = {
  parameters: {
    app: app(
      eventsRoute({ body: { events: EVENTS } }),
      exportRoute(({ call }) =>
        call === 1 ? { status: 403, body: errorBody('requires_recent_login') } : { body: EXPORT },
      ),
      {
        method: 'POST',
        path: '/auth/reauth/start',
        respond: { body: { method: 'password', second_factors: [], webauthn: null, passkey: null, code_sent: false } },
      },
      { method: 'POST', path: '/auth/reauth/verify', respond: { status: 204 } },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    const confirm = await page.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.type(within(confirm).getByLabelText(/^Password$/), 'the current one{Enter}');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(await canvas.findByText('Your data was downloaded.')).toBeVisible();
    await expect(getRecord(canvasElement).downloads).toHaveLength(1);
    const paths = getRecord(canvasElement).calls.map((call) => call.path);
    await expect(paths.filter((path) => path !== '/auth/security-events')).toEqual([
      '/auth/export',
      '/auth/reauth/start',
      '/auth/reauth/verify',
      '/auth/export',
    ]);
  },
};

/** A failed export says so, and nothing is saved. */
export const DownloadFails: Story = {
  parameters: {
    app: app(eventsRoute({ body: { events: [] } }), exportRoute({ status: 500, body: errorBody('internal_error') })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(canvas.getByRole('alert')).toBeVisible());
    await expect(getRecord(canvasElement).downloads).toEqual([]);
  },
};
