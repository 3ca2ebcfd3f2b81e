import { InlineEdit, type InlineEditProps } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../lib/locale';

const swedish: Partial<InlineEditProps> = {
  label: 'Avsändare',
  editLabel: 'Ändra',
  saveLabel: 'Spara',
  cancelLabel: 'Avbryt',
  savingLabel: 'Sparar',
  invalidNumberMessage: 'Ange ett tal',
  saveErrorMessage: 'Kunde inte spara',
};

const meta = {
  title: 'Design system/InlineEdit',
  tags: ['autodocs'],
  component: InlineEdit,
  args: { label: 'Sender', defaultValue: 'Acme', onSave: fn(), onValueChange: fn() },
  render: (args, { globals }) => <InlineEdit {...args} {...pick(globals, { en: {}, sv: swedish })} />,
  decorators: [(Story) => <div className="w-[24rem] max-w-full">{Story()}</div>],
} satisfies Meta<typeof InlineEdit>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A save that takes a moment, so the busy state can be seen. */
const slowSave = (ms: number) => fn(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

export const EditAndSaveWithEnter: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Sender' }));
    const input = canvas.getByRole('textbox', { name: 'Sender' });
    await expect(input).toHaveFocus();
    await expect(input).toHaveValue('Acme');
    await userEvent.clear(input);
    await userEvent.type(input, 'AcmeHR{Enter}');
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith('AcmeHR');
    await waitFor(() => expect(canvas.queryByRole('textbox')).toBeNull());
    await expect(canvas.getByText('AcmeHR')).toBeVisible();
    await expect(args.onValueChange).toHaveBeenCalledWith('AcmeHR');
    await expect(canvas.getByRole('button', { name: 'Edit Sender' })).toHaveFocus();
  },
};

export const SaveButton: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Sender' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Sender' }), ' Jobs');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith('Acme Jobs');
    await waitFor(() => expect(canvas.getByText('Acme Jobs')).toBeVisible());
  },
};

export const CancelButton: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Sender' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Sender' }), ' Jobs');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(canvas.getByText('Acme')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit Sender' })).toHaveFocus();
  },
};

export const EscapeCancels: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Sender' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Sender' }), ' Jobs{Escape}');
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Edit Sender' })).toHaveFocus();
    // Editing again starts from the saved value, not the abandoned draft.
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('textbox', { name: 'Sender' })).toHaveValue('Acme');
  },
};

export const Validation: Story = {
  args: {
    label: 'Credits',
    defaultValue: '1200',
    type: 'number',
    validate: (text) => (Number.isInteger(Number(text)) ? null : 'Credits must be an integer'),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Credits' }));
    const input = canvas.getByRole('textbox', { name: 'Credits' });
    await expect(input).toHaveAttribute('inputmode', 'decimal');
    await userEvent.clear(input);
    await userEvent.type(input, '1e3{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter a number');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Enter a number');
    await userEvent.clear(input);
    await userEvent.type(input, '1.5{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Credits must be an integer');
    await expect(args.onSave).not.toHaveBeenCalled();
    // Typing again clears the message.
    await userEvent.clear(input);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.type(input, '1500{Enter}');
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith('1500');
  },
};

export const Busy: Story = {
  args: { onSave: slowSave(400) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Sender' }));
    const input = canvas.getByRole('textbox', { name: 'Sender' });
    await userEvent.type(input, '2{Enter}');
    // While saving: the form is busy, the field read-only, Cancel and Escape do nothing.
    const save = canvas.getByRole('button', { name: /Save/ });
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await expect(input).toHaveAttribute('readonly');
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}{Enter}');
    await expect(canvas.getByRole('textbox', { name: 'Sender' })).toBeVisible();
    await waitFor(() => expect(canvas.getByText('Acme2')).toBeVisible());
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith('Acme2');
  },
};

export const SaveFails: Story = {
  args: {
    onSave: fn(async () => {
      throw new Error('The sender is taken');
    }),
    saveErrorMessage: (error) => (error instanceof Error ? error.message : 'Could not save'),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Sender' }));
    const input = canvas.getByRole('textbox', { name: 'Sender' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Helios{Enter}');
    await expect(args.onSave).toHaveBeenCalledWith('Helios');
    // The editor stays open with what was typed and says why, ready for another try.
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('The sender is taken'));
    await expect(canvas.getByRole('textbox', { name: 'Sender' })).toHaveValue('Helios');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

/** Controlled: the page holds the value; a save the page does not take leaves the old one shown. */
export const Controlled: Story = {
  render: function ControlledInlineEdit(args) {
    const [value, setValue] = useState('Acme');
    return (
      <InlineEdit
        {...args}
        value={value}
        defaultValue={undefined}
        onValueChange={(next) => {
          args.onValueChange?.(next);
          setValue(next.toUpperCase());
        }}
      />
    );
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Sender' }));
    const input = canvas.getByRole('textbox', { name: 'Sender' });
    await userEvent.clear(input);
    await userEvent.type(input, 'helios{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledOnce();
    await expect(args.onValueChange).toHaveBeenCalledWith('helios');
    await waitFor(() => expect(canvas.getByText('HELIOS')).toBeVisible());
  },
};

export const Empty: Story = {
  args: { defaultValue: '', emptyText: 'Not set' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Not set')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Edit Sender' })).toBeDisabled();
  },
};

export const Swedish: Story = {
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Ändra Avsändare' }));
    await expect(canvas.getByRole('button', { name: 'Spara' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Avbryt' })).toBeVisible();
  },
};
