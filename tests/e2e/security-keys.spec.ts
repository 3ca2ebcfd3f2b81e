import type { Page } from '@playwright/test';
import { createAccount, expect, expectAccessible, PASSWORD, test } from './fixtures';

// A security key's relying-party id must be a domain: this server answers at localhost.
test.use({ heliosOptions: { hostname: 'localhost' } });

/** Chromium's virtual authenticator: a USB security key that is touched at once. */
async function plugInSecurityKey(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto(`/login?email=${encodeURIComponent(email)}`);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('security keys', () => {
  // Each journey signs in several times, in one or two browsers: allow it more than one minute.
  test.describe.configure({ timeout: 120_000 });
  test('register a named key on the profile, sign in with it as the second factor, remove it', async ({
    page,
    helios,
  }) => {
    const key = await plugInSecurityKey(page);
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    await signInWithPassword(page, account.email);
    await expect(page).toHaveURL(/\/login\/select-tenant$/);

    await page.goto('/profile');
    const keys = page.getByRole('region', { name: 'Security keys' });
    await expect(keys.getByText('No security keys yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add a security key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a security key' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Name of the key').fill('Work key');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Security key “Work key” added')).toBeVisible();
    await expect(keys.getByText('Work key', { exact: true })).toBeVisible();
    expect(await key.credentials()).toHaveLength(1);
    await expectAccessible(page);

    // Next sign-in: the password, then the key.
    await page.context().clearCookies();
    await signInWithPassword(page, account.email);
    await expect(page.getByRole('button', { name: 'Use a security key' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Use a security key' }).click();
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
    const [credential] = await key.credentials();
    expect(credential?.signCount).toBeGreaterThan(0);

    // Removed: the next sign-in needs no second factor.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Remove Work key' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove the security key?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText('Security key removed')).toBeVisible();
    await expect(keys.getByText('No security keys yet.')).toBeVisible();
    await page.context().clearCookies();
    await signInWithPassword(page, account.email);
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
  });

  test('a key-only second factor leads with the key; a key from elsewhere is refused', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    // Register with one authenticator…
    const first = await plugInSecurityKey(page);
    await signInWithPassword(page, account.email);
    // Leaving the page before the sign-in has answered would cancel it.
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Add a security key' }).click();
    await page.getByLabel('Name of the key').fill('Blue key');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Security key “Blue key” added')).toBeVisible();
    expect(await first.credentials()).toHaveLength(1);

    // …then sign in on a browser whose only key was never registered.
    const otherContext = await page.context().browser()?.newContext({ baseURL: helios.url });
    if (!otherContext) throw new Error('no browser');
    const other = await otherContext.newPage();
    await plugInSecurityKey(other);
    await signInWithPassword(other, account.email);
    await expect(other.getByText('Use your security key to finish signing in.')).toBeVisible();
    await expect(other.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveCount(0);
    await other.getByRole('button', { name: 'Use a security key' }).click();
    await expect(other.getByRole('alert')).toBeVisible();
    await expect(other).toHaveURL(/\/login\?/);
    await otherContext.close();
  });
});
