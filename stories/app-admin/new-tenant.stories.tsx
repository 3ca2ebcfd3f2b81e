import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AdminRoutes } from '../../app-admin/src/routes';
import { admin, answer, callsTo, expectToast, failure, withAdminApp, withAdminLanguage } from './lib/admin-story';
import { ACME_ID, acme, acmeDetail, acmeSettings, acmeSms, acmeUsers } from './lib/fixtures';

const meta = {
  title: 'App admin/New tenant',
  component: AdminRoutes,
  decorators: [withAdminApp],
  loaders: [withAdminLanguage],
  parameters: { layout: 'fullscreen', ...admin('/admin/tenants/new') },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SlugDerived: Story = {
  parameters: admin('/admin/tenants/new', [
    answer('POST', '/api/tenants', { id: ACME_ID }),
    answer('GET', `/api/tenants/${ACME_ID}`, acmeDetail),
    answer('GET', `/api/tenants/${ACME_ID}/users`, acmeUsers),
    answer('GET', `/api/tenants/${ACME_ID}/settings`, acmeSettings),
    answer('GET', `/api/tenants/${ACME_ID}/settings/sms`, acmeSms()),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByRole('textbox', { name: /^Name/ });
    const slug = canvas.getByRole('textbox', { name: /^Slug/ });
    await expect(slug).toHaveAccessibleDescription('Used in URLs. Only lowercase letters, numbers and hyphens.');
    // The slug follows the name: letters transliterated, words joined by hyphens.
    await userEvent.type(name, 'Åre Hälsa & Co 2');
    await expect(slug).toHaveValue('are-halsa-co-2');
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme Rekrytering AB');
    await expect(slug).toHaveValue('acme-rekrytering-ab');
    // Edited by hand, it stops following.
    await userEvent.clear(slug);
    await userEvent.type(slug, 'acme');
    await userEvent.type(name, '!');
    await expect(slug).toHaveValue('acme');
    await userEvent.click(canvas.getByRole('button', { name: 'Create tenant' }));
    await expect(callsTo(canvasElement, 'POST', '/api/tenants')[0]?.body).toEqual({
      name: 'Acme Rekrytering AB!',
      slug: 'acme',
    });
    // Created: the tenant list shows it, opened.
    await expectToast(canvasElement, 'Tenant Acme Rekrytering AB! created');
    await waitFor(() =>
      expect(canvas.getByTestId('location')).toHaveTextContent(`/admin/tenants?tenant-id=${ACME_ID}`),
    );
    await expect(await canvas.findByRole('button', { name: new RegExp(acme.name), expanded: true })).toBeVisible();
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create tenant' }));
    await expect(canvas.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Enter a name');
    await expect(canvas.getByRole('textbox', { name: /^Slug/ })).toHaveAccessibleDescription(
      'Used in URLs. Only lowercase letters, numbers and hyphens. Enter a slug',
    );
    await userEvent.type(canvas.getByRole('textbox', { name: /^Slug/ }), 'Acme--1');
    await expect(canvas.getByRole('textbox', { name: /^Slug/ })).toBeInvalid();
    await expect(
      canvas.getByText('Only lowercase letters (a–z) and numbers, with single hyphens between words'),
    ).toBeVisible();
    await expect(callsTo(canvasElement, 'POST', '/api/tenants')).toHaveLength(0);
  },
};

export const SlugTaken: Story = {
  parameters: admin('/admin/tenants/new', [failure('POST', '/api/tenants', 409, 'slug_taken')]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Name/ }), 'Acme');
    await userEvent.click(canvas.getByRole('button', { name: 'Create tenant' }));
    await expect(await canvas.findByText('That slug is already in use. Choose another one.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /^Slug/ })).toBeInvalid();
    await expect(canvas.getByTestId('location')).toHaveTextContent('/admin/tenants/new');
  },
};

export const Failed: Story = {
  parameters: admin('/admin/tenants/new', [failure('POST', '/api/tenants', 500)]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Name/ }), 'Acme');
    await userEvent.click(canvas.getByRole('button', { name: 'Create tenant' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('An error occurred while creating the tenant');
  },
};
