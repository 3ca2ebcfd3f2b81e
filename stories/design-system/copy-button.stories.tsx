import { CopyButton } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../lib/locale';

const LINK = 'https://helios.example.com/login/set-password/3f9c2a';

/** Replaces navigator.clipboard for the length of `run`, then restores the browser's own. */
async function withClipboard(clipboard: Partial<Clipboard> | undefined, run: () => Promise<void>): Promise<void> {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  try {
    await run();
  } finally {
    // The real clipboard is a getter on Navigator.prototype; removing the own property reveals it again.
    Reflect.deleteProperty(navigator, 'clipboard');
  }
}

const meta = {
  title: 'Design system/CopyButton',
  tags: ['autodocs'],
  component: CopyButton,
  args: { value: LINK, onCopied: fn(), onCopyError: fn(), onClick: fn() },
  argTypes: {
    variant: { control: 'select', options: ['primary', 'secondary', 'outline', 'ghost'] },
    size: { control: 'select', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { copiedDurationMs: 400 },
  render: (args, { globals }) => (
    <CopyButton
      {...args}
      {...pick(globals, {
        en: { label: 'Copy link', copiedLabel: 'Copied' },
        sv: { label: 'Kopiera länk', copiedLabel: 'Kopierad' },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const writeText = fn().mockResolvedValue(undefined);
    await withClipboard({ writeText }, async () => {
      const canvas = within(canvasElement);
      await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
      await expect(writeText).toHaveBeenCalledWith(LINK);
      await expect(args.onCopied).toHaveBeenCalledWith(LINK);
      await expect(canvas.getByRole('button', { name: 'Copied' })).toBeVisible();
      await expect(canvas.getByRole('status')).toHaveTextContent('Copied');
      // After the feedback time the button returns to its label.
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy link' })).toBeVisible(), { timeout: 2000 });
      await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    });
  },
};

export const Small: Story = {
  args: { size: 'sm', variant: 'ghost', label: 'Copy' },
};

/** The icon alone, for a table cell: the label stays the accessible name and is the tooltip. */
export const IconOnly: Story = {
  args: { iconOnly: true, variant: 'ghost', label: 'Copy the full ID', value: '6f1c2f4e-8a1b-4c3d-9e0f-123456789abc' },
  play: async ({ args, canvasElement }) => {
    const writeText = fn().mockResolvedValue(undefined);
    await withClipboard({ writeText }, async () => {
      const button = within(canvasElement).getByRole('button', { name: 'Copy the full ID' });
      await expect(button).toHaveAttribute('title', 'Copy the full ID');
      await expect(button.getBoundingClientRect().width).toBeLessThanOrEqual(32);
      await userEvent.click(button);
      await expect(writeText).toHaveBeenCalledWith(args.value);
      await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Copied');
    });
  },
};

export const FallbackWithoutClipboardApi: Story = {
  play: async ({ args, canvasElement }) => {
    const execCommand = spyOn(document, 'execCommand').mockReturnValue(true);
    try {
      await withClipboard(undefined, async () => {
        const canvas = within(canvasElement);
        const button = canvas.getByRole('button', { name: 'Copy link' });
        await userEvent.click(button);
        await expect(execCommand).toHaveBeenCalledWith('copy');
        await expect(args.onCopied).toHaveBeenCalledWith(LINK);
        await expect(canvas.getByRole('button', { name: 'Copied' })).toHaveFocus();
        // The helper textarea is gone again.
        await expect(canvasElement.ownerDocument.querySelector('textarea')).toBeNull();
      });
    } finally {
      execCommand.mockRestore();
    }
  },
};

export const CopyRejected: Story = {
  play: async ({ args, canvasElement }) => {
    const failure = new DOMException('Write permission denied', 'NotAllowedError');
    const writeText = fn().mockRejectedValue(failure);
    await withClipboard({ writeText }, async () => {
      const canvas = within(canvasElement);
      await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
      await waitFor(() => expect(args.onCopyError).toHaveBeenCalledWith(failure));
      await expect(args.onCopied).not.toHaveBeenCalled();
      await expect(canvas.getByRole('button', { name: 'Copy link' })).toBeVisible();
    });
  },
};

export const FallbackRefused: Story = {
  play: async ({ args, canvasElement }) => {
    const execCommand = spyOn(document, 'execCommand').mockReturnValue(false);
    try {
      await withClipboard(undefined, async () => {
        await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copy link' }));
        await expect(args.onCopyError).toHaveBeenCalledOnce();
        await expect(args.onCopied).not.toHaveBeenCalled();
      });
    } finally {
      execCommand.mockRestore();
    }
  },
};
