import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LoginPage } from '../../app-auth/src/routes/login/login-page';
import { OfferStep } from '../../app-auth/src/routes/login/steps/offer-step';
import {
  type AppStoryParameters,
  getAuthenticator,
  getRecord,
  loginState,
  type MockRoute,
  withApp,
  withFakeAuthenticator,
  withLanguage,
} from './lib/app-story';
import { base64url, FAKE_CLIENT_DATA, FAKE_KEY_ID, textOf } from './lib/fake-authenticator';

const SESSION = 'SessionIdForStories0123456789abc';
const password = { id: '11111111-1111-4111-8111-111111111111', type: 'password', provider: null };
const google = { id: '22222222-2222-4222-8222-222222222222', type: 'oidc', provider: 'accounts.google.com' };
const totp = { id: '33333333-3333-4333-8333-333333333333', type: 'totp', provider: null };
const securityKey = { id: '44444444-4444-4444-8444-444444444444', type: 'webauthn', provider: null, label: 'YubiKey' };
const sso = { id: '55555555-5555-4555-8555-555555555555', type: 'oidc', provider: 'idp.acme.se' };
const GOOGLE = { id: 'google', name: 'Google' };
const MICROSOFT = { id: 'microsoft', name: 'Microsoft' };
const ACME_SSO = { id: 'oidc', name: 'Acme SSO' };

/** What the server's WebAuthn library sends for a second-factor prompt. */
const requestOptions = {
  challenge: base64url('story-challenge'),
  rpId: 'localhost',
  timeout: 60_000,
  userVerification: 'preferred',
  allowCredentials: [{ id: base64url(FAKE_KEY_ID), type: 'public-key', transports: ['usb'] }],
};

const startPing: MockRoute = {
  method: 'POST',
  path: '/auth/login/ping',
  respond: { body: loginState('Start', { session_id: null }) },
};
const pingAt = (state: string, extra: Record<string, unknown> = {}): MockRoute => ({
  method: 'POST',
  path: '/auth/login/ping',
  respond: { body: loginState(state, extra) },
});
const answer = (path: string, body: unknown, status = 200): MockRoute => ({
  method: 'POST',
  path,
  respond: { status, body },
});
const failure = (path: string, status: number, type: string): MockRoute =>
  answer(path, { detail: [{ type, msg: type }] }, status);

function app(route: string, api: MockRoute[]): { app: AppStoryParameters } {
  return { app: { route, pattern: '/login', api } };
}

const meta = {
  title: 'App auth/Login',
  component: LoginPage,
  decorators: [withApp],
  loaders: [withLanguage],
  beforeEach: [withFakeAuthenticator],
  parameters: { layout: 'fullscreen', ...app('/login', [startPing]) },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const inSession = (state: string, extra: Record<string, unknown> = {}) =>
  app(`/login?email=anna@example.com`, [pingAt(state, extra)]);

export const EmailEntry: Story = {
  parameters: app('/login', [
    startPing,
    answer('/auth/login/start', loginState('CredentialsRequired', { available_credentials: [password] })),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByLabelText(/Email|E-post/);
    const submit = canvas.getByRole('button', { name: /Continue|Fortsätt/ });
    await expect(submit).toBeDisabled();
    await userEvent.type(email, 'not-an-email');
    await userEvent.tab();
    await expect(await canvas.findByText(/Enter a whole email address|Ange en hel e-postadress/)).toBeVisible();
    await userEvent.clear(email);
    await userEvent.type(email, 'anna@example.com{Enter}');
    await expect(await canvas.findByLabelText(/^Password|^Lösenord/)).toBeVisible();
    const start = getRecord(canvasElement).calls.find((c) => c.path === '/auth/login/start');
    await expect(start?.body).toEqual({ email: 'anna@example.com' });
  },
};

export const AutoStartFromAddress: Story = {
  parameters: app('/login?email=david@example.com&client_id=tenant-acme', [
    startPing,
    answer('/auth/login/start', loginState('OTPRequired')),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/We sent a six-digit code to david@example.com/)).toBeVisible();
    const start = getRecord(canvasElement).calls.find((c) => c.path === '/auth/login/start');
    await expect(start?.search).toContain('client_id=tenant-acme');
  },
};

/** The login's id never reaches the address bar: the page keeps it in memory, and the login
 * cookie lets a reload find the login. The address keeps only the email. */
export const AddressHoldsNoSessionId: Story = {
  parameters: {
    app: {
      ...app('/login', [
        startPing,
        answer('/auth/login/start', loginState('CredentialsRequired', { available_credentials: [password] })),
        answer('/auth/login/verify-password', loginState('MfaRequired', { available_credentials: [totp] })),
      ]).app,
      showAddress: true,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Email|E-post/), 'anna@example.com{Enter}');
    await userEvent.type(await canvas.findByLabelText(/^Password|^Lösenord/), 'secret{Enter}');
    await expect(await canvas.findByRole('textbox', { name: /Digit 1 of 6|Siffra 1 av 6/ })).toBeVisible();
    await expect(canvas.getByTestId('address')).toHaveTextContent(/^\/login\?email=anna%40example\.com$/);
    const verify = getRecord(canvasElement).calls.find((c) => c.path === '/auth/login/verify-password');
    await expect(verify?.body).toMatchObject({ session_id: SESSION });
  },
};

