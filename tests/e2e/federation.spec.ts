import type { Page } from '@playwright/test';
import { credentials } from '../../server/src/db/schema';
import {
  createAccount,
  createTenant,
  expect,
  expectAccessible,
  latestCode,
  PASSWORD,
  SSO_DOMAIN,
  test,
  totpCode,
  typeCode,
  uniqueEmail,
} from './fixtures';

// Google, Microsoft and the single sign-on are stand-in providers on loopback (real protocol).
test.use({ heliosOptions: { providers: true } });

let subjects = 0;
const subject = () => `person-${++subjects}-${Date.now().toString(36)}`;

async function enterEmail(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('signing in with another provider', () => {
  test('Google without a second factor: the first time links by verified email, the next time finds the link', async ({
    page,
    helios,
    providers,
  }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    const sub = subject();
    await enterEmail(page, account.email);
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Microsoft' })).toBeVisible();
    await expectAccessible(page);
    providers?.google.nextUser({ sub, email: account.email, email_verified: true });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/login\/select-tenant$/);

    await page.context().clearCookies();
    await enterEmail(page, account.email);
    providers?.google.nextUser({ sub, email: 'renamed@gmail.example', email_verified: false });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
  });

  test('Google with an authenticator: the second factor follows the provider', async ({ page, helios, providers }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD, totpCount: 1 });
    await enterEmail(page, account.email);
    providers?.google.nextUser({ sub: subject(), email: account.email, email_verified: true });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
    await typeCode(page, totpCode(account.totp[0] as string));
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
  });

  test('an unverified email links nothing and says so', async ({ page, helios, providers }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    await enterEmail(page, account.email);
    providers?.google.nextUser({ sub: subject(), email: account.email, email_verified: false });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByText('The other service has not confirmed your email address.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?.*error=provider_email_unverified/);
    await expectAccessible(page);
    const linked = (await helios.ctx.db.select().from(credentials)).filter(
      (c) => c.accountId === account.id && c.type === 'oidc',
    );
    expect(linked).toEqual([]);
  });

  test('the provider says no: back on the login page with a message, and the way in still works', async ({
    page,
    helios,
    providers,
  }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    await enterEmail(page, account.email);
    providers?.google.denyNext();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(
      /\/login\?.*error=access_denied.*error_type=soft|error_type=soft.*error=access_denied/,
    );
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
  });

  test('link Microsoft from the login offer, then it is the way in', async ({ page, helios, providers }) => {
    const tenant = await createTenant(helios.ctx, `fed${Date.now()}`);
    const account = await createAccount(helios.ctx, { password: null, tenants: [{ id: tenant.id }] });
    const sub = subject();
    await enterEmail(page, account.email);
    await typeCode(page, await latestCode(helios, account.email, 0));
    await expect(page.getByRole('heading', { name: 'Add a way to sign in' })).toBeVisible();
    await expectAccessible(page);
    // Microsoft rarely asserts a verified email; linking here needs none, the code proved it.
    providers?.microsoft.nextUser({ sub, email: 'someone@contoso.example' });
    await page.getByRole('button', { name: 'Continue with Microsoft' }).click();
    await expect(page).toHaveURL(`${tenant.url}/`);

    await page.context().clearCookies();
    // The only way in is Microsoft: straight there, with the single-provider message first. The
    // provider's answer is set before the email is entered: the page may leave before the next step.
    providers?.microsoft.nextUser({ sub });
    await enterEmail(page, account.email);
    await expect(page).toHaveURL(`${tenant.url}/`);
  });

  test('link Microsoft from the profile and unlink it again', async ({ page, helios, providers }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    await enterEmail(page, account.email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\/select-tenant$/);

    await page.goto('/profile');
    const microsoft = page.getByRole('switch', { name: 'Microsoft' });
    await expect(microsoft).not.toBeChecked();
    providers?.microsoft.nextUser({ sub: subject(), email: account.email });
    await microsoft.click();
    await expect(page.getByText('Microsoft is now linked to your account.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(microsoft).toBeChecked();
    await expectAccessible(page);

    await microsoft.click();
    await expect(page.getByText('Sign-in method removed')).toBeVisible();
    await expect(microsoft).not.toBeChecked();
    const linked = (await helios.ctx.db.select().from(credentials)).filter(
      (c) => c.accountId === account.id && c.type === 'oidc',
    );
    expect(linked).toEqual([]);
  });

  test("the organisation's single sign-on signs its people in automatically", async ({ page, helios, providers }) => {
    const email = uniqueEmail('staff').replace(/@.*/, `@${SSO_DOMAIN}`);
    await createAccount(helios.ctx, { email, password: PASSWORD });
    providers?.sso.nextUser({ sub: subject(), email, email_verified: true });
    const before = providers?.sso.authorizations.length ?? 0;
    await enterEmail(page, email);
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
    // No button was pressed: the email's domain sent the person to their organisation's sign-in.
    expect(providers?.sso.authorizations.slice(before).map((query) => query.get('login_hint'))).toEqual([email]);
  });
});
