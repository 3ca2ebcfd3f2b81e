import {
  createAccount,
  createTenant,
  expect,
  expectAccessible,
  latestCode,
  PASSWORD,
  test,
  totpCode,
  typeCode,
} from './fixtures';

test.describe('signing in', () => {
  test('email code: code from the mail, skip the offer, pick among several tenants', async ({ page, helios }) => {
    const a = await createTenant(helios.ctx, `alpha${Date.now()}`);
    const b = await createTenant(helios.ctx, `beta${Date.now()}`);
    const account = await createAccount(helios.ctx, { password: null, tenants: [{ id: a.id }, { id: b.id }] });
    await page.goto('/login');
    await expectAccessible(page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(`We sent a six-digit code to ${account.email}`)).toBeVisible();
    await expect(page.getByText(/spam/)).toBeVisible();
    await expectAccessible(page);
    await typeCode(page, await latestCode(helios, account.email, 0));
    await expect(page.getByRole('heading', { name: 'Add a way to sign in' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
    await expect(page.getByRole('heading', { name: 'Select a instance' })).toBeVisible();
    await expect(page.getByText(a.name)).toBeVisible();
    await expect(page.getByText(b.name)).toBeVisible();
    await expectAccessible(page);
    await page.getByText(a.name).click();
    await expect(page).toHaveURL(a.url.endsWith('/') ? a.url : `${a.url}/`);
    // Back at the picker the tenant shows as accessed today.
    await page.goto('/login/select-tenant');
    await expect(page.getByText(/Last accessed: today/)).toBeVisible();
  });

  test('code sign-in, then create a password that works next time', async ({ page, helios }) => {
    const tenant = await createTenant(helios.ctx, `gamma${Date.now()}`);
    const account = await createAccount(helios.ctx, { password: null, tenants: [{ id: tenant.id }] });
    await page.goto(`/login?email=${encodeURIComponent(account.email)}`);
    await typeCode(page, await latestCode(helios, account.email, 0));
    await page.getByLabel('New password').fill('Sommarstuga#2026');
    await page.getByLabel('Repeat the password').fill('Sommarstuga#2026');
    await page.getByRole('button', { name: 'Create password' }).click();
    // One tenant and not a stakeholder: straight there.
    await expect(page).toHaveURL(`${tenant.url}/`);
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/^Password/).fill('Sommarstuga#2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${tenant.url}/`);
  });

  test('password with remember me: a persistent session cookie', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'helios_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
  });

  test('password + authenticator, remembering the browser', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD, totpCount: 1 });
    const signIn = async () => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    await signIn();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('checkbox', { name: 'Remember this browser for 30 days' }).check();
    await typeCode(page, totpCode(account.totp[0] as string));
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
    // Signed out, the same browser skips the second factor next time.
    await page.context().clearCookies({ name: 'helios_session' });
    await signIn();
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
  });

  test('password + authenticator without remembering: asked every time', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD, totpCount: 1 });
    await page.goto(`/login?email=${encodeURIComponent(account.email)}`);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await typeCode(page, totpCode(account.totp[0] as string));
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
    await page.context().clearCookies();
    await page.goto(`/login?email=${encodeURIComponent(account.email)}`);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  });

  test('two authenticators are merged into the one whose code is given', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD, totpCount: 2 });
    await page.goto(`/login?email=${encodeURIComponent(account.email)}`);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'One authenticator per account' })).toBeVisible();
    await expectAccessible(page);
    await typeCode(page, totpCode(account.totp[1] as string));
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  });

  test('repeated wrong passwords lock the account, with its message', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    await page.goto(`/login?email=${encodeURIComponent(account.email)}`);
    const password = page.getByLabel(/^Password/);
    for (let i = 0; i < 9; i++) {
      await password.fill(`wrong-${i}`);
      // Each attempt is answered before the next: the alert of the one before already reads
      // "The email or password is wrong", so the text alone would not wait.
      const answered = page.waitForResponse((response) => response.url().includes('/auth/login/verify-password'));
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect((await answered).status()).toBe(401);
      await expect(page.getByRole('alert')).toContainText('The email or password is wrong');
    }
    await password.fill('wrong-last');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('temporarily locked');
    await password.fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('temporarily locked');
  });

  test("the address bar never holds the login's id; a reload at the second factor continues the login", async ({
    page,
    helios,
  }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD, totpCount: 1 });
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/^Password/).fill(PASSWORD);
    addresses.push(page.url());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    addresses.push(page.url());
    const login = (await page.context().cookies()).find((c) => c.name === 'helios_login');
    expect(login?.httpOnly).toBe(true);
    expect(login?.sameSite).toBe('Lax');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    addresses.push(page.url());
    await typeCode(page, totpCode(account.totp[0] as string));
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
    expect(addresses.length).toBeGreaterThan(3);
    for (const address of addresses) expect(address).not.toContain('session_id');
    expect((await page.context().cookies()).some((c) => c.name === 'helios_login')).toBe(false);
  });

  test('an invalid login session shows its message and returns to the start after 3 seconds', async ({
    page,
    helios,
  }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    await page.goto(`/login?email=${encodeURIComponent(account.email)}`);
    await expect(page.getByLabel(/^Password/)).toBeVisible();
    // The session ends on the server (expiry) while the page still shows the password step.
    const loginCookie = (await page.context().cookies()).find((c) => c.name === 'helios_login');
    const sessionId = loginCookie?.value.split('.')[0];
    await helios.ctx.store.del(`login:${sessionId}`);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('The sign-in took too long. Starting again in 3 seconds.');
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 5_000 });
  });
});

test.describe('languages', () => {
  test('Swedish through ?lang=sv hides the flags', async ({ page }) => {
    await page.goto('/login?lang=sv');
    await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Svenska' })).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await expectAccessible(page);
  });

  test('Swedish through the flags, remembered after a reload', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Svenska' }).click();
    await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('keyboard only', () => {
  test('email code sign-in', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: null });
    await page.goto('/login');
    await page.getByLabel('Email').focus();
    await page.keyboard.type(account.email);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();
    await page.keyboard.type(await latestCode(helios, account.email, 0));
    await expect(page.getByRole('heading', { name: 'Add a way to sign in' })).toBeVisible();
    // Tab to "Skip for now" and press it.
    for (
      let i = 0;
      i < 12 &&
      !(await page.getByRole('button', { name: 'Skip for now' }).evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
  });

  test('password + authenticator sign-in', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD, totpCount: 1 });
    await page.goto('/login');
    await page.keyboard.press('Tab');
    let guard = 0;
    while (!(await page.getByLabel('Email').evaluate((el) => el === document.activeElement)) && guard++ < 10)
      await page.keyboard.press('Tab');
    await page.keyboard.type(account.email);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(/^Password/)).toBeFocused();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();
    await page.keyboard.type(totpCode(account.totp[0] as string));
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
  });
});
