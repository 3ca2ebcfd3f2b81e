import type { Page } from '@playwright/test';
import { createAccount, expect, PASSWORD, test } from './fixtures';

/** `from` values that a browser resolves to another host, as they read once the query is decoded
 * (`/login?from=%2F.%2F%2Fevil.example%2Fa` is the first). */
const OFF_SITE = [
  '/.//evil.example/a',
  '/%2e//evil.example/a',
  '/x/..//evil.example/a',
  '/\\evil.example/a',
  '/\t/evil.example/a',
  '/\n/evil.example/a',
  '/%2F/evil.example/a',
  '/%5Cevil.example/a',
  '//evil.example/a',
  'https://evil.example/a',
];

/** Signs in with email and password on the login page that is open. */
async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.beforeEach(async ({ context }) => {
  // Were the browser sent there, it would land on this page instead of a DNS error.
  await context.route(/^https?:\/\/evil\.example\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Evil</title><h1>Evil</h1>' }),
  );
});

test.describe('signing in with a `from` that leads to another host', () => {
  for (const from of OFF_SITE) {
    test(`from=${JSON.stringify(from)}: stays on the site, at the default next page`, async ({ page, helios }) => {
      const account = await createAccount(helios.ctx, { password: PASSWORD });
      await page.goto(`/login?from=${encodeURIComponent(from)}`);
      await signIn(page, account.email);
      await expect(page).toHaveURL(`${helios.url}/login/select-tenant`);
      expect(new URL(page.url()).origin).toBe(helios.url);
    });
  }

  test('a path on this site is where signing in ends', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    await page.goto(`/login?from=${encodeURIComponent('/x/../profile?tab=methods')}`);
    await signIn(page, account.email);
    await expect(page).toHaveURL(`${helios.url}/profile?tab=methods`);
  });
});

test('the admin console ignores a `from` that leads to another host', async ({ page, helios }) => {
  const admin = await createAccount(helios.ctx, { password: PASSWORD, isAdmin: true, name: 'Ada Admin' });
  await page.goto('/login');
  await signIn(page, admin.email);
  await expect(page).toHaveURL(/\/login\/select-tenant$/);
  for (const from of OFF_SITE) {
    await page.goto(`/admin?from=${encodeURIComponent(from)}`);
    await expect(page.getByRole('combobox', { name: 'Search tenants' })).toBeVisible();
    expect(new URL(page.url()).origin, JSON.stringify(from)).toBe(helios.url);
    expect(new URL(page.url()).pathname, JSON.stringify(from)).toMatch(/^\/admin/);
  }
});
