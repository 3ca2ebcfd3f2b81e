import type { Page } from '@playwright/test';
import { createAccount, expect, PASSWORD, test } from './fixtures';
import { testInstances } from './instances';

/**
 * Back-Channel Logout in a real browser: an instance (a real relying party on loopback) with a
 * back-channel logout URI signs a person in through Helios; signing out in the Helios profile
 * makes Helios post a logout token to it, and the instance's own page then shows signed out.
 */

const { tenantWithInstance } = testInstances();

const words = {
  en: {
    email: 'Email',
    continue: 'Continue',
    password: /^Password/,
    signIn: 'Sign in',
    signOut: 'Sign out',
  },
  sv: {
    email: 'E-post',
    continue: 'Fortsätt',
    password: /^Lösenord/,
    signIn: 'Logga in',
    signOut: 'Logga ut',
  },
} as const;

async function signInThroughHelios(page: Page, lang: keyof typeof words, email: string) {
  const w = words[lang];
  await page.getByLabel(w.email).fill(email);
  await page.getByRole('button', { name: w.continue }).click();
  await page.getByLabel(w.password).fill(PASSWORD);
  await page.getByRole('button', { name: w.signIn }).click();
}

for (const lang of ['en', 'sv'] as const) {
  test(`signing out in the Helios profile signs the browser out of the instance too (${lang})`, async ({
    page,
    helios,
  }) => {
    const { tenant, instance } = await tenantWithInstance(helios, `rpbc${lang}${Date.now()}`, { backchannel: true });
    const account = await createAccount(helios.ctx, { password: PASSWORD, locale: lang, tenants: [{ id: tenant.id }] });

    await page.goto(`${instance.url}/?ui_locales=${lang}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?.*lang=${lang}`));
    await signInThroughHelios(page, lang, account.email);
    await expect(page.getByRole('heading', { name: `Signed in as ${account.email}` })).toBeVisible();
    await page.goto(`${instance.url}/me`);
    await expect(page.getByRole('heading', { name: `Signed in as ${account.email}` })).toBeVisible();

    await page.goto('/profile');
    await page.getByRole('button', { name: words[lang].signOut }).click();
    await expect(page).toHaveURL(/\/login/);

    // The instance is told over the back channel, after the answer: its own session for this
    // browser is gone.
    await expect.poll(() => instance.logouts.length).toBe(1);
    await page.goto(`${instance.url}/me`);
    await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
    expect(instance.logouts).toHaveLength(1);
    expect(instance.logouts[0]).toMatchObject({ iss: helios.url, aud: tenant.id, sub: account.id });
    expect(instance.refusedLogouts()).toBe(0);
  });
}
