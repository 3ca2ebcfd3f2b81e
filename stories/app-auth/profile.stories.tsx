import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ProfilePage } from '../../app-auth/src/routes/profile/profile-page';
import {
  type AppStoryParameters,
  getAuthenticator,
  getRecord,
  type MockResponse,
  type MockRoute,
  storySession,
  storyUser,
  withApp,
  withFakeAuthenticator,
  withLanguage,
} from './lib/app-story';
import { base64url, FAKE_CLIENT_DATA, FAKE_KEY_ID, textOf } from './lib/fake-authenticator';

type Credential = {
  id: string;
  type: 'password' | 'oidc' | 'totp' | 'webauthn';
  provider: string | null;
  label?: string | null;
};
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
const KEY: Credential = {
  id: '55555555-5555-4555-8555-555555555555',
  type: 'webauthn',
  provider: null,
  label: 'YubiKey 5C',
};
const BACKUP_KEY: Credential = {
  id: '66666666-6666-4666-8666-666666666666',
  type: 'webauthn',
  provider: null,
  label: 'Backup key',
};
const SSO: Credential = { id: '77777777-7777-4777-8777-777777777777', type: 'oidc', provider: 'idp.acme.se' };
const GOOGLE_PROVIDER = { id: 'google', name: 'Google' };
const MICROSOFT_PROVIDER = { id: 'microsoft', name: 'Microsoft' };
const ACME_SSO = { id: 'oidc', name: 'Acme SSO' };

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

const providersRoute = (respond: MockResponse): MockRoute => ({ method: 'GET', path: '/auth/providers', respond });
/** Google and Microsoft are configured unless a story gives its own provider answer first. */
const app = (info: MockResponse, ...api: MockRoute[]): AppStoryParameters => ({
  route: '/profile',
  api: [
    { method: 'GET', path: '/oauth2/userinfo', respond: info },
    ...api,
    providersRoute({ body: { providers: [GOOGLE_PROVIDER, MICROSOFT_PROVIDER] } }),
    { method: 'GET', path: '/auth/sessions', respond: { body: { sessions: [storySession] } } },
    { method: 'GET', path: '/auth/tfa/recovery-codes', respond: { body: { remaining: 10 } } },
    { method: 'GET', path: '/auth/security-events', respond: { body: { events: [] } } },
    { method: 'GET', path: '/auth/passkeys', respond: { body: { passkeys: [] } } },
  ],
});

