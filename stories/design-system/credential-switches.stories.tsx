import { type CredentialMethod, CredentialSwitches, type CredentialSwitchesProps } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/CredentialSwitches',
  tags: ['autodocs'],
  component: CredentialSwitches,
  args: {
    methods: { password: true, google: false, microsoft: true, totp: false, webauthn: false },
    isUser: false,
    hasEmail: true,
    onToggle: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-96">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CredentialSwitches>;

export default meta;
type Story = StoryObj<typeof meta>;

const SWEDISH_LABELS: CredentialSwitchesProps['labels'] = {
  group: 'Inloggningsmetoder',
  password: 'E-post och lösenord',
  totp: 'Tvåstegsverifiering',
  webauthn: 'Säkerhetsnyckel',
  'user-password': 'Inloggning med lösenord krävs för användarkonton',
  'no-email': 'Kräver en e-postadress',
};

/** Holds the switch states the way the profile page does, so the switches move when clicked. */
function StatefulSwitches(props: CredentialSwitchesProps) {
  const [methods, setMethods] = useState(props.methods);
  return (
    <CredentialSwitches
      {...props}
      methods={methods}
      onToggle={(method: CredentialMethod, next: boolean) => {
        props.onToggle(method, next);
        setMethods((current) => ({ ...current, [method]: next }));
      }}
    />
  );
}

export const Default: Story = {
  render: (args, { globals }) => (
    <StatefulSwitches {...args} {...pick(globals, { en: {}, sv: { labels: SWEDISH_LABELS } })} />
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Sign-in methods' })).toBeInTheDocument();
    const names = ['Email and password', 'Google', 'Microsoft', 'Two-factor authentication', 'Security key'];
    await expect(canvas.getAllByRole('switch')).toHaveLength(5);
    for (const name of names) await expect(canvas.getByRole('switch', { name })).toBeEnabled();

    const google = canvas.getByRole('switch', { name: 'Google' });
    await expect(google).not.toBeChecked();
    await userEvent.click(google);
    await expect(args.onToggle).toHaveBeenLastCalledWith('google', true);
    await expect(google).toBeChecked();

    await userEvent.click(canvas.getByRole('switch', { name: 'Microsoft' }));
    await expect(args.onToggle).toHaveBeenLastCalledWith('microsoft', false);

    // Keyboard: Space toggles the focused switch.
    canvas.getByRole('switch', { name: 'Two-factor authentication' }).focus();
    await userEvent.keyboard(' ');
    await expect(args.onToggle).toHaveBeenLastCalledWith('totp', true);
    await userEvent.click(canvas.getByText('Security key'));
    await expect(args.onToggle).toHaveBeenLastCalledWith('webauthn', true);
    await expect(args.onToggle).toHaveBeenCalledTimes(4);
  },
};

export const UserAccount: Story = {
  args: { isUser: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const password = canvas.getByRole('switch', { name: 'Email and password' });
    await expect(password).toBeDisabled();
    await expect(password).toBeChecked();
    await expect(password).toHaveAccessibleDescription('Password sign-in is required for user accounts');
    await expect(canvas.getByText('Password sign-in is required for user accounts')).toBeVisible();
    await userEvent.click(password, { pointerEventsCheck: 0 });
    await expect(args.onToggle).not.toHaveBeenCalled();

    for (const name of ['Google', 'Microsoft', 'Two-factor authentication', 'Security key']) {
      await expect(canvas.getByRole('switch', { name })).toBeEnabled();
    }
    await userEvent.click(canvas.getByRole('switch', { name: 'Google' }));
    await expect(args.onToggle).toHaveBeenCalledOnce();
    await expect(args.onToggle).toHaveBeenCalledWith('google', true);
  },
};

export const NoEmail: Story = {
  args: { hasEmail: false },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ['Google', 'Microsoft', 'Two-factor authentication']) {
      const locked = canvas.getByRole('switch', { name });
      await expect(locked).toBeDisabled();
      await expect(locked).toHaveAccessibleDescription('Requires an email address');
      await userEvent.click(locked, { pointerEventsCheck: 0 });
    }
    await expect(canvas.getAllByText('Requires an email address')).toHaveLength(3);
    await expect(args.onToggle).not.toHaveBeenCalled();

    await expect(canvas.getByRole('switch', { name: 'Email and password' })).toBeEnabled();
    await expect(canvas.getByRole('switch', { name: 'Security key' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('switch', { name: 'Email and password' }));
    await expect(args.onToggle).toHaveBeenCalledOnce();
    await expect(args.onToggle).toHaveBeenCalledWith('password', false);
  },
};

export const UserAccountWithoutEmail: Story = {
  args: { isUser: true, hasEmail: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const disabled = canvas.getAllByRole('switch').filter((element) => element.hasAttribute('disabled'));
    await expect(disabled).toHaveLength(4);
    await expect(canvas.getByRole('switch', { name: 'Security key' })).toBeEnabled();
  },
};

export const Pending: Story = {
  args: { pending: 'google' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const google = canvas.getByRole('switch', { name: 'Google' });
    await expect(google).toBeDisabled();
    await expect(google).toHaveAttribute('aria-busy', 'true');
    await expect(google).not.toHaveAccessibleDescription();
    await userEvent.click(google, { pointerEventsCheck: 0 });
    await expect(args.onToggle).not.toHaveBeenCalled();
    await expect(canvas.getByRole('switch', { name: 'Microsoft' })).toBeEnabled();
  },
};

export const OnlyGoogle: Story = {
  args: { availableProviders: ['google'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('switch', { name: 'Google' })).toBeInTheDocument();
    await expect(canvas.queryByRole('switch', { name: 'Microsoft' })).not.toBeInTheDocument();
    await expect(canvas.getAllByRole('switch')).toHaveLength(4);
  },
};

/** The organisation's single sign-on, named by its configuration, beside Google. */
export const SingleSignOn: Story = {
  args: {
    availableProviders: ['google', 'oidc'],
    methods: { password: true, oidc: true },
    labels: { oidc: 'Acme SSO' },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const sso = canvas.getByRole('switch', { name: 'Acme SSO' });
    await expect(sso).toBeChecked();
    await expect(canvas.queryByRole('switch', { name: 'Microsoft' })).not.toBeInTheDocument();
    await expect(canvas.getAllByRole('switch').map((element) => element.getAttribute('data-method'))).toEqual([
      'password',
      'google',
      'oidc',
      'totp',
      'webauthn',
    ]);
    await userEvent.click(sso);
    await expect(args.onToggle).toHaveBeenCalledWith('oidc', false);
  },
};

export const Swedish: Story = {
  args: { labels: SWEDISH_LABELS, isUser: true, hasEmail: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('switch', { name: 'E-post och lösenord' })).toHaveAccessibleDescription(
      'Inloggning med lösenord krävs för användarkonton',
    );
    await expect(canvas.getByRole('switch', { name: 'Tvåstegsverifiering' })).toHaveAccessibleDescription(
      'Kräver en e-postadress',
    );
  },
};
