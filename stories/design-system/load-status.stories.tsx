import { LoadStatus, SkeletonText } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/LoadStatus',
  tags: ['autodocs'],
  component: LoadStatus,
  args: {
    status: 'idle',
    failedMessage: 'Failed to load tenants',
    onRetry: fn(),
    children: <p>Acme Recruiting · acme</p>,
  },
  argTypes: { status: { control: 'inline-radio', options: ['idle', 'loading', 'failed'] } },
  decorators: [(Story) => <div className="w-[28rem]">{Story()}</div>],
} satisfies Meta<typeof LoadStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Acme Recruiting · acme')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="load-status"]')).not.toHaveAttribute('aria-busy');
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  render: (args, { globals }) => (
    <LoadStatus {...args} {...pick(globals, { en: { loadingLabel: 'Loading…' }, sv: { loadingLabel: 'Laddar…' } })} />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…');
    await expect(canvasElement.querySelector('[data-slot="load-status"]')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByText('Acme Recruiting · acme')).toBeNull();
  },
};

export const LoadingWithSkeleton: Story = {
  args: { status: 'loading', skeleton: <SkeletonText lines={3} /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(3);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…');
    await expect(canvasElement.querySelector('[data-slot="spinner"]')).toBeNull();
  },
};

export const Failed: Story = {
  args: { status: 'failed' },
  render: (args, { globals }) => (
    <LoadStatus
      {...args}
      {...pick(globals, {
        en: { failedMessage: 'Failed to load tenants', retryLabel: 'Try again' },
        sv: { failedMessage: 'Det gick inte att hämta instanserna', retryLabel: 'Försök igen' },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load tenants');
    await expect(canvas.queryByText('Acme Recruiting · acme')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const FailedWithoutRetry: Story = {
  args: { status: 'failed', onRetry: undefined, failedMessage: 'Failed to load password reset links' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load password reset links');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
