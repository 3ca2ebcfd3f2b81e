import { type DateRange, DateRangeFilter, type DateRangeFilterProps } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const swedish: Partial<DateRangeFilterProps> = {
  legend: 'Datumintervall',
  fromLabel: 'Från',
  toLabel: 'Till',
  invalidMessage: 'Slutdatumet får inte vara före startdatumet',
};

const meta = {
  title: 'Design system/DateRangeFilter',
  tags: ['autodocs'],
  component: DateRangeFilter,
  args: { onValueChange: fn() },
  render: (args, { globals }) => <DateRangeFilter {...args} {...pick(globals, { en: {}, sv: swedish })} />,
  decorators: [
    (Story) => (
      <div className="w-full max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DateRangeFilter>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Uncontrolled: typing a day reports the whole range; both ends are optional. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Date range' })).toBeVisible();
    const from = canvas.getByLabelText('From');
    await userEvent.type(from, '2026-03-01');
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ from: '2026-03-01', to: '' });
    await expect(canvas.getByLabelText('To')).toHaveAttribute('min', '2026-03-01');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** Controlled, with the state held by the caller (the console keeps it in the address). */
export const Controlled: Story = {
  render: function Render(args) {
    const [range, setRange] = useState<DateRange>({ from: '2026-03-01', to: '2026-03-31' });
    return (
      <div className="grid gap-2">
        <DateRangeFilter
          {...args}
          value={range}
          onValueChange={(next) => {
            setRange(next);
            args.onValueChange?.(next);
          }}
        />
        <output className="text-sm">{`${range.from} – ${range.to}`}</output>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(canvas.getByLabelText('To'));
    await expect(canvasElement.querySelector('output')).toHaveTextContent('2026-03-01 –');
  },
};

/** A last day before the first is marked invalid and explained. */
export const Reversed: Story = {
  args: { defaultValue: { from: '2026-03-10', to: '2026-03-01' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const to = canvas.getByLabelText(/^(To|Till)$/);
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      /The end date must not be before the start date|Slutdatumet får inte vara före startdatumet/,
    );
    await expect(to).toHaveAccessibleDescription(/end date|Slutdatumet/);
  },
};
