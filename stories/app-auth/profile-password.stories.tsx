import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ProfilePage } from '../../app-auth/src/routes/profile/profile-page';
import {
  type AppStoryParameters,
  getRecord,
  type MockResponse,
  type MockRoute,
  storySession,
  storyUser,
  withApp,
  withLanguage,
} from './lib/app-story';

const PASSWORD = { id: '11111111-1111-4111-8111-111111111111', type: 'password', provider: null };
const MICROSOFT = { id: '44444444-4444-4444-8444-444444444444', type: 'oidc', provider: 'login.microsoftonline.com' };
const anna = { ...storyUser, available_credentials: [PASSWORD] };
const sara = {
  ...storyUser,
  name: 'Sara Lind',
  email: 'sara@partner.example',
  is_user: false,
  available_credentials: [MICROSOFT],
};
const NEW_PASSWORD = 'Lantern-Fjord-91';

const errorBody = (type: string) => ({ detail: [{ type, msg: type }] });
const changeRoute = (respond: MockRoute['respond']): MockRoute => ({ method: 'POST', path: '/auth/password', respond });
const app = (info: MockResponse, ...api: MockRoute[]): AppStoryParameters => ({
  route: '/profile',
  api: [
    { method: 'GET', path: '/oauth2/userinfo', respond: info },
    ...api,
    {
      method: 'GET',
      path: '/auth/providers',
      respond: { body: { providers: [{ id: 'microsoft', name: 'Microsoft' }] } },
    },
    { method: 'GET', path: '/auth/sessions', respond: { body: { sessions: [storySession] } } },
    { method: 'GET', path: '/auth/security-events', respond: { body: { events: [] } } },
  ],
});

const meta = {
  title: 'App auth/Profile/Change password',
  component: ProfilePage,
  decorators: [withApp],
  loaders: [withLanguage],
  parameters: { layout: 'fullscreen', app: app({ body: anna }, changeRoute({ body: anna, delayMs: 200 })) },
  render: () => <ProfilePage />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A message shown in a polite live region (a success Alert). */
async function expectAnnounced(canvasElement: HTMLElement, text: string | RegExp) {
  const message = await within(canvasElement).findByText(text);
  await expect(message.closest('[role="status"]')).toBeVisible();
}

const changeCalls = (canvasElement: HTMLElement) =>
  getRecord(canvasElement).calls.filter((call) => call.path === '/auth/password');

/** "Change password" opens a dialog with the new password twice and the set-password page's
 * checklist; Cancel closes it, sends nothing and returns focus to the button. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const open = await canvas.findByRole('button', { name: 'Change password' });
    // A forgotten password is still reset from an emailed link.
    await expect(canvas.getByRole('button', { name: 'Reset password' })).toBeEnabled();
    await userEvent.click(open);
    const dialog = await page.findByRole('dialog', { name: 'Change password' });
    await expect(dialog).toHaveAccessibleDescription(/Every other browser and app signed in to your account/);
    const password = within(dialog).getByLabelText(/^New password/);
    await expect(password).toHaveFocus();
    await userEvent.type(password, 'short');
    const minLength = within(dialog).getByText('At least 8 characters').closest('li');
    await expect(minLength).toHaveAttribute('data-state', 'unmet');
    await userEvent.type(password, '-but-longer');
    await expect(minLength).toHaveAttribute('data-state', 'met');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(open).toHaveFocus();
    await expect(changeCalls(canvasElement)).toHaveLength(0);
    // Opened again, the dialog starts empty.
    await userEvent.click(open);
    await expect(within(await page.findByRole('dialog')).getByLabelText(/^New password/)).toHaveValue('');
  },
};

/** Too short or not repeated: said at the field, nothing sent. A common password the server
 * refuses: its message in the dialog, which stays open to try another. */
export const WeakPasswordRefused: Story = {
  parameters: {
    app: app({ body: anna }, changeRoute({ status: 422, body: errorBody('common_password') })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Change password' }));
    const dialog = await page.findByRole('dialog', { name: 'Change password' });
    const password = within(dialog).getByLabelText(/^New password/);
    const repeat = within(dialog).getByLabelText(/^Repeat the new password/);
    await userEvent.type(password, 'Ab1!x');
    await userEvent.type(repeat, 'Ab1!x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set new password' }));
    await expect(password).toHaveAccessibleDescription(/Password must be at least 8 characters/);
    await expect(password).toHaveFocus();
    await expect(changeCalls(canvasElement)).toHaveLength(0);

    await userEvent.clear(password);
    await userEvent.clear(repeat);
    await userEvent.type(password, 'Password123!');
    await userEvent.type(repeat, 'Password123!{Enter}');
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('This password is too common');
    await expect(dialog).toBeVisible();
    await expect(changeCalls(canvasElement).map((call) => call.body)).toEqual([{ password: 'Password123!' }]);
  },
};

