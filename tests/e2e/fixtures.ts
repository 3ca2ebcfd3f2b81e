import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import {
  codeFromMail,
  createAccount,
  createTenant,
  expireResetLinks,
  PASSWORD,
  totpCode,
  uniqueEmail,
} from '../../server/test/fixtures';
import { startTestServer, type TestServer } from '../../server/test/harness';

export { codeFromMail, createAccount, createTenant, expect, expireResetLinks, PASSWORD, totpCode, uniqueEmail };

/** Each worker runs one real Helios server (in this mode's backend) serving the built apps;
 * tests write their own accounts through its database and read its caught mail. */
export const test = base.extend<object, { helios: TestServer }>({
  helios: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startTestServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ helios }, use) => use(helios.url),
  context: async ({ context }, use) => {
    // Instances live elsewhere: answer their addresses (in every tab) with a stand-in page.
    await context.route(/https:\/\/[a-z0-9-]+\.example\.com\//, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Instance</title><h1>Instance</h1>',
      }),
    );
    await use(context);
  },
});

/** axe in both themes: no violations allowed. */
export async function expectAccessible(page: Page) {
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    await page.addStyleTag({ content: '*,*::before,*::after{transition:none!important;animation:none!important}' });
    const result = await new AxeBuilder({ page }).analyze();
    expect(
      result.violations.map((v) => `${dark ? 'dark' : 'light'}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`),
    ).toEqual([]);
  }
}

/** Types the six digits of a code into the focused boxes. */
export async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

export async function latestCode(helios: TestServer, email: string, after: number) {
  return codeFromMail((await helios.waitForMail(email, after)).text);
}
