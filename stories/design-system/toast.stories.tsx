import { Button, Toast, ToastProvider, type ToastTone, useToast } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/Toast',
  tags: ['autodocs'],
  component: Toast,
  args: { message: 'Reset email sent', tone: 'success', onClose: fn() },
  argTypes: { tone: { control: 'select', options: ['success', 'info', 'error'] } },
  decorators: [(Story) => <div className="w-96">{Story()}</div>],
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args, { globals }) => (
    <Toast
      {...args}
      {...pick(globals, {
        en: { message: 'Reset email sent', closeLabel: 'Close' },
        sv: { message: 'Återställningsmejl skickat', closeLabel: 'Stäng' },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

export const Tones: Story = {
  render: (args) => (
    <div className="flex flex-col gap-2">
      <Toast {...args} tone="success" message="Reset link copied" />
      <Toast {...args} tone="info" message="A new version is available" />
      <Toast {...args} tone="error" message="Failed to delete credential" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('button', { name: 'Close' })).toHaveLength(3);
  },
};

type TriggerProps = { message: string; tone?: ToastTone; durationMs?: number; children: string };

function ToastTrigger({ message, tone, durationMs, children }: TriggerProps) {
  const { toast } = useToast();
  return <Button onClick={() => toast(message, { tone, durationMs })}>{children}</Button>;
}

export const AutoDismiss: Story = {
  render: (_args, { globals }) => {
    const words = pick(globals, {
      en: { trigger: 'Send reset email', message: 'Reset email sent', close: 'Close', region: 'Notifications' },
      sv: {
        trigger: 'Skicka återställningsmejl',
        message: 'Återställningsmejl skickat',
        close: 'Stäng',
        region: 'Aviseringar',
      },
    });
    return (
      <ToastProvider closeLabel={words.close} label={words.region}>
        <ToastTrigger message={words.message} durationMs={300}>
          {words.trigger}
        </ToastTrigger>
      </ToastProvider>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Notifications' });
    // The live region exists before the toast, so adding the toast is announced.
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(within(region).queryAllByRole('listitem')).toHaveLength(0);
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset email' }));
    // Inside the polite live region, so screen readers announce it.
    await waitFor(() => expect(within(region).getByText('Reset email sent')).toBeVisible());
    await waitFor(() => expect(within(region).queryByText('Reset email sent')).toBeNull(), { timeout: 2000 });
  },
};

export const CloseButton: Story = {
  render: () => (
    <ToastProvider>
      <ToastTrigger message="Failed to remove authentication method" tone="error" durationMs={0}>
        Remove method
      </ToastTrigger>
    </ToastProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Notifications' });
    await userEvent.click(canvas.getByRole('button', { name: 'Remove method' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Remove method' }));
    await expect(within(region).getAllByText('Failed to remove authentication method')).toHaveLength(2);
    const [firstClose] = within(region).getAllByRole('button', { name: 'Close' });
    if (!firstClose) throw new Error('No close button');
    await userEvent.click(firstClose);
    await expect(within(region).getAllByText('Failed to remove authentication method')).toHaveLength(1);
    // durationMs 0 keeps a toast until it is closed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(within(region).getByText('Failed to remove authentication method')).toBeInTheDocument();
  },
};
