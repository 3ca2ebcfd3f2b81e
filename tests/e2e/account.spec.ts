import {
  createAccount,
  expect,
  expectAccessible,
  expireResetLinks,
  PASSWORD,
  test,
  totpCode,
  typeCode,
} from './fixtures';

async function signIn(page: import('@playwright/test').Page, email: string, password = PASSWORD) {
  await page.goto(`/login?email=${encodeURIComponent(email)}`);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\/select-tenant$/);
}

const RESET_LINK = /(https?:\/\/\S+\/login\/set-password\/[A-Za-z0-9_-]+)/;
/** A reset mail (not the security mail telling of a reset). */
const hasResetLink = (mail: { text: string }) => RESET_LINK.test(mail.text);

function linkFrom(text: string): string {
  const link = RESET_LINK.exec(text)?.[1];
  if (!link) throw new Error(`no reset link in ${text}`);
  return link;
}

test.describe('password reset', () => {
  test('request → mail link → new password → sign in with it', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    await page.goto(`/login?email=${encodeURIComponent(account.email)}`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/a link to choose a new password is on its way/)).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('reset_email'))).toBe(account.email);

    const link = linkFrom((await helios.waitForMail(account.email, 0, hasResetLink)).text);
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel(/^Repeat the new password/).fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel(/^New password/).fill('lighthouse-keeper-9');
    await page.getByLabel(/^Repeat the new password/).fill('lighthouse-keeper-9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { name: 'New password set' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel(/^Password/).fill('lighthouse-keeper-9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
  });

  test('a used link and an expired link both say so, with no form', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    const api = helios.browser().api;
    await api.call('resetRequest', { body: { email: account.email } });
    const first = linkFrom((await helios.waitForMail(account.email, 0, hasResetLink)).text);
    await api.call('resetConfirm', { body: { token: first.split('/').pop() as string, password: 'orchard-in-bloom' } });
    await page.goto(new URL(first).pathname);
    await expect(page.getByText('This link is no longer valid').first()).toBeVisible();
    await expect(page.getByLabel(/^New password/)).toHaveCount(0);
    await expectAccessible(page);

    await api.call('resetRequest', { body: { email: account.email } });
    const second = linkFrom((await helios.waitForMail(account.email, 1, hasResetLink)).text);
    await expireResetLinks(helios.ctx, account.id);
    await page.goto(new URL(second).pathname);
    await expect(page.getByText('This link is no longer valid').first()).toBeVisible();
  });
});

test.describe('tenant picker and profile', () => {
  test('profile: language change survives a reload', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD, name: 'Greta Garbo' });
    await signIn(page, account.email);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    await expect(page.getByTestId('profile-identity')).toHaveText(`NameGreta GarboEmail${account.email}`);
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('sv');
    await expect(page.getByRole('heading', { name: 'Kontoinställningar' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Kontoinställningar' })).toBeVisible();
    const info = await page.evaluate(async () => (await fetch('/oauth2/userinfo')).json());
    expect(info.locale).toBe('sv');
  });

  test('profile: removing the authenticator', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD, totpCount: 1 });
    await page.goto(`/login?email=${encodeURIComponent(account.email)}`);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await typeCode(page, totpCode(account.totp[0] as string));
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
    await page.goto('/profile');
    const twoFactor = page.getByRole('switch', { name: 'Two-factor authentication' });
    await expect(twoFactor).toBeChecked();
    await twoFactor.click();
    await expect(twoFactor).not.toBeChecked();
    const info = await page.evaluate(async () => (await fetch('/oauth2/userinfo')).json());
    expect(info.available_credentials.map((c: { type: string }) => c.type)).toEqual(['password']);
  });

  test('two-factor setup with the manual key, then required at the next sign-in', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    await signIn(page, account.email);
    await page.goto('/profile/credentials/totp/setup');
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expectAccessible(page);
    const secret = ((await page.locator('code').first().textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText('Enter the code from the app')).toBeVisible();
    await page.getByLabel(/^Code from the app/).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Activate' }).click();
    // The first second factor comes with recovery codes, shown once before the profile.
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
    await page.context().clearCookies();
    await page.goto(`/login?email=${encodeURIComponent(account.email)}`);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  });

  test('signed out, the profile sends you to sign in', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login/);
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectAccessible(page);
  });
});
