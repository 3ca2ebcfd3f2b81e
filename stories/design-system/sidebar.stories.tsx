import { Sidebar, type SidebarItem, type SidebarLabels, sidebarIcons } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick, type StoryLocale } from '../lib/locale';

type SidebarTexts = {
  items: Record<'tenants' | 'accounts' | 'invoice' | 'notifications' | 'tools', string>;
  labels: Partial<SidebarLabels> | undefined;
  title: string;
};

const words = {
  en: {
    items: {
      tenants: 'Tenants',
      accounts: 'Accounts',
      invoice: 'Invoice',
      notifications: 'Notifications',
      tools: 'Tools',
    },
    labels: undefined,
    title: 'Helios admin',
  },
  sv: {
    items: { tenants: 'Kunder', accounts: 'Konton', invoice: 'Faktura', notifications: 'Notiser', tools: 'Verktyg' },
    labels: {
      navigation: 'Administration',
      collapse: 'Fäll ihop sidomenyn',
      expand: 'Fäll ut sidomenyn',
      darkMode: 'Mörkt läge',
    },
    title: 'Helios admin',
  },
} satisfies Record<StoryLocale, SidebarTexts>;

function navigation(names: SidebarTexts['items']): { items: SidebarItem[]; bottomItems: SidebarItem[] } {
  return {
    items: [
      { key: 'tenants', label: names.tenants, href: '#/admin/tenants', icon: sidebarIcons.tenants },
      { key: 'accounts', label: names.accounts, href: '#/admin/accounts', icon: sidebarIcons.accounts },
      { key: 'invoice', label: names.invoice, href: '#/admin/invoice', icon: sidebarIcons.invoice },
      {
        key: 'notifications',
        label: names.notifications,
        href: '#/admin/notifications',
        icon: sidebarIcons.notifications,
      },
    ],
    bottomItems: [{ key: 'tools', label: names.tools, href: '#/admin/tools', icon: sidebarIcons.tools }],
  };
}

const meta = {
  title: 'Design system/Sidebar',
  tags: ['autodocs'],
  component: Sidebar,
  parameters: { layout: 'fullscreen' },
  args: {
    ...navigation(words.en.items),
    activeKey: 'tenants',
    dark: false,
    onDarkChange: fn(),
    onCollapsedChange: fn(),
  },
  decorators: [
    (Story) => (
      <div className="h-[32rem]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: function Render(args, { globals }) {
    const texts = pick<SidebarTexts>(globals, words);
    const [dark, setDark] = useState(args.dark);
    return (
      <Sidebar
        {...args}
        {...navigation(texts.items)}
        labels={texts.labels}
        title={texts.title}
        dark={dark}
        onDarkChange={(next) => {
          setDark(next);
          args.onDarkChange(next);
        }}
      />
    );
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Admin' });
    await expect(within(nav).getByRole('link', { name: 'Tenants' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Accounts', 'Invoice', 'Notifications', 'Tools']) {
      await expect(within(nav).getByRole('link', { name })).not.toHaveAttribute('aria-current');
    }
    const darkMode = canvas.getByRole('switch', { name: 'Dark mode' });
    await userEvent.click(darkMode);
    await expect(args.onDarkChange).toHaveBeenCalledOnce();
    await expect(args.onDarkChange).toHaveBeenCalledWith(true);
    await expect(darkMode).toBeChecked();
    await userEvent.click(darkMode);
    await expect(args.onDarkChange).toHaveBeenLastCalledWith(false);
  },
};

export const CollapseAndExpand: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Collapse sidebar' });
    const tenants = canvas.getByRole('link', { name: 'Tenants' });
    const label = within(tenants).getByText('Tenants');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(label.getBoundingClientRect().width).toBeGreaterThan(20);

    await userEvent.click(toggle);
    await expect(args.onCollapsedChange).toHaveBeenCalledOnce();
    await expect(args.onCollapsedChange).toHaveBeenCalledWith(true);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAccessibleName('Expand sidebar');
    // Collapsed: the label is visually hidden but still names the link, and a tooltip shows it.
    await expect(label.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await expect(canvas.getByRole('link', { name: 'Tenants' })).toHaveAttribute('title', 'Tenants');
    await expect(canvas.getByRole('link', { name: 'Tools' })).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Dark mode' })).toBeVisible();

    await userEvent.click(toggle);
    await expect(args.onCollapsedChange).toHaveBeenLastCalledWith(false);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName('Collapse sidebar');
    await expect(label.getBoundingClientRect().width).toBeGreaterThan(20);
    await expect(tenants).not.toHaveAttribute('title');
  },
};

export const Collapsed: Story = {
  args: { defaultCollapsed: true, activeKey: 'accounts', dark: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('link', { name: 'Accounts' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
  },
};

export const CustomLinks: Story = {
  args: {
    activeKey: 'invoice',
    renderLink: (item, children, linkProps) => (
      <a {...linkProps} data-router-link={item.key}>
        {children}
      </a>
    ),
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Invoice' });
    await expect(link).toHaveAttribute('data-router-link', 'invoice');
    await expect(link).toHaveAttribute('aria-current', 'page');
  },
};

export const Swedish: Story = {
  ...Default,
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Administration' });
    for (const name of ['Kunder', 'Konton', 'Faktura', 'Notiser', 'Verktyg']) {
      await expect(within(nav).getByRole('link', { name })).toBeVisible();
    }
    await expect(within(canvasElement).getByRole('switch', { name: 'Mörkt läge' })).toBeVisible();
  },
};