/** Saved: the dialog closes and the page says so, and that the other sessions were signed out. */
export const Changed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Change password' }));
    const dialog = await page.findByRole('dialog', { name: 'Change password' });
    await userEvent.type(within(dialog).getByLabelText(/^New password/), NEW_PASSWORD);
    await userEvent.type(within(dialog).getByLabelText(/^Repeat the new password/), NEW_PASSWORD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set new password' }));
    await expect(within(dialog).getByRole('button', { name: /Set new password|Loading/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await expectAnnounced(canvasElement, 'Password changed. Other browsers and apps were signed out.');
    await expect(changeCalls(canvasElement).map((call) => call.body)).toEqual([{ password: NEW_PASSWORD }]);
  },
};

/** The same in Swedish. */
export const ChangedSwedish: Story = {
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Byt lösenord' }));
    const dialog = await page.findByRole('dialog', { name: 'Byt lösenord' });
    await userEvent.type(within(dialog).getByLabelText(/^Nytt lösenord/), NEW_PASSWORD);
    await userEvent.type(within(dialog).getByLabelText(/^Upprepa/), `${NEW_PASSWORD}{Enter}`);
    await expectAnnounced(canvasElement, /^Lösenordet har bytts\./);
  },
};

/** A session older than the step-up window: the server asks for a recent sign-in, the person
 * confirms with their password, and the change goes through without another click. */
export const StepUpNeeded: Story = {
  parameters: {
    app: app(
      { body: anna },
      changeRoute(({ call }) =>
        call === 1 ? { status: 403, body: errorBody('requires_recent_login') } : { body: anna },
      ),
      {
        method: 'POST',
        path: '/auth/reauth/start',
        respond: { body: { method: 'password', second_factors: [], webauthn: null, passkey: null, code_sent: false } },
      },
      { method: 'POST', path: '/auth/reauth/verify', respond: { status: 204 } },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Change password' }));
    const dialog = await page.findByRole('dialog', { name: 'Change password' });
    await userEvent.type(within(dialog).getByLabelText(/^New password/), NEW_PASSWORD);
    await userEvent.type(within(dialog).getByLabelText(/^Repeat the new password/), `${NEW_PASSWORD}{Enter}`);
    const confirm = await page.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.type(within(confirm).getByLabelText(/^Password$/), 'the current one{Enter}');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await expectAnnounced(canvasElement, /^Password changed\./);
    const paths = getRecord(canvasElement).calls.map((call) => call.path);
    await expect(paths.filter((path) => path.startsWith('/auth/reauth') || path === '/auth/password')).toEqual([
      '/auth/password',
      '/auth/reauth/start',
      '/auth/reauth/verify',
      '/auth/password',
    ]);
  },
};

/** Without a password, switching "Email and password" on sets one directly; the switch follows
 * the server's answer. */
export const SetFirstPassword: Story = {
  parameters: {
    app: app({ body: sara }, changeRoute({ body: { ...sara, available_credentials: [MICROSOFT, PASSWORD] } })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const password = await canvas.findByRole('switch', { name: 'Email and password' });
    await expect(password).not.toBeChecked();
    // No emailed reset link for a password that does not exist.
    await expect(canvas.queryByRole('button', { name: 'Reset password' })).not.toBeInTheDocument();
    await userEvent.click(password);
    const dialog = await page.findByRole('dialog', { name: 'Set a password' });
    await userEvent.type(within(dialog).getByLabelText(/^New password/), NEW_PASSWORD);
    await userEvent.type(within(dialog).getByLabelText(/^Repeat the new password/), `${NEW_PASSWORD}{Enter}`);
    await expectAnnounced(canvasElement, /^Password set\./);
    await expect(password).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Change password' })).toBeVisible();
  },
};
