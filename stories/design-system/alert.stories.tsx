import { Alert, InfoBox } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/Alert',
  tags: ['autodocs'],
  component: Alert,
  args: { tone: 'info', title: 'Check your inbox', children: 'We sent a one-time code to anna@example.com.' },
  argTypes: {
    tone: { control: 'select', options: ['info', 'success', 'warning', 'error'] },
  },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  render: (args, { globals }) => (
    <Alert
      {...args}
      {...pick(globals, {
        en: { title: 'Check your inbox', children: 'We sent a one-time code to anna@example.com.' },
        sv: { title: 'Kolla din inkorg', children: 'Vi har skickat en engångskod till anna@example.com.' },
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('status');
    await expect(alert).toHaveAttribute('data-tone', 'info');
    await expect(within(alert).queryByRole('button')).toBeNull();
  },
};

export const Tones: Story = {
  render: () => (
    <div className="flex w-[28rem] flex-col gap-3">
      <Alert tone="info" title="Info">
        A new version is available.
      </Alert>
      <Alert tone="success" title="Success">
        Reset email sent.
      </Alert>
      <Alert tone="warning" title="Warning">
        Account temporarily locked after too many failed attempts.
      </Alert>
      <Alert tone="error" title="Error">
        Failed to load tenants.
      </Alert>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const statuses = canvas.getAllByRole('status');
    const alerts = canvas.getAllByRole('alert');
    await expect(statuses.map((el) => el.dataset.tone)).toEqual(['info', 'success']);
    await expect(alerts.map((el) => el.dataset.tone)).toEqual(['warning', 'error']);
    // Every tone has its own decorative icon, hidden from screen readers.
    for (const el of [...statuses, ...alerts]) {
      await expect(el.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
  },
};

export const ErrorMessage: Story = {
  args: { tone: 'error', title: 'Something went wrong', children: 'Failed to load accounts' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Failed to load accounts');
  },
};

export const Dismissible: Story = {
  args: { tone: 'success', title: undefined, children: 'Credential deleted', onDismiss: fn() },
  render: (args, { globals }) => (
    <Alert
      {...args}
      {...pick(globals, {
        en: { children: 'Credential deleted', dismissLabel: 'Dismiss' },
        sv: { children: 'Inloggningsmetoden togs bort', dismissLabel: 'Stäng' },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Dismiss' });
    await userEvent.click(button);
    await expect(args.onDismiss).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDismiss).toHaveBeenCalledTimes(2);
  },
};

export const RoleOverride: Story = {
  args: { tone: 'error', role: 'status', children: 'Validation summary, read on request' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveAttribute('data-tone', 'error');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const SpamInfoBox: Story = {
  render: (_args, { globals }) => (
    <InfoBox className="w-96">
      {pick(globals, {
        en: "Can't find the code? Check your spam folder.",
        sv: 'Hittar du inte koden? Titta i skräpposten.',
      })}
    </InfoBox>
  ),
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('status');
    await expect(box).toHaveAttribute('data-tone', 'info');
    await expect(box).toHaveTextContent(/spam|skräppost/);
  },
};
