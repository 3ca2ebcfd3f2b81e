import type { Page } from '@playwright/test';
import { createAccount, expect, expectAccessible, PASSWORD, test, totpCode } from './fixtures';

/**
 * Step-up: removing a sign-in method from a session older than the step-up window (10 minutes)
 * asks the person to confirm it is them, then removes it. The server runs in this process, so the
 * session is aged by moving the server's own clock (`ctx.now`, the clock every check reads)
 * past the window, and back after the test.
 */
const PAST_THE_WINDOW_MS = 11 * 60_000;

const texts = {
  en: {
    password: /^Password/,
    signIn: 'Sign in',
    digit: 'Digit 1 of 6',
    heading: 'Account settings',
    twoFactor: 'Two-factor authentication',
    dialog: 'Confirm it is you',
    continue: 'Continue',
    removed: 'Sign-in method removed',
  },
  sv: {
    password: /^Lösenord/,
    signIn: 'Logga in',
    digit: 'Siffra 1 av 6',
    heading: 'Kontoinställningar',
    twoFactor: 'Tvåstegsverifiering',
    dialog: 'Bekräfta att det är du',
    continue: 'Fortsätt',
    removed: 'Inloggningsmetoden togs bort',
  },
} as const;

async function typeCodeIn(page: Page, digit: string, code: string) {
  await page.getByRole('textbox', { name: digit }).click();
  await page.keyboard.type(code);
}

for (const lang of ['en', 'sv'] as const) {
  const t = texts[lang];

  test(`${lang}: removing the authenticator from an older session asks for password and code, then removes it`, async ({
    page,
    helios,
  }) => {
    const account = await createAccount(helios.ctx, { password: PASSWORD, totpCount: 1, locale: lang });
    const secret = account.totp[0] as string;
    await page.goto(`/login?email=${encodeURIComponent(account.email)}&lang=${lang}`);
    await page.getByLabel(t.password).fill(PASSWORD);
    await page.getByRole('button', { name: t.signIn }).click();
    await typeCodeIn(page, t.digit, totpCode(secret));
    await expect(page).toHaveURL(/\/login\/select-tenant$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: t.heading })).toBeVisible();

    const realClock = helios.ctx.now;
    helios.ctx.now = () => new Date(Date.now() + PAST_THE_WINDOW_MS);
    try {
      const twoFactor = page.getByRole('switch', { name: t.twoFactor });
      await expect(twoFactor).toBeChecked();
      await twoFactor.click();

      const dialog = page.getByRole('dialog', { name: t.dialog });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByLabel(t.password).fill(PASSWORD);
      await dialog.getByRole('button', { name: t.continue }).click();
      await typeCodeIn(page, t.digit, totpCode(secret, Date.now() + PAST_THE_WINDOW_MS));

      await expect(dialog).toBeHidden();
      await expect(page.getByText(t.removed)).toBeVisible();
      await expect(twoFactor).not.toBeChecked();
      const info = await page.evaluate(async () => (await fetch('/oauth2/userinfo')).json());
      expect(info.available_credentials.map((c: { type: string }) => c.type)).toEqual(['password']);
    } finally {
      // What the server does after answering (ending other sessions) reads the clock too.
      await helios.running.idle();
      helios.ctx.now = realClock;
    }
  });
}
