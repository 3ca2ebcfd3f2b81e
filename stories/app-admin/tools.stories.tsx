import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AdminRoutes } from '../../app-admin/src/routes';
import { admin, answer, callsTo, expectToast, failure, withAdminApp, withAdminLanguage } from './lib/admin-story';

const CACHE = '/api/tenants/settings/cache';

const meta = {
  title: 'App admin/Tools',
  component: AdminRoutes,
  decorators: [withAdminApp],
  loaders: [withAdminLanguage],
  parameters: { layout: 'fullscreen', ...admin('/admin/tools') },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InvalidateCache: Story = {
  parameters: admin('/admin/tools', [{ method: 'DELETE', path: CACHE, respond: { status: 204 } }]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Settings cache' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Tools' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Invalidate cache' }));
    await expectToast(canvasElement, 'Cache invalidated');
    await expect(callsTo(canvasElement, 'DELETE', CACHE)).toHaveLength(1);
  },
};

export const InvalidateCacheFails: Story = {
  parameters: admin('/admin/tools', [failure('DELETE', CACHE, 503, 'service_unavailable')]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Invalidate cache' }));
    await expectToast(canvasElement, 'Failed to invalidate cache');
    await expect(canvas.getByRole('button', { name: 'Invalidate cache' })).toBeEnabled();
  },
};

export const Swedish: Story = {
  globals: { locale: 'sv' },
  parameters: admin('/admin/tools', [answer('DELETE', CACHE, undefined, 204)]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Töm cachen' }));
    await expectToast(canvasElement, 'Cachen tömdes');
  },
};
