import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createAccount, expect, expectAccessible, PASSWORD, test } from './fixtures';

/** The words of the journey in each language the portal speaks. */
const LANGUAGES = {
  en: {
    locale: 'en-GB',
    password: /^Password/,
    signIn: 'Sign in',
    section: 'Where you are signed in',
    current: 'This device',
    signOutOne: /^Sign out Chrome/,
    signedOut: 'The session is signed out.',
    signOutOthers: 'Sign out of all other sessions',
    confirm: 'Sign out',
    signedOutOthers: 'All other sessions are signed out.',
  },
  sv: {
    locale: 'sv-SE',
    password: /^Lösenord/,
    signIn: 'Logga in',
    section: 'Där du är inloggad',
    current: 'Den här enheten',
    signOutOne: /^Logga ut Chrome/,
    signedOut: 'Sessionen är utloggad.',
    signOutOthers: 'Logga ut från alla andra sessioner',
    confirm: 'Logga ut',
    signedOutOthers: 'Alla andra sessioner är utloggade.',
  },
} as const;

for (const [language, words] of Object.entries(LANGUAGES)) {
  test.describe(`where you are signed in (${language})`, () => {
    const contexts: BrowserContext[] = [];
    test.afterEach(async () => {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
    });

    /** A browser of its own (own cookies), signed in to `email` through the login page. */
    async function signedIn(browser: Browser, baseURL: string, email: string): Promise<Page> {
      const context = await browser.newContext({ baseURL, locale: words.locale });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`/login?email=${encodeURIComponent(email)}&lang=${language}`);
      await page.getByLabel(words.password).fill(PASSWORD);
      await page.getByRole('button', { name: words.signIn }).click();
      await expect(page).toHaveURL(/\/login\/select-tenant$/);
      return page;
    }

    const sessionsOn = (page: Page) => page.getByRole('list', { name: words.section });

    test('the profile lists both browsers, the current one marked; signing out the other sends it to sign in', async ({
      browser,
      helios,
    }) => {
      const account = await createAccount(helios.ctx, { password: PASSWORD, locale: language as 'sv' | 'en' });
      const mine = await signedIn(browser, helios.url, account.email);
      const other = await signedIn(browser, helios.url, account.email);

      await mine.goto('/profile');
      await expect(mine.getByRole('heading', { level: 2, name: words.section })).toBeVisible();
      const items = sessionsOn(mine).getByRole('listitem');
      await expect(items).toHaveCount(2);
      await expect(items.filter({ hasText: words.current })).toHaveCount(1);
      await expectAccessible(mine);
      // Nothing scrolls sideways on a 360 px wide phone.
      await mine.setViewportSize({ width: 360, height: 800 });
      expect(await mine.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await mine.getByRole('button', { name: words.signOutOne }).click();
      await expect(mine.getByText(words.signedOut)).toBeVisible();
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText(words.current);

      await other.goto('/profile');
      await expect(other).toHaveURL(/\/login$/);
      await mine.reload();
      await expect(sessionsOn(mine).getByRole('listitem')).toHaveCount(1);
    });

    test('"Sign out of all other sessions" signs out every other browser and keeps this one', async ({
      browser,
      helios,
    }) => {
      const account = await createAccount(helios.ctx, { password: PASSWORD, locale: language as 'sv' | 'en' });
      const mine = await signedIn(browser, helios.url, account.email);
      const others = [
        await signedIn(browser, helios.url, account.email),
        await signedIn(browser, helios.url, account.email),
      ];

      await mine.goto('/profile');
      const items = sessionsOn(mine).getByRole('listitem');
      await expect(items).toHaveCount(3);
      await mine.getByRole('button', { name: words.signOutOthers }).click();
      const dialog = mine.getByRole('alertdialog', { name: `${words.signOutOthers}?` });
      await expect(dialog).toBeVisible();
      await expectAccessible(mine);
      await dialog.getByRole('button', { name: words.confirm, exact: true }).click();
      await expect(mine.getByText(words.signedOutOthers)).toBeVisible();
      await expect(items).toHaveCount(1);
      await expect(mine.getByRole('button', { name: words.signOutOthers })).toHaveCount(0);

      for (const page of others) {
        await page.goto('/profile');
        await expect(page).toHaveURL(/\/login$/);
      }
      await mine.reload();
      await expect(sessionsOn(mine).getByRole('listitem')).toHaveCount(1);
    });
  });
}
