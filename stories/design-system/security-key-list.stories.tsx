import { SecurityKeyList } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const KEYS = [
  { id: 'k1', name: 'YubiKey 5C' },
  { id: 'k2', name: 'Backup key in the safe' },
  { id: 'k3', name: null },
];

const meta = {
  title: 'Design system/SecurityKeyList',
  tags: ['autodocs'],
  component: SecurityKeyList,
  args: { keys: KEYS, onRemove: fn() },
  decorators: [
    (Story) => (
      <div className="w-96">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SecurityKeyList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args, { globals }) => (
    <SecurityKeyList
      {...args}
      {...pick(globals, {
        en: {},
        sv: {
          removeLabel: 'Ta bort',
          removeKeyLabel: (name: string) => `Ta bort ${name}`,
          unnamedLabel: 'Säkerhetsnyckel',
          emptyText: 'Inga säkerhetsnycklar ännu',
        },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'YubiKey 5CRemove',
      'Backup key in the safeRemove',
      'Security keyRemove',
    ]);
    // Each button names its key, so a screen-reader user hears which key it removes.
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Backup key in the safe' }));
    await expect(args.onRemove).toHaveBeenCalledWith(KEYS[1]);
    canvas.getByRole('button', { name: 'Remove YubiKey 5C' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenLastCalledWith(KEYS[0]);
    await expect(canvas.getByRole('button', { name: 'Remove Security key' })).toBeEnabled();
  },
};

/** A removal in flight: that button is busy, the others wait. */
export const Removing: Story = {
  args: { removingId: 'k1' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const busy = canvas.getByRole('button', { name: 'Remove YubiKey 5C' });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy);
    await expect(canvas.getByRole('button', { name: 'Remove Backup key in the safe' })).toBeDisabled();
    await expect(args.onRemove).not.toHaveBeenCalled();
  },
};

export const Empty: Story = {
  args: { keys: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No security keys yet')).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};

export const Swedish: Story = {
  args: {
    keys: KEYS.slice(0, 1),
    removeLabel: 'Ta bort',
    removeKeyLabel: (name: string) => `Ta bort ${name}`,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Ta bort YubiKey 5C' })).toHaveTextContent(
      'Ta bort',
    );
  },
};
