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
import { type Idp, startIdp } from '../../server/test/idp';

export { codeFromMail, createAccount, createTenant, expect, expireResetLinks, PASSWORD, totpCode, uniqueEmail };

/** Stand-in identity providers for Google, Microsoft and the generic single sign-on. */
export type Providers = { google: Idp; microsoft: Idp; sso: Idp };
export type HeliosOptions = {
  /** Security keys need a domain as their relying-party id: `localhost`, not 127.0.0.1. */
  hostname?: string;
  /** Configure Google, Microsoft and the single sign-on (for `SSO_DOMAIN`) against stand-ins. */
  providers?: boolean;
};
/** Email domain that signs in with the stand-in single sign-on automatically. */
export const SSO_DOMAIN = 'acme-sso.example';

const PROVIDER_CLIENTS = {
  google: { id: 'helios-google', secret: 'google-client-secret-for-browser-tests' },
  microsoft: { id: 'helios-microsoft', secret: 'microsoft-client-secret-for-browser-tests' },
  sso: { id: 'helios-sso', secret: 'sso-client-secret-for-browser-tests' },
} as const;

/** Each worker runs one real Helios server (in this mode's backend) serving the built apps;
 * tests write their own accounts through its database and read its caught mail. A spec can ask
 * for a `localhost` address and stand-in providers with `test.use({ heliosOptions })`. */
export const test = base.extend<
  object,
  { helios: TestServer; heliosOptions: HeliosOptions; providers: Providers | null }
>({
  heliosOptions: [{}, { scope: 'worker', option: true }],
  providers: [
    async ({ heliosOptions }, use) => {
      if (!heliosOptions.providers) return use(null);
      const providers: Providers = { google: await startIdp(), microsoft: await startIdp(), sso: await startIdp() };
      await use(providers);
      await Promise.all(Object.values(providers).map((idp) => idp.close()));
    },
    { scope: 'worker' },
  ],
  helios: [
    async ({ heliosOptions, providers }, use) => {
      const env: Record<string, string> = providers
        ? {
            GOOGLE_ISSUER: providers.google.issuer,
            GOOGLE_CLIENT_ID: PROVIDER_CLIENTS.google.id,
            GOOGLE_CLIENT_SECRET: PROVIDER_CLIENTS.google.secret,
            MICROSOFT_ISSUER: providers.microsoft.issuer,
            MICROSOFT_CLIENT_ID: PROVIDER_CLIENTS.microsoft.id,
            MICROSOFT_CLIENT_SECRET: PROVIDER_CLIENTS.microsoft.secret,
            OIDC_ISSUER: providers.sso.issuer,
            OIDC_CLIENT_ID: PROVIDER_CLIENTS.sso.id,
            OIDC_CLIENT_SECRET: PROVIDER_CLIENTS.sso.secret,
            OIDC_NAME: 'Acme sign-in',
            OIDC_EMAIL_DOMAINS: SSO_DOMAIN,
          }
        : {};
      const server = await startTestServer({ hostname: heliosOptions.hostname, env });
      for (const name of ['google', 'microsoft', 'sso'] as const) {
        const callback = `${server.url}/auth/oauth/callback/${name === 'sso' ? 'oidc' : name}`;
        providers?.[name].addClient(PROVIDER_CLIENTS[name].id, PROVIDER_CLIENTS[name].secret, [callback]);
      }
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

/** The code of the newest sign-in code mail after the first `after` to the address. */
export async function latestCode(helios: TestServer, email: string, after: number) {
  return codeFromMail((await helios.waitForMail(email, after, (mail) => /\b\d{6}\b/.test(mail.text))).text);
}
