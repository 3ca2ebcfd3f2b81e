import { Checkbox } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/Checkbox',
  tags: ['autodocs'],
  component: Checkbox,
  args: { label: 'Remember me', onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args, { globals }) => (
    <Checkbox {...args} label={pick(globals, { en: 'Remember me', sv: 'Kom ihåg mig' })} />
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('checkbox', { name: 'Remember me' });
    await expect(box).not.toBeChecked();

    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);

    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);

    await userEvent.click(canvas.getByText('Remember me'));
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(3);
  },
};

export const Checked: Story = {
  args: { defaultChecked: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  },
};

export const WithDescription: Story = {
  args: { label: 'Admins only', description: 'Only platform administrators see this notification.' },
  render: (args, { globals }) => (
    <Checkbox
      {...args}
      {...pick(globals, {
        en: { label: 'Admins only', description: 'Only platform administrators see this notification.' },
        sv: { label: 'Endast administratörer', description: 'Bara plattformens administratörer ser notisen.' },
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Admins only' });
    await expect(box).toHaveAccessibleDescription('Only platform administrators see this notification.');
  },
};

export const Indeterminate: Story = {
  args: { label: 'All tenants', checked: 'indeterminate' },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'All tenants' });
    await expect(box).toHaveAttribute('aria-checked', 'mixed');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('checkbox', { name: 'Remember me' });
    await expect(box).toBeDisabled();
    await userEvent.click(canvas.getByText('Remember me'));
    await expect(box).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const WithoutLabel: Story = {
  args: { label: undefined, 'aria-label': 'Select anna@example.com' },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Select anna@example.com' });
    await expect(box.closest('[data-slot="checkbox-field"]')).toBeNull();
    await userEvent.click(box);
    await expect(box).toBeChecked();
  },
};
