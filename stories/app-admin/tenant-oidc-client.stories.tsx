import type { UpdateOidcClient } from '@helios/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AdminRoutes } from '../../app-admin/src/routes';
import {
  admin,
  answer,
  callsTo,
  expectToast,
  failure,
  type MockRoute,
  withAdminApp,
  withAdminLanguage,
} from './lib/admin-story';
import { ACME_ID, acmeDetail, acmeOidcClient, acmeSettings, acmeSms, acmeUsers } from './lib/fixtures';

const tenantPath = `/api/tenants/${ACME_ID}`;
const clientPath = `${tenantPath}/oidc-client`;
const secretPath = `${clientPath}/secret`;
const SECRET = 'k3Vq9-ZpX2fTQe7LwB4nR8sYhJ6mC1aD';

/** Everything an opened Acme row loads besides its OpenID Connect client. */
const acmeRow: MockRoute[] = [
  answer('GET', tenantPath, acmeDetail),
  answer('GET', `${tenantPath}/users`, acmeUsers),
  answer('GET', `${tenantPath}/settings`, acmeSettings),
  answer('GET', `${tenantPath}/settings/sms`, acmeSms()),
];
const loaded = [...acmeRow, answer('GET', clientPath, acmeOidcClient)];

/** A save the server accepts: it answers the client with the addresses it was given. */
const saveAccepted: MockRoute = {
  method: 'POST',
  path: clientPath,
  respond: ({ body }) => ({
    delayMs: 300,
    body: { ...acmeOidcClient, ...(body as UpdateOidcClient), updated_at: '2025-02-01T08:00:00.000Z' },
  }),
};

/** A 422 as the server words it: each problem names its place in the body. */
const refused = (...msgs: string[]) => ({
  status: 422,
  body: { detail: msgs.map((msg) => ({ type: 'validation_error', msg })) },
});
const RULE = 'Must be https:// (http:// only on localhost) and have no #fragment';

const meta = {
  title: 'App admin/Tenant sign-in (OpenID Connect)',
  component: AdminRoutes,
  decorators: [withAdminApp],
  loaders: [withAdminLanguage],
  parameters: { layout: 'fullscreen', ...admin(`/admin/tenants?tenant-id=${ACME_ID}`, loaded) },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The panel of the opened Acme row, once its client has loaded. */
async function panelOf(canvasElement: HTMLElement, name = 'Sign-in (OpenID Connect)') {
  const panel = within(await within(canvasElement).findByRole('region', { name }));
  await panel.findByRole('group', { name: /Redirect URIs|Omdirigeringsadresser/ });
  return panel;
}

/** Replaces navigator.clipboard for the length of `run`, then restores the browser's own. */
async function withClipboard(writeText: (text: string) => Promise<void>, run: () => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  try {
    await run();
  } finally {
    Reflect.deleteProperty(navigator, 'clipboard');
  }
}

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const panel = await panelOf(canvasElement);
    // The provider runs on the console's own origin, so that is the issuer.
    await expect(panel.getByText(window.location.origin)).toBeVisible();
    await expect(panel.getByText('helios-acme')).toBeVisible();
    // The resource an instance names for JWT access tokens is its own address (read-only).
    await expect(panel.getByText('https://acme.helios.test')).toBeVisible();
    await expect(panel.getByText('2024-03-05 14:30 UTC')).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Redirect URI 1' })).toHaveValue(
      'https://acme.helios.test/auth/callback',
    );
    await expect(panel.getByRole('textbox', { name: 'Post-logout redirect URI 1' })).toHaveValue(
      'https://acme.helios.test/',
    );
    // Each list explains its rules, tied to its fieldset.
    await expect(panel.getByRole('group', { name: 'Redirect URIs' })).toHaveAccessibleDescription(
      /https:\/\/, or http:\/\/ on localhost/,
    );
    // No secret is ever loaded; only a new one can be made.
    await expect(panel.getByRole('button', { name: 'New client secret' })).toBeVisible();
    const writeText = fn(async (_text: string) => {});
    await withClipboard(writeText, async () => {
      await userEvent.click(panel.getByRole('button', { name: 'Copy client ID' }));
      await expect(writeText).toHaveBeenCalledWith('helios-acme');
      await expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible();
      await userEvent.click(panel.getByRole('button', { name: 'Copy issuer' }));
      await expect(writeText).toHaveBeenLastCalledWith(window.location.origin);
      await userEvent.click(panel.getByRole('button', { name: 'Copy resource' }));
      await expect(writeText).toHaveBeenLastCalledWith('https://acme.helios.test');
    });
    await expect(callsTo(canvasElement, 'GET', clientPath)).toHaveLength(1);
  },
};

