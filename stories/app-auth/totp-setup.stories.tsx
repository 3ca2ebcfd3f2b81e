import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';
import { ProfilePage } from '../../app-auth/src/routes/profile/profile-page';
import { TotpSetupPage } from '../../app-auth/src/routes/totp-setup/totp-setup-page';
import {
  type AppStoryParameters,
  getRecord,
  type MockResponse,
  type MockRoute,
  storyUser,
  withApp,
  withLanguage,
} from './lib/app-story';

const setup = { secret: 'JBSWY3DPEHPK3PXP', issuer: 'Helios', account: 'anna@example.com', has_existing: false };
const TOTP_ID = '22222222-2222-4222-8222-222222222222';
const userWithTotp = {
  ...storyUser,
  available_credentials: [...storyUser.available_credentials, { id: TOTP_ID, type: 'totp', provider: null }],
};

const app = ({
  load = { body: setup },
  activate = { body: userWithTotp },
  extra = [],
}: {
  load?: MockResponse;
  activate?: MockRoute['respond'];
  extra?: MockRoute[];
}): AppStoryParameters => ({
  route: '/profile/credentials/totp/setup',
  pattern: '/profile/credentials/totp/setup',
  api: [
    { method: 'GET', path: '/auth/tfa/setup', respond: load },
    { method: 'POST', path: '/auth/tfa/activate', respond: activate },
    ...extra,
  ],
});
const errorBody = (type: string) => ({ detail: [{ type, msg: type }] });

const meta = {
  title: 'App auth/Totp setup',
  component: TotpSetupPage,
  decorators: [withApp],
  loaders: [withLanguage],
  parameters: { layout: 'fullscreen', app: app({}) },
  render: () => <TotpSetupPage />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

async function submitCode(canvasElement: HTMLElement, code: string) {
  const canvas = within(canvasElement);
  const input = await canvas.findByRole('textbox', { name: 'Code from the app' });
  if (code) await userEvent.type(input, code);
  await userEvent.click(canvas.getByRole('button', { name: 'Activate' }));
  return { canvas, input };
}
const activateCalls = (canvasElement: HTMLElement) =>
  getRecord(canvasElement).calls.filter((call) => call.path === '/auth/tfa/activate');

/** The QR code from the server, the key to type by hand, and the code field. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeVisible();
    const qr = await canvas.findByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr).toHaveAttribute('src', '/auth/qrcode');
    await expect(canvas.getByText('JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy key' })).toBeVisible();
    await expect(canvas.queryByText(/You already have an authenticator/)).not.toBeInTheDocument();
    const input = canvas.getByRole('textbox', { name: 'Code from the app' });
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(input).toHaveAttribute('maxlength', '6');
    await expect(canvas.getByRole('link', { name: 'Back to account settings' })).toHaveAttribute('href', '/profile');
    await expect(getRecord(canvasElement).calls.map((call) => call.path)).toEqual(['/auth/tfa/setup']);
  },
};

/** An authenticator exists already: the page says the new one replaces it. */
export const ReRegister: Story = {
  parameters: { app: app({ load: { body: { ...setup, has_existing: true } } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('You already have an authenticator. Registering a new one replaces it.'),
    ).toBeVisible();
  },
};

export const EmptyCode: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, input } = await submitCode(canvasElement, '');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter the code from the app');
    await expect(input).toHaveAccessibleDescription('Enter the code from the app');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveFocus();
    await expect(activateCalls(canvasElement)).toEqual([]);
  },
};

