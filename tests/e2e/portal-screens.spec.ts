import type { Page } from '@playwright/test';
import { withoutSharingPortal } from '../../server/test/fixtures';
import { createAccount, createTenant, expect, expectAccessible, PASSWORD, test, totpCode } from './fixtures';

/** The words of the portal's screens in each language it speaks. */
const LANGUAGES = {
  en: {
    locale: 'en-GB',
    password: /^Password/,
    signIn: 'Sign in',
    picker: 'Select a instance',
    loadFailed: 'Your instances could not be loaded. Try again in a moment.',
    tryAgain: 'Try again',
    signOut: 'Sign out',
    signedInAs: 'Signed in as',
    email: 'Email',
    continue: 'Continue',
    sharingPortal: 'Go to sharing portal',
    portalMissing: 'The sharing portal is not available',
    back: 'Back to Helios',
    sharingTitle: 'Sign in to the candidate sharing portal',
    mfaTitle: 'Two-factor authentication',
    digit: 'Digit 1 of 6',
  },
  sv: {
    locale: 'sv-SE',
    password: /^Lösenord/,
    signIn: 'Logga in',
    picker: 'Välj en instans',
    loadFailed: 'Det gick inte att hämta dina instanser. Försök igen om en stund.',
    tryAgain: 'Försök igen',
    signOut: 'Logga ut',
    signedInAs: 'Inloggad som',
    email: 'E-post',
    continue: 'Fortsätt',
    sharingPortal: 'Gå till delningsportalen',
    portalMissing: 'Delningsportalen är inte tillgänglig',
    back: 'Tillbaka till Helios',
    sharingTitle: 'Logga in på portalen för kandidatdelning',
    mfaTitle: 'Tvåstegsverifiering',
    digit: 'Siffra 1 av 6',
  },
} as const;

type Words = (typeof LANGUAGES)[keyof typeof LANGUAGES];

async function signIn(page: Page, words: Words, email: string) {
  await page.goto(`/login?email=${encodeURIComponent(email)}`);
  await page.getByLabel(words.password).fill(PASSWORD);
  await page.getByRole('button', { name: words.signIn }).click();
}

/** Lines a heading wraps to, from its height and line height, once the web font has arrived
 * (until then the text is in a fallback font of other widths). */
const headingLines = (page: Page) =>
  page.getByRole('heading', { level: 1 }).evaluate(async (h) => {
    await document.fonts.ready;
    return Math.round(h.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(h).lineHeight));
  });

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('the sign-in page draws its text in Inter, preloaded from the same origin and allowed by the page policy', async ({
  page,
}) => {
  const policyErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) policyErrors.push(message.text());
  });
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveAttribute('type', 'font/woff2');
  await expect(preload).toHaveAttribute('crossorigin', '');
  const href = (await preload.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);

  const font = await page.request.get(href);
  expect(font.status()).toBe(200);
  expect(font.headers()['content-type']).toBe('font/woff2');
  expect(font.headers()['cache-control']).toContain('immutable');

  const drawn = await page.evaluate(async () => {
    await document.fonts.ready;
    return {
      family: getComputedStyle(document.body).fontFamily,
      loaded: [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
    };
  });
  expect(drawn.family).toMatch(/^"Inter Variable"/);
  expect(drawn.loaded).toContain('Inter Variable');
  // English and Swedish need only the Latin subset, fetched once: the preload is the font's fetch.
  expect(fontRequests).toEqual([href]);
  expect(policyErrors).toEqual([]);
});

for (const [language, words] of Object.entries(LANGUAGES)) {
  test.describe(`portal screens (${language})`, () => {
    test.use({ locale: words.locale });

    test('the tenant picker does not loop when its instances fail to load: an error with Try again and Sign out', async ({
      page,
      helios,
    }) => {
      const a = await createTenant(helios.ctx, `loopa${Date.now()}`);
      const b = await createTenant(helios.ctx, `loopb${Date.now()}`);
      const account = await createAccount(helios.ctx, {
        password: PASSWORD,
        name: 'Lena Loop',
        locale: language as 'sv' | 'en',
        tenants: [{ id: a.id }, { id: b.id }],
      });
      let failing = true;
      let loads = 0;
      await page.route('**/auth/available-tenants', (route) => {
        loads += 1;
        if (!failing) return route.continue();
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ detail: [{ type: 'internal_error', msg: 'Internal error' }] }),
        });
      });
      await signIn(page, words, account.email);
      await expect(page).toHaveURL(/\/login\/select-tenant$/);
      await expect(page.getByRole('alert')).toContainText(words.loadFailed);
      // The page stays: no way back to sign-in and forth again.
      await page.waitForTimeout(10_000);
      expect(loads).toBeLessThanOrEqual(3);
      await expect(page).toHaveURL(/\/login\/select-tenant$/);
      await expect(page.getByTestId('signed-in-as')).toContainText(`${words.signedInAs} Lena Loop`);
      await expect(page.getByTestId('signed-in-as')).toContainText(account.email);
      await expectAccessible(page);

      failing = false;
      await page.getByRole('button', { name: words.tryAgain }).click();
      await expect(page.getByRole('list', { name: words.picker })).toBeVisible();
      await expect(page.getByText(a.name)).toBeVisible();

      await page.getByRole('button', { name: words.signOut }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByLabel(words.email)).toBeVisible();
    });

    test('going to a sharing portal that is not set up shows a page saying so, in the portal look', async ({
      page,
      helios,
    }) => {
      await withoutSharingPortal(helios.ctx);
      const tenant = await createTenant(helios.ctx, `share${Date.now()}`);
      const account = await createAccount(helios.ctx, {
        password: PASSWORD,
        isStakeholder: true,
        locale: language as 'sv' | 'en',
        tenants: [{ id: tenant.id }],
      });
      await page.setViewportSize({ width: 360, height: 740 });
      await signIn(page, words, account.email);
      await page.getByRole('button', { name: words.sharingPortal }).click();
      await expect(page).toHaveURL(/\/auth\/athena$/);
      await expect(page.getByRole('heading', { level: 1, name: words.portalMissing })).toBeVisible();
      await expect(page.locator('body')).not.toContainText('sharing_portal_not_configured');
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
      await page.getByRole('link', { name: words.back }).click();
      await expect(page).toHaveURL(/\/login\/select-tenant$/);
    });

    test('long headings keep to two lines on a 360 px phone', async ({ page, helios }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/login?client_id=athena');
      await expect(page.getByRole('heading', { level: 1, name: words.sharingTitle })).toBeVisible();
      expect(await headingLines(page)).toBeLessThanOrEqual(2);
      expect(await scrollsSideways(page)).toBe(false);

      const account = await createAccount(helios.ctx, { password: PASSWORD, totpCount: 1 });
      await signIn(page, words, account.email);
      await expect(page.getByRole('heading', { level: 1, name: words.mfaTitle })).toBeVisible();
      expect(await headingLines(page)).toBeLessThanOrEqual(2);
      expect(await scrollsSideways(page)).toBe(false);
      // Finish, so the code is used as a person would.
      await page.getByRole('textbox', { name: words.digit }).click();
      await page.keyboard.type(totpCode(account.totp[0] as string));
      await expect(page).toHaveURL(/\/login\/select-tenant$/);
    });
  });
}
