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
  withFakeAuthenticator,
  withLanguage,
} from './lib/app-story';
import { base64url } from './lib/fake-authenticator';

const PASSWORD = { id: '11111111-1111-4111-8111-111111111111', type: 'password', provider: null };
const TOTP = { id: '22222222-2222-4222-8222-222222222222', type: 'totp', provider: null };
const KEY = { id: '55555555-5555-4555-8555-555555555555', type: 'webauthn', provider: null, label: 'Work key' };
const withTotp = { ...storyUser, available_credentials: [PASSWORD, TOTP] };
const CODES = [
  'q2w3e-r4t5y',
  'u6i7o-p8a9s',
  'd2f3g-h4j5k',
  'z6x7c-v8b9n',
  'm2q3w-e4r5t',
  'y6u7i-o8p9a',
  's2d3f-g4h5j',
  'k6z7x-c8v9b',
  'n2m3q-w4e5r',
  't6y7u-i8o9p',
];

const remainingRoute = (respond: MockRoute['respond']): MockRoute => ({
  method: 'GET',
  path: '/auth/tfa/recovery-codes',
  respond,
});
const regenerateRoute = (respond: MockRoute['respond']): MockRoute => ({
  method: 'POST',
  path: '/auth/tfa/recovery-codes',
  respond,
});
const app = (info: MockResponse, ...api: MockRoute[]): AppStoryParameters => ({
  route: '/profile',
  api: [
    { method: 'GET', path: '/oauth2/userinfo', respond: info },
    ...api,
    { method: 'GET', path: '/auth/providers', respond: { body: { providers: [] } } },
    { method: 'GET', path: '/auth/sessions', respond: { body: { sessions: [storySession] } } },
  ],
});

const meta = {
  title: 'App auth/Profile recovery codes',
  component: ProfilePage,
  decorators: [withApp],
  loaders: [withLanguage],
  beforeEach: [withFakeAuthenticator],
  parameters: { layout: 'fullscreen', app: app({ body: withTotp }, remainingRoute({ body: { remaining: 8 } })) },
  render: () => <ProfilePage />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const section = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByTestId('recovery-codes-section'));
const callsTo = (canvasElement: HTMLElement, method: string, path: string) =>
  getRecord(canvasElement).calls.filter((call) => call.method === method && call.path === path);

/** How many codes are left, and a way to make new ones. */
export const Remaining: Story = {
  play: async ({ canvasElement }) => {
    const codes = await section(canvasElement);
    await expect(codes.getByRole('heading', { level: 2, name: 'Recovery codes' })).toBeVisible();
    await expect(await codes.findByText('Unused codes: 8 of 10')).toBeVisible();
    await expect(codes.queryByRole('alert')).toBeNull();
    await expect(codes.getByRole('button', { name: 'Make new codes' })).toBeEnabled();
  },
};

/** Fewer than three left: a notice to make new codes. */
export const FewLeft: Story = {
  parameters: { app: app({ body: withTotp }, remainingRoute({ body: { remaining: 2 } })) },
  play: async ({ canvasElement }) => {
    const codes = await section(canvasElement);
    await expect(await codes.findByText('Unused codes: 2 of 10')).toBeVisible();
    const notice = codes.getByRole('alert');
    await expect(notice).toHaveTextContent('Few recovery codes left');
    await expect(notice).toHaveTextContent('Make new codes so that you can still sign in');
  },
};

/** All used: the same notice. */
export const NoneLeft: Story = {
  parameters: { app: app({ body: withTotp }, remainingRoute({ body: { remaining: 0 } })) },
  play: async ({ canvasElement }) => {
    const codes = await section(canvasElement);
    await expect(await codes.findByText('Unused codes: 0 of 10')).toBeVisible();
    await expect(codes.getByRole('alert')).toHaveTextContent('Few recovery codes left');
  },
};

/** The count could not be read: the section says so and still offers new codes. */
export const RemainingFailed: Story = {
  parameters: {
    app: app(
      { body: withTotp },
      remainingRoute({ status: 503, body: { detail: [{ type: 'service_unavailable', msg: 'down' }] } }),
    ),
  },
  play: async ({ canvasElement }) => {
    const codes = await section(canvasElement);
    await expect(await codes.findByRole('alert')).toHaveTextContent(
      'Could not read how many recovery codes you have left.',
    );
    await expect(codes.queryByTestId('recovery-codes-remaining')).toBeNull();
    await expect(codes.getByRole('button', { name: 'Make new codes' })).toBeEnabled();
  },
};

/** No second factor: no recovery codes, nothing asked. */
export const WithoutSecondFactor: Story = {
  parameters: { app: app({ body: storyUser }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('profile-identity')).toBeVisible();
    await expect(canvas.queryByTestId('recovery-codes-section')).toBeNull();
    await expect(callsTo(canvasElement, 'GET', '/auth/tfa/recovery-codes')).toHaveLength(0);
  },
};

/** New codes replace the old: shown once in the section, which takes the focus; once saved, the
 * section reads the count again. */
