import type { Browser, Page } from '@playwright/test';
import { createAccount, expect, expectAccessible, PASSWORD, test } from './fixtures';

/**
 * Changing the password from the profile: from a session older than the step-up window the
 * person first confirms it is them, the other browser signed in to the account is signed out,
 * and a new browser signs in with the new password only. The server runs in this process, so the
 * session is aged by moving the server's own clock (`ctx.now`) past the window, and back when the
 * journey ends.
 */
const PAST_THE_WINDOW_MS = 11 * 60_000;
const NEW_PASSWORD = 'Lantern-Fjord-Quietly-91';

const texts = {
  en: {
    password: /^Password/,
    signIn: 'Sign in',
    heading: 'Account settings',
    change: 'Change password',
    newPassword: /^New password/,
    repeat: /^Repeat the new password/,
    save: 'Set new password',
    confirmDialog: 'Confirm it is you',
    confirm: 'Confirm',
    changed: 'Password changed. Other browsers and apps were signed out.',
  },
  sv: {
    password: /^Lösenord/,
    signIn: 'Logga in',
    heading: 'Kontoinställningar',
    change: 'Byt lösenord',
    newPassword: /^Nytt lösenord/,
    repeat: /^Upprepa det nya lösenordet/,
    save: 'Spara nytt lösenord',
    confirmDialog: 'Bekräfta att det är du',
    confirm: 'Bekräfta',
    changed: 'Lösenordet har bytts. Andra webbläsare och appar har loggats ut.',
  },
} as const;

type Texts = (typeof texts)[keyof typeof texts];

async function signIn(page: Page, t: Texts, email: string, password: string, lang: string) {
  await page.goto(`/login?email=${encodeURIComponent(email)}&lang=${lang}`);
  await page.getByLabel(t.password).fill(password);
  await page.getByRole('button', { name: t.signIn }).click();
}

/** A browser of its own (cookies and all), signed in with the given password. */
async function otherBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  return { context, page: await context.newPage() };
}

const signedIn = (page: Page) => page.evaluate(async () => (await fetch('/auth/session')).status);

for (const lang of ['en', 'sv'] as const) {
  const t = texts[lang];

  test(`${lang}: changing the password from the profile signs out the other browser, and a new one signs in with it`, async ({
    page,
    browser,
    helios,
  }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD, locale: lang });
    const elsewhere = await otherBrowser(browser, helios.url);
    await signIn(elsewhere.page, t, account.email, PASSWORD, lang);
    await expect(elsewhere.page).toHaveURL(/\/login\/select-tenant$/);
    await signIn(page, t, account.email, PASSWORD, lang);
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: t.heading })).toBeVisible();

    // The clock stays moved until the journey ends: the change marks the account's sessions
    // ended as of the moved clock, so a sign-in read on the real clock would count as before it.
    const realClock = helios.ctx.now;
    helios.ctx.now = () => new Date(Date.now() + PAST_THE_WINDOW_MS);
    try {
      await page.getByRole('button', { name: t.change }).click();
      const dialog = page.getByRole('dialog', { name: t.change });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByLabel(t.newPassword).fill(NEW_PASSWORD);
      await dialog.getByLabel(t.repeat).fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: t.save }).click();

      // The session is older than the window: confirm it is you, and the change goes through.
      const confirm = page.getByRole('dialog', { name: t.confirmDialog });
      await expect(confirm).toBeVisible();
      await confirm.getByLabel(t.password).fill(PASSWORD);
      await confirm.getByRole('button', { name: t.confirm }).click();

      await expect(page.getByText(t.changed)).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await helios.running.idle();
      expect(await signedIn(page)).toBe(200);
      expect(await signedIn(elsewhere.page)).toBe(401);
      await elsewhere.context.close();

      const fresh = await otherBrowser(browser, helios.url);
      await signIn(fresh.page, t, account.email, PASSWORD, lang);
      await expect(fresh.page.getByRole('alert')).toBeVisible();
      await expect(fresh.page).toHaveURL(/\/login\?/);
      await fresh.page.getByLabel(t.password).fill(NEW_PASSWORD);
      await fresh.page.getByRole('button', { name: t.signIn }).click();
      await expect(fresh.page).toHaveURL(/\/login\/select-tenant$/);
      // Signed in for real, not only sent on: the session holds after the page has loaded.
      await expect(fresh.page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await signedIn(fresh.page)).toBe(200);
      await fresh.context.close();
    } finally {
      // What the server does after answering (ending other sessions) reads the clock too.
      await helios.running.idle();
      helios.ctx.now = realClock;
    }
  });
}
