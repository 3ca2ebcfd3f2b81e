import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AdminRoutes } from '../../app-admin/src/routes';
import { admin, answer, callsTo, withAdminApp, withAdminLanguage } from './lib/admin-story';
import { invoiceRows } from './lib/fixtures';

const meta = {
  title: 'App admin/Invoice',
  component: AdminRoutes,
  decorators: [withAdminApp],
  loaders: [withAdminLanguage],
  parameters: { layout: 'fullscreen', ...admin('/admin/invoice', [answer('GET', '/api/invoice/', invoiceRows)]) },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithTotals: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Invoice figures per tenant' });
    const rows = within(table).getAllByRole('row');
    // Header, three tenants by name, totals.
    await expect(rows).toHaveLength(5);
    await expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Acme Nordic');
    const acme = within(rows[2] as HTMLElement);
    await expect(acme.getByRole('rowheader')).toHaveTextContent('Acme Rekrytering');
    await expect(acme.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '12',
      '✓Included',
      '✓Included',
      '✓Included',
      '–Not included',
      '✓Included',
      '–Not included',
      '–Not included',
      '5,875',
    ]);
    const totals = within(rows[4] as HTMLElement);
    await expect(totals.getByRole('rowheader')).toHaveTextContent('Total (3 tenants)');
    await expect(totals.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '17',
      '1',
      '2',
      '1',
      '0',
      '1',
      '0',
      '1',
      '12,400',
    ]);
  },
};

export const Swedish: Story = {
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Faktureringsunderlag per kund' })).toBeVisible();
    await expect(canvas.getByTestId('invoice-total')).toHaveTextContent(/^12\s400$/);
  },
};

export const Failed: Story = {
  parameters: admin('/admin/invoice', [
    {
      method: 'GET',
      path: '/api/invoice/',
      respond: ({ call }) => (call === 1 ? { status: 500, body: { detail: [] } } : { body: invoiceRows }),
    },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed to load invoice figures')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('table')).toBeVisible();
    await expect(callsTo(canvasElement, 'GET', '/api/invoice/')).toHaveLength(2);
  },
};
