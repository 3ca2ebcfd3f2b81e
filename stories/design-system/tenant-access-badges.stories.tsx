import { type TenantAccess, TenantAccessBadges } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const ACCESS: TenantAccess[] = [
  { id: 't1', slug: 'acmeab', name: 'Acme AB', active: true },
  { id: 't2', slug: 'rebrokommun', name: 'Örebro Kommun', active: true },
  { id: 't3', slug: 'oldco', name: 'Old Co', active: false },
];

const swedish = {
  loginAsLabel: (name: string) => `Logga in i ${name}`,
  inactiveLabel: 'inaktiv',
};

const meta = {
  title: 'Design system/TenantAccessBadges',
  tags: ['autodocs'],
  component: TenantAccessBadges,
  args: { access: ACCESS },
  render: (args, { globals }) => (
    <TenantAccessBadges {...args} {...pick<Partial<typeof swedish>>(globals, { en: {}, sv: swedish })} />
  ),
} satisfies Meta<typeof TenantAccessBadges>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('acmeab');
    // The inactive tenant says so to screen readers, not only by its muted look.
    await expect(items[2]).toHaveTextContent('oldco (inactive)');
    await expect(within(canvasElement).queryAllByRole('button')).toHaveLength(0);
  },
};

export const LoginAs: Story = {
  args: { onLoginAs: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button')).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: /Old Co/ })).toBeNull();
    const acme = canvas.getByRole('button', { name: 'Log in to Acme AB: acmeab' });
    await userEvent.click(acme);
    await expect(args.onLoginAs).toHaveBeenCalledOnce();
    await expect(args.onLoginAs).toHaveBeenCalledWith(ACCESS[0]);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /Log in to Örebro Kommun/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLoginAs).toHaveBeenLastCalledWith(ACCESS[1]);
  },
};

export const Swedish: Story = {
  ...LoginAs,
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Logga in i Acme AB: acmeab' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')[2]).toHaveTextContent('oldco (inaktiv)');
  },
};
