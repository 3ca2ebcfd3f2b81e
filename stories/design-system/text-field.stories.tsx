import { FieldMessage, Input, Label, TextField } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/TextField',
  tags: ['autodocs'],
  component: TextField,
  args: { label: 'Email', type: 'email', autoComplete: 'email', onChange: fn() },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { hint: "We'll send a one-time code to this address." },
  render: (args, { globals }) => (
    <TextField
      {...args}
      {...pick(globals, {
        en: { label: 'Email', hint: "We'll send a one-time code to this address." },
        sv: { label: 'E-post', hint: 'Vi skickar en engångskod till den här adressen.' },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAccessibleDescription("We'll send a one-time code to this address.");
    await expect(input).not.toBeInvalid();
    await expect(input).not.toBeRequired();
    await userEvent.type(input, 'anna@example.com');
    await expect(input).toHaveValue('anna@example.com');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const WithError: Story = {
  args: {
    defaultValue: 'anna@example',
    hint: "We'll send a one-time code to this address.",
    error: 'The email address is badly formatted.',
  },
  render: (args, { globals }) => (
    <TextField
      {...args}
      {...pick(globals, {
        en: {
          label: 'Email',
          hint: "We'll send a one-time code to this address.",
          error: 'The email address is badly formatted.',
        },
        sv: {
          label: 'E-post',
          hint: 'Vi skickar en engångskod till den här adressen.',
          error: 'E-postadressen är felaktigt formaterad.',
        },
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('alert')).toHaveTextContent('The email address is badly formatted.');
    await expect(input).toHaveAccessibleDescription(
      "We'll send a one-time code to this address. The email address is badly formatted.",
    );
  },
};

export const Required: Story = {
  args: { label: 'Tenant name', type: 'text', autoComplete: 'off', required: true },
  render: (args, { globals }) => (
    <TextField {...args} label={pick(globals, { en: 'Tenant name', sv: 'Kundens namn' })} />
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Tenant name' });
    await expect(input).toBeRequired();
    await expect(input).toHaveAttribute('aria-required', 'true');
    // The marker is visual only; the accessible name stays the plain label.
    await expect(canvasElement.querySelector('[data-slot="required-marker"]')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Disabled: Story = {
  args: { defaultValue: 'anna@example.com', disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Email' })).toBeDisabled();
  },
};

export const OwnId: Story = {
  args: { id: 'tenant-slug', label: 'Slug', type: 'text', hint: 'Used in URLs. Only lowercase letters and numbers.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Slug' });
    await expect(input).toHaveAttribute('id', 'tenant-slug');
    await expect(input).toHaveAccessibleDescription('Used in URLs. Only lowercase letters and numbers.');
  },
};

export const Parts: Story = {
  render: (_args, { globals }) => {
    const words = pick(globals, {
      en: { label: 'Message', hint: 'Shown to every admin.' },
      sv: { label: 'Meddelande', hint: 'Visas för alla administratörer.' },
    });
    return (
      <div className="grid w-72 gap-1.5">
        <Label htmlFor="notification-message">{words.label}</Label>
        <Input id="notification-message" aria-describedby="notification-message-hint" />
        <FieldMessage id="notification-message-hint">{words.hint}</FieldMessage>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Message' });
    await expect(input).toHaveAccessibleDescription('Shown to every admin.');
  },
};
