import type { Meta, StoryObj } from '@storybook/react-vite';
import { I18nextProvider } from 'react-i18next';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { adminI18n } from '../../app-admin/src/i18n';
import { SmsSettingsPanel } from '../../app-admin/src/routes/tenants/sms-settings-panel';
import { withAdminLanguage } from './lib/admin-story';

const meta = {
  title: 'App admin/SMS settings panel',
  component: SmsSettingsPanel,
  decorators: [
    (Story) => (
      <I18nextProvider i18n={adminI18n}>
        <Story />
      </I18nextProvider>
    ),
  ],
  loaders: [withAdminLanguage],
  args: {
    settings: {
      enabled: true,
      sender: 'Acme',
      warning1: 500,
      warning2: 100,
      paused: false,
      warned: false,
      signature: null,
      deactivatesAt: '2027-01-01T00:00:00+01:00',
    },
    credits: 1200,
    onToggleEnabled: fn(),
    onTogglePaused: fn(),
    onSaveField: fn(),
    onAddCredits: fn(),
  },
  render: (args) => (
    <div className="w-[40rem] max-w-full">
      <SmsSettingsPanel {...args} />
    </div>
  ),
} satisfies Meta<typeof SmsSettingsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No box of the panel reaches into another: each badge stays inside its value cell. */
async function expectNoOverlap(canvasElement: HTMLElement) {
  const panel = canvasElement.querySelector('[data-slot=sms-settings-panel]') as HTMLElement;
  const badge = panel.querySelector('[data-slot=sms-waiting-for-signature]') as HTMLElement;
  const cell = badge.closest('dd') as HTMLElement;
  const box = badge.getBoundingClientRect();
  const inCell = cell.getBoundingClientRect();
  await expect(box.right).toBeLessThanOrEqual(inCell.right + 0.5);
  for (const term of panel.querySelectorAll('dt')) {
    const other = term.getBoundingClientRect();
    const overlaps =
      box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom;
    await expect(overlaps, `the badge overlaps “${term.textContent}”`).toBe(false);
  }
}

/** The width the panel gets in the console at 1280 px (beside the deactivation box): one column,
 * and "Waiting for signature" never runs into "Warned". */
export const NarrowAsInTheConsole: Story = {
  render: (args) => (
    <div style={{ width: 459 }}>
      <SmsSettingsPanel {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Waiting for signature')).toBeVisible();
    await expectNoOverlap(canvasElement);
  },
};

export const NarrowSwedish: Story = {
  ...NarrowAsInTheConsole,
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Väntar på signatur')).toBeVisible();
    await expectNoOverlap(canvasElement);
  },
};

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'SMS' })).toBeVisible();
    const value = (term: string) => canvas.getByText(term, { selector: 'dt' }).nextElementSibling;
    await expect(value('Sender')).toHaveTextContent('Acme');
    await expect(value('Credits')).toHaveTextContent('1200');
    await expect(value('Warning 1')).toHaveTextContent('500');
    await expect(value('Warning 2')).toHaveTextContent('100');
    await expect(value('Signature')).toHaveTextContent('Waiting for signature');
    await expect(value('Warned')).toHaveTextContent('No');
    await expect(value('Paused')).toHaveTextContent('No');
    // Midnight in Stockholm is 23:00 the day before in UTC, whatever the browser's own zone.
    await expect(value('Deactivates at')).toHaveTextContent('2026-12-31 23:00 UTC');
  },
};

export const Signed: Story = {
  args: {
    settings: { enabled: true, sender: 'Acme', paused: true, warned: true, signature: 'Anna Andersson' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Anna Andersson')).toBeVisible();
    await expect(canvas.queryByText('Waiting for signature')).toBeNull();
    await expect(canvas.getByText('Warned', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Yes');
    await expect(canvas.getByText('Deactivates at', { selector: 'dt' }).nextElementSibling).toHaveTextContent('–');
  },
};

export const EditSenderWithEnter: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Sender' }));
    const input = canvas.getByRole('textbox', { name: 'Sender' });
    await expect(input).toHaveFocus();
    await expect(input).toHaveValue('Acme');
    await userEvent.clear(input);
    await userEvent.type(input, 'AcmeHR{Enter}');
    await expect(args.onSaveField).toHaveBeenCalledOnce();
    await expect(args.onSaveField).toHaveBeenCalledWith('sender', 'AcmeHR');
    await expect(canvas.queryByRole('textbox', { name: 'Sender' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Edit Sender' })).toHaveFocus();
  },
};

export const EscapeCancelsEdit: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Warning 1' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Warning 1' }), '0{Escape}');
    await expect(canvas.queryByRole('textbox', { name: 'Warning 1' })).toBeNull();
    await expect(args.onSaveField).not.toHaveBeenCalled();
    await expect(canvas.getByText('Warning 1', { selector: 'dt' }).nextElementSibling).toHaveTextContent('500');
  },
};

