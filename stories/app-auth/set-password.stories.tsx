import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { RESET_EMAIL_KEY } from '../../app-auth/src/routes/reset-password/reset-email';
import { SetPasswordPage } from '../../app-auth/src/routes/set-password/set-password-page';
import { type AppStoryParameters, getRecord, type MockRoute, withApp, withLanguage } from './lib/app-story';

const TOKEN = 'ResetTokenForStories0123456789';
const GOOD_PASSWORD = 'Sommar2026!';

const errorBody = (type: string) => ({ detail: [{ type, msg: type }] });

/** The page with the token check's answer (valid unless given) and the confirm's answer. */
const app = ({
  check = { status: 200, body: {} },
  confirm = { status: 200, body: { type: null } },
}: {
  check?: MockRoute['respond'];
  confirm?: MockRoute['respond'];
}): AppStoryParameters => ({
  route: `/login/set-password/${TOKEN}`,
  pattern: '/login/set-password/:token',
  api: [
    { method: 'POST', path: '/auth/reset/check-token', respond: check },
    { method: 'POST', path: '/auth/reset/confirm', respond: confirm },
  ],
});

const meta = {
  title: 'App auth/Set password',
  component: SetPasswordPage,
  decorators: [withApp],
  loaders: [withLanguage],
  parameters: { layout: 'fullscreen', app: app({}) },
  render: () => <SetPasswordPage />,
  beforeEach: () => {
    window.sessionStorage.removeItem(RESET_EMAIL_KEY);
    return () => window.sessionStorage.removeItem(RESET_EMAIL_KEY);
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillIn(canvasElement: HTMLElement, password: string, repeat: string) {
  const canvas = within(canvasElement);
  const passwordInput = await canvas.findByLabelText('New password');
  const repeatInput = canvas.getByLabelText('Repeat the new password');
  if (password) await userEvent.type(passwordInput, password);
  if (repeat) await userEvent.type(repeatInput, repeat);
  await userEvent.click(canvas.getByRole('button', { name: 'Set new password' }));
  return { canvas, passwordInput, repeatInput };
}

const confirmCalls = (canvasElement: HTMLElement) =>
  getRecord(canvasElement).calls.filter((call) => call.path === '/auth/reset/confirm');

/** A valid link: the token is checked, then the form shows with the live checklist. */
export const ValidToken: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const password = await canvas.findByLabelText('New password');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(getRecord(canvasElement).calls).toEqual([
      { method: 'POST', path: '/auth/reset/check-token', search: '', body: { token: TOKEN } },
    ]);
    const rule = (name: string) => canvasElement.querySelector(`[data-rule="${name}"]`);
    // The page's own rules (8 characters, repeated), not the sign-in flow's classes of characters.
    const rules = [...canvasElement.querySelectorAll('[data-rule]')].map((item) => item.getAttribute('data-rule'));
    await expect(rules).toEqual(['minLength', 'matches']);
    await expect(canvas.getByText('At least 8 characters')).toBeVisible();
    await expect(rule('minLength')).toHaveAttribute('data-state', 'unmet');
    await userEvent.type(password, 'sommarso');
    await expect(rule('minLength')).toHaveAttribute('data-state', 'met');
    await userEvent.clear(password);
    await userEvent.type(password, GOOD_PASSWORD);
    await expect(rule('matches')).toHaveAttribute('data-state', 'unmet');
    await userEvent.type(canvas.getByLabelText('Repeat the new password'), GOOD_PASSWORD);
    await expect(rule('matches')).toHaveAttribute('data-state', 'met');
  },
};

/** 406 on the check: the link is used or expired; no form, a way to ask for a new link. */
export const InvalidToken: Story = {
  parameters: {
    app: app({ check: { status: 406, body: errorBody('invalid_or_expired_token') } }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'This link is no longer valid' })).toBeVisible();
    await expect(canvas.queryByLabelText('New password')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/login/reset-password',
    );
  },
};

/** Any other status on the check leaves for /. */
export const TokenCheckFails: Story = {
  parameters: { app: app({ check: { status: 422, body: errorBody('validation_error') } }) },
  play: async ({ canvasElement }) => {
    const location = await within(canvasElement).findByTestId('location');
    await expect(location.textContent).toBe('/');
  },
};

/** No answer to the check: a retry instead of leaving; the second try finds the token valid. */
export const TokenCheckUnreachable: Story = {
  parameters: {
    app: app({ check: ({ call }) => (call === 1 ? { networkError: true } : { status: 200, body: {} }) }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Helios could not be reached. Check your connection and try again.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByLabelText('New password')).toBeVisible();
    await expect(getRecord(canvasElement).calls).toHaveLength(2);
  },
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, passwordInput } = await fillIn(canvasElement, '', '');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Password cannot be empty');
    await expect(passwordInput).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordInput).toHaveAccessibleDescription('Password cannot be empty');
    await expect(passwordInput).toHaveFocus();
    await expect(confirmCalls(canvasElement)).toEqual([]);
  },
};

