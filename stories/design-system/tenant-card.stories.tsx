import { TenantCard, TenantGrid } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const NOW = new Date(2026, 5, 15, 12, 0);
const daysAgo = (days: number) => new Date(2026, 5, 15 - days, 8, 0);

const swedish = {
  lastAccessedLabel: 'Senast besökt',
  locale: 'sv-SE',
};

const meta = {
  title: 'Design system/TenantCard',
  tags: ['autodocs'],
  component: TenantCard,
  args: { name: 'Acme AB', slug: 'acmeab', lastAccessed: daysAgo(0), now: NOW, locale: 'en-GB', onSelect: fn() },
  render: (args, { globals }) => (
    <div className="w-72">
      <TenantCard {...args} {...pick<Partial<typeof swedish>>(globals, { en: {}, sv: swedish })} />
    </div>
  ),
} satisfies Meta<typeof TenantCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const card = within(canvasElement).getByRole('button', { name: /Acme AB/ });
    await expect(card).toHaveTextContent('Acme AB');
    await expect(card).toHaveTextContent('acmeab');
    await expect(card).toHaveTextContent('Last accessed: today');
    await userEvent.click(card);
    await expect(args.onSelect).toHaveBeenCalledOnce();
    // The whole card is one control, reachable and usable from the keyboard.
    await userEvent.tab({ shift: true });
    await userEvent.tab();
    await expect(card).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledTimes(2);
    await userEvent.keyboard(' ');
    await expect(args.onSelect).toHaveBeenCalledTimes(3);
  },
};

export const AsLink: Story = {
  args: { href: '/tenants/acmeab', lastAccessed: daysAgo(1).getTime() },
  decorators: [
    // The story stays on its page; the app would navigate to the tenant.
    (Story) => (
      <div onClickCapture={(event) => event.preventDefault()}>
        <Story />
      </div>
    ),
  ],
  play: async ({ args, canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /Acme AB/ });
    await expect(link).toHaveAttribute('href', '/tenants/acmeab');
    await expect(link).toHaveTextContent('Last accessed: yesterday');
    link.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledOnce();
  },
};

export const NeverAccessed: Story = {
  args: { lastAccessed: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveTextContent('Last accessed: –');
  },
};

/** The tenant picker: cards in a responsive grid, each with its own last-accessed text. */
export const Grid: Story = {
  render: (args, { globals }) => {
    const texts = pick<Partial<typeof swedish>>(globals, { en: {}, sv: swedish });
    return (
      <div className="w-[56rem]">
        <TenantGrid aria-label="Instances">
          <TenantCard {...args} {...texts} name="Acme AB" slug="acmeab" lastAccessed={daysAgo(0)} />
          <TenantCard {...args} {...texts} name="Örebro Kommun" slug="rebrokommun" lastAccessed={daysAgo(1)} />
          <TenantCard {...args} {...texts} name="Nordic Retail" slug="nordicretail" lastAccessed={daysAgo(12)} />
          <TenantCard {...args} {...texts} name="New Customer" slug="newcustomer" lastAccessed={undefined} />
        </TenantGrid>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(
      items.map((item) => item.querySelector('[data-slot="tenant-card-last-accessed"]')?.textContent),
    ).toEqual(['Last accessed: today', 'Last accessed: yesterday', 'Last accessed: 1 week ago', 'Last accessed: –']);
  },
};

export const GridInSwedish: Story = {
  ...Grid,
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const cards = within(canvasElement).getAllByRole('button');
    await expect(cards[0]).toHaveTextContent('Senast besökt: i dag');
    await expect(cards[1]).toHaveTextContent('Senast besökt: i går');
    await expect(cards[2]).toHaveTextContent('Senast besökt: för 1 vecka sedan');
  },
};
