import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AdminRoutes } from '../../app-admin/src/routes';
import { admin, answer, callsTo, expectToast, failure, withAdminApp, withAdminLanguage } from './lib/admin-story';
import { ACME_ID, acme, acmeNordic, initech } from './lib/fixtures';

const listTenants = answer('GET', '/api/tenants/', [initech, acme, acmeNordic]);
const NOTIFY = '/api/notification/';

const meta = {
  title: 'App admin/Notifications',
  component: AdminRoutes,
  decorators: [withAdminApp],
  loaders: [withAdminLanguage],
  parameters: {
    layout: 'fullscreen',
    ...admin('/admin/notifications', [
      listTenants,
      answer('POST', NOTIFY, { id: 'e0000000-0000-4000-8000-000000000001' }),
    ]),
  },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('checkbox', { name: /Initech/ })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Send notification' }));
    const message = canvas.getByRole('textbox', { name: /^Message/ });
    await expect(message).toBeInvalid();
    await expect(message).toHaveAccessibleDescription('Enter a message');
    await expect(message).toHaveFocus();
    await expect(canvas.getByText('Choose at least one tenant, or send to admins only')).toBeVisible();
    await expect(callsTo(canvasElement, 'POST', NOTIFY)).toHaveLength(0);
    // The errors follow the typing once shown.
    await userEvent.type(message, 'Hello');
    await expect(message).toBeValid();
  },
};

export const SentToTenants: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Message/ }), '  New interview planner  ');
    // Tenants sorted by name, with a filter.
    const picker = await canvas.findByRole('group', { name: 'Tenants' });
    const boxes = within(picker).getAllByRole('listitem');
    await expect(boxes.map((item) => item.textContent)).toEqual([
      'Acme Nordicacmenordic',
      'Acme Rekryteringacme',
      'Initechinitech',
    ]);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Filter tenants' }), 'rekr');
    await userEvent.click(canvas.getByRole('checkbox', { name: /Acme Rekrytering/ }));
    await expect(canvas.getByText('1 tenant selected')).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: /Show as a popup/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send notification' }));
    await expectToast(canvasElement, 'Notification sent');
    await expect(callsTo(canvasElement, 'POST', NOTIFY)[0]?.body).toEqual({
      message: 'New interview planner',
      admins_only: false,
      tenants: [ACME_ID],
      popup: true,
      new_functionality: false,
    });
    // The form starts over.
    await expect(canvas.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
  },
};

export const AdminsOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Message/ }), 'Maintenance tonight');
    await userEvent.click(canvas.getByRole('switch', { name: /Admins only/ }));
    // The tenant picker hides.
    await expect(canvas.queryByRole('group', { name: 'Tenants' })).toBeNull();
    await userEvent.click(canvas.getByRole('checkbox', { name: /New functionality/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send notification' }));
    await expectToast(canvasElement, 'Notification sent');
    await expect(callsTo(canvasElement, 'POST', NOTIFY)[0]?.body).toEqual({
      message: 'Maintenance tonight',
      admins_only: true,
      tenants: [],
      popup: false,
      new_functionality: true,
    });
  },
};

export const SendFails: Story = {
  parameters: admin('/admin/notifications', [listTenants, failure('POST', NOTIFY, 500)]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Message/ }), 'Hello');
    await userEvent.click(canvas.getByRole('button', { name: 'Select all shown' }));
    await expect(canvas.getByText('3 tenants selected')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Send notification' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to send the notification');
    // What was typed stays for another try.
    await expect(canvas.getByRole('textbox', { name: /^Message/ })).toHaveValue('Hello');
  },
};

export const TenantsFailed: Story = {
  parameters: admin('/admin/notifications', [failure('GET', '/api/tenants/', 500)]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText('Failed to load tenants')).toBeVisible());
  },
};
