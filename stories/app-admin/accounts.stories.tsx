import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AdminRoutes } from '../../app-admin/src/routes';
import {
  admin,
  answer,
  callsTo,
  expectToast,
  failure,
  getRecord,
  withAdminApp,
  withAdminLanguage,
} from './lib/admin-story';
import { ACME_ID, anna, annaStakeholder, annaUnknown, GOOGLE_ID, resetLinks } from './lib/fixtures';

const SEARCH = '/api/accounts/search/anna';
const searchAnna = answer('GET', SEARCH, [anna, annaStakeholder, annaUnknown]);

const meta = {
  title: 'App admin/Accounts',
  component: AdminRoutes,
  decorators: [withAdminApp],
  loaders: [withAdminLanguage],
  parameters: { layout: 'fullscreen', ...admin('/admin/accounts', [searchAnna]) },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

async function search(canvasElement: HTMLElement, term = 'anna') {
  const canvas = within(canvasElement);
  const box = await canvas.findByRole('combobox', { name: 'Search accounts' });
  await userEvent.type(box, `${term}{Enter}`);
  return box;
}

/** The table row of an account, found by its email. */
async function rowOf(canvasElement: HTMLElement, email: string) {
  const table = await within(canvasElement).findByRole('table');
  const cell = await within(table).findByText(email, { selector: 'span' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return within(row);
}

/** Opens a row's action menu (by keyboard, as a person would) and picks an action. */
async function chooseAction(canvasElement: HTMLElement, row: ReturnType<typeof within>, email: string, action: string) {
  row.getByRole('button', { name: `Actions for ${email}` }).focus();
  await userEvent.keyboard('{Enter}');
  const menu = within(await within(canvasElement.ownerDocument.body).findByRole('menu'));
  await userEvent.click(menu.getByRole('menuitem', { name: action }));
}

/** A link with ?search= (from the audit log) searches at once. */
export const LinkedSearch: Story = {
  parameters: admin('/admin/accounts?search=anna', [searchAnna]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Accounts matching “anna”' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Search accounts' })).toHaveValue('anna');
    await expect(callsTo(canvasElement, 'GET', SEARCH)).toHaveLength(1);
  },
};

export const Results: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await search(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Accounts matching “anna”' })).toBeVisible();
    const user = await rowOf(canvasElement, anna.email);
    // The id shortened to 8 characters; the whole id is the tooltip and what Copy copies.
    await expect(user.getByText(anna.id.slice(0, 8))).toHaveAttribute('title', anna.id);
    await expect(user.getByRole('button', { name: `Copy the full ID of ${anna.email}` })).toBeVisible();
    await expect(user.getByRole('img', { name: 'Anna Andersson' })).toHaveTextContent('AA');
    await expect(user.getByText('User')).toBeVisible();
    await expect(user.getByText('3 days ago')).toBeVisible();
    // The password of a user account cannot be deleted; the other methods can.
    await expect(user.queryByRole('button', { name: 'Delete Password' })).toBeNull();
    await expect(user.getByRole('button', { name: 'Delete Google' })).toBeVisible();
    await expect(user.getByRole('button', { name: 'Delete Authenticator' })).toBeVisible();
    // Active tenants can be logged in to; inactive ones cannot.
    await expect(user.getByRole('button', { name: 'Log in as the account to Acme Rekrytering: acme' })).toBeVisible();
    await expect(user.queryByRole('button', { name: /Acme Nordic/ })).toBeNull();
    // Per-row actions are in a menu.
    await userEvent.click(user.getByRole('button', { name: `Actions for ${anna.email}` }));
    const menu = within(await within(canvasElement.ownerDocument.body).findByRole('menu'));
    await expect(menu.getByRole('menuitem', { name: 'Tokens' })).toHaveAttribute(
      'href',
      `/admin/tokens/anna%40acme.test/${anna.id}`,
    );
    await expect(menu.getByRole('menuitem', { name: 'Send password reset email' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    const stakeholder = await rowOf(canvasElement, annaStakeholder.email);
    await expect(stakeholder.getByText('Stakeholder')).toBeVisible();
    await expect(stakeholder.getByText('never')).toBeVisible();
    await expect(stakeholder.getByRole('button', { name: 'Delete Password' })).toBeVisible();
    const unknown = await rowOf(canvasElement, annaUnknown.email);
    await expect(unknown.getByText('Unknown')).toBeVisible();
    await expect(unknown.getByText('1 year ago')).toBeVisible();
    await expect(unknown.getByText('Admin')).toBeVisible();
  },
};

export const KeyboardAndEmptyTerm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await search(canvasElement);
    await canvas.findByRole('table');
    // Enter closed the list over the table; the arrow keys open it to pick from.
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(box).toHaveValue(annaStakeholder.email);
    await waitFor(() => expect(canvasElement.ownerDocument.activeElement?.id).toBe(`account-${annaStakeholder.id}`));
    // Emptying the term empties the list, idle.
    await userEvent.clear(box);
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.getByText('Find an account')).toBeVisible();
    await expect(callsTo(canvasElement, 'GET', SEARCH)).toHaveLength(1);
  },
};

