import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LoginPage } from '../../app-auth/src/routes/login/login-page';
import { OfferStep } from '../../app-auth/src/routes/login/steps/offer-step';
import { type AppStoryParameters, getRecord, loginState, type MockRoute, withApp, withLanguage } from './lib/app-story';

const SESSION = 'SessionIdForStories0123456789abc';
const password = { id: '11111111-1111-4111-8111-111111111111', type: 'password', provider: null };
const google = { id: '22222222-2222-4222-8222-222222222222', type: 'oidc', provider: 'accounts.google.com' };
const totp = { id: '33333333-3333-4333-8333-333333333333', type: 'totp', provider: null };

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
  parameters: { layout: 'fullscreen', ...app('/login', [startPing]) },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const inSession = (state: string, extra: Record<string, unknown> = {}) =>
  app(`/login?session_id=${SESSION}&email=anna@example.com`, [pingAt(state, extra)]);

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
    await expect(await canvas.findByText(/badly formatted|felaktigt formaterad/)).toBeVisible();
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

export const PasswordResetRequired: Story = {
  parameters: app(`/login?session_id=${SESSION}&email=anna@example.com&type=athena`, [pingAt('PasswordResetRequired')]),
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
  parameters: app(`/login?session_id=${SESSION}&email=anna@example.com`, [
    pingAt('OTPRequired'),
    answer('/auth/login/verify-otp', loginState('AskedCreateCredential', { is_user: true })),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/spam/)).toBeVisible();
    const first = canvas.getByRole('textbox', { name: 'Digit 1 of 6' });
    await userEvent.click(first);
    await userEvent.paste('123456');
    await expect(await canvas.findByText('Create a password')).toBeVisible();
    const verify = getRecord(canvasElement).calls.find((c) => c.path === '/auth/login/verify-otp');
    await expect(verify?.body).toEqual({ session_id: SESSION, email: 'anna@example.com', otp: '123456' });
  },
};

export const OneTimeCodeWrong: Story = {
  parameters: app(`/login?session_id=${SESSION}&email=anna@example.com`, [
    pingAt('OTPRequired'),
    failure('/auth/login/verify-otp', 401, 'pnty/helios/otp/invalid'),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('999999');
    await expect(await canvas.findByText('The one-time password is invalid.')).toBeVisible();
    // A soft error keeps the boxes, emptied for the next try.
    await expect(canvas.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
  },
};

export const OneTimeCodeExhausted: Story = {
  parameters: app(`/login?session_id=${SESSION}&email=anna@example.com`, [
    pingAt('OTPRequired'),
    failure('/auth/login/verify-otp', 429, 'pnty/helios/otp/retries-exceeded'),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('999999');
    await expect(await canvas.findByText(/Too many invalid retries/)).toBeVisible();
    // A hard error hides the boxes.
    await expect(canvas.queryByRole('textbox', { name: 'Digit 1 of 6' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  },
};

export const Credentials: Story = {
  parameters: app(`/login?session_id=${SESSION}&email=anna@example.com`, [
    pingAt('CredentialsRequired', { available_credentials: [password, google] }),
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
  parameters: app(`/login?session_id=${SESSION}&email=anna@example.com`, [
    pingAt('CredentialsRequired', { available_credentials: [password] }),
    failure('/auth/login/verify-password', 401, 'invalid_credentials'),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^Password/), 'wrong{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/Invalid credentials.*case-sensitive/);
  },
};

export const AccountLocked: Story = {
  parameters: app(`/login?session_id=${SESSION}&email=anna@example.com`, [
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
  parameters: app(`/login?session_id=${SESSION}&email=anna@example.com&mode=refresh`, [
    pingAt('CredentialsRequired', { available_credentials: [password] }),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Your session has expired' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Cancel' })).toBeNull();
  },
};

export const OnlyGoogle: Story = {
  parameters: inSession('CredentialsRequired', { available_credentials: [google] }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/signs you in automatically/)).toBeVisible();
    await waitFor(() =>
      expect(getRecord(canvasElement).externalNavigations).toEqual([`/auth/login/oauth/google?session_id=${SESSION}`]),
    );
  },
};

export const SecondFactor: Story = {
  parameters: app(`/login?session_id=${SESSION}&email=anna@example.com`, [
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
  parameters: app(`/login?session_id=${SESSION}&email=anna@example.com`, [
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
  parameters: app(`/login?session_id=${SESSION}&email=anna@example.com`, [
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

export const OfferSkipsAfterInactivity: StoryObj<typeof OfferStep> = {
  render: (args) => <OfferStep {...args} />,
  args: { busy: false, error: null, onCreate: fn(), onSkip: fn(), idleMs: 400 },
  parameters: { layout: 'centered' },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onSkip).toHaveBeenCalledOnce(), { timeout: 2000 });
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};

export const InvalidSessionResets: Story = {
  parameters: app(`/login?session_id=${SESSION}&email=anna@example.com`, [
    pingAt('CredentialsRequired', { available_credentials: [password] }),
    failure('/auth/login/verify-password', 409, 'invalid_login_session_state'),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^Password/), 'x{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Invalid login session state, redirecting in 3 seconds',
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

export const DoneReturnsToDeepLink: Story = {
  parameters: app(`/login?session_id=${SESSION}&from=${encodeURIComponent('/admin/accounts?q=anna')}`, [
    pingAt('Done', { is_user: true }),
  ]),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(getRecord(canvasElement).externalNavigations).toEqual(['/admin/accounts?q=anna']));
  },
};

export const DoneIgnoresForeignReturnAddress: Story = {
  parameters: app(`/login?session_id=${SESSION}&from=${encodeURIComponent('//evil.example/steal')}`, [
    pingAt('Done', { is_user: true }),
  ]),
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
      'Sign-in with the provider was cancelled.',
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
