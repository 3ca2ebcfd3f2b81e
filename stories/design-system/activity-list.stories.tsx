import { ActivityList, type ActivityListItem, type ActivityListProps } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const NOW = new Date('2026-03-10T12:00:00Z');

const texts = {
  en: {
    items: [
      { id: '3', title: 'You signed in with a password', at: '2026-03-10T08:15:00Z', detail: 'From 203.0.113.7' },
      {
        id: '2',
        title: 'A wrong password was entered — the account was locked for a while',
        at: '2026-03-08T21:02:00Z',
        detail: 'From 198.51.100.23',
        tone: 'warning',
      },
      { id: '1', title: 'You added a security key', at: '2026-02-20T10:00:00Z' },
    ] satisfies ActivityListItem[],
    props: {} as Partial<ActivityListProps>,
  },
  sv: {
    items: [
      { id: '3', title: 'Du loggade in med lösenord', at: '2026-03-10T08:15:00Z', detail: 'Från 203.0.113.7' },
      {
        id: '2',
        title: 'Fel lösenord angavs – kontot låstes en stund',
        at: '2026-03-08T21:02:00Z',
        detail: 'Från 198.51.100.23',
        tone: 'warning',
      },
      { id: '1', title: 'Du lade till en säkerhetsnyckel', at: '2026-02-20T10:00:00Z' },
    ] satisfies ActivityListItem[],
    props: {
      listLabel: 'Aktivitet',
      emptyLabel: 'Inget att visa',
      loadingLabel: 'Hämtar aktivitet…',
      failedMessage: 'Det gick inte att hämta aktiviteten',
      retryLabel: 'Försök igen',
      locale: 'sv-SE',
    } as Partial<ActivityListProps>,
  },
};

const meta = {
  title: 'Design system/ActivityList',
  tags: ['autodocs'],
  component: ActivityList,
  args: { items: texts.en.items, now: NOW, locale: 'en-GB', onRetry: fn() },
  render: (args, { globals }) => {
    const words = pick(globals, texts);
    return <ActivityList {...args} items={args.items.length ? words.items : []} {...words.props} />;
  },
  decorators: [
    (Story) => (
      <div className="w-full max-w-xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ActivityList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Newest first: each event a sentence, when (relative, exact time in the tooltip) and from where;
 * a failed attempt is marked. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = within(canvas.getByRole('list', { name: 'Activity' })).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('You signed in with a passwordtoday · From 203.0.113.7');
    await expect(items[1]).toHaveAttribute('data-tone', 'warning');
    await expect(items[1]).toHaveTextContent('2 days ago');
    await expect(items[2]).toHaveTextContent('2 weeks ago');
    await expect(items[0]?.querySelector('time')).toHaveAttribute('datetime', '2026-03-10T08:15:00.000Z');
  },
};

export const Empty: Story = {
  args: { items: [], emptyLabel: 'No security events in the last 30 days' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
    await expect(canvasElement).toHaveTextContent(/Nothing to show|Inget att visa|No security events/);
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
};

/** A failed load offers to try again. */
export const Failed: Story = {
  args: { status: 'failed' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Try again|Försök igen/ }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