export const Swedish: Story = {
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const panel = await panelOf(canvasElement, 'Inloggning (OpenID Connect)');
    await expect(panel.getByText('Klient-ID')).toBeVisible();
    await expect(panel.getByText('Resurs (JWT-åtkomsttoken)')).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Omdirigeringsadress 1' })).toHaveValue(
      'https://acme.helios.test/auth/callback',
    );
    await expect(panel.getByRole('button', { name: 'Ta bort adress efter utloggning 1' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Ny klienthemlighet' })).toBeVisible();
  },
};

export const EditAndSave: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [...loaded, saveAccepted]),
  play: async ({ canvasElement }) => {
    const panel = await panelOf(canvasElement);
    // Adding a line moves focus into it.
    await userEvent.click(panel.getByRole('button', { name: 'Add redirect URI' }));
    const second = panel.getByRole('textbox', { name: 'Redirect URI 2' });
    await waitFor(() => expect(second).toHaveFocus());
    await userEvent.keyboard(' http://localhost:5173/auth/callback ');
    // Removing the only post-logout address leaves the list empty.
    await userEvent.click(panel.getByRole('button', { name: 'Remove post-logout redirect URI 1' }));
    await expect(panel.queryByRole('textbox', { name: /Post-logout redirect URI/ })).toBeNull();
    await waitFor(() => expect(panel.getByRole('button', { name: 'Add post-logout redirect URI' })).toHaveFocus());
    // A blank line is left out of the save.
    await userEvent.click(panel.getByRole('button', { name: 'Add post-logout redirect URI' }));
    const save = panel.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await expectToast(canvasElement, 'Redirect URIs saved');
    await expect(save).not.toHaveAttribute('aria-busy');
    await expect(callsTo(canvasElement, 'POST', clientPath).map((call) => call.body)).toEqual([
      {
        redirect_uris: ['https://acme.helios.test/auth/callback', 'http://localhost:5173/auth/callback'],
        post_logout_redirect_uris: [],
        backchannel_logout_uri: null,
      },
    ]);
    // The lists show what the server now has, and when it changed.
    await expect(panel.getByRole('textbox', { name: 'Redirect URI 2' })).toHaveValue(
      'http://localhost:5173/auth/callback',
    );
    await expect(panel.getByText('2025-02-01 08:00 UTC')).toBeVisible();
    await expect(panel.queryByRole('alert')).toBeNull();
  },
};