export const CreditsMustBeAnInteger: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Credits' }));
    const input = canvas.getByRole('textbox', { name: 'Credits' });
    await userEvent.clear(input);
    await userEvent.type(input, '1.5{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Credits must be an integer');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Credits must be an integer');
    await expect(args.onSaveField).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, '1500');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onSaveField).toHaveBeenCalledOnce();
    await expect(args.onSaveField).toHaveBeenCalledWith('credits', 1500);
  },
};

export const WarningMustBeAWholeNumber: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Warning 2' }));
    const input = canvas.getByRole('textbox', { name: 'Warning 2' });
    await userEvent.clear(input);
    await userEvent.type(input, 'ten{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Must be a whole number');
    await expect(args.onSaveField).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, '50{Enter}');
    await expect(args.onSaveField).toHaveBeenCalledOnce();
    await expect(args.onSaveField).toHaveBeenCalledWith('warning_2', 50);
  },
};

export const AddCredits: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const amount = canvas.getByRole('textbox', { name: 'Add credits' });
    await userEvent.type(amount, '-5');
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter a positive whole number');
    await expect(args.onAddCredits).not.toHaveBeenCalled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '100{Enter}');
    await expect(args.onAddCredits).toHaveBeenCalledOnce();
    await expect(args.onAddCredits).toHaveBeenCalledWith(100);
    await expect(amount).toHaveValue('');
  },
};

export const EnableAndPauseActions: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Disable SMS' }));
    await expect(args.onToggleEnabled).toHaveBeenCalledOnce();
    await expect(args.onToggleEnabled).toHaveBeenCalledWith(false);
    await userEvent.click(canvas.getByRole('button', { name: 'Pause SMS' }));
    await expect(args.onTogglePaused).toHaveBeenCalledOnce();
    await expect(args.onTogglePaused).toHaveBeenCalledWith(true);
  },
};

export const DisabledAndPaused: Story = {
  args: {
    settings: { enabled: false, paused: true, warned: false, sender: 'Acme', signature: 'Anna Andersson' },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enable SMS' }));
    await expect(args.onToggleEnabled).toHaveBeenCalledOnce();
    await expect(args.onToggleEnabled).toHaveBeenCalledWith(true);
    await userEvent.click(canvas.getByRole('button', { name: 'Unpause SMS' }));
    await expect(args.onTogglePaused).toHaveBeenCalledOnce();
    await expect(args.onTogglePaused).toHaveBeenCalledWith(false);
  },
};

export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Disable SMS' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Edit Sender' })).toBeDisabled();
  },
};

export const Swedish: Story = {
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Väntar på signatur')).toBeVisible();
    await expect(canvas.getByText('Avaktiveras', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '2026-12-31 23:00 UTC',
    );
    await expect(canvas.getByRole('button', { name: 'Ändra Avsändare' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Stäng av SMS' })).toBeVisible();
  },
};

export const SaveFailsKeepsTheEditor: Story = {
  args: {
    onSaveField: fn(async () => {
      throw new Error('refused');
    }),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Warning 1' }));
    const input = canvas.getByRole('textbox', { name: 'Warning 1' });
    await userEvent.clear(input);
    await userEvent.type(input, '400{Enter}');
    await expect(args.onSaveField).toHaveBeenCalledWith('warning_1', 400);
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Failed to save the SMS settings'));
    await expect(canvas.getByRole('textbox', { name: 'Warning 1' })).toHaveValue('400');
  },
};

export const SenderTooLong: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Sender' }));
    const input = canvas.getByRole('textbox', { name: 'Sender' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Acme Recruiting{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('The sender can be at most 11 characters');
    await expect(args.onSaveField).not.toHaveBeenCalled();
  },
};

/** At 360 px the rows stack and an open editor stays inside the panel. */
export const PhoneWidth: Story = {
  render: (args) => (
    <div style={{ width: 328 }}>
      <SmsSettingsPanel {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = canvasElement.querySelector('[data-slot=sms-settings-panel]') as HTMLElement;
    await expectNoOverlap(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Sender' }));
    await expect(canvas.getByRole('textbox', { name: 'Sender' })).toBeVisible();
    const inside = panel.getBoundingClientRect();
    for (const button of [
      canvas.getByRole('button', { name: 'Save' }),
      canvas.getByRole('button', { name: 'Cancel' }),
    ]) {
      await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(inside.right);
    }
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth);
  },
};