/** An older address with the id still works (the spec accepts it), and the id leaves the address. */
export const SessionIdFromOlderAddress: Story = {
  parameters: {
    app: {
      ...app(`/login?session_id=${SESSION}&email=anna@example.com`, [
        pingAt('CredentialsRequired', { available_credentials: [password] }),
      ]).app,
      showAddress: true,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(/^Password|^Lösenord/)).toBeVisible();
    const ping = getRecord(canvasElement).calls.find((c) => c.path === '/auth/login/ping');
    await expect(new URLSearchParams(ping?.search).get('session_id')).toBe(SESSION);
    await waitFor(() =>
      expect(canvas.getByTestId('address')).toHaveTextContent(/^\/login\?email=anna%40example\.com$/),
    );
  },
};

/** The browser still holds a login's cookie, but the address names no email (the person went
 * back to the start): the page starts afresh instead of resuming it. */
export const CancelledLoginNotResumed: Story = {
  parameters: app('/login', [
    pingAt('OTPRequired'),
    answer('/auth/login/start', loginState('CredentialsRequired', { available_credentials: [password] })),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The email sent waits for the page's first call, and goes on only if the page is at Start.
    await userEvent.type(await canvas.findByLabelText(/Email|E-post/), 'anna@example.com{Enter}');
    await expect(await canvas.findByLabelText(/^Password|^Lösenord/)).toBeVisible();
    const start = getRecord(canvasElement).calls.find((c) => c.path === '/auth/login/start');
    await expect(start?.body).toEqual({ email: 'anna@example.com' });
  },
};

export const PasswordResetRequired: Story = {
  parameters: app(`/login?email=anna@example.com&type=athena`, [pingAt('PasswordResetRequired')]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Choose a new password' })).toHaveAttribute(
      'href',
      '/login/reset-password?email=anna%40example.com&type=athena',
    );
    await expect(canvas.getByText(/several accounts/)).toBeVisible();
  },
};

export const OneTimeCode: Story = {
  parameters: app(`/login?email=anna@example.com`, [
    pingAt('OTPRequired'),
    answer('/auth/login/verify-otp', loginState('AskedCreateCredential', { is_user: true })),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/spam/)).toBeVisible();
    // The email shows once, in the sentence that says where the code went.
    await expect(canvas.getAllByText(/anna@example\.com/)).toHaveLength(1);
    await expect(canvas.getByText(/We sent a six-digit code to anna@example\.com/)).toBeVisible();
    const first = canvas.getByRole('textbox', { name: 'Digit 1 of 6' });
    await userEvent.click(first);
    await userEvent.paste('123456');
    await expect(await canvas.findByText('Create a password')).toBeVisible();
    const verify = getRecord(canvasElement).calls.find((c) => c.path === '/auth/login/verify-otp');
    await expect(verify?.body).toEqual({ session_id: SESSION, email: 'anna@example.com', otp: '123456' });
  },
};

