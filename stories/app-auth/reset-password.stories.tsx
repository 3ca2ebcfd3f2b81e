import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RESET_EMAIL_KEY } from '../../app-auth/src/routes/reset-password/reset-email';
import { ResetPasswordPage } from '../../app-auth/src/routes/reset-password/reset-password-page';
import { type AppStoryParameters, getRecord, type MockRoute, withApp, withLanguage } from './lib/app-story';

const resetAccepted: MockRoute = { method: 'POST', path: '/auth/reset/request', respond: { status: 200, body: {} } };

const app = (overrides: Partial<AppStoryParameters>): AppStoryParameters => ({
  route: '/login/reset-password?email=anna@example.com',
  pattern: '/login/reset-password',
  api: [resetAccepted],
  ...overrides,
});

const meta = {
  title: 'App auth/Reset password',
  component: ResetPasswordPage,
  decorators: [withApp],
  loaders: [withLanguage],
  parameters: { layout: 'fullscreen', app: app({}) },
  render: () => <ResetPasswordPage />,
  beforeEach: () => {
    window.sessionStorage.removeItem(RESET_EMAIL_KEY);
    return () => window.sessionStorage.removeItem(RESET_EMAIL_KEY);
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from the sign-in page: the address comes along in ?email=. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveValue('anna@example.com');
    await expect(canvas.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
    await expect(canvas.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/login?email=anna%40example.com',
    );
    await expect(getRecord(canvasElement).calls).toEqual([]);
  },
};

/** Submit stays disabled until the address matches a simple email pattern. */
export const InvalidEmail: Story = {
  parameters: { app: app({ route: '/login/reset-password' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByRole('textbox', { name: 'Email' });
    const send = canvas.getByRole('button', { name: 'Send reset link' });
    await expect(email).toHaveValue('');
    await expect(send).toBeDisabled();
    await userEvent.type(email, 'anna@');
    await expect(send).toBeDisabled();
    await userEvent.type(email, 'example');
    await expect(send).toBeDisabled();
    await userEvent.type(email, '.com');
    await expect(send).toBeEnabled();
    await userEvent.type(email, ' x');
    await expect(send).toBeDisabled();
    // Enter does not send a disabled form either.
    await userEvent.type(email, '{Enter}');
    await expect(getRecord(canvasElement).calls).toEqual([]);
    await expect(canvas.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  },
};

/** After sending, the form hides and the confirmation names the address. */
export const Sent: Story = {
  parameters: { app: app({ route: '/login/reset-password?email=anna@example.com&type=athena' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'Anna.Berg@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));

    await expect(await canvas.findByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'If an account exists for Anna.Berg@example.com, a link to choose a new password is on its way.',
    );
    await expect(canvas.queryByRole('textbox')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
    await expect(getRecord(canvasElement).calls).toEqual([
      {
        method: 'POST',
        path: '/auth/reset/request',
        search: '',
        body: { email: 'Anna.Berg@example.com', type: 'athena' },
      },
    ]);
    // The set-password page later pre-fills the sign-in link with it.
    await expect(window.sessionStorage.getItem(RESET_EMAIL_KEY)).toBe('Anna.Berg@example.com');

    await userEvent.click(canvas.getByRole('link', { name: 'Back to sign in' }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login?email=anna%40example.com');
  },
};

/** While the request is on its way the button is busy and a second press sends nothing more. */
export const Sending: Story = {
  parameters: {
    app: app({ api: [{ ...resetAccepted, respond: { status: 200, body: {}, delayMs: 600 } }] }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const send = await canvas.findByRole('button', { name: /Send reset link/ });
    await userEvent.click(send);
    await expect(send).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(send);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(getRecord(canvasElement).calls).toHaveLength(1);
  },
};

/** No answer: the form stays with a translated network message, and the address is not stored. */
export const NetworkError: Story = {
  parameters: { app: app({ api: [{ ...resetAccepted, respond: { networkError: true } }] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send reset link' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Helios could not be reached. Check your connection and try again.',
    );
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveValue('anna@example.com');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Send reset link' })).not.toHaveAttribute('aria-busy'),
    );
    await expect(window.sessionStorage.getItem(RESET_EMAIL_KEY)).toBeNull();
  },
};

/** A server refusal (here too many requests) shows its translated message. */
export const RateLimited: Story = {
  parameters: {
    app: app({
      api: [
        {
          ...resetAccepted,
          respond: { status: 429, body: { detail: [{ type: 'rate_limited', msg: 'Too many requests' }] } },
        },
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send reset link' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many attempts. Wait a moment and try again.');
  },
};

/** Opened with ?lang=: the instance chose the language, so the flags hide. */
export const InSwedishFromLink: Story = {
  parameters: { app: app({ route: '/login/reset-password?lang=sv' }) },
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Återställ ditt lösenord' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Skicka återställningslänk' })).toBeDisabled();
    await expect(canvas.queryByRole('group', { name: 'Språk' })).not.toBeInTheDocument();
  },
};
