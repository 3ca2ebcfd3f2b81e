import type { Page } from '@playwright/test';
import { createAccount, expect, expectAccessible, PASSWORD, test, totpCode, typeCode } from './fixtures';

/** Password, then at the second factor a recovery code instead of the authenticator. */
async function signInWithRecoveryCode(page: Page, email: string, code: string, texts = ENGLISH, query = '') {
  await page.goto(`/login?email=${encodeURIComponent(email)}${query}`);
  await page.getByLabel(texts.password).fill(PASSWORD);
  await page.getByRole('button', { name: texts.signIn }).click();
  await page.getByRole('button', { name: texts.useRecoveryCode }).click();
  await page.getByRole('textbox', { name: texts.recoveryCode }).fill(code);
  await page.getByRole('button', { name: texts.signIn }).click();
  await expect(page).toHaveURL(/\/login\/select-tenant$/);
}

const ENGLISH = {
  password: /^Password/,
  signIn: 'Sign in',
  useRecoveryCode: 'Use a recovery code',
  recoveryCode: 'Recovery code',
};
const SWEDISH = {
  password: /^Lösenord/,
  signIn: 'Logga in',
  useRecoveryCode: 'Använd en återställningskod',
  recoveryCode: 'Återställningskod',
};

/** The codes as the page lists them. */
async function shownCodes(page: Page, listName: string) {
  const items = page.getByRole('list', { name: listName }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  return (await items.allTextContents()).map((code) => code.trim());
}

test.describe('recovery codes', () => {
  test('turn on an authenticator, save the codes, sign in with one instead; the profile counts it and a mail tells of it', async ({
    page,
    helios,
  }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD });
    await page.goto(`/login?email=${encodeURIComponent(account.email)}`);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\/select-tenant$/);

    await page.goto('/profile/credentials/totp/setup');
    const secret = ((await page.locator('code').first().textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel(/^Code from the app/).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Activate' }).click();

    // Shown once, with ways to keep them; going on needs the confirmation.
    await expect(page.getByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
    const codes = await shownCodes(page, 'Recovery codes');
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    await expect(page.getByRole('button', { name: 'Copy all' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download (.txt)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('helios-recovery-codes.txt');
    const saved = await file.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    for (const code of codes) expect(saved).toContain(code);
    await expectAccessible(page);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    const next = page.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
    await next.click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Unused codes: 10 of 10')).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    const mailsBefore = await helios.mailCount(account.email);
    await signInWithRecoveryCode(page, account.email, codes[0] as string);

    const mail = await helios.waitForMail(account.email, mailsBefore, 'A recovery code was used');
    expect(mail.text).toContain('You have 9 unused recovery codes left.');
    await page.goto('/profile');
    await expect(page.getByText('Unused codes: 9 of 10')).toBeVisible();

    // The same code a second time: refused, and the authenticator still works.
    await page.context().clearCookies();
    await page.goto(`/login?email=${encodeURIComponent(account.email)}`);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0] as string);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Wrong or already used recovery code. Try another one.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Use your authenticator app or security key instead' }).click();
    await typeCode(page, totpCode(secret, Date.now() + 30_000));
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
  });

  test('in Swedish: few codes left, make new ones, sign in with one of them', async ({ page, helios }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD, totpCount: 1, locale: 'sv' });
    await page.goto(`/login?email=${encodeURIComponent(account.email)}&lang=sv`);
    await page.getByLabel(/^Lösenord/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.getByRole('textbox', { name: 'Siffra 1 av 6' }).click();
    await page.keyboard.type(totpCode(account.totp[0] as string));
    await expect(page).toHaveURL(/\/login\/select-tenant/);

    // An authenticator from before recovery codes: none yet, and the notice says to make some.
    await page.goto('/profile?lang=sv');
    await expect(page.getByText('Oanvända koder: 0 av 10')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Få återställningskoder kvar' })).toBeVisible();
    await page.getByRole('button', { name: 'Skapa nya koder' }).click();
    const question = page.getByRole('alertdialog', { name: 'Skapa nya återställningskoder?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Ersätt koderna' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Spara dina återställningskoder' })).toBeFocused();
    const codes = await shownCodes(page, 'Återställningskoder');
    await expectAccessible(page);
    await page.getByRole('checkbox', { name: 'Jag har sparat koderna' }).check();
    await page.getByRole('button', { name: 'Fortsätt' }).click();
    await expect(page.getByText('Oanvända koder: 10 av 10')).toBeVisible();

    await page.context().clearCookies();
    const mailsBefore = await helios.mailCount(account.email);
    await signInWithRecoveryCode(page, account.email, (codes[4] as string).toUpperCase(), SWEDISH, '&lang=sv');
    const mail = await helios.waitForMail(account.email, mailsBefore, 'En återställningskod har använts');
    expect(mail.text).toContain('Du har 9 oanvända återställningskoder kvar.');
  });
});
