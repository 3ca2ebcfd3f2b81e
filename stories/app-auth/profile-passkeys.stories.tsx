import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ProfilePage } from '../../app-auth/src/routes/profile/profile-page';
import {
  type AppStoryParameters,
  getAuthenticator,
  getRecord,
  type MockRoute,
  storySession,
  storyUser,
  withApp,
  withFakeAuthenticator,
  withLanguage,
} from './lib/app-story';
import { base64url } from './lib/fake-authenticator';

const PASSWORD = { id: '11111111-1111-4111-8111-111111111111', type: 'password', provider: null };
const LAPTOP = { id: '88888888-8888-4888-8888-888888888888', type: 'passkey', provider: null, label: 'Work laptop' };
const PHONE = { id: '99999999-9999-4999-8999-999999999999', type: 'passkey', provider: null, label: 'Phone' };
const listed = (credential: typeof LAPTOP, used: string | null) => ({
  id: credential.id,
  name: credential.label,
  created_at: '2026-11-03T09:00:00.000Z',
  last_used_at: used,
});
const user = (...credentials: object[]) => ({ ...storyUser, available_credentials: credentials });

/** The profile with these passkeys listed and these calls answered. */
function app(passkeys: object[], ...api: MockRoute[]): { app: AppStoryParameters } {
  return {
    app: {
      route: '/profile',
      api: [
        { method: 'GET', path: '/oauth2/userinfo', respond: { body: user(PASSWORD, LAPTOP, PHONE) } },
        ...api,
        { method: 'GET', path: '/auth/passkeys', respond: { body: { passkeys } } },
        { method: 'GET', path: '/auth/providers', respond: { body: { providers: [] } } },
        { method: 'GET', path: '/auth/sessions', respond: { body: { sessions: [storySession] } } },
      ],
    },
  };
}

const meta = {
  title: 'App auth/Profile/Passkeys',
  component: ProfilePage,
  decorators: [withApp],
  loaders: [withLanguage],
  beforeEach: [withFakeAuthenticator],
  parameters: { layout: 'fullscreen', ...app([listed(LAPTOP, '2026-11-20T10:00:00.000Z'), listed(PHONE, null)]) },
  render: () => <ProfilePage />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const region = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('region', { name: /^Passkeys$|^Lösennycklar$/ }));

/** Each passkey by name, when it was created and last used, with Rename and Remove. */
export const Listed: Story = {
  play: async ({ canvasElement }) => {
    const passkeys = await region(canvasElement);
    await waitFor(() => expect(passkeys.getAllByRole('listitem')).toHaveLength(2));
    await expect(passkeys.getByText(/^(Created .+ · Last used .+|Skapad .+ · Senast använd .+)$/)).toBeVisible();
    await expect(passkeys.getByRole('button', { name: /Rename Phone|Byt namn på Phone/ })).toBeEnabled();
    await expect(passkeys.getByRole('button', { name: /Create a passkey|Skapa en lösennyckel/ })).toBeEnabled();
  },
};

/** Creating a passkey: named, then the browser makes it, and it is listed. */
export const Create: Story = {
  parameters: app(
    [],
    {
      method: 'POST',
      path: '/auth/passkeys/register/options',
      respond: {
        body: {
          challenge: base64url('passkey-registration'),
          rp: { name: 'Helios', id: 'localhost' },
          user: { id: base64url('account-anna'), name: 'anna@example.com', displayName: 'Anna Andersson' },
          pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        },
      },
    },
    {
      method: 'POST',
      path: '/auth/passkeys/register',
      respond: { body: { passkeys: [listed(LAPTOP, null)] } },
    },
  ),
  play: async ({ canvasElement }) => {
    const passkeys = await region(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await passkeys.findByRole('button', { name: 'Create a passkey' }));
    const dialog = await page.findByRole('dialog', { name: 'Create a passkey' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await expect(await within(dialog).findByText('Name the passkey')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name of the passkey/ }), 'Work laptop{Enter}');
    await expect(await passkeys.findByText('Passkey “Work laptop” created')).toBeVisible();
    await expect(page.queryByRole('dialog')).not.toBeInTheDocument();
    const [prompt] = getAuthenticator().created;
    await expect(prompt?.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const register = getRecord(canvasElement).calls.find((c) => c.path === '/auth/passkeys/register');
    await expect(register?.body).toMatchObject({ name: 'Work laptop', response: { type: 'public-key' } });
  },
};

/** Renaming keeps the dialog's name rules and lists the new name. */
export const Rename: Story = {
  parameters: app([listed(LAPTOP, null)], {
    method: 'POST',
    path: `/auth/passkeys/${LAPTOP.id}`,
    respond: { body: { passkeys: [{ ...listed(LAPTOP, null), name: 'Old laptop' }] } },
  }),
  play: async ({ canvasElement }) => {
    const passkeys = await region(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await passkeys.findByRole('button', { name: 'Rename Work laptop' }));
    const dialog = await page.findByRole('dialog', { name: 'Rename the passkey' });
    const field = within(dialog).getByRole('textbox', { name: /Name of the passkey/ });
    await expect(field).toHaveValue('Work laptop');
    await userEvent.clear(field);
    await userEvent.type(field, 'Old laptop{Enter}');
    await expect(await passkeys.findByText('Old laptop')).toBeVisible();
    const rename = getRecord(canvasElement).calls.find((c) => c.path === `/auth/passkeys/${LAPTOP.id}`);
    await expect(rename?.body).toEqual({ name: 'Old laptop' });
  },
};

/** Removing asks first; the answer's account no longer has it, and focus moves on. */
export const Remove: Story = {
  parameters: app([listed(LAPTOP, null)], {
    method: 'DELETE',
    path: `/oauth2/userinfo/credentials/${LAPTOP.id}`,
    respond: { body: user(PASSWORD) },
  }),
  play: async ({ canvasElement }) => {
    const passkeys = await region(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await passkeys.findByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await page.findByRole('alertdialog', { name: 'Remove the passkey?' });
    await expect(dialog).toHaveTextContent('Every other browser and app signed in to your account is signed out.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expect(await passkeys.findByText('Passkey removed')).toBeVisible();
    await waitFor(() => expect(passkeys.getByRole('button', { name: 'Create a passkey' })).toHaveFocus());
  },
};
