import { Avatar } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';

// A 1×1 PNG, so the picture story needs no network.
const PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhgGAd3H1ZQAAAABJRU5ErkJggg==';

const meta = {
  title: 'Design system/Avatar',
  tags: ['autodocs'],
  component: Avatar,
  args: { name: 'Anna Svensson', size: 'md' },
  argTypes: { size: { control: 'select', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole('img', { name: 'Anna Svensson' });
    await expect(avatar).toHaveTextContent(/^AS$/);
  },
};

export const SingleName: Story = {
  args: { name: 'Cher' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Cher' })).toHaveTextContent(/^C$/);
  },
};

export const Picture: Story = {
  args: { src: PICTURE, size: 'lg' },
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole('img', { name: 'Anna Svensson' });
    await expect(image.tagName).toBe('IMG');
    await expect(image).toHaveAttribute('src', PICTURE);
  },
};

export const BrokenPicture: Story = {
  args: { src: 'data:image/png;base64,bm90IGFuIGltYWdl', size: 'lg' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('img')).toBeNull());
    const fallback = canvas.getByRole('img', { name: 'Anna Svensson' });
    await expect(fallback).toHaveTextContent(/^AS$/);
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      <Avatar {...args} size="sm" />
      <Avatar {...args} size="md" />
      <Avatar {...args} size="lg" src={PICTURE} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('img', { name: 'Anna Svensson' })).toHaveLength(3);
  },
};
