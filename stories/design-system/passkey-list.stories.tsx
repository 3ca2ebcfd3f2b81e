import { PasskeyList } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const PASSKEYS = [
  { id: 'p1', name: 'Work laptop', detail: 'Created 3 Nov 2026 · Last used today' },
  { id: 'p2', name: 'Phone with a rather long name that does not fit on one line', detail: 'Created 1 Oct 2026' },
];

const meta = {
  title: 'Design system/PasskeyList',
  tags: ['autodocs'],
  component: PasskeyList,
  args: { passkeys: PASSKEYS, onRename: fn(), onRemove: fn() },
  decorators: [
    (Story) => (
      <div className="w-full max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasskeyList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args, { globals }) => (
    <PasskeyList
      {...args}
      {...pick(globals, {
        en: {},
        sv: {
          renameLabel: 'Byt namn',
          renamePasskeyLabel: (name: string) => `Byt namn på ${name}`,
          removeLabel: 'Ta bort',
          removePasskeyLabel: (name: string) => `Ta bort ${name}`,
          emptyText: 'Inga lösennycklar ännu',
        },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByText('Created 3 Nov 2026 · Last used today')).toBeVisible();
    // Each button names its passkey, so a screen-reader user hears which one it acts on.
    await userEvent.click(canvas.getByRole('button', { name: 'Rename Work laptop' }));
    await expect(args.onRename).toHaveBeenCalledWith(PASSKEYS[0]);
    canvas.getByRole('button', { name: `Remove ${PASSKEYS[1]?.name}` }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenCalledWith(PASSKEYS[1]);
  },
};

/** A removal in flight: that button is busy, every other button waits. */
export const Removing: Story = {
  args: { removingId: 'p1' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Remove Work laptop' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Rename Work laptop' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Work laptop' }));
    await expect(args.onRemove).not.toHaveBeenCalled();
  },
};

export const Empty: Story = {
  args: { passkeys: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No passkeys yet')).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};