export const ServerRefusesAddresses: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    ...loaded,
    {
      method: 'POST',
      path: clientPath,
      respond: ({ call }) =>
        call === 1
          ? refused(`body.redirect_uris.1: ${RULE}`, `body.post_logout_redirect_uris.0: ${RULE}`)
          : refused('body.redirect_uris: At least one redirect URI'),
    },
  ]),
  play: async ({ canvasElement }) => {
    const panel = await panelOf(canvasElement);
    await userEvent.click(panel.getByRole('button', { name: 'Add redirect URI' }));
    await userEvent.type(panel.getByRole('textbox', { name: 'Redirect URI 2' }), 'http://acme.helios.test/callback');
    const postLogout = panel.getByRole('textbox', { name: 'Post-logout redirect URI 1' });
    await userEvent.type(postLogout, '#signed-out');
    await userEvent.click(panel.getByRole('button', { name: 'Save' }));
    // Each refused address says what is wrong with it, announced and tied to its input.
    await expect(
      await panel.findByText('Some addresses were not accepted. Correct them and save again.'),
    ).toBeVisible();
    const second = panel.getByRole('textbox', { name: 'Redirect URI 2' });
    await expect(second).toHaveAttribute('aria-invalid', 'true');
    await expect(second).toHaveAccessibleDescription('Use https:// (http:// only on localhost)');
    await expect(postLogout).toHaveAccessibleDescription('Remove the #fragment: the address must be exact');
    await expect(panel.getByRole('textbox', { name: 'Redirect URI 1' })).not.toHaveAttribute('aria-invalid');
    await expect(panel.getAllByRole('alert')).toHaveLength(3);
    // What was typed stays; fixing a line clears its error.
    await userEvent.clear(second);
    await userEvent.type(second, 'https://acme.helios.test/callback');
    await expect(second).not.toHaveAttribute('aria-invalid');
    await expect(postLogout).toHaveAttribute('aria-invalid', 'true');
    // A list refused as a whole says so under the list.
    await userEvent.click(panel.getByRole('button', { name: 'Remove redirect URI 2' }));
    await userEvent.clear(panel.getByRole('textbox', { name: 'Redirect URI 1' }));
    await userEvent.click(panel.getByRole('button', { name: 'Save' }));
    await expect(await panel.findByText('Enter between 1 and 20 redirect URIs')).toBeVisible();
    await expect(panel.getByRole('group', { name: 'Redirect URIs' })).toHaveAccessibleDescription(
      /Enter between 1 and 20 redirect URIs/,
    );
    await expect(callsTo(canvasElement, 'POST', clientPath)[1]?.body).toEqual({
      redirect_uris: [],
      post_logout_redirect_uris: ['https://acme.helios.test/#signed-out'],
      backchannel_logout_uri: null,
    });
  },
};

export const BackchannelLogoutUri: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    ...loaded,
    {
      method: 'POST',
      path: clientPath,
      respond: ({ call, body }) =>
        call === 1
          ? refused(`body.backchannel_logout_uri: ${RULE}`)
          : {
              delayMs: 300,
              body: { ...acmeOidcClient, ...(body as UpdateOidcClient), updated_at: '2025-02-01T08:00:00.000Z' },
            },
    },
  ]),
  play: async ({ canvasElement }) => {
    const panel = await panelOf(canvasElement);
    const field = panel.getByRole('textbox', { name: 'Back-channel logout URI' });
    await expect(field).toHaveValue('');
    await expect(field).toHaveAccessibleDescription(/Where Helios posts a signed logout token/);
    // Refused, the field says why, announced and tied to it.
    await userEvent.type(field, 'http://acme.helios.test/auth/backchannel-logout');
    await userEvent.click(panel.getByRole('button', { name: 'Save' }));
    await expect(await panel.findByText('Use https:// (http:// only on localhost)')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/Use https:\/\/ \(http:\/\/ only on localhost\)/);
    // Editing it clears the error; saved, it is what the server keeps.
    await userEvent.clear(field);
    await expect(field).not.toHaveAttribute('aria-invalid');
    await userEvent.type(field, ' https://acme.helios.test/auth/backchannel-logout ');
    await userEvent.click(panel.getByRole('button', { name: 'Save' }));
    await expectToast(canvasElement, 'Redirect URIs saved');
    await expect(callsTo(canvasElement, 'POST', clientPath)[1]?.body).toMatchObject({
      backchannel_logout_uri: 'https://acme.helios.test/auth/backchannel-logout',
    });
    await expect(field).toHaveValue('https://acme.helios.test/auth/backchannel-logout');
  },
};

export const SaveFails: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [...loaded, failure('POST', clientPath, 500)]),
  play: async ({ canvasElement }) => {
    const panel = await panelOf(canvasElement);
    const first = panel.getByRole('textbox', { name: 'Redirect URI 1' });
    await userEvent.clear(first);
    await userEvent.type(first, 'https://acme.helios.test/new-callback');
    await userEvent.click(panel.getByRole('button', { name: 'Save' }));
    await expect(await panel.findByRole('alert')).toHaveTextContent('Failed to save the redirect URIs');
    await expect(first).toHaveValue('https://acme.helios.test/new-callback');
    await expect(first).not.toHaveAttribute('aria-invalid');
  },
};

