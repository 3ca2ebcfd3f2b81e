import { SessionList, type SessionListItem, type SessionListProps } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../lib/locale';

const NOW = new Date('2026-03-10T12:00:00Z');

const THIS_DEVICE: SessionListItem = {
  id: 's1',
  device: 'Firefox 133 on Windows 10',
  method: 'Password and authenticator app',
  signedInAt: '2026-03-08T09:00:00Z',
  lastActiveAt: '2026-03-10T11:58:00Z',
  current: true,
};
const LAPTOP: SessionListItem = {
  id: 's2',
  device: 'Chrome 131 on macOS Catalina',
  method: 'Email code',
  signedInAt: '2026-03-03T08:00:00Z',
  lastActiveAt: '2026-03-09T16:20:00Z',
  current: false,
};
const PHONE: SessionListItem = {
  id: 's3',
  device: 'Safari 17 on iOS 17',
  method: 'Google',
  signedInAt: '2026-02-01T08:00:00Z',
  lastActiveAt: '2026-02-20T07:00:00Z',
  current: false,
};

const swedish: Partial<SessionListProps> = {
  listLabel: 'Sessioner',
  currentLabel: 'Den här enheten',
  signOutLabel: 'Logga ut',
  signOutSessionLabel: (device: string) => `Logga ut ${device}`,
  signingOutLabel: 'Loggar ut',
  signOutOthersLabel: 'Logga ut från alla andra sessioner',
  confirmTitle: 'Logga ut från alla andra sessioner?',
  confirmContent:
    'Alla andra webbläsare och enheter som är inloggade på ditt konto loggas ut. Den här förblir inloggad.',
  confirmLabel: 'Logga ut',
  cancelLabel: 'Avbryt',
  signedInLabel: 'Inloggad',
  lastActiveLabel: 'Senast aktiv',
  loadingLabel: 'Hämtar sessioner…',
  failedMessage: 'Det gick inte att hämta dina sessioner',
  retryLabel: 'Försök igen',
  locale: 'sv-SE',
};

const meta = {
  title: 'Design system/SessionList',
  tags: ['autodocs'],
  component: SessionList,
  args: {
    sessions: [THIS_DEVICE, LAPTOP, PHONE],
    now: NOW,
    onSignOut: fn(),
    onSignOutOthers: fn(),
    onRetry: fn(),
  },
  render: (args, { globals }) => <SessionList {...args} {...pick(globals, { en: {}, sv: swedish })} />,
  decorators: [
    (Story) => (
      <div className="w-full max-w-xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SessionList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Only this browser is signed in: no Sign out buttons, no bulk action. */
export const OneSession: Story = {
  args: { sessions: [THIS_DEVICE] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(1);
    await expect(within(items[0] as HTMLElement).getByText('This device')).toBeVisible();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** Three sessions: each other one has its own Sign out, named after its device. */
export const Several: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Sessions' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    const first = items[0] as HTMLElement;
    await expect(within(first).getByText('This device')).toBeVisible();
    await expect(within(first).queryByRole('button')).not.toBeInTheDocument();
    await expect(first).toHaveTextContent('Password and authenticator app');
    await expect(first).toHaveTextContent('Signed in 2 days ago · Last active today');
    await expect(items[2]).toHaveTextContent('Last active 2 weeks ago');
    // The exact time is the tooltip and the machine-readable value.
    await expect(first.querySelector('time')).toHaveAttribute('datetime', '2026-03-08T09:00:00.000Z');

    await userEvent.click(canvas.getByRole('button', { name: 'Sign out Chrome 131 on macOS Catalina' }));
    await expect(args.onSignOut).toHaveBeenCalledWith(LAPTOP);
    canvas.getByRole('button', { name: 'Sign out Safari 17 on iOS 17' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSignOut).toHaveBeenLastCalledWith(PHONE);
  },
};

/** The bulk action asks first: Cancel does nothing, confirming calls `onSignOutOthers`. */
export const SignOutOthers: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const bulk = canvas.getByRole('button', { name: 'Sign out of all other sessions' });
    await userEvent.click(bulk);
    const dialog = await body.findByRole('alertdialog', { name: 'Sign out of all other sessions?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onSignOutOthers).not.toHaveBeenCalled();
    await waitFor(() => expect(bulk).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    const again = await body.findByRole('alertdialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Sign out' }));
    await expect(args.onSignOutOthers).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** A sign-out in flight: that button is busy, the others and the bulk action wait. */
export const SigningOut: Story = {
  args: { signingOutId: 's2' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const busy = canvas.getByRole('button', { name: 'Sign out Chrome 131 on macOS Catalina' });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy);
    await expect(args.onSignOut).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Sign out Safari 17 on iOS 17' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Sign out of all other sessions' })).toBeDisabled();
  },
};

/** The other sessions are being signed out. */
export const SigningOutOthers: Story = {
  args: { signingOutOthers: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /Sign out of all other sessions/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Sign out Safari 17 on iOS 17' })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { status: 'loading', sessions: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading sessions…');
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { status: 'failed', sessions: [] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Could not load your sessions')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** At 360 px wide nothing scrolls sideways: the Sign out buttons wrap under their session. */
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 328 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector('[data-slot="session-list"]') as HTMLElement;
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
    for (const item of canvasElement.querySelectorAll('li'))
      await expect(item.scrollWidth).toBeLessThanOrEqual(item.clientWidth);
  },
};
