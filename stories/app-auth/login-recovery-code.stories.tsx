import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { LoginPage } from '../../app-auth/src/routes/login/login-page';
import { type AppStoryParameters, getRecord, loginState, type MockRoute, withApp, withLanguage } from './lib/app-story';

const SESSION = 'SessionIdForStories0123456789abc';
const totp = { id: '33333333-3333-4333-8333-333333333333', type: 'totp', provider: null };
const securityKey = { id: '44444444-4444-4444-8444-444444444444', type: 'webauthn', provider: null, label: 'YubiKey' };

const atSecondFactor = (credentials: unknown[]): MockRoute => ({
  method: 'POST',
  path: '/auth/login/ping',
  respond: { body: loginState('MfaRequired', { available_credentials: credentials }) },
});
const verifyRoute = (respond: MockRoute['respond']): MockRoute => ({
  method: 'POST',
  path: '/auth/login/verify-recovery-code',
  respond,
});
const refused = (type: string, status = 401) => ({ status, body: { detail: [{ type, msg: type }] } });
const app = (...api: MockRoute[]): { app: AppStoryParameters } => ({
  app: { route: '/login?email=anna@example.com', pattern: '/login', api },
});

const meta = {
  title: 'App auth/Login recovery code',
  component: LoginPage,
  decorators: [withApp],
  loaders: [withLanguage],
  parameters: {
    layout: 'fullscreen',
    ...app(atSecondFactor([totp, securityKey]), verifyRoute({ body: loginState('Done', { is_user: true }) })),
  },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openRecoveryCode(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Use a recovery code' }));
  const field = await canvas.findByRole('textbox', { name: 'Recovery code' });
  return { canvas, field };
}
const verifyCalls = (canvasElement: HTMLElement) =>
  getRecord(canvasElement).calls.filter((call) => call.path === '/auth/login/verify-recovery-code');

/** The second-factor step offers a recovery code; the form opens with the field focused, and a
 * right code signs in. */
export const SignIn: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, field } = await openRecoveryCode(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Use a recovery code' })).toBeVisible();
    await expect(field).toHaveFocus();
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(field, '7GK2M-X9QPD{Enter}');
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login/select-tenant');
    await expect(verifyCalls(canvasElement).map((call) => call.body)).toEqual([
      { session_id: SESSION, recovery_code: '7GK2M-X9QPD' },
    ]);
  },
};

/** An empty field is not sent. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, field } = await openRecoveryCode(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(field).toHaveAccessibleDescription('Enter a recovery code');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(verifyCalls(canvasElement)).toHaveLength(0);
  },
};

/** A wrong or used code: the message under the field, and another can be tried. */
export const WrongCode: Story = {
  parameters: app(atSecondFactor([totp]), verifyRoute(refused('invalid_recovery_code'))),
  play: async ({ canvasElement }) => {
    const { canvas, field } = await openRecoveryCode(canvasElement);
    await userEvent.type(field, 'aaaaa-aaaaa{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Wrong or already used recovery code. Try another one.',
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  },
};

/** Too many wrong tries lock the account, as wrong authenticator codes do. */
export const Locked: Story = {
  parameters: app(atSecondFactor([totp]), verifyRoute(refused('account_locked', 423))),
  play: async ({ canvasElement }) => {
    const { canvas, field } = await openRecoveryCode(canvasElement);
    await userEvent.type(field, 'aaaaa-aaaaa{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Account temporarily locked');
  },
};

/** Back to the authenticator app or security key, without an old message. */
export const BackToSecondFactor: Story = {
  parameters: app(atSecondFactor([totp]), verifyRoute(refused('invalid_recovery_code'))),
  play: async ({ canvasElement }) => {
    const { canvas, field } = await openRecoveryCode(canvasElement);
    await userEvent.type(field, 'aaaaa-aaaaa{Enter}');
    await canvas.findByRole('alert');
    await userEvent.click(canvas.getByRole('button', { name: 'Use your authenticator app or security key instead' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
