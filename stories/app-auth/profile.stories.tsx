import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ProfilePage } from '../../app-auth/src/routes/profile/profile-page';
import {
  type AppStoryParameters,
  getRecord,
  type MockResponse,
  type MockRoute,
  storyUser,
  withApp,
  withLanguage,
} from './lib/app-story';

type Credential = { id: string; type: 'password' | 'oidc' | 'totp' | 'webauthn'; provider: string | null };
const PASSWORD: Credential = { id: '11111111-1111-4111-8111-111111111111', type: 'password', provider: null };
const GOOGLE: Credential = {
  id: '33333333-3333-4333-8333-333333333333',
  type: 'oidc',
  provider: 'accounts.google.com',
};
const MICROSOFT: Credential = {
  id: '44444444-4444-4444-8444-444444444444',
  type: 'oidc',
  provider: 'login.microsoftonline.com',
};
const TOTP: Credential = { id: '22222222-2222-4222-8222-222222222222', type: 'totp', provider: null };
const KEY: Credential = { id: '55555555-5555-4555-8555-555555555555', type: 'webauthn', provider: null };

const user = (credentials: Credential[], extra: Partial<typeof storyUser> = {}) => ({
  ...storyUser,
  available_credentials: credentials,
  ...extra,
});
const anna = user([PASSWORD, GOOGLE, TOTP, KEY]);
const stakeholder = user([PASSWORD, MICROSOFT], { name: 'Sara Lind', email: 'sara@partner.example', is_user: false });

const deleteRoute = (credential: Credential, respond: MockResponse): MockRoute => ({
  method: 'DELETE',
  path: `/oauth2/userinfo/credentials/${credential.id}`,
  respond,
});
const errorBody = (type: string) => ({ detail: [{ type, msg: type }] });

const app = (info: MockResponse, ...api: MockRoute[]): AppStoryParameters => ({
  route: '/profile',
  api: [{ method: 'GET', path: '/oauth2/userinfo', respond: info }, ...api],
});