export const NewSecret: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    ...loaded,
    answer('POST', secretPath, { client_id: 'helios-acme', client_secret: SECRET }),
  ]),
  play: async ({ canvasElement }) => {
    const panel = await panelOf(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const open = panel.getByRole('button', { name: 'New client secret' });
    // The warning comes first; cancelling makes nothing.
    await userEvent.click(open);
    const warning = await page.findByRole('alertdialog', { name: 'Make a new client secret?' });
    await expect(warning).toHaveAccessibleDescription(
      'The current secret stops working at once: Acme Rekrytering cannot sign anyone in until its instance is given the new secret.',
    );
    await userEvent.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
    await expect(callsTo(canvasElement, 'POST', secretPath)).toHaveLength(0);
    // Confirmed, the secret is shown once, focused, with the warning that it will not come back.
    await userEvent.click(open);
    await userEvent.click(
      within(await page.findByRole('alertdialog', { name: 'Make a new client secret?' })).getByRole('button', {
        name: 'Make new secret',
      }),
    );
    const shown = await page.findByRole('dialog', { name: 'New client secret' });
    // The secret's dialog takes the warning's place.
    await expect(page.queryByRole('alertdialog')).toBeNull();
    const secret = within(shown).getByRole('textbox', { name: 'Client secret' });
    await expect(secret).toHaveValue(SECRET);
    await expect(secret).toHaveAttribute('readonly');
    await waitFor(() => expect(secret).toHaveFocus());
    await expect(secret).toHaveAccessibleDescription('Copy it now: it will not be shown again.');
    await expect(callsTo(canvasElement, 'POST', secretPath)).toHaveLength(1);
    const writeText = fn(async (_text: string) => {});
    await withClipboard(writeText, async () => {
      await userEvent.click(within(shown).getByRole('button', { name: 'Copy secret' }));
      await expect(writeText).toHaveBeenCalledWith(SECRET);
      await expect(within(shown).getByRole('status')).toHaveTextContent('Copied');
    });
    // A click outside does not throw the secret away.
    const overlay = canvasElement.ownerDocument.querySelector<HTMLElement>('[data-slot="dialog-overlay"]');
    await expect(overlay).toBeInTheDocument();
    if (overlay) await userEvent.click(overlay);
    await expect(shown).toBeVisible();
    // Closing forgets it: reopening asks again and shows no secret.
    await userEvent.click(within(shown).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(open).toHaveFocus());
    await expect(canvasElement.ownerDocument.body.innerHTML).not.toContain(SECRET);
    await userEvent.click(open);
    const again = await page.findByRole('alertdialog', { name: 'Make a new client secret?' });
    await expect(within(again).queryByRole('textbox')).toBeNull();
    await expect(canvasElement.ownerDocument.body.innerHTML).not.toContain(SECRET);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
    await expect(callsTo(canvasElement, 'POST', secretPath)).toHaveLength(1);
  },
};

export const NewSecretFails: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [...loaded, failure('POST', secretPath, 500)]),
  play: async ({ canvasElement }) => {
    const panel = await panelOf(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(panel.getByRole('button', { name: 'New client secret' }));
    const dialog = await page.findByRole('alertdialog', { name: 'Make a new client secret?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make new secret' }));
    // The failure is told inside the dialog, which stays open to try again.
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to make a new client secret');
    await expect(within(dialog).getByRole('button', { name: 'Make new secret' })).toBeVisible();
    await expect(within(dialog).queryByRole('textbox')).toBeNull();
  },
};

export const LoadFailed: Story = {
  parameters: admin(`/admin/tenants?tenant-id=${ACME_ID}`, [
    ...acmeRow,
    {
      method: 'GET',
      path: clientPath,
      // Fails once, then works: the retry button loads again.
      respond: ({ call }) =>
        call === 1
          ? { status: 500, body: { detail: [{ type: 'internal_error', msg: 'x' }] } }
          : { body: acmeOidcClient },
    },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = within(await canvas.findByRole('region', { name: 'Sign-in (OpenID Connect)' }));
    await expect(await panel.findByRole('alert')).toHaveTextContent('Failed to load the sign-in settings');
    // The rest of the row is unaffected.
    await expect(canvas.getByRole('region', { name: 'SMS' })).toBeVisible();
    await userEvent.click(panel.getByRole('button', { name: 'Try again' }));
    await expect(await panel.findByText('helios-acme')).toBeVisible();
    await expect(callsTo(canvasElement, 'GET', clientPath)).toHaveLength(2);
  },
};
