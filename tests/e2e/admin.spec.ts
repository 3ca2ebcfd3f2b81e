import type { Page } from '@playwright/test';
import { instanceOf } from '../../server/test/instance-client';
import { createAccount, createTenant, expect, expectAccessible, PASSWORD, test, totpCode } from './fixtures';

/** Signs in through the portal; the login returns to `from` when given. */
async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function adminPage(
  page: Page,
  helios: Parameters<Parameters<typeof test>[2]>[0]['helios'],
  path = '/admin/tenants',
) {
  const admin = await createAccount(helios.ctx, { password: PASSWORD, isAdmin: true, name: 'Ada Admin' });
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?/);
  await signIn(page, admin.email);
  return admin;
}

test.describe('admin console', () => {
  test('a deep link survives signing in, and the console passes axe', async ({ page, helios }) => {
    await adminPage(page, helios, '/admin/accounts?q=x');
    await expect(page).toHaveURL(/\/admin\/accounts\?q=x$/);
    await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a signed-in non-admin is refused', async ({ page, helios }) => {
    const user = await createAccount(helios.ctx, { password: PASSWORD });
    await page.goto('/admin');
    await signIn(page, user.email);
    await expect(page).toHaveURL(/\/admin/);
    // Said at once, from the session check: the console itself never shows.
    await expect(page.getByRole('heading', { name: 'No access to the admin console' })).toBeVisible();
    await expect(page.getByText(`You are signed in as ${user.email}`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search tenants' })).toHaveCount(0);
    await expectAccessible(page);
    const status = await page.evaluate(async () => (await fetch('/api/tenants/')).status);
    expect(status).toBe(403);
  });

  test('search a tenant by keyboard, expand it, edit a setting, enable SMS and add credits', async ({
    page,
    helios,
  }) => {
    const slug = `kbd${Date.now()}`;
    const tenant = await createTenant(helios.ctx, slug);
    await adminPage(page, helios);
    const search = page.getByRole('combobox', { name: 'Search tenants' });
    await search.fill(slug);
    await search.press('Enter');
    // Enter shows the results on the page; ArrowDown opens the list to pick one by keyboard.
    await expect(page.getByRole('button', { name: new RegExp(tenant.name) }).first()).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await search.press('ArrowDown');
    await expect(page.getByRole('option').first()).toBeVisible();
    await search.press('Enter');
    await expect(page.getByText(tenant.name, { exact: true }).locator('visible=true').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expectAccessible(page);

    // A new setting.
    await page.getByLabel('New key').fill('alva');
    await page.getByLabel('New value').fill('true');
    await page.getByRole('button', { name: 'Add setting' }).click();
    await expect(page.getByText('Setting alva saved')).toBeVisible();

    // SMS through the confirmation.
    await page.getByRole('button', { name: 'Enable SMS' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Enable SMS?');
    await dialog.getByRole('button', { name: /Enable SMS|Confirm/ }).click();
    await expect(page.getByText('SMS settings saved')).toBeVisible();
    await page.getByLabel('Add credits').fill('100');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('100 credits added')).toBeVisible();
    const credits = await page.evaluate(
      async (id) => (await fetch(`/api/tenants/${id}/settings/sms/credits`)).json(),
      tenant.id,
    );
    expect(credits).toBe(100);
  });

  test('create a tenant with the slug derived from the name', async ({ page, helios }) => {
    await adminPage(page, helios, '/admin/tenants/new');
    const name = `Örebro Rekrytering ${Date.now()}`;
    await page.getByLabel(/^Name/).fill(name);
    const slug = await page.getByLabel(/^Slug/).inputValue();
    expect(slug).toMatch(/^orebro-rekrytering-\d+$/);
    await expect(page.getByText('Used in URLs. Only lowercase letters, numbers and hyphens.')).toBeVisible();
    await page.getByRole('button', { name: 'Create tenant' }).click();
    await expect(page).toHaveURL(/\/admin\/tenants\?tenant-id=/);
    await expect(page.getByText(name, { exact: true }).locator('visible=true').first()).toBeVisible();
  });

  test('find an account, send a reset email, copy its link from the reset-links dialog', async ({ page, helios }) => {
    const person = await createAccount(helios.ctx, { password: PASSWORD, name: `Rita Reset ${Date.now()}` });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await adminPage(page, helios, '/admin/accounts');
    const search = page.getByRole('combobox', { name: 'Search accounts' }).or(page.getByLabel('Search accounts'));
    await search.first().fill(person.email);
    await search.first().press('Enter');
    await page.getByRole('button', { name: `Actions for ${person.email}` }).click();
    await page.getByRole('menuitem', { name: 'Send password reset email' }).click();
    await expect(page.getByText('Password reset email sent')).toBeVisible();
    const mail = await helios.waitForMail(person.email);
    const link = /(https?:\/\/\S+\/login\/set-password\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.getByRole('button', { name: 'Reset links' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Filter by email').fill(person.email);
    await dialog.getByRole('button', { name: `Copy link for ${person.email}` }).click();
    await expect(page.getByText('Reset link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  });

  test('delete an authenticator credential behind a confirmation', async ({ page, helios }) => {
    const person = await createAccount(helios.ctx, {
      password: PASSWORD,
      totpCount: 1,
      name: `Tove Totp ${Date.now()}`,
    });
    await adminPage(page, helios, '/admin/accounts');
    const search = page.getByRole('combobox', { name: 'Search accounts' }).or(page.getByLabel('Search accounts'));
    await search.first().fill(person.email);
    await search.first().press('Enter');
    await page.getByRole('button', { name: 'Delete Authenticator' }).click();
    await page.getByRole('alertdialog', { name: 'Delete credential?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Credential deleted')).toBeVisible();
    // The account signs in without a second factor now.
    const browser = helios.browser();
    const started = await browser.api.call('start', { body: { email: person.email } });
    const state = await browser.api.call('verifyPassword', {
      body: { session_id: started.session_id as string, email: person.email, password: PASSWORD },
    });
    expect(state.state).toBe('Done');
    expect(totpCode(person.totp[0] as string)).toMatch(/^\d{6}$/);
  });

  test('log in as a tenant user: the link redeems once', async ({ page, helios, context }) => {
    const tenant = await createTenant(helios.ctx, `loginas${Date.now()}`);
    const person = await createAccount(helios.ctx, {
      password: PASSWORD,
      name: 'Lina Loginas',
      tenants: [{ id: tenant.id }],
    });
    await adminPage(page, helios, `/admin/tenants?tenant-id=${tenant.id}`);
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Log in as Lina Loginas' }).click();
    const instance = await opened;
    await instance.waitForURL(/clavis=/);
    const url = new URL(instance.url());
    const clavis = url.searchParams.get('clavis') as string;
    expect(url.pathname).toBe('/auth/clavis');
    // The tenant's instance redeems it with its own client credentials.
    const instanceClient = await instanceOf(helios, tenant);
    const redeem = (body: object) => instanceClient.raw('POST', '/api/clavis/redeem', JSON.stringify(body));
    const first = await redeem({ clavis, tenant_id: tenant.id });
    expect(first.status).toBe(200);
    expect((first.json as { email: string }).email).toBe(person.email);
    expect((await redeem({ clavis, tenant_id: tenant.id })).status).toBe(404);
  });

  test('send a notification, invalidate the cache, view tokens; dark mode survives a reload', async ({
    page,
    helios,
  }) => {
    const tenant = await createTenant(helios.ctx, `notify${Date.now()}`);
    const admin = await adminPage(page, helios, '/admin/notifications');
    await page.getByLabel(/^Message/).fill('Planned maintenance tonight');
    await page.getByRole('switch', { name: 'Admins only' }).click();
    await page.getByRole('button', { name: /Send/ }).click();
    await expect(page.getByText(/sent/i).first()).toBeVisible();

    await page.goto('/admin/tools');
    await page.getByRole('button', { name: /cache/i }).click();
    await expect(page.getByText(/cleared|invalidated/i).first()).toBeVisible();

    await page.goto(`/admin/tokens/${encodeURIComponent(admin.email)}/${admin.id}`);
    await expect(page.getByText(/session:/).first()).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('dark_mode'))).toBe('true');
    expect(tenant.id).toBeTruthy();
  });
});