const meta = {
  title: 'App auth/Profile',
  component: ProfilePage,
  decorators: [withApp],
  loaders: [withLanguage],
  parameters: { layout: 'fullscreen', app: app({ body: anna }) },
  render: () => <ProfilePage />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const callsTo = (canvasElement: HTMLElement, path: string) =>
  getRecord(canvasElement).calls.filter((call) => call.path === path);

/** A user account: read-only name and email, language, login methods and the active list. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: 'Anna Andersson' })).toHaveTextContent('AA');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    const name = canvas.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue('Anna Andersson');
    await expect(name).toHaveAttribute('readonly');
    await expect(name).toHaveAccessibleDescription('Managed by your organisation');
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveValue('anna@example.com');
    await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveValue('en');

    // A user account must keep its password; the other methods show what is linked.
    const password = canvas.getByRole('switch', { name: 'Email and password' });
    await expect(password).toBeChecked();
    await expect(password).toBeDisabled();
    await expect(password).toHaveAccessibleDescription('Password sign-in is required for user accounts');
    await expect(canvas.getByRole('switch', { name: 'Google' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'Microsoft' })).not.toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'Two-factor authentication' })).toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'Security key' })).toBeChecked();

    // Active methods: three at first, all behind "Show all".
    const active = canvas.getByRole('region', { name: 'Active authentication methods' });
    await expect(within(active).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(active).getByRole('button', { name: 'Show all' }));
    await expect(
      within(active)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Password', 'Google', 'Authenticator app', 'Security key']);
    await userEvent.click(within(active).getByRole('button', { name: 'Show less' }));
    await expect(within(active).getAllByRole('listitem')).toHaveLength(3);

    await expect(canvas.getByRole('button', { name: 'Reset password' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Register a new authenticator' })).toHaveAttribute(
      'href',
      '/profile/credentials/totp/setup',
    );
    await expect(canvas.getByRole('link', { name: 'Back to instances' })).toHaveAttribute(
      'href',
      '/login/select-tenant',
    );
    await expect(getRecord(canvasElement).calls.map((call) => call.path)).toEqual(['/oauth2/userinfo']);
  },
};

/** A profile picture replaces the initials. */
export const WithPicture: Story = {
  parameters: {
    app: app({
      body: {
        ...anna,
        profile_picture:
          'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"%3E%3Crect width="4" height="4" fill="%23497"/%3E%3C/svg%3E',
      },
    }),
  },
  play: async ({ canvasElement }) => {
    const picture = await within(canvasElement).findByRole('img', { name: 'Anna Andersson' });
    await expect(picture.tagName).toBe('IMG');
  },
};

/** A stakeholder may remove the password; the account is replaced by the server's answer. */
export const Stakeholder: Story = {
  parameters: {
    app: app(
      { body: stakeholder },
      deleteRoute(PASSWORD, { body: { ...stakeholder, available_credentials: [MICROSOFT] } }),
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const password = await canvas.findByRole('switch', { name: 'Email and password' });
    await expect(canvas.getByRole('img', { name: 'Sara Lind' })).toHaveTextContent('SL');
    await expect(password).toBeEnabled();
    await expect(canvas.getByRole('switch', { name: 'Microsoft' })).toBeChecked();
    await userEvent.click(password);
    await expect(await canvas.findByText('Sign-in method removed')).toBeVisible();
    await expect(password).not.toBeChecked();
    await expect(callsTo(canvasElement, `/oauth2/userinfo/credentials/${PASSWORD.id}`)).toEqual([
      { method: 'DELETE', path: `/oauth2/userinfo/credentials/${PASSWORD.id}`, search: '', body: undefined },
    ]);
    // Without a password the button offers to set one.
    await expect(canvas.getByRole('button', { name: 'Set a password' })).toBeVisible();
    const active = canvas.getByRole('region', { name: 'Active authentication methods' });
    await expect(
      within(active)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Microsoft']);
  },
};

/** Choosing Svenska saves the setting and switches the page. */
export const LanguageChange: Story = {
  parameters: {
    app: app(
      { body: anna },
      { method: 'POST', path: '/api/accounts/settings', respond: { body: { key: 'locale', value: 'sv' } } },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'Language' }), 'sv');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Kontoinställningar' })).toBeVisible();
    await expect(await canvas.findByText('Språket har uppdaterats')).toHaveAttribute('role', 'status');
    await expect(canvas.getByRole('combobox', { name: 'Språk' })).toHaveValue('sv');
    await expect(callsTo(canvasElement, '/api/accounts/settings')).toEqual([
      { method: 'POST', path: '/api/accounts/settings', search: '', body: { key: 'locale', value: 'sv' } },
    ]);
  },
};

/** The save fails: the language switches back and the failure is announced. */
export const LanguageFailure: Story = {
  parameters: {
    app: app(
      { body: anna },
      {
        method: 'POST',
        path: '/api/accounts/settings',
        respond: { status: 500, body: errorBody('internal_error'), delayMs: 200 },
      },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: 'Language' }), 'sv');
    // The page switches at once, while the setting is saved.
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Kontoinställningar' })).toBeVisible();
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to update language preference');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    const select = canvas.getByRole('combobox', { name: 'Language' });
    await expect(select).toHaveValue('en');
    await expect(select).toHaveAccessibleDescription('Failed to update language preference');
  },
};

