import { KeyValueTable, type KeyValueTableProps } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../lib/locale';

const SETTINGS = [
  { key: 'sms_sender', value: 'Acme' },
  { key: 'calendar_sync', value: 'true' },
  { key: 'welcome_text', value: 'Welcome to Acme Recruiting' },
];

/** Keeps the rows in state, as a page would after the server confirms a save. */
function LiveKeyValueTable({ onSave, onAdd, ...props }: KeyValueTableProps) {
  const [rows, setRows] = useState(props.rows);
  return (
    <KeyValueTable
      {...props}
      rows={rows}
      onSave={async (key, value) => {
        await onSave?.(key, value);
        setRows((current) => current.map((row) => (row.key === key ? { key, value } : row)));
      }}
      onAdd={
        onAdd &&
        (async (key, value) => {
          await onAdd(key, value);
          setRows((current) => [...current.filter((row) => row.key !== key), { key, value }]);
        })
      }
    />
  );
}

const meta = {
  title: 'Design system/KeyValueTable',
  tags: ['autodocs'],
  component: KeyValueTable,
  args: { rows: SETTINGS, onSave: fn(), caption: 'Tenant settings' },
  decorators: [(Story) => <div className="w-[36rem]">{Story()}</div>],
} satisfies Meta<typeof KeyValueTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const KeyValue: Story = {
  render: (args, { globals }) => (
    <LiveKeyValueTable
      {...args}
      {...pick(globals, {
        en: {},
        sv: {
          caption: 'Instansinställningar',
          keyLabel: 'Nyckel',
          valueLabel: 'Värde',
          actionsLabel: 'Åtgärder',
          editLabel: 'Redigera',
          saveLabel: 'Spara',
          cancelLabel: 'Avbryt',
          savingLabel: 'Sparar',
          valueInputLabel: (key: string) => `Värde för ${key}`,
          emptyText: 'Inga inställningar',
        },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit sms_sender' }));
    const input = canvas.getByRole('textbox', { name: 'Value for sms_sender' });
    await expect(input).toHaveFocus();
    await expect(input).toHaveValue('Acme');
    // Only one row edits at a time.
    await expect(canvas.getByRole('button', { name: 'Edit calendar_sync' })).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'Helios{Enter}');
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith('sms_sender', 'Helios');
    await waitFor(() => expect(canvas.queryByRole('textbox')).toBeNull());
    await expect(canvas.getByRole('row', { name: /sms_sender Helios/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit sms_sender' })).toHaveFocus();
    await expect(canvas.getByRole('button', { name: 'Edit calendar_sync' })).toBeEnabled();
  },
};

export const EscapeCancels: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit welcome_text' }));
    const input = canvas.getByRole('textbox', { name: 'Value for welcome_text' });
    await userEvent.type(input, ' and goodbye');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(canvas.getByText('Welcome to Acme Recruiting')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Edit welcome_text' })).toHaveFocus();
    // Opening the editor again starts from the saved value, not the abandoned draft.
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('textbox', { name: 'Value for welcome_text' })).toHaveValue(
      'Welcome to Acme Recruiting',
    );
  },
};

export const SaveAndCancelButtons: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit calendar_sync' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit calendar_sync' }));
    const input = canvas.getByRole('textbox', { name: 'Value for calendar_sync' });
    await userEvent.clear(input);
    await userEvent.type(input, 'false');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith('calendar_sync', 'false');
  },
};

export const SaveFails: Story = {
  args: {
    onSave: fn(async () => {
      throw new Error('Failed to save setting');
    }),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit sms_sender' }));
    const input = canvas.getByRole('textbox', { name: 'Value for sms_sender' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Helios{Enter}');
    await expect(args.onSave).toHaveBeenCalledWith('sms_sender', 'Helios');
    // The edit stays open with what was typed, ready to retry.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy'));
    await expect(canvas.getByRole('textbox', { name: 'Value for sms_sender' })).toHaveValue('Helios');
  },
};

export const Saving: Story = {
  args: { savingKey: 'calendar_sync' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Edit calendar_sync' })).toBeDisabled();
    await expect(canvas.getByRole('status')).toHaveTextContent('Saving');
  },
};

export const ReadOnly: Story = {
  args: { editable: false, onSave: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.getAllByRole('columnheader')).toHaveLength(2);
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('cell', { name: 'No settings' })).toBeVisible();
  },
};

export const AddSetting: Story = {
  args: { onAdd: fn() },
  render: (args) => <LiveKeyValueTable {...args} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const add = canvas.getByRole('button', { name: 'Add setting' });
    await expect(add).toBeDisabled();
    const keyField = canvas.getByRole('textbox', { name: 'New key' });
    await userEvent.type(keyField, '  invoice_email ');
    await userEvent.type(canvas.getByRole('textbox', { name: 'New value' }), 'billing@acme.example');
    await userEvent.keyboard('{Enter}');
    await expect(args.onAdd).toHaveBeenCalledOnce();
    await expect(args.onAdd).toHaveBeenCalledWith('invoice_email', 'billing@acme.example');
    await waitFor(() => expect(canvas.getByRole('row', { name: /invoice_email billing@acme.example/ })).toBeVisible());
    await expect(keyField).toHaveValue('');
    await expect(keyField).toHaveFocus();
  },
};
