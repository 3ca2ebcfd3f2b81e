import { Progress, Spinner } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/Spinner',
  tags: ['autodocs'],
  component: Spinner,
  args: { label: 'Loading', size: 'md' },
  argTypes: { size: { control: 'select', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args, { globals }) => (
    <Spinner {...args} {...pick(globals, { en: { label: 'Loading' }, sv: { label: 'Laddar' } })} />
  ),
  play: async ({ canvasElement }) => {
    // A status region is announced by its content (role=status takes no name from content).
    const spinner = within(canvasElement).getByRole('status');
    await expect(spinner).toHaveTextContent(/^Loading$/);
    // Only the words are read out; the spinning ring is decoration.
    await expect(spinner.querySelector('.animate-spin')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-4 text-primary">
      <Spinner {...args} size="sm" />
      <Spinner {...args} size="md" />
      <Spinner {...args} size="lg" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const rings = canvasElement.querySelectorAll('.animate-spin');
    await expect(rings).toHaveLength(3);
    await expect(rings[0]).toHaveClass('size-4');
    await expect(rings[2]).toHaveClass('size-10');
  },
};

export const CustomLabel: Story = {
  args: { label: 'Signing in' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(/^Signing in$/);
  },
};

export const ProgressValues: Story = {
  render: (_args, { globals }) => {
    const label = pick(globals, { en: 'Upload', sv: 'Uppladdning' });
    return (
      <div className="flex w-80 flex-col gap-4">
        <Progress value={0} label={`${label} 0`} />
        <Progress value={40} label={`${label} 40`} />
        <Progress value={100} label={`${label} 100`} />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bars = canvas.getAllByRole('progressbar');
    await expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['0', '40', '100']);
    const forty = canvas.getByRole('progressbar', { name: 'Upload 40' });
    await expect(forty.querySelector('[data-slot="progress-indicator"]')).toHaveStyle({ width: '128px' });
  },
};

export const ProgressIndeterminate: Story = {
  render: () => (
    <div className="w-80">
      <Progress label="Sending notification" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Sending notification' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
  },
};

export const ProgressClamped: Story = {
  render: () => (
    <div className="w-80">
      <Progress value={140} label="Credits used" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Credits used' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  },
};
