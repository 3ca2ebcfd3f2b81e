import { Button, EmptyState } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const SearchIcon = (
  <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </svg>
);

const onCreate = fn();

const meta = {
  title: 'Design system/EmptyState',
  tags: ['autodocs'],
  component: EmptyState,
  args: { title: 'No tenants found', description: 'Try another name or slug.' },
  decorators: [(Story) => <div className="w-[28rem]">{Story()}</div>],
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args, { globals }) => (
    <EmptyState
      {...args}
      icon={SearchIcon}
      {...pick(globals, {
        en: { title: 'No tenants found', description: 'Try another name or slug.' },
        sv: { title: 'Inga instanser hittades', description: 'Prova ett annat namn eller en annan slug.' },
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No tenants found')).toBeVisible();
    await expect(canvas.getByText('Try another name or slug.')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="empty-state-icon"]')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const TitleOnly: Story = {
  args: { title: 'No settings', description: undefined },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="empty-state-description"]')).toBeNull();
  },
};

export const WithAction: Story = {
  args: {
    title: 'No tenants yet',
    description: 'Create the first tenant to get started.',
    action: <Button onClick={onCreate}>New tenant</Button>,
  },
  play: async ({ canvasElement }) => {
    onCreate.mockClear();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'New tenant' }));
    await expect(onCreate).toHaveBeenCalledOnce();
  },
};