/** Kinds the interface names beside the server's (Google, Microsoft, SMS) and one the console
 * does not know: the list still loads, the unknown one as a neutral badge. */
export const NewCredentialKinds: Story = {
  parameters: admin('/admin/accounts', [
    answer('GET', SEARCH, [
      {
        ...anna,
        available_credentials: [
          ...anna.available_credentials,
          { id: 'c0000000-0000-4000-8000-0000000000a1', type: 'sms', provider: null },
          { id: 'c0000000-0000-4000-8000-0000000000a2', type: 'microsoft', provider: null },
          { id: 'c0000000-0000-4000-8000-0000000000a3', type: 'fido-hybrid', provider: null },
        ],
      },
    ]),
  ]),
  play: async ({ canvasElement }) => {
    await search(canvasElement);
    const user = await rowOf(canvasElement, anna.email);
    await expect(user.getByText('SMS')).toBeVisible();
    await expect(user.getByText('Microsoft')).toBeVisible();
    await expect(user.getByText('Other (fido-hybrid)')).toHaveAttribute('data-kind', 'other');
    await expect(within(canvasElement).queryByText('Failed to load accounts')).toBeNull();
  },
};

export const Failed: Story = {
  parameters: admin('/admin/accounts', [failure('GET', SEARCH, 500)]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await search(canvasElement);
    await expect(await canvas.findByText('Failed to load accounts')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvas.queryByText('No accounts found')).toBeNull();
  },
};

