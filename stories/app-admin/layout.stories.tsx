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
  withAdminApp,
  withAdminLanguage,
} from './lib/admin-story';
import { acme } from './lib/fixtures';

const meta = {
  title: 'App admin/Layout',
  component: AdminRoutes,
  decorators: [withAdminApp],
  loaders: [withAdminLanguage],
  parameters: { layout: 'fullscreen', ...admin('/admin') },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Sidebar: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = await canvas.findByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Tenants', '/admin/tenants'],
      ['Accounts', '/admin/accounts'],
      ['Invoice', '/admin/invoice'],
      ['Notifications', '/admin/notifications'],
      ['Audit log', '/admin/audit'],
      ['Tools', '/admin/tools'],
    ]);
    await expect(within(nav).getByRole('link', { name: 'Tenants' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('link', { name: 'Invoice' }));
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent('/admin/invoice'));
    await expect(within(nav).getByRole('link', { name: 'Invoice' })).toHaveAttribute('aria-current', 'page');
  },
};

export const CollapsedAndDark: Story = {
  parameters: admin('/admin/accounts', [], { collapsed: true, darkMode: 'true' }),
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const expand = await canvas.findByRole('button', { name: 'Expand sidebar' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    // Collapsed, the labels stay as accessible names.
    await expect(canvas.getByRole('link', { name: 'Accounts' })).toHaveAttribute('aria-current', 'page');
    const dark = canvas.getByRole('switch', { name: 'Dark mode' });
    await expect(dark).toBeChecked();
    // Turning it off takes the theme off the page at once.
    await userEvent.click(dark);
    await expect(dark).not.toBeChecked();
    await expect(canvasElement.ownerDocument.documentElement).not.toHaveClass('dark');
    await userEvent.click(dark);
    await expect(canvasElement.ownerDocument.documentElement).toHaveClass('dark');
    await userEvent.click(expand);
    await expect(canvas.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-expanded', 'true');
  },
};

/** The top bar names who is signed in and signs them out. */
export const SignedInPersonSignsOut: Story = {
  parameters: admin('/admin/invoice', [
    answer('GET', '/api/invoice/', []),
    { method: 'POST', path: '/auth/logout', respond: { status: 204 } },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = (await canvas.findByText(ADMIN_EMAIL)).closest('header') as HTMLElement;
    await expect(banner).toHaveTextContent(`Signed in as ${ADMIN_EMAIL}`);
    await userEvent.click(within(banner).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(getRecord(canvasElement).externalNavigations).toEqual(['/login?from=%2Fadmin']));
    await expect(callsTo(canvasElement, 'POST', '/auth/logout')).toHaveLength(1);
  },
};

/** A signed-in person who is not an admin: the no-access page at once, never the console. */
export const NotAnAdmin: Story = {
  parameters: admin('/admin/tenants', [{ method: 'POST', path: '/auth/logout', respond: { status: 204 } }], {
    isAdmin: false,
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'No access to the admin console' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(`You are signed in as ${ADMIN_EMAIL}, but this account is not a platform admin.`),
    ).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Admin' })).toBeNull();
    await expect(canvas.queryByRole('combobox')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Go to the sign-in portal' })).toHaveAttribute('href', '/login');
    // Only the session check ran: no admin call had to fail first.
    await expect(getRecord(canvasElement).calls.map((call) => call.path)).toEqual(['/auth/session']);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in with another account' }));
    await waitFor(() =>
      expect(getRecord(canvasElement).externalNavigations).toEqual(['/login?from=%2Fadmin%2Ftenants']),
    );
  },
};

export const NotAnAdminSwedish: Story = {
  parameters: admin('/admin', [], { isAdmin: false }),
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Ingen åtkomst till adminkonsolen' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Logga in med ett annat konto' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Gå till inloggningsportalen' })).toBeVisible();
  },
};

export const SignedOutRedirects: Story = {
  parameters: admin('/admin/accounts?x=1', [], { signedIn: false }),
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(getRecord(canvasElement).externalNavigations).toEqual(['/login?from=%2Fadmin%2Faccounts%3Fx%3D1']),
    );
    await expect(within(canvasElement).getAllByText('Redirecting to sign in…')[0]).toBeInTheDocument();
  },
};

export const SessionCheckFails: Story = {
  parameters: admin('/admin', [failure('GET', '/auth/session', 503, 'service_unavailable')]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Could not check your session')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(canvasElement, 'GET', '/auth/session')).toHaveLength(2));
  },
};

export const AdminCallSignedOut: Story = {
  parameters: admin('/admin/invoice', [
    failure('GET', '/api/invoice/', 401, 'unauthenticated'),
    {
      method: 'GET',
      path: '/auth/session',
      // Signed in when the page opened; the session ended before the invoice call.
      respond: ({ call }) =>
        call === 1
          ? { body: { email: ADMIN_EMAIL, is_admin: true } }
          : { status: 401, body: { detail: [{ type: 'unauthenticated', msg: 'x' }] } },
    },
  ]),
  play: async ({ canvasElement }) => {
    // 401 from an admin call → /admin?from=… → the session check → sign-in with the original address.
    await waitFor(() =>
      expect(getRecord(canvasElement).externalNavigations).toEqual(['/login?from=%2Fadmin%2Finvoice']),
    );
    await waitFor(() =>
      expect(within(canvasElement).getByTestId('location')).toHaveTextContent('/admin?from=%2Fadmin%2Finvoice'),
    );
    await expect(callsTo(canvasElement, 'GET', '/auth/session')).toHaveLength(2);
  },
};

export const AdminCallForbidden: Story = {
  parameters: admin('/admin/tenants', [
    {
      method: 'GET',
      path: '/api/tenants/search/acme',
      respond: ({ call }) =>
        call === 1 ? { status: 403, body: { detail: [{ type: 'forbidden', msg: 'x' }] } } : { body: [acme] },
    },
    { method: 'POST', path: '/auth/logout', respond: { status: 204 } },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('combobox', { name: /Search tenants/ }), 'acme{Enter}');
    // 403: signed in, but not an admin. The session is checked again at /admin?from=…, and the
    // panel shows once that check has answered.
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent('/admin?from=%2Fadmin%2Ftenants'));
    await waitFor(() => expect(callsTo(canvasElement, 'GET', '/auth/session')).toHaveLength(2));
    await expect(await canvas.findByText('No access to the admin console')).toBeVisible();
    await expect(
      await canvas.findByText(`You are signed in as ${ADMIN_EMAIL}, but this account is not a platform admin.`),
    ).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in with another account' }));
    await waitFor(() =>
      expect(getRecord(canvasElement).externalNavigations).toEqual(['/login?from=%2Fadmin%2Ftenants']),
    );
    await expect(callsTo(canvasElement, 'POST', '/auth/logout')).toHaveLength(1);
  },
};

export const ReturnsToFrom: Story = {
  parameters: admin('/admin?from=%2Fadmin%2Finvoice', [answer('GET', '/api/invoice/', [])]),
  play: async ({ canvasElement }) => {
    // Signed in at /admin?from=…: back to where the admin was.
    await waitFor(() => expect(within(canvasElement).getByTestId('location')).toHaveTextContent(/^\/admin\/invoice$/));
  },
};

export const UnsafeFromIgnored: Story = {
  parameters: admin('/admin?from=https%3A%2F%2Fevil.example%2Fadmin', [], { signedIn: false }),
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(getRecord(canvasElement).externalNavigations).toEqual([
        '/login?from=%2Fadmin%3Ffrom%3Dhttps%253A%252F%252Fevil.example%252Fadmin',
      ]),
    );
  },
};

export const NotFound: Story = {
  parameters: admin('/admin/nothing-here'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to tenants' })).toHaveAttribute('href', '/admin/tenants');
  },
};

export const Swedish: Story = {
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Kunder' })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Mörkt läge' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Verktyg' })).toBeVisible();
  },
};
