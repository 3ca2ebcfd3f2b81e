import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AdminRoutes } from '../../app-admin/src/routes';
import { admin, answer, failure, pending, withAdminApp, withAdminLanguage } from './lib/admin-story';
import { anna } from './lib/fixtures';

const route = `/admin/tokens/${encodeURIComponent(anna.email)}/${anna.id}`;
const TOKENS = `/api/tokens/${anna.id}`;

const meta = {
  title: 'App admin/Tokens',
  component: AdminRoutes,
  decorators: [withAdminApp],
  loaders: [withAdminLanguage],
  parameters: { layout: 'fullscreen', ...admin(route) },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tokens: Story = {
  parameters: admin(route, [
    answer('GET', TOKENS, [
      { key: 'refresh:9f2c41d0', ttl: 3 * 86_400 + 4 * 3_600 },
      { key: 'access:71be0a33', ttl: 7_500 },
      { key: 'otp:session:11aa', ttl: 45 },
    ]),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: `Tokens of ${anna.email}` });
    const rows = within(table).getAllByRole('row').slice(1);
    // Soonest to expire first, time left in words.
    await expect(rows.map((row) => row.textContent)).toEqual([
      'otp:session:11aa45 s',
      'access:71be0a332 h 5 min',
      'refresh:9f2c41d03 d 4 h',
    ]);
    await expect(canvas.getByRole('link', { name: 'Accounts' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('link', { name: 'Back to accounts' }));
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent('/admin/accounts'));
  },
};

export const NoTokens: Story = {
  parameters: admin(route, [answer('GET', TOKENS, [])]),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No live tokens')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: admin(route, [pending('GET', TOKENS)]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(`Live tokens of ${anna.email}`)).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot=load-status]')).toHaveAttribute('aria-busy', 'true');
  },
};

export const Failed: Story = {
  parameters: admin(route, [failure('GET', TOKENS, 500)]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed to load tokens')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
