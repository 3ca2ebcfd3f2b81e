import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LoginPage } from '../../app-auth/src/routes/login/login-page';
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
import { base64url } from './lib/fake-authenticator';

const PASSKEY_SESSION = 'PasskeyLoginForStories0123456789';

/** What the server sends to sign in with a passkey: a login of its own and a challenge that any
 * of this site's passkeys may answer. */
const passkeyOptions: MockRoute = {
  method: 'POST',
  path: '/auth/login/passkey/options',
  respond: {
    body: {
      session_id: PASSKEY_SESSION,
      options: { challenge: base64url('passkey-challenge'), rpId: 'localhost', userVerification: 'required' },
    },
  },
};
const startPing: MockRoute = {
  method: 'POST',
  path: '/auth/login/ping',
  respond: { body: loginState('Start', { session_id: null }) },
};
const verified = (status: number, body: unknown): MockRoute => ({
  method: 'POST',
  path: '/auth/login/verify-passkey',
  respond: { status, body },
});
const signedIn = verified(200, loginState('Done', { is_user: true, session_id: PASSKEY_SESSION }));

function app(route: string, api: MockRoute[], extra: Partial<AppStoryParameters> = {}) {
  return { app: { route, pattern: '/login', api, ...extra } };
}

/** Browsers without passkeys in the email field's suggestions: only the button asks for one. */
const withoutSuggestions = () => {
  const original = PublicKeyCredential.isConditionalMediationAvailable;
  Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
    configurable: true,
    value: async () => false,
  });
  return () => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      configurable: true,
      value: original,
    });
  };
};

const meta = {
  title: 'App auth/Login/Passkeys',
  component: LoginPage,
  decorators: [withApp],
  loaders: [withLanguage],
  beforeEach: [withFakeAuthenticator],
  parameters: { layout: 'fullscreen', ...app('/login', [startPing]) },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** "Sign in with a passkey": the browser's prompt, then on like any sign-in, with no email typed. */
export const SignInWithPasskey: Story = {
  beforeEach: [withoutSuggestions],
  parameters: app('/login?client_id=tenant-acme&lang=en', [startPing, passkeyOptions, signedIn]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: /Sign in with a passkey|Logga in med en lösennyckel/ });
    await expect(getRecord(canvasElement).calls.some((c) => c.path === '/auth/login/passkey/options')).toBe(false);
    await userEvent.click(button);
    await waitFor(() => expect(getRecord(canvasElement).externalNavigations).toHaveLength(1));
    const record = getRecord(canvasElement);
    // An instance's sign-in request carries on: the login kept the page's query.
    await expect(record.externalNavigations[0]).toMatch(/^\/oauth2\/authorize\?client_id=tenant-acme/);
    await expect(record.calls.find((c) => c.path === '/auth/login/passkey/options')?.search).toContain(
      'client_id=tenant-acme',
    );
    const verify = record.calls.find((c) => c.path === '/auth/login/verify-passkey');
    await expect(verify?.body).toMatchObject({ session_id: PASSKEY_SESSION, response: { type: 'public-key' } });
    const [prompt] = getAuthenticator().requested;
    await expect(prompt?.allowCredentials ?? []).toEqual([]);
    await expect(prompt?.userVerification).toBe('required');
  },
};

/** Conditional UI: the email field offers the site's passkeys; choosing one signs in. (The
 * stand-in authenticator chooses at once.) */
export const PasskeyFromSuggestions: Story = {
  parameters: app('/login', [startPing, passkeyOptions, signedIn]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(/Email|E-post/)).toHaveAttribute('autocomplete', 'username webauthn');
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login/select-tenant');
    const record = getRecord(canvasElement);
    await expect(record.calls.filter((c) => c.path === '/auth/login/start')).toHaveLength(0);
    // The suggestions are asked for only after the page's first call found no login in progress.
    const order = record.calls.map((c) => c.path);
    await expect(order.indexOf('/auth/login/ping')).toBeLessThan(order.indexOf('/auth/login/passkey/options'));
  },
};