/** Switching two-factor off deletes the authenticator; the page follows the server's answer. */
export const RemoveAuthenticator: Story = {
  parameters: {
    app: app({ body: anna }, deleteRoute(TOTP, { body: user([PASSWORD, GOOGLE, KEY]), delayMs: 300 })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const twoFactor = await canvas.findByRole('switch', { name: 'Two-factor authentication' });
    await userEvent.click(twoFactor);
    // In flight: the switch is busy and cannot be flipped again.
    await expect(twoFactor).toHaveAttribute('aria-busy', 'true');
    await expect(twoFactor).toBeDisabled();
    await expect(await canvas.findByText('Sign-in method removed')).toBeVisible();
    await expect(twoFactor).not.toBeChecked();
    await expect(twoFactor).toBeEnabled();
    await expect(callsTo(canvasElement, `/oauth2/userinfo/credentials/${TOTP.id}`)).toHaveLength(1);
    await expect(canvas.getByRole('link', { name: 'Set up two-factor authentication' })).toBeVisible();
  },
};

export const RemovalFailure: Story = {
  parameters: {
    app: app({ body: anna }, deleteRoute(GOOGLE, { status: 500, body: errorBody('internal_error') })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const google = await canvas.findByRole('switch', { name: 'Google' });
    await userEvent.click(google);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to remove authentication method');
    await expect(google).toBeChecked();
  },
};

/** Linking a provider leaves for the server's link route, which returns to the profile. */
export const LinkProvider: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Microsoft' }));
    await expect(getRecord(canvasElement).externalNavigations).toEqual(['/auth/link/oauth/microsoft?from=/profile']);
  },
};

/** Two-factor on opens the setup page. */
export const TurnOnTwoFactor: Story = {
  parameters: { app: app({ body: user([PASSWORD]) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Two-factor authentication' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/profile/credentials/totp/setup');
  },
};

/** Security keys are not registered here yet: the page says so. */
export const SecurityKey: Story = {
  parameters: { app: app({ body: user([PASSWORD]) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Security key' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Security keys are registered from this page once your organisation enables them.',
    );
    await expect(getRecord(canvasElement).calls).toHaveLength(1);
  },
};

/** "Reset password" mails a link to the account's address. */
export const ResetPassword: Story = {
  parameters: {
    app: app({ body: anna }, { method: 'POST', path: '/auth/reset/request', respond: { body: {}, delayMs: 300 } }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reset = await canvas.findByRole('button', { name: 'Reset password' });
    await userEvent.click(reset);
    await expect(reset).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(reset);
    await expect(await canvas.findByText('We sent a link to anna@example.com to choose a new password.')).toBeVisible();
    await expect(callsTo(canvasElement, '/auth/reset/request')).toEqual([
      { method: 'POST', path: '/auth/reset/request', search: '', body: { email: 'anna@example.com' } },
    ]);
  },
};

/** Without an email, providers, two-factor and the password link are locked, with the reason. */
export const NoEmail: Story = {
  parameters: { app: app({ body: user([], { email: '', is_user: false }) }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const google = await canvas.findByRole('switch', { name: 'Google' });
    await expect(google).toBeDisabled();
    await expect(google).toHaveAccessibleDescription('Requires an email address');
    await expect(canvas.getByRole('switch', { name: 'Two-factor authentication' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Set a password' })).toBeDisabled();
    await expect(canvas.queryByRole('link', { name: 'Set up two-factor authentication' })).not.toBeInTheDocument();
    await expect(canvas.getByText('No active sign-in methods')).toBeVisible();
  },
};

export const SignOut: Story = {
  parameters: { app: app({ body: anna }, { method: 'POST', path: '/auth/logout', respond: { status: 204 } }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out' }));
    const location = await canvas.findByTestId('location');
    await expect(location.textContent).toBe('/login');
    await expect(callsTo(canvasElement, '/auth/logout')).toHaveLength(1);
  },
};

/** Signed out (401): go to sign in. */
export const SignedOut: Story = {
  parameters: { app: app({ status: 401, body: errorBody('unauthenticated') }) },
  play: async ({ canvasElement }) => {
    const location = await within(canvasElement).findByTestId('location');
    await expect(location.textContent).toBe('/login');
  },
};

/** Another failure: the message and a retry, which loads the account. */
export const LoadFailed: Story = {
  parameters: {
    app: {
      route: '/profile',
      api: [
        {
          method: 'GET',
          path: '/oauth2/userinfo',
          respond: ({ call }: { call: number }) => (call === 1 ? { networkError: true } : { body: anna }),
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Network error, try again later');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('Anna Andersson'));
  },
};