/** What the server's WebAuthn library sends to register a key. */
const creationOptions = {
  challenge: base64url('story-registration-challenge'),
  rp: { name: 'Helios', id: 'localhost' },
  user: { id: base64url('account-anna'), name: 'anna@example.com', displayName: 'Anna Andersson' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 60_000,
  attestation: 'none',
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
};
const registerOptionsRoute: MockRoute = {
  method: 'POST',
  path: '/auth/webauthn/register/options',
  respond: { body: creationOptions },
};

const meta = {
  title: 'App auth/Profile',
  component: ProfilePage,
  decorators: [withApp],
  loaders: [withLanguage],
  beforeEach: [withFakeAuthenticator],
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
    // Name and email cannot be changed here: text, not read-only fields.
    const identity = canvas.getByTestId('profile-identity');
    await expect(
      within(identity)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Name', 'Email']);
    await expect(
      within(identity)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Anna Andersson', 'anna@example.com']);
    await expect(canvas.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    await expect(canvas.getByText('Managed by your organisation')).toBeVisible();
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
    ).toEqual(['Password', 'Google', 'Authenticator app', 'YubiKey 5C']);
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
    const keys = canvas.getByRole('region', { name: 'Security keys' });
    await expect(
      within(keys)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['YubiKey 5CRemove']);
    await expect(canvas.queryByText(/coming soon|once your organisation enables/)).toBeNull();
    await expect(
      getRecord(canvasElement)
        .calls.map((call) => call.path)
        .sort(),
    ).toEqual([
      '/auth/passkeys',
      '/auth/providers',
      '/auth/security-events',
      '/auth/sessions',
      '/auth/tfa/recovery-codes',
      '/oauth2/userinfo',
    ]);
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

const reauthStartRoute = (secondFactors: string[]): MockRoute => ({
  method: 'POST',
  path: '/auth/reauth/start',
  respond: {
    body: { method: 'password', second_factors: secondFactors, webauthn: null, passkey: null, code_sent: false },
  },
});
const reauthVerifyRoute: MockRoute = { method: 'POST', path: '/auth/reauth/verify', respond: { status: 204 } };

/** A session older than the step-up window: the removal asks to confirm it is you (password,
 * then the authenticator code), then goes through without a second click. */
export const RemoveAfterConfirmingItIsYou: Story = {
  parameters: {
    app: app(
      { body: anna },
      {
        ...deleteRoute(TOTP, {}),
        respond: ({ call }) =>
          call === 1
            ? { status: 403, body: errorBody('requires_recent_login') }
            : { body: user([PASSWORD, GOOGLE, KEY]) },
      },
      reauthStartRoute(['totp', 'webauthn']),
      reauthVerifyRoute,
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Two-factor authentication' }));
    const dialog = await page.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.type(within(dialog).getByLabelText(/^Password$/), 'correct horse{Enter}');
    await userEvent.click(await within(dialog).findByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('123456');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(await canvas.findByText('Sign-in method removed')).toBeVisible();
    await expect(callsTo(canvasElement, '/auth/reauth/verify').map((call) => call.body)).toEqual([
      { password: 'correct horse', totp_code: '123456' },
    ]);
    await expect(callsTo(canvasElement, `/oauth2/userinfo/credentials/${TOTP.id}`)).toHaveLength(2);
  },
};

/** Cancelling the dialog leaves the method as it was and says why. */
export const ConfirmingItIsYouCancelled: Story = {
  parameters: {
    app: app(
      { body: anna },
      deleteRoute(GOOGLE, { status: 403, body: errorBody('requires_recent_login') }),
      reauthStartRoute([]),
      reauthVerifyRoute,
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const google = await canvas.findByRole('switch', { name: 'Google' });
    await userEvent.click(google);
    const dialog = await page.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Failed to remove authentication method');
    await expect(google).toBeChecked();
    await expect(callsTo(canvasElement, '/auth/reauth/verify')).toHaveLength(0);
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

/** The Security key switch opens a dialog: the key needs a name, then the browser asks for it. */
export const AddSecurityKey: Story = {
  parameters: {
    app: app({ body: user([PASSWORD]) }, registerOptionsRoute, {
      method: 'POST',
      path: '/auth/webauthn/register',
      respond: { body: user([PASSWORD, { ...KEY, label: 'Work key' }]), delayMs: 200 },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await expect(await canvas.findByText('No security keys yet.')).toBeVisible();
    const toggle = canvas.getByRole('switch', { name: 'Security key' });
    await userEvent.click(toggle);

    const dialog = await body.findByRole('dialog', { name: 'Add a security key' });
    await expect(dialog).toHaveAccessibleDescription(/Give the key a name/);
    const name = within(dialog).getByRole('textbox', { name: /Name of the key/ });
    await expect(name).toHaveFocus();

    // A name is required, and at most 64 characters.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await expect(name).toHaveAccessibleDescription('Name the security key');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(name, 'x'.repeat(65));
    await expect(name).toHaveAccessibleDescription('The name can be at most 64 characters');
    await expect(callsTo(canvasElement, '/auth/webauthn/register/options')).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, '  Work key {Enter}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByText('Security key “Work key” added')).toBeVisible();
    await expect(toggle).toBeChecked();
    await expect(toggle).toHaveFocus();
    const keys = canvas.getByRole('region', { name: 'Security keys' });
    await expect(within(keys).getByRole('button', { name: 'Remove Work key' })).toBeVisible();

    // The browser got the server's challenge; the server got the name and the key's answer.
    const [prompt] = getAuthenticator().created;
    await expect(textOf(prompt?.challenge)).toBe('story-registration-challenge');
    await expect(prompt?.user.name).toBe('anna@example.com');
    await expect(callsTo(canvasElement, '/auth/webauthn/register/options')[0]?.body).toEqual({});
    await expect(callsTo(canvasElement, '/auth/webauthn/register')[0]?.body).toEqual({
      name: 'Work key',
      response: {
        id: base64url(FAKE_KEY_ID),
        rawId: base64url(FAKE_KEY_ID),
        type: 'public-key',
        response: {
          clientDataJSON: base64url(FAKE_CLIENT_DATA),
          attestationObject: base64url('story-attestation'),
          transports: ['usb'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'cross-platform',
      },
    });
  },
};

/** The browser's prompt is closed: the dialog stays with the message, and nothing is registered. */
export const AddSecurityKeyCancelled: Story = {
  parameters: {
    app: { ...app({ body: anna }, registerOptionsRoute), authenticator: 'cancel' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a security key' }));
    const dialog = await body.findByRole('dialog', { name: 'Add a security key' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name of the key/ }), 'Spare key');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The security key prompt was closed or timed out. Try again.',
    );
    await expect(within(dialog).getByRole('textbox', { name: /Name of the key/ })).toHaveValue('Spare key');
    await expect(getAuthenticator().created).toHaveLength(1);
    await expect(callsTo(canvasElement, '/auth/webauthn/register')).toHaveLength(0);

    // Cancel closes the dialog and returns focus to the button that opened it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Add a security key' })).toHaveFocus();
  },
};

/** Each key is removed on its own, after a confirmation. */
export const RemoveSecurityKey: Story = {
  parameters: {
    app: app(
      { body: user([PASSWORD, KEY, BACKUP_KEY]) },
      deleteRoute(BACKUP_KEY, { body: user([PASSWORD, KEY]), delayMs: 200 }),
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const keys = await canvas.findByRole('region', { name: 'Security keys' });
    await expect(
      within(keys)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['YubiKey 5CRemove', 'Backup keyRemove']);

    // Cancelling the confirmation removes nothing.
    await userEvent.click(within(keys).getByRole('button', { name: 'Remove Backup key' }));
    let dialog = await body.findByRole('alertdialog', { name: 'Remove the security key?' });
    await expect(dialog).toHaveTextContent('“Backup key” will no longer work as your second factor.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(callsTo(canvasElement, `/oauth2/userinfo/credentials/${BACKUP_KEY.id}`)).toHaveLength(0);

    await userEvent.click(within(keys).getByRole('button', { name: 'Remove Backup key' }));
    dialog = await body.findByRole('alertdialog', { name: 'Remove the security key?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(await within(keys).findByText('Security key removed')).toBeVisible();
    await expect(
      within(keys)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['YubiKey 5CRemove']);
    await expect(canvas.getByRole('switch', { name: 'Security key' })).toBeChecked();
    // The removed key's button is gone; focus continues from "Add a security key".
    await expect(within(keys).getByRole('button', { name: 'Add a security key' })).toHaveFocus();
    await expect(callsTo(canvasElement, `/oauth2/userinfo/credentials/${KEY.id}`)).toHaveLength(0);
    await expect(callsTo(canvasElement, `/oauth2/userinfo/credentials/${BACKUP_KEY.id}`)).toHaveLength(1);
  },
};

/** Switching security keys off removes every key, after a confirmation. */
export const SwitchOffSecurityKeys: Story = {
  parameters: {
    app: app(
      { body: user([PASSWORD, KEY, BACKUP_KEY]) },
      deleteRoute(KEY, { body: user([PASSWORD, BACKUP_KEY]) }),
      deleteRoute(BACKUP_KEY, { body: user([PASSWORD]) }),
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const toggle = await canvas.findByRole('switch', { name: 'Security key' });
    await userEvent.click(toggle);
    const dialog = await body.findByRole('alertdialog', { name: 'Remove all security keys?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(await canvas.findByText('No security keys yet.')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toHaveFocus();
    await expect(callsTo(canvasElement, `/oauth2/userinfo/credentials/${KEY.id}`)).toHaveLength(1);
    await expect(callsTo(canvasElement, `/oauth2/userinfo/credentials/${BACKUP_KEY.id}`)).toHaveLength(1);
  },
};

/** Back from linking a provider: the success is shown once and the address is cleaned. */
export const LinkedAfterRoundTrip: Story = {
  parameters: {
    app: { ...app({ body: user([PASSWORD, MICROSOFT]) }), route: '/profile?linked=microsoft', showAddress: true },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Microsoft is now linked to your account.')).toBeVisible();
    await expect(await canvas.findByRole('switch', { name: 'Microsoft' })).toBeChecked();
    await waitFor(() => expect(canvas.getByTestId('address')).toHaveTextContent(/^\/profile$/));
  },
};

/** Back from linking because the session is not recent: confirm it is you, then off to link again. */
export const LinkAfterConfirmingItIsYou: Story = {
  parameters: {
    app: {
      ...app({ body: user([PASSWORD]) }, reauthStartRoute([]), reauthVerifyRoute),
      route: '/profile?error=requires_recent_login&error_type=soft&provider=google',
      showAddress: true,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.type(within(dialog).getByLabelText(/^Password$/), 'correct horse{Enter}');
    await waitFor(() =>
      expect(getRecord(canvasElement).externalNavigations).toEqual(['/auth/link/oauth/google?from=/profile']),
    );
    // The address no longer asks for it, and no message stands in for the dialog.
    await waitFor(() => expect(canvas.getByTestId('address')).toHaveTextContent(/^\/profile$/));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Back from linking with an error: the translated message, and the address is cleaned. */
export const LinkFailedAfterRoundTrip: Story = {
  parameters: {
    app: {
      ...app({ body: user([PASSWORD]) }),
      route: '/profile?error=identity_already_linked&error_type=hard',
      showAddress: true,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'That account is already linked to another Helios account.',
    );
    await expect(await canvas.findByRole('switch', { name: 'Google' })).not.toBeChecked();
    await waitFor(() => expect(canvas.getByTestId('address')).toHaveTextContent(/^\/profile$/));
  },
};

/** Only the single sign-on is configured: Google and Microsoft appear nowhere; the single sign-on
 * switch carries its name and links through the server. */
export const UnconfiguredProvidersHidden: Story = {
  parameters: {
    app: app({ body: user([PASSWORD, SSO]) }, providersRoute({ body: { providers: [ACME_SSO] } })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sso = await canvas.findByRole('switch', { name: 'Acme SSO' });
    await expect(sso).toBeChecked();
    await expect(canvas.queryByRole('switch', { name: 'Google' })).toBeNull();
    await expect(canvas.queryByRole('switch', { name: 'Microsoft' })).toBeNull();
    await expect(canvas.queryByText(/Google|Microsoft/)).toBeNull();
    await expect(canvas.getAllByRole('switch')).toHaveLength(4);
    const active = canvas.getByRole('region', { name: 'Active authentication methods' });
    await expect(
      within(active)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Password', 'Acme SSO']);
  },
};

/** Linking the single sign-on leaves for the server's link route. */
export const LinkSingleSignOn: Story = {
  parameters: {
    app: app({ body: user([PASSWORD]) }, providersRoute({ body: { providers: [GOOGLE_PROVIDER, ACME_SSO] } })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'Acme SSO' }));
    await expect(getRecord(canvasElement).externalNavigations).toEqual(['/auth/link/oauth/oidc?from=/profile']);
  },
};

/** The provider list cannot be loaded: no provider can be linked, the rest of the page works. */
export const ProvidersUnavailable: Story = {
  parameters: {
    app: app({ body: anna }, providersRoute({ status: 503, body: errorBody('service_unavailable') })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('switch', { name: 'Two-factor authentication' })).toBeChecked();
    await expect(canvas.queryByRole('switch', { name: 'Google' })).toBeNull();
    await expect(canvas.getByTestId('profile-identity')).toHaveTextContent('Anna Andersson');
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
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Helios could not be reached. Check your connection and try again.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(canvas.getByTestId('profile-identity')).toHaveTextContent('Anna Andersson'));
  },
};

/** While the account loads: placeholders the size of the page, so nothing jumps when it arrives. */
export const Loading: Story = {
  parameters: { app: app({ body: anna, delayMs: 86_400_000 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading…');
    await expect(canvasElement.querySelector('[data-slot="profile-skeleton"]')).toBeVisible();
    await expect(canvas.queryByTestId('profile-identity')).not.toBeInTheDocument();
  },
};
