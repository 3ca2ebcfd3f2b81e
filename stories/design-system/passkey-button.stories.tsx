import { PasskeyButton } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/PasskeyButton',
  tags: ['autodocs'],
  component: PasskeyButton,
  args: { onClick: fn() },
  decorators: [
    (Story) => (
      <div className="w-80">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasskeyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args, { globals }) => (
    <PasskeyButton {...args} label={pick(globals, { en: undefined, sv: 'Logga in med en lösennyckel' })} />
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Sign in with a passkey' });
    // The icon is decorative and left out of the accessible name.
    await expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

/** The browser's passkey prompt is open: the button is busy and does not ask twice. */
export const Loading: Story = {
  args: { loading: true, loadingLabel: 'Waiting for the passkey' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};