/** Options whose challenge lasts a second, so renewals come quickly. */
const shortOptions: MockRoute = {
  ...passkeyOptions,
  respond: {
    body: {
      session_id: PASSKEY_SESSION,
      options: {
        challenge: base64url('passkey-challenge'),
        rpId: 'localhost',
        userVerification: 'required',
        timeout: 1_000,
      },
    },
  },
};
const optionCalls = (canvasElement: HTMLElement) =>
  getRecord(canvasElement).calls.filter((c) => c.path === '/auth/login/passkey/options');

/** Nobody picks a passkey for longer than a challenge lasts: just before it ends, the suggestions
 * are asked for anew with a new challenge, and the page says nothing. */
export const PasskeySuggestionsRenewed: Story = {
  parameters: app('/login', [startPing, shortOptions], { authenticator: 'wait' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByLabelText(/Email|E-post/);
    const asked = () => optionCalls(canvasElement);
    await waitFor(() => expect(asked().length).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    await expect(getAuthenticator().requested.length).toBeGreaterThanOrEqual(3);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Continuing with an email ends the suggestions' renewals: the password step asks for no more
 * passkey challenges while the person types. */
export const SuggestionsEndWithEmail: Story = {
  parameters: app(
    '/login',
    [
      startPing,
      shortOptions,
      {
        method: 'POST',
        path: '/auth/login/start',
        respond: {
          body: loginState('CredentialsRequired', {
            available_credentials: [{ id: '11111111-1111-4111-8111-111111111111', type: 'password', provider: null }],
          }),
        },
      },
    ],
    { authenticator: 'wait' },
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(optionCalls(canvasElement).length).toBeGreaterThanOrEqual(1));
    await userEvent.type(canvas.getByLabelText(/Email|E-post/), 'kim@example.com');
    await userEvent.click(canvas.getByRole('button', { name: /^(Continue|Fortsätt)$/ }));
    await canvas.findByLabelText(/^(Password|Lösenord)/);
    const after = optionCalls(canvasElement).length;
    // Past two of the challenge's lifetimes: a renewal still running would have asked again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await expect(optionCalls(canvasElement)).toHaveLength(after);
  },
};

/** The prompt was closed: its message, and the button is ready again. */
export const PasskeyPromptClosed: Story = {
  beforeEach: [withoutSuggestions],
  parameters: app('/login', [startPing, passkeyOptions, signedIn], { authenticator: 'cancel' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: /Sign in with a passkey|Logga in med en lösennyckel/ });
    await userEvent.click(button);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      /The passkey prompt was closed or timed out|Rutan för lösennyckeln stängdes/,
    );
    await expect(button).toBeEnabled();
    await expect(getRecord(canvasElement).calls.some((c) => c.path === '/auth/login/verify-passkey')).toBe(false);
  },
};

/** The server refused the passkey (unknown, or no user verification): the email way stays open. */
export const PasskeyRefused: Story = {
  beforeEach: [withoutSuggestions],
  parameters: app('/login', [
    startPing,
    passkeyOptions,
    verified(401, { detail: [{ type: 'webauthn_failed', msg: 'The security key was not accepted' }] }),
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /Sign in with a passkey|Logga in med en lösennyckel/ }),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      /The passkey could not be verified|Lösennyckeln kunde inte verifieras/,
    );
    await expect(canvas.getByLabelText(/Email|E-post/)).toBeEnabled();
  },
};

/** The offer after a code sign-in: a passkey is made for the account, and the sign-in finishes. */
export const OfferCreatesPasskey: Story = {
  beforeEach: [withoutSuggestions],
  parameters: app('/login?email=anna@example.com', [
    { ...startPing, respond: { body: loginState('AskedCreateCredential', { is_user: true }) } },
    {
      method: 'POST',
      path: '/auth/login/passkey/register/options',
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
    { method: 'POST', path: '/auth/login/create-passkey', respond: { body: loginState('Done', { is_user: true }) } },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: /^Create a passkey$|^Skapa en lösennyckel$/ }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /^Create a passkey$|^Skapa en lösennyckel$/ }));
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login/select-tenant');
    const created = getRecord(canvasElement).calls.find((c) => c.path === '/auth/login/create-passkey');
    await expect(created?.body).toMatchObject({
      session_id: 'SessionIdForStories0123456789abc',
      name: expect.stringMatching(/^(Passkey|Lösennyckel)$/),
      response: { type: 'public-key' },
    });
  },
};
