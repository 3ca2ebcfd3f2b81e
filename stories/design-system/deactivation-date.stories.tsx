import { DeactivationDate } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const swedish = {
  label: 'Avaktiveringsdatum (UTC)',
  saveLabel: 'Spara',
  clearLabel: 'Rensa',
  labels: { current: 'Nuvarande', notSet: 'Inte satt', invalid: 'Ange ett giltigt datum och klockslag' },
};

const meta = {
  title: 'Design system/DeactivationDate',
  tags: ['autodocs'],
  component: DeactivationDate,
  args: { value: '2026-12-31T23:00:00.000Z', onSave: fn() },
  render: function Render(args, { globals }) {
    // Saving stores the value like the app would, so the round trip shows in the field and the hint.
    const [value, setValue] = useState(args.value);
    return (
      <DeactivationDate
        {...args}
        {...pick<Partial<typeof swedish>>(globals, { en: {}, sv: swedish })}
        value={value}
        onSave={(iso) => {
          args.onSave(iso);
          setValue(iso);
        }}
      />
    );
  },
} satisfies Meta<typeof DeactivationDate>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The field shows and takes UTC wall-clock time, whatever time zone the browser is in. */
export const RoundTripInUtc: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Deactivation date (UTC)');
    await expect(input).toHaveValue('2026-12-31T23:00');
    await expect(input).toHaveAccessibleDescription('Current: 2026-12-31 23:00 UTC');

    await userEvent.clear(input);
    await userEvent.type(input, '2027-01-15T08:30');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith('2027-01-15T08:30:00.000Z');
    await expect(input).toHaveValue('2027-01-15T08:30');
    await expect(input).toHaveAccessibleDescription('Current: 2027-01-15 08:30 UTC');
  },
};

export const Clear: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith(null);
    await expect(canvas.getByLabelText('Deactivation date (UTC)')).toHaveValue('');
    await expect(canvas.getByText('Current: Not set')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Clear' })).toBeDisabled();
  },
};

export const NotSet: Story = {
  args: { value: null },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Deactivation date (UTC)');
    await expect(input).toHaveValue('');
    await expect(input).toHaveAccessibleDescription('Current: Not set');
    await userEvent.type(input, '2026-06-30T22:00');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith('2026-06-30T22:00:00.000Z');
  },
};

export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Clear' })).toBeDisabled();
  },
};

export const Swedish: Story = {
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Avaktiveringsdatum (UTC)');
    await expect(input).toHaveAccessibleDescription('Nuvarande: 2026-12-31 23:00 UTC');
  },
};