export const WrongLength: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, input } = await submitCode(canvasElement, '12345');
    await expect(canvas.getByRole('alert')).toHaveTextContent('The code has 6 digits');
    await userEvent.clear(input);
    await userEvent.type(input, '12a456');
    await userEvent.click(canvas.getByRole('button', { name: 'Activate' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('The code has 6 digits');
    // The field takes no more than six characters.
    await userEvent.type(input, '789');
    await expect(input).toHaveValue('12a456');
    await expect(activateCalls(canvasElement)).toEqual([]);
  },
};

/** The server's error code, translated. */
export const ServerError: Story = {
  parameters: { app: app({ activate: { status: 400, body: errorBody('invalid_totp_code') } }) },
  play: async ({ canvasElement }) => {
    const { canvas, input } = await submitCode(canvasElement, '123456');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Wrong code. Try again.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(activateCalls(canvasElement)).toEqual([
      { method: 'POST', path: '/auth/tfa/activate', search: '', body: { totp_code: '123456' } },
    ]);
  },
};

/** A failure without an error code gets the generic message. */
export const FailedWithoutType: Story = {
  parameters: { app: app({ activate: { status: 502 } }) },
  play: async ({ canvasElement }) => {
    const { canvas } = await submitCode(canvasElement, '123456');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to activate two-factor authentication');
  },
};

/** Success: the profile opens and confirms that two-factor authentication is on. */
export const Success: Story = {
  parameters: {
    app: {
      ...app({
        activate: { body: userWithTotp, delayMs: 300 },
        extra: [
          { method: 'GET', path: '/oauth2/userinfo', respond: { body: userWithTotp } },
          { method: 'GET', path: '/auth/tfa/recovery-codes', respond: { body: { remaining: 10 } } },
        ],
      }),
      pattern: '/profile/*',
    },
  },
  render: () => (
    <Routes>
      <Route path="credentials/totp/setup" element={<TotpSetupPage />} />
      <Route index element={<ProfilePage />} />
    </Routes>
  ),
  play: async ({ canvasElement }) => {
    const { canvas } = await submitCode(canvasElement, '123456');
    await expect(canvas.getByRole('button', { name: /Activate/ })).toHaveAttribute('aria-busy', 'true');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(canvas.getByText('Two-factor authentication is on')).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Two-factor authentication' })).toBeChecked();
    await expect(activateCalls(canvasElement)).toEqual([
      { method: 'POST', path: '/auth/tfa/activate', search: '', body: { totp_code: '123456' } },
    ]);
  },
};

const RECOVERY_CODES = [
  '7gk2m-x9qpd',
  'h4n8r-2vw6c',
  'b3tz5-kq7me',
  'p9d2x-6fjr4',
  'w5c8h-n3g7t',
  'e6m4q-z8k2b',
  'r2v9f-5x3dn',
  'k7b3w-q4h8s',
  'c5n6t-j9p2z',
  'x8f4d-m6r3g',
];

/** The account's first second factor: its recovery codes, shown once; Continue only once the
 * person says they saved them, then the profile. */
export const SuccessWithRecoveryCodes: Story = {
  parameters: {
    app: {
      ...app({
        activate: { body: { ...userWithTotp, recovery_codes: RECOVERY_CODES } },
        extra: [
          { method: 'GET', path: '/oauth2/userinfo', respond: { body: userWithTotp } },
          { method: 'GET', path: '/auth/tfa/recovery-codes', respond: { body: { remaining: 10 } } },
        ],
      }),
      pattern: '/profile/*',
    },
  },
  render: () => (
    <Routes>
      <Route path="credentials/totp/setup" element={<TotpSetupPage />} />
      <Route index element={<ProfilePage />} />
    </Routes>
  ),
  play: async ({ canvasElement }) => {
    const { canvas } = await submitCode(canvasElement, '123456');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
    await expect(canvas.getByText('Two-factor authentication is on')).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Recovery codes' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    const next = canvas.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'I have saved these codes' }));
    await userEvent.click(next);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    // The codes are not kept for the profile: it shows how many there are, never the codes.
    await expect(await canvas.findByText('Unused codes: 10 of 10')).toBeVisible();
    await expect(canvas.queryByText(RECOVERY_CODES[0] as string)).toBeNull();
  },
};

/** Signed out: go to sign in. */
export const SignedOut: Story = {
  parameters: { app: app({ load: { status: 401, body: errorBody('unauthenticated') } }) },
  play: async ({ canvasElement }) => {
    const location = await within(canvasElement).findByTestId('location');
    await expect(location.textContent).toBe('/login');
  },
};

/** The setup could not load: the message and a retry. */
export const LoadFailed: Story = {
  parameters: { app: app({ load: { networkError: true } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Helios could not be reached. Check your connection and try again.',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvas.queryByRole('textbox')).not.toBeInTheDocument();
  },
};
