import { PasswordField } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/PasswordField',
  tags: ['autodocs'],
  component: PasswordField,
  args: { label: 'Password', autoComplete: 'current-password', onChange: fn() },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args, { globals }) => (
    <PasswordField
      {...args}
      {...pick(globals, {
        en: { label: 'Password', showLabel: 'Show password', hideLabel: 'Hide password' },
        sv: { label: 'Lösenord', showLabel: 'Visa lösenord', hideLabel: 'Dölj lösenord' },
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await expect(input).toHaveAttribute('type', 'password');

    await userEvent.type(input, 'Sommar#2024');
    const show = canvas.getByRole('button', { name: 'Show password' });
    await expect(show).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(show);
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('Sommar#2024');
    // The toggle keeps its name; its pressed state and tooltip change.
    const hide = canvas.getByRole('button', { name: 'Show password' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await expect(hide).toHaveAttribute('title', 'Hide password');
    // Clicking the toggle leaves the caret in the input, so typing continues.
    await expect(input).toHaveFocus();
    await userEvent.keyboard('!');
    await expect(input).toHaveValue('Sommar#2024!');

    await userEvent.click(hide);
    await expect(input).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
  },
};

export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const WithError: Story = {
  args: { label: 'New password', autoComplete: 'new-password', required: true, error: 'Password cannot be empty' },
  render: (args, { globals }) => (
    <PasswordField
      {...args}
      {...pick(globals, {
        en: { label: 'New password', error: 'Password cannot be empty' },
        sv: { label: 'Nytt lösenord', error: 'Lösenordet får inte vara tomt' },
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText(/^New password/);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toBeRequired();
    await expect(input).toHaveAccessibleDescription('Password cannot be empty');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Password cannot be empty');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'secret' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Password')).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};