export const Regenerate: Story = {
  parameters: {
    app: app(
      { body: withTotp },
      remainingRoute(({ call }) => ({ body: { remaining: call === 1 ? 2 : 10 } })),
      regenerateRoute({ body: { codes: CODES }, delayMs: 200 }),
    ),
  },
  play: async ({ canvasElement }) => {
    const codes = await section(canvasElement);
    await expect(await codes.findByText('Unused codes: 2 of 10')).toBeVisible();
    const make = codes.getByRole('button', { name: 'Make new codes' });
    await userEvent.click(make);
    const page = within(canvasElement.ownerDocument.body);
    const confirm = await page.findByRole('alertdialog', { name: 'Make new recovery codes?' });
    await expect(confirm).toHaveAccessibleDescription(/The codes you have now stop working at once/);
    await expect(callsTo(canvasElement, 'POST', '/auth/tfa/recovery-codes')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Replace the codes' }));
    await expect(make).toHaveAttribute('aria-busy', 'true');
    const heading = await codes.findByRole('heading', { level: 2, name: 'Save your recovery codes' });
    await expect(heading).toHaveFocus();
    const list = codes.getByRole('list', { name: 'Recovery codes' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await userEvent.click(codes.getByRole('checkbox', { name: 'I have saved these codes' }));
    await userEvent.click(codes.getByRole('button', { name: 'Continue' }));
    await expect(await codes.findByText('Unused codes: 10 of 10')).toBeVisible();
    await expect(codes.queryByText(CODES[0] as string)).toBeNull();
    await expect(callsTo(canvasElement, 'POST', '/auth/tfa/recovery-codes').map((call) => call.body)).toEqual([{}]);
  },
};

/** Cancelling the question keeps the codes in use: nothing is asked of the server. */
export const RegenerateCancelled: Story = {
  parameters: {
    app: app(
      { body: withTotp },
      remainingRoute({ body: { remaining: 4 } }),
      regenerateRoute({ body: { codes: CODES } }),
    ),
  },
  play: async ({ canvasElement }) => {
    const codes = await section(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const make = await codes.findByRole('button', { name: 'Make new codes' });
    await userEvent.click(make);
    const confirm = await page.findByRole('alertdialog', { name: 'Make new recovery codes?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
    await expect(make).toHaveFocus();
    await expect(codes.getByText('Unused codes: 4 of 10')).toBeVisible();
    await expect(callsTo(canvasElement, 'POST', '/auth/tfa/recovery-codes')).toHaveLength(0);
  },
};

/** In Swedish, the question and its answers. */
export const RegenerateQuestionSwedish: Story = {
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const codes = await section(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await codes.findByRole('button', { name: 'Skapa nya koder' }));
    const confirm = await page.findByRole('alertdialog', { name: 'Skapa nya återställningskoder?' });
    await expect(confirm).toHaveAccessibleDescription(/Koderna du har nu slutar fungera direkt/);
    await expect(within(confirm).getByRole('button', { name: 'Ersätt koderna' })).toBeVisible();
    await expect(within(confirm).getByRole('button', { name: 'Avbryt' })).toBeVisible();
  },
};

/** An old session: confirm it is you first, then the codes come without a second click. */
export const RegenerateAfterConfirmingItIsYou: Story = {
  parameters: {
    app: app(
      { body: withTotp },
      remainingRoute({ body: { remaining: 5 } }),
      regenerateRoute(({ call }) =>
        call === 1
          ? { status: 403, body: { detail: [{ type: 'requires_recent_login', msg: 'requires_recent_login' }] } }
          : { body: { codes: CODES } },
      ),
      {
        method: 'POST',
        path: '/auth/reauth/start',
        respond: {
          body: { method: 'password', second_factors: ['totp'], webauthn: null, passkey: null, code_sent: false },
        },
      },
      { method: 'POST', path: '/auth/reauth/verify', respond: { status: 204 } },
    ),
  },
  play: async ({ canvasElement }) => {
    const codes = await section(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await codes.findByRole('button', { name: 'Make new codes' }));
    await userEvent.click(
      within(await page.findByRole('alertdialog', { name: 'Make new recovery codes?' })).getByRole('button', {
        name: 'Replace the codes',
      }),
    );
    const dialog = await page.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.type(within(dialog).getByLabelText(/^Password$/), 'correct horse{Enter}');
    await userEvent.click(await within(dialog).findByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('123456');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(await codes.findByRole('list', { name: 'Recovery codes' })).toBeVisible();
    await expect(callsTo(canvasElement, 'POST', '/auth/tfa/recovery-codes')).toHaveLength(2);
  },
};

/** The first security key brings recovery codes: the profile shows them once. */
export const FirstSecurityKey: Story = {
  parameters: {
    app: app(
      { body: storyUser },
      {
        method: 'POST',
        path: '/auth/webauthn/register/options',
        respond: {
          body: {
            challenge: base64url('story-registration-challenge'),
            rp: { name: 'Helios', id: 'localhost' },
            user: { id: base64url('account-anna'), name: 'anna@example.com', displayName: 'Anna Andersson' },
            pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
            timeout: 60_000,
            attestation: 'none',
            excludeCredentials: [],
          },
        },
      },
      {
        method: 'POST',
        path: '/auth/webauthn/register',
        respond: { body: { ...storyUser, available_credentials: [PASSWORD, KEY], recovery_codes: CODES } },
      },
      remainingRoute({ body: { remaining: 10 } }),
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add a security key' }));
    const dialog = await body.findByRole('dialog', { name: 'Add a security key' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name of the key/ }), 'Work key{Enter}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    const codes = await section(canvasElement);
    await expect(await codes.findByRole('heading', { level: 2, name: 'Save your recovery codes' })).toHaveFocus();
    await expect(within(codes.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem')).toHaveLength(10);
    await userEvent.click(codes.getByRole('checkbox', { name: 'I have saved these codes' }));
    await userEvent.click(codes.getByRole('button', { name: 'Continue' }));
    await expect(await codes.findByText('Unused codes: 10 of 10')).toBeVisible();
  },
};