export const DeleteCredential: Story = {
  parameters: admin('/admin/accounts', [
    searchAnna,
    answer('DELETE', `/api/accounts/${anna.id}/credentials/${GOOGLE_ID}`, {
      ...anna,
      available_credentials: anna.available_credentials.filter((c) => c.id !== GOOGLE_ID),
    }),
  ]),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await search(canvasElement);
    const user = await rowOf(canvasElement, anna.email);
    // Cancel keeps it.
    await userEvent.click(user.getByRole('button', { name: 'Delete Google' }));
    const dialog = await page.findByRole('alertdialog', { name: 'Delete credential?' });
    await expect(dialog).toHaveAccessibleDescription(
      'The Google sign-in method of anna@acme.test will be removed. This cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
    await expect(callsTo(canvasElement, 'DELETE', `/api/accounts/${anna.id}/credentials/${GOOGLE_ID}`)).toHaveLength(0);
    // Confirm deletes it.
    await userEvent.click(user.getByRole('button', { name: 'Delete Google' }));
    await userEvent.click(within(await page.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast(canvasElement, 'Credential deleted');
    await waitFor(() => expect(user.queryByRole('button', { name: 'Delete Google' })).toBeNull());
    await expect(callsTo(canvasElement, 'DELETE', `/api/accounts/${anna.id}/credentials/${GOOGLE_ID}`)).toHaveLength(1);
  },
};

export const DeleteCredentialFails: Story = {
  parameters: admin('/admin/accounts', [
    searchAnna,
    failure('DELETE', `/api/accounts/${anna.id}/credentials/${GOOGLE_ID}`, 500),
  ]),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await search(canvasElement);
    const user = await rowOf(canvasElement, anna.email);
    await userEvent.click(user.getByRole('button', { name: 'Delete Google' }));
    await userEvent.click(within(await page.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast(canvasElement, 'Failed to delete credential');
    // The dialog stays, so the admin can try again or cancel.
    await expect(page.getByRole('alertdialog', { name: 'Delete credential?' })).toBeVisible();
  },
};

export const ResetEmail: Story = {
  parameters: admin('/admin/accounts', [
    searchAnna,
    { method: 'POST', path: `/api/accounts/${anna.id}/reset-password`, respond: { status: 204 } },
    failure('POST', `/api/accounts/${annaStakeholder.id}/reset-password`, 500),
  ]),
  play: async ({ canvasElement }) => {
    await search(canvasElement);
    const user = await rowOf(canvasElement, anna.email);
    await chooseAction(canvasElement, user, anna.email, 'Send password reset email');
    await expectToast(canvasElement, 'Password reset email sent');
    await expect(callsTo(canvasElement, 'POST', `/api/accounts/${anna.id}/reset-password`)[0]?.body).toBeUndefined();
    const stakeholder = await rowOf(canvasElement, annaStakeholder.email);
    await chooseAction(canvasElement, stakeholder, annaStakeholder.email, 'Send password reset email');
    await expectToast(canvasElement, 'Failed to send password reset email');
  },
};

export const LoginAsAccount: Story = {
  parameters: admin('/admin/accounts', [
    searchAnna,
    answer('POST', `/api/accounts/${anna.id}/login-as/${ACME_ID}`, {
      url: 'https://acme.helios.test/auth?clavis=c1a2v3i4s5',
    }),
  ]),
  play: async ({ canvasElement }) => {
    await search(canvasElement);
    const user = await rowOf(canvasElement, anna.email);
    await userEvent.click(user.getByRole('button', { name: /Log in as the account to Acme Rekrytering/ }));
    await waitFor(() =>
      expect(getRecord(canvasElement).openedTabs).toEqual(['https://acme.helios.test/auth?clavis=c1a2v3i4s5']),
    );
  },
};

export const LoginAsBlockedTab: Story = {
  parameters: admin('/admin/accounts', [searchAnna], { blockTabs: true }),
  play: async ({ canvasElement }) => {
    await search(canvasElement);
    const user = await rowOf(canvasElement, anna.email);
    await userEvent.click(user.getByRole('button', { name: /Log in as the account to Acme Rekrytering/ }));
    await expectToast(canvasElement, /blocked the new tab/);
    // A single-use link is not fetched when it cannot be opened.
    await expect(callsTo(canvasElement, 'POST', `/api/accounts/${anna.id}/login-as/${ACME_ID}`)).toHaveLength(0);
  },
};

export const ResetLinks: Story = {
  parameters: admin('/admin/accounts', [answer('GET', '/api/accounts/password-resets', resetLinks)]),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Reset links' }));
    const dialog = within(await page.findByRole('dialog', { name: 'Active password reset links' }));
    const list = await dialog.findByRole('list', { name: 'Active password reset links' });
    // Sorted by email.
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('span')?.textContent),
    ).toEqual(['anna@acme.test', 'bo@globex.test', 'carl@acme.test']);
    // The filter narrows by email.
    await userEvent.type(dialog.getByRole('searchbox', { name: 'Filter by email' }), 'ACME');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // Copy puts the link on the clipboard and confirms.
    const writeText = fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      await userEvent.click(dialog.getByRole('button', { name: 'Copy link for carl@acme.test' }));
      await expect(writeText).toHaveBeenCalledWith('https://helios.test/login/set-password/ccc333');
      await expectToast(canvasElement, 'Reset link copied');
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
    await userEvent.clear(dialog.getByRole('searchbox', { name: 'Filter by email' }));
    await userEvent.type(dialog.getByRole('searchbox', { name: 'Filter by email' }), 'nobody');
    await expect(dialog.getByText('No links match “nobody”')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
  },
};

/** More than 99 active links: the count badge says 99+ (the exact number is its tooltip). */
export const ManyResetLinks: Story = {
  parameters: admin('/admin/accounts', [
    answer(
      'GET',
      '/api/accounts/password-resets',
      Array.from({ length: 120 }, (_, i) => ({
        email: `person${i}@acme.test`,
        link: `https://helios.test/login/set-password/link${i}`,
      })),
    ),
  ]),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Reset links' }));
    const dialog = within(await page.findByRole('dialog', { name: 'Active password reset links' }));
    const count = await dialog.findByText('99+');
    await expect(count).toHaveAttribute('title', '120');
    await expect(count.parentElement).toHaveTextContent('Active links99+');
  },
};

export const ResetLinksFailed: Story = {
  parameters: admin('/admin/accounts', [failure('GET', '/api/accounts/password-resets', 500)]),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Reset links' }));
    const dialog = within(await page.findByRole('dialog'));
    await expect(await dialog.findByText('Failed to load password reset links')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const LoginAsInactiveTenant: Story = {
  parameters: admin('/admin/accounts', [
    searchAnna,
    failure('POST', `/api/accounts/${anna.id}/login-as/${ACME_ID}`, 409, 'tenant_inactive'),
  ]),
  play: async ({ canvasElement }) => {
    await search(canvasElement);
    const user = await rowOf(canvasElement, anna.email);
    await userEvent.click(user.getByRole('button', { name: /Log in as the account to Acme Rekrytering/ }));
    await expectToast(canvasElement, 'The tenant is deactivated, so nobody can sign in to it.');
    await expect(getRecord(canvasElement).closedTabs).toBe(1);
  },
};