export const OneTimeCodeWrong: Story = {
  parameters: app(`/login?email=anna@example.com`, [
    pingAt('OTPRequired'),
    failure('/auth/login/verify-otp', 401, 'pnty/helios/otp/invalid'),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('999999');
    await expect(await canvas.findByText('The code is wrong.')).toBeVisible();
    // A soft error keeps the boxes, emptied for the next try.
    await expect(canvas.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
  },
};

export const OneTimeCodeExhausted: Story = {
  parameters: app(`/login?email=anna@example.com`, [
    pingAt('OTPRequired'),
    failure('/auth/login/verify-otp', 429, 'pnty/helios/otp/retries-exceeded'),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('999999');
    await expect(await canvas.findByText(/Too many wrong tries/)).toBeVisible();
    // A hard error hides the boxes.
    await expect(canvas.queryByRole('textbox', { name: 'Digit 1 of 6' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  },
};

export const Credentials: Story = {
  parameters: app(`/login?email=anna@example.com`, [
    pingAt('CredentialsRequired', { available_credentials: [password, google], providers: [GOOGLE] }),
    answer('/auth/login/verify-password', loginState('Done', { is_user: true })),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^Password/), 'Helios-demo-2026!');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login/select-tenant');
    const verify = getRecord(canvasElement).calls.find((c) => c.path === '/auth/login/verify-password');
    await expect(verify?.body).toEqual({
      session_id: SESSION,
      email: 'anna@example.com',
      password: 'Helios-demo-2026!',
      remember: true,
    });
  },
};

export const WrongPassword: Story = {
  parameters: app(`/login?email=anna@example.com`, [
    pingAt('CredentialsRequired', { available_credentials: [password] }),
    failure('/auth/login/verify-password', 401, 'invalid_credentials'),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^Password/), 'wrong{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      /email or password is wrong.*Capital letters matter/,
    );
  },
};

export const AccountLocked: Story = {
  parameters: app(`/login?email=anna@example.com`, [
    pingAt('CredentialsRequired', { available_credentials: [password] }),
    failure('/auth/login/verify-password', 423, 'account_locked'),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^Password/), 'wrong{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/temporarily locked/);
  },
};

export const RefreshMode: Story = {
  parameters: app(`/login?email=anna@example.com&mode=refresh`, [
    pingAt('CredentialsRequired', { available_credentials: [password] }),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'You have been signed out' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Cancel' })).toBeNull();
  },
};

export const OnlyGoogle: Story = {
  parameters: inSession('CredentialsRequired', { available_credentials: [google], providers: [GOOGLE, MICROSOFT] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/signs you in automatically/)).toBeVisible();
    await waitFor(() =>
      expect(getRecord(canvasElement).externalNavigations).toEqual([`/auth/login/oauth/google?session_id=${SESSION}`]),
    );
  },
};

/** Google, Microsoft and a password: a button per configured provider above the password form. */
export const CredentialsWithProviders: Story = {
  parameters: inSession('CredentialsRequired', {
    available_credentials: [password],
    providers: [GOOGLE, MICROSOFT],
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const microsoft = await canvas.findByRole('button', { name: 'Continue with Microsoft' });
    const password = canvas.getByLabelText(/^Password/);
    const google = canvas.getByRole('button', { name: 'Continue with Google' });
    // Google, then Microsoft, both above the password form.
    await expect(google.compareDocumentPosition(microsoft) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(microsoft.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(microsoft);
    await expect(getRecord(canvasElement).externalNavigations).toEqual([
      `/auth/login/oauth/microsoft?session_id=${SESSION}`,
    ]);
  },
};

/** The organisation's single sign-on by its configured name; no password, so no password form. */
export const SingleSignOnByName: Story = {
  parameters: inSession('CredentialsRequired', { available_credentials: [sso], providers: [ACME_SSO] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Continue with Acme SSO' });
    await expect(button.querySelector('[data-provider="oidc"]')).not.toBeNull();
    await expect(canvas.queryByLabelText(/^Password/)).toBeNull();
    await expect(getRecord(canvasElement).externalNavigations).toEqual([]);
    await userEvent.click(button);
    await expect(getRecord(canvasElement).externalNavigations).toEqual([
      `/auth/login/oauth/oidc?session_id=${SESSION}`,
    ]);
  },
};

/** The email's domain signs in with the single sign-on: the page says so and goes there at once. */
export const AutomaticSingleSignOn: Story = {
  parameters: app('/login?email=erik@acme.se', [
    startPing,
    answer(
      '/auth/login/start',
      loginState('CredentialsRequired', {
        available_credentials: [password],
        providers: [ACME_SSO],
        automatic_provider: 'oidc',
      }),
    ),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your organisation signs you in automatically. Redirecting…')).toBeVisible();
    await expect(canvas.queryByLabelText(/^Password/)).toBeNull();
    await waitFor(() =>
      expect(getRecord(canvasElement).externalNavigations).toEqual([`/auth/login/oauth/oidc?session_id=${SESSION}`]),
    );
  },
};

/** Back from the automatic single sign-on with an error: no second redirect; the message and the
 * choices show, so the person can try again or use the password. */
export const AutomaticSingleSignOnFailed: Story = {
  parameters: app(`/login?email=erik@acme.se&error=provider_error&error_type=soft`, [
    pingAt('CredentialsRequired', {
      available_credentials: [password],
      providers: [ACME_SSO],
      automatic_provider: 'oidc',
    }),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Continue with Acme SSO' })).toBeEnabled();
    await expect(canvas.getByRole('alert')).toHaveTextContent('The other service could not sign you in. Try again.');
    await expect(canvas.getByLabelText(/^Password/)).toBeVisible();
    await expect(getRecord(canvasElement).externalNavigations).toEqual([]);
  },
};

/** An account that already exists with another sign-in method: the spec's message, in Swedish too. */
export const ProviderAccountExists: Story = {
  globals: { locale: 'sv' },
  parameters: app(`/login?email=anna@example.com&error=account_exists_with_different_credential&error_type=hard`, [
    pingAt('CredentialsRequired', { available_credentials: [google], providers: [GOOGLE] }),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // An error from the provider stops the automatic redirect of a Google-only account.
    await expect(await canvas.findByRole('button', { name: 'Fortsätt med Google' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Det finns redan ett konto med den här e-postadressen eller ett annat sätt att logga in.',
    );
    await expect(getRecord(canvasElement).externalNavigations).toEqual([]);
  },
};

/** Security key and authenticator app: both offered; the key signs in. */
export const SecondFactorWithSecurityKey: Story = {
  parameters: app(`/login?email=anna@example.com`, [
    pingAt('MfaRequired', { available_credentials: [totp, securityKey] }),
    answer('/auth/login/webauthn/options', requestOptions),
    answer('/auth/login/verify-webauthn', loginState('Done', { is_user: true })),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Use your security key, or enter the six-digit code/)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Remember this browser for 30 days' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Use a security key' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login/select-tenant');

    // The browser was asked with the server's challenge, for the account's key.
    const [prompt] = getAuthenticator().requested;
    await expect(textOf(prompt?.challenge)).toBe('story-challenge');
    await expect(prompt?.allowCredentials?.map((key) => textOf(key.id))).toEqual([FAKE_KEY_ID]);
    const calls = getRecord(canvasElement).calls;
    await expect(calls.find((c) => c.path === '/auth/login/webauthn/options')?.body).toEqual({ session_id: SESSION });
    await expect(calls.find((c) => c.path === '/auth/login/verify-webauthn')?.body).toEqual({
      session_id: SESSION,
      remember: true,
      response: {
        id: base64url(FAKE_KEY_ID),
        rawId: base64url(FAKE_KEY_ID),
        type: 'public-key',
        response: {
          clientDataJSON: base64url(FAKE_CLIENT_DATA),
          authenticatorData: base64url('story-authenticator-data'),
          signature: base64url('story-signature'),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'cross-platform',
      },
    });
  },
};

/** A key-only account: the key is the main action and there are no code boxes. */
export const SecondFactorKeyOnly: Story = {
  parameters: inSession('MfaRequired', { available_credentials: [securityKey], allow_totp_remember: false }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const key = await canvas.findByRole('button', { name: 'Use a security key' });
    await expect(key).toHaveAttribute('data-slot', 'button');
    await expect(key.className).toContain('bg-primary');
    await expect(canvas.getByText('Use your security key to finish signing in.')).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'Digit 1 of 6' })).toBeNull();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};

/** The person closes the browser's prompt (or it times out): a message, and the button works again. */
export const SecurityKeyCancelled: Story = {
  parameters: {
    app: {
      ...app(`/login?email=anna@example.com`, [
        pingAt('MfaRequired', { available_credentials: [securityKey] }),
        answer('/auth/login/webauthn/options', requestOptions),
      ]).app,
      authenticator: 'cancel',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const key = await canvas.findByRole('button', { name: 'Use a security key' });
    await userEvent.click(key);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The security key prompt was closed or timed out. Try again.',
    );
    await expect(key).not.toHaveAttribute('aria-busy');
    await expect(getAuthenticator().requested).toHaveLength(1);
    await expect(getRecord(canvasElement).calls.some((c) => c.path === '/auth/login/verify-webauthn')).toBe(false);
    // Trying again asks for a fresh challenge.
    await userEvent.click(key);
    await waitFor(() => expect(getAuthenticator().requested).toHaveLength(2));
    await expect(getRecord(canvasElement).calls.filter((c) => c.path === '/auth/login/webauthn/options')).toHaveLength(
      2,
    );
  },
};

/** The server refuses the key's answer: its message beside the key button. */
export const SecurityKeyRefused: Story = {
  parameters: app(`/login?email=anna@example.com`, [
    pingAt('MfaRequired', { available_credentials: [totp, securityKey] }),
    answer('/auth/login/webauthn/options', requestOptions),
    failure('/auth/login/verify-webauthn', 401, 'webauthn_failed'),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Use a security key' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The security key could not be verified. Try again or use another key.');
    // Shown by the key, not under the code boxes.
    await expect(alert.previousElementSibling).toHaveTextContent('Use a security key');
  },
};

export const SecondFactor: Story = {
  parameters: app(`/login?email=anna@example.com`, [
    pingAt('MfaRequired', { available_credentials: [totp] }),
    answer('/auth/login/verify-mfa', loginState('Done', { is_user: true })),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Remember this browser for 30 days' }));
    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('654321');
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login/select-tenant');
    const verify = getRecord(canvasElement).calls.find((c) => c.path === '/auth/login/verify-mfa');
    await expect(verify?.body).toEqual({ session_id: SESSION, totp_code: '654321', remember: true });
  },
};

export const SecondFactorNoRemember: Story = {
  parameters: inSession('MfaRequired', { allow_totp_remember: false }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};

export const MergeAuthenticators: Story = {
  parameters: app(`/login?email=anna@example.com`, [
    pingAt('TOTPResetRequired'),
    answer('/auth/login/merge-mfa', loginState('Done', { is_user: true })),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/only one is allowed/)).toBeVisible();
    await userEvent.click(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.paste('111222');
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login/select-tenant');
  },
};

export const OfferToCreatePassword: Story = {
  parameters: app(`/login?email=anna@example.com`, [
    pingAt('AskedCreateCredential', { is_user: true }),
    answer('/auth/login/create-password', loginState('Done', { is_user: true })),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const create = await canvas.findByRole('button', { name: 'Create password' });
    await expect(create).toBeDisabled();
    await userEvent.type(canvas.getByLabelText('New password'), 'Solsken#2026');
    await userEvent.type(canvas.getByLabelText('Repeat the password'), 'Solsken#2025');
    await expect(canvas.getByText('Passwords do not match')).toBeVisible();
    await expect(create).toBeDisabled();
    await userEvent.clear(canvas.getByLabelText('Repeat the password'));
    await userEvent.type(canvas.getByLabelText('Repeat the password'), 'Solsken#2026');
    await expect(create).toBeEnabled();
    await userEvent.click(create);
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login/select-tenant');
  },
};

/** Linking Google or Microsoft from the offer: a full-page visit to the link route. */
export const OfferWithProviders: Story = {
  parameters: inSession('AskedCreateCredential', { is_user: true, providers: [GOOGLE, MICROSOFT] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Next time you can sign in faster with Google, Microsoft or a password.'),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue with Microsoft' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Create password' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Skip for now' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue with Google' }));
    await expect(getRecord(canvasElement).externalNavigations).toEqual([
      `/auth/login/link/oauth/google?session_id=${SESSION}`,
    ]);
  },
};

export const OfferSkipsAfterInactivity: StoryObj<typeof OfferStep> = {
  render: (args) => <OfferStep {...args} />,
  args: { busy: false, error: null, onCreate: fn(), onSkip: fn(), onLink: fn(), idleMs: 400 },
  parameters: { layout: 'centered' },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onSkip).toHaveBeenCalledOnce(), { timeout: 2000 });
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};

/** A choice under way (the browser's passkey prompt is open) is activity: no skip meanwhile. */
export const OfferWaitsWhileBusy: StoryObj<typeof OfferStep> = {
  render: (args) => <OfferStep {...args} />,
  args: { busy: true, error: null, onCreate: fn(), onSkip: fn(), onLink: fn(), idleMs: 300 },
  parameters: { layout: 'centered' },
  play: async ({ args }) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await expect(args.onSkip).not.toHaveBeenCalled();
  },
};

export const InvalidSessionResets: Story = {
  parameters: app(`/login?email=anna@example.com`, [
    pingAt('CredentialsRequired', { available_credentials: [password] }),
    failure('/auth/login/verify-password', 409, 'invalid_login_session_state'),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^Password/), 'x{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This sign-in cannot continue. Starting again in 3 seconds.',
    );
    await waitFor(() => expect(canvas.getByLabelText(/^Email/)).toBeVisible(), { timeout: 4500 });
  },
};

export const DoneToAuthorize: Story = {
  parameters: app(
    `/login?session_id=${SESSION}&client_id=tenant-acme&redirect_uri=https%3A%2F%2Facme.example.com%2Fcb&state=xyz`,
    [pingAt('Done', { is_user: true })],
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(getRecord(canvasElement).externalNavigations[0]).toBe(
        '/oauth2/authorize?client_id=tenant-acme&redirect_uri=https%3A%2F%2Facme.example.com%2Fcb&state=xyz',
      ),
    );
  },
};

/** An instance's sign-in request (OpenID Connect) is finished by its interaction, not /oauth2/authorize. */
export const DoneToInteraction: Story = {
  parameters: app(`/login?interaction=Interaction_0123456789&client_id=tenant-acme`, [
    pingAt('Done', { is_user: true }),
  ]),
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(getRecord(canvasElement).externalNavigations).toEqual(['/oauth2/interaction/Interaction_0123456789']),
    );
    const ping = getRecord(canvasElement).calls.find((c) => c.path === '/auth/login/ping');
    await expect(new URLSearchParams(ping?.search).get('interaction')).toBe('Interaction_0123456789');
  },
};

/** "Sign in again" for an instance: the refresh card, and the ping names the interaction so an
 * older portal session does not count. */
export const SignInAgainForInstance: Story = {
  parameters: app('/login?interaction=Interaction_0123456789&mode=refresh&email=anna@example.com', [
    startPing,
    answer('/auth/login/start', loginState('CredentialsRequired', { available_credentials: [password] })),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'You have been signed out' })).toBeVisible();
    await expect(await canvas.findByLabelText(/^Password/)).toBeVisible();
    const calls = getRecord(canvasElement).calls;
    await expect(calls.find((c) => c.path === '/auth/login/ping')?.search).toBe('?interaction=Interaction_0123456789');
    // The login keeps the interaction, so it comes back to this page after a provider.
    await expect(calls.find((c) => c.path === '/auth/login/start')?.search).toContain(
      'interaction=Interaction_0123456789',
    );
  },
};

export const DoneReturnsToDeepLink: Story = {
  parameters: app(`/login?from=${encodeURIComponent('/admin/accounts?q=anna')}`, [pingAt('Done', { is_user: true })]),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(getRecord(canvasElement).externalNavigations).toEqual(['/admin/accounts?q=anna']));
  },
};

export const DoneIgnoresForeignReturnAddress: Story = {
  parameters: app(`/login?from=${encodeURIComponent('//evil.example/steal')}`, [pingAt('Done', { is_user: true })]),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent('/login/select-tenant');
    await expect(getRecord(canvasElement).externalNavigations).toEqual([]);
  },
};

export const DoneStakeholderOnly: Story = {
  parameters: inSession('Done', { is_user: false, is_stakeholder: true }),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(getRecord(canvasElement).externalNavigations).toEqual(['/auth/athena']));
  },
};

export const SharingPortalTitle: Story = {
  parameters: app('/login?client_id=athena', [startPing]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Sign in to the candidate sharing portal' })).toBeVisible();
    await expect(canvas.getByText('Candidate sharing portal')).toBeVisible();
  },
};

export const LanguageFromAddress: Story = {
  parameters: app('/login?lang=sv', [startPing]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('textbox');
    // The instance chose the language: no flags.
    await expect(canvas.queryByRole('button', { name: /Svenska|English/ })).toBeNull();
  },
};

export const ProviderError: Story = {
  parameters: app('/login?error=access_denied&error_type=soft', [startPing]),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Signing in with the other service was cancelled.',
    );
  },
};

export const CancelReturnsToStart: Story = {
  parameters: inSession('OTPRequired'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel' }));
    const email = await canvas.findByLabelText(/^Email/);
    await expect(email).toHaveValue('');
  },
};

export const Swedish: Story = {
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Logga in' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: /Fortsätt/ })).toBeVisible();
  },
};