export const Mismatch: Story = {
  play: async ({ canvasElement }) => {
    const { passwordInput, repeatInput } = await fillIn(canvasElement, GOOD_PASSWORD, 'Sommar2026?');
    await expect(repeatInput).toHaveAttribute('aria-invalid', 'true');
    await expect(repeatInput).toHaveAccessibleDescription('Passwords do not match');
    // Said once, on the field, not again by the checklist below it.
    await expect(within(canvasElement).getAllByText('Passwords do not match')).toHaveLength(1);
    await expect(repeatInput).toHaveFocus();
    await expect(passwordInput).not.toHaveAttribute('aria-invalid');
    await expect(confirmCalls(canvasElement)).toEqual([]);
  },
};

export const TooShort: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, passwordInput } = await fillIn(canvasElement, 'Kort1!a', 'Kort1!a');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters');
    await expect(passwordInput).toHaveAccessibleDescription('Password must be at least 8 characters');
    await expect(confirmCalls(canvasElement)).toEqual([]);

    // Fixing it clears the message and sends the new password.
    await userEvent.type(passwordInput, 'b');
    await userEvent.type(canvas.getByLabelText('Repeat the new password'), 'b');
    await userEvent.click(canvas.getByRole('button', { name: 'Set new password' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'New password set' })).toBeVisible();
    await expect(confirmCalls(canvasElement)).toEqual([
      { method: 'POST', path: '/auth/reset/confirm', search: '', body: { token: TOKEN, password: 'Kort1!ab' } },
    ]);
  },
};

/** The reset named a type (the sharing portal): "Go to Login" leaves for /auth/athena. */
export const SuccessWithType: Story = {
  parameters: { app: app({ confirm: { status: 200, body: { type: 'athena' } } }) },
  play: async ({ canvasElement }) => {
    const { canvas } = await fillIn(canvasElement, GOOD_PASSWORD, GOOD_PASSWORD);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'New password set' })).toBeVisible();
    await expect(canvas.queryByLabelText('New password')).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/auth/athena');
    await expect(confirmCalls(canvasElement)[0]?.body).toEqual({ token: TOKEN, password: GOOD_PASSWORD });
  },
};

/** No type: "Go to Login" opens sign-in with the address the reset was requested for. */
export const SuccessWithoutType: Story = {
  beforeEach: () => {
    window.sessionStorage.setItem(RESET_EMAIL_KEY, 'anna@example.com');
  },
  play: async ({ canvasElement }) => {
    const { canvas } = await fillIn(canvasElement, GOOD_PASSWORD, GOOD_PASSWORD);
    const link = await canvas.findByRole('link', { name: 'Go to Login' });
    await expect(canvas.getByRole('status')).toHaveTextContent('You can now sign in with your new password.');
    await expect(link).toHaveAttribute('href', '/login?email=anna%40example.com');
    await userEvent.click(link);
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login?email=anna%40example.com');
  },
};

/** While saving, the button is busy and pressing again sends nothing more. */
export const Saving: Story = {
  parameters: { app: app({ confirm: { status: 200, body: { type: null }, delayMs: 600 } }) },
  play: async ({ canvasElement }) => {
    const { canvas } = await fillIn(canvasElement, GOOD_PASSWORD, GOOD_PASSWORD);
    const save = canvas.getByRole('button', { name: /Set new password/ });
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(save);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'New password set' })).toBeVisible();
    await expect(confirmCalls(canvasElement)).toHaveLength(1);
    await expect(canvas.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  },
};

export const ConfirmRejected: Story = {
  parameters: { app: app({ confirm: { status: 406, body: errorBody('invalid_or_expired_token') } }) },
  play: async ({ canvasElement }) => {
    const { canvas } = await fillIn(canvasElement, GOOD_PASSWORD, GOOD_PASSWORD);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Password reset failed');
    await expect(canvas.getByLabelText('New password')).toHaveValue(GOOD_PASSWORD);
  },
};

/** 422: the server's password rule, translated. */
export const CommonPassword: Story = {
  parameters: { app: app({ confirm: { status: 422, body: errorBody('common_password') } }) },
  play: async ({ canvasElement }) => {
    const { canvas } = await fillIn(canvasElement, 'Password1!', 'Password1!');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This password is too common. Choose one that is harder to guess.',
    );
  },
};

export const ServerError: Story = {
  parameters: { app: app({ confirm: { status: 500, body: errorBody('internal_error') } }) },
  play: async ({ canvasElement }) => {
    const { canvas } = await fillIn(canvasElement, GOOD_PASSWORD, GOOD_PASSWORD);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong. Try again.');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Set new password' })).not.toHaveAttribute('aria-busy'),
    );
  },
};

export const NetworkError: Story = {
  parameters: { app: app({ confirm: { networkError: true } }) },
  play: async ({ canvasElement }) => {
    const { canvas } = await fillIn(canvasElement, GOOD_PASSWORD, GOOD_PASSWORD);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Helios could not be reached. Check your connection and try again.',
    );
  },
};
