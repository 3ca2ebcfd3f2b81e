import { type AccountCredential, CredentialBadges } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const CREDENTIALS: AccountCredential[] = [
  { id: 'c1', type: 'password' },
  { id: 'c2', type: 'oidc', provider: 'accounts.google.com' },
  { id: 'c3', type: 'oidc', provider: 'login.microsoftonline.com' },
  { id: 'c4', type: 'oidc', provider: 'sso.acme.se' },
  { id: 'c5', type: 'webauthn' },
  { id: 'c6', type: 'totp' },
  { id: 'c7', type: 'sms' },
];

const swedish = {
  labels: {
    password: 'Lösenord',
    google: 'Google',
    microsoft: 'Microsoft',
    sso: 'SSO',
    webauthn: 'Säkerhetsnyckel',
    passkey: 'Lösennyckel',
    totp: 'Autentiseringsapp',
    sms: 'SMS',
    other: 'Annan',
  },
  deleteLabel: (label: string) => `Ta bort ${label}`,
};

const meta = {
  title: 'Design system/CredentialBadges',
  tags: ['autodocs'],
  component: CredentialBadges,
  args: { credentials: CREDENTIALS },
  render: (args, { globals }) => (
    <CredentialBadges {...args} {...pick<Partial<typeof swedish>>(globals, { en: {}, sv: swedish })} />
  ),
} satisfies Meta<typeof CredentialBadges>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllKinds: Story = {
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Password',
      'Google',
      'Microsoft',
      'SSO',
      'Security key',
      'Authenticator',
      'SMS',
    ]);
    await expect(within(canvasElement).queryAllByRole('button')).toHaveLength(0);
  },
};

/** A user account: every credential but the password can be deleted. */
export const WithDelete: Story = {
  args: {
    onDelete: fn(),
    canDelete: (credential) => credential.type !== 'password',
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Delete Password' })).toBeNull();
    await expect(canvas.getAllByRole('button')).toHaveLength(CREDENTIALS.length - 1);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Google' }));
    await expect(args.onDelete).toHaveBeenCalledOnce();
    await expect(args.onDelete).toHaveBeenCalledWith(CREDENTIALS[1]);
    canvas.getByRole('button', { name: 'Delete Security key' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDelete).toHaveBeenLastCalledWith(CREDENTIALS[4]);
  },
};

export const Swedish: Story = {
  ...WithDelete,
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Lösenord')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ta bort Autentiseringsapp' })).toBeVisible();
  },
};

/** A kind this version does not know (the API may add kinds): a neutral badge with its name, not a failure. */
export const UnknownKind: Story = {
  args: {
    credentials: [
      { id: 'c1', type: 'password' },
      { id: 'c2', type: 'fido-hybrid' },
    ],
    onDelete: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const badge = canvas.getByText('Other (fido-hybrid)');
    await expect(badge).toHaveAttribute('data-kind', 'other');
    await expect(badge.className).toContain('bg-secondary');
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Other (fido-hybrid)' }));
    await expect(args.onDelete).toHaveBeenCalledWith({ id: 'c2', type: 'fido-hybrid' });
  },
};

export const None: Story = {
  args: { credentials: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole('listitem')).toHaveLength(0);
  },
};
