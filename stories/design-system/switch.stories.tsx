import { Switch } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/Switch',
  tags: ['autodocs'],
  component: Switch,
  args: {
    label: 'Google',
    description: 'Sign in with your Google account.',
    onCheckedChange: fn(),
  },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args, { globals }) => (
    <Switch
      {...args}
      {...pick(globals, {
        en: { label: 'Google', description: 'Sign in with your Google account.' },
        sv: { label: 'Google', description: 'Logga in med ditt Google-konto.' },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Google' });
    await expect(toggle).toHaveAccessibleDescription('Sign in with your Google account.');
    await expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);

    await userEvent.keyboard(' ');
    await expect(toggle).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);

    await userEvent.keyboard('{Enter}');
    await expect(toggle).toBeChecked();

    await userEvent.click(canvas.getByText('Google'));
    await expect(toggle).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(4);
  },
};

export const KeyboardOnly: Story = {
  args: { label: 'Two-factor authentication', description: undefined },
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Two-factor authentication' });
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};

export const Checked: Story = {
  args: { label: 'Microsoft', description: undefined, defaultChecked: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch', { name: 'Microsoft' })).toBeChecked();
  },
};

export const Controlled: Story = {
  args: { label: 'Email and password', description: undefined, checked: true },
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Email and password' });
    await userEvent.click(toggle);
    await expect(args.onCheckedChange).toHaveBeenCalledWith(false);
    // The owner did not change `checked`, so the switch stays on.
    await expect(toggle).toBeChecked();
  },
};

export const DisabledWithReason: Story = {
  args: {
    label: 'Email and password',
    description: undefined,
    defaultChecked: true,
    disabled: true,
    disabledReason: 'User accounts always keep their password.',
  },
  render: (args, { globals }) => (
    <Switch
      {...args}
      {...pick(globals, {
        en: { label: 'Email and password', disabledReason: 'User accounts always keep their password.' },
        sv: { label: 'E-post och lösenord', disabledReason: 'Användarkonton behåller alltid sitt lösenord.' },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Email and password' });
    await expect(toggle).toBeDisabled();
    await expect(canvas.getByText('User accounts always keep their password.')).toBeVisible();
    await expect(toggle).toHaveAccessibleDescription('User accounts always keep their password.');

    await userEvent.click(toggle, { pointerEventsCheck: 0 });
    await userEvent.click(canvas.getByText('Email and password'));
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const ReasonHiddenWhileEnabled: Story = {
  args: {
    label: 'Google',
    description: undefined,
    disabledReason: 'Add an email address to use Google.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText('Add an email address to use Google.')).not.toBeInTheDocument();
    await expect(canvas.getByRole('switch', { name: 'Google' })).toBeEnabled();
  },
};
