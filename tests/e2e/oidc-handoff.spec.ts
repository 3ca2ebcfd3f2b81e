import type { Page } from '@playwright/test';
import { SHARING_PORTAL_CLIENT_ID, saveSharingPortal } from '../../server/src/oidc/clients';
import { startTestInstance } from '../../server/test/relying-party';
import { createAccount, expect, expectAccessible, PASSWORD, test } from './fixtures';
import { testInstances } from './instances';

/** A tenant whose instance is a real relying party (openid-client) on a loopback port. */
const { tenantWithInstance, instances } = testInstances();

async function expectSignedIn(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: `Signed in as ${email}` })).toBeVisible();
  await expect(page.getByText(/ID token valid: issuer .*, nonce matched/)).toBeVisible();
  await expect(page.getByText(`userinfo email ${email}`)).toBeVisible();
  await expect(page.getByText('refresh token rotated')).toBeVisible();
}

test.describe('handing a signed-in person to an instance (OpenID Connect)', () => {
  test('an instance signs in through the Helios login; a second instance then signs in without a prompt', async ({
    page,
    helios,
  }) => {
    const stamp = Date.now();
    const first = await tenantWithInstance(helios, `rpone${stamp}`);
    const second = await tenantWithInstance(helios, `rptwo${stamp}`);
    const account = await createAccount(helios.ctx, {
      password: PASSWORD,
      tenants: [{ id: first.tenant.id }, { id: second.tenant.id }],
    });

    // The instance sends the person to /oauth2/authorize; without a portal session that is the login.
    await page.goto(first.instance.url);
    await expect(page).toHaveURL(/\/login\?.*client_id=/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectSignedIn(page, account.email);

    // Single sign-on: the second instance gets the person without any page of ours.
    await page.goto(second.instance.url);
    await expectSignedIn(page, account.email);
  });

  test('signing out of the portal ends single sign-on: the next instance asks again', async ({ page, helios }) => {
    const { tenant, instance } = await tenantWithInstance(helios, `rpout${Date.now()}`);
    const account = await createAccount(helios.ctx, { password: PASSWORD, tenants: [{ id: tenant.id }] });
    await page.goto(instance.url);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectSignedIn(page, account.email);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto(instance.url);
    await expect(page).toHaveURL(/\/login\?.*client_id=/);
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('an account without access to the instance is refused there, not signed in', async ({ page, helios }) => {
    const { instance } = await tenantWithInstance(helios, `rpdeny${Date.now()}`);
    const outsider = await createAccount(helios.ctx, { password: PASSWORD });
    await page.goto(instance.url);
    await page.getByLabel('Email').fill(outsider.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`^${instance.url}/auth/callback\\?.*error=access_denied`));
  });

  test('a stakeholder is handed to the sharing portal, which signs them in without a prompt', async ({
    page,
    helios,
  }) => {
    // The sharing portal is a relying party too. Its client comes first (for the secret); its
    // addresses follow once it listens. Its sign-in entry is its third-party initiated login URI.
    const provisional = {
      loginUri: 'https://share.invalid/',
      redirectUri: 'https://share.invalid/cb',
      postLogoutUri: null,
    };
    const { secret } = await saveSharingPortal(helios.ctx, provisional, true);
    const portal = await startTestInstance({
      issuer: helios.url,
      clientId: SHARING_PORTAL_CLIENT_ID,
      clientSecret: secret as string,
    });
    instances.push(portal);
    await saveSharingPortal(helios.ctx, {
      loginUri: `${portal.url}/`,
      redirectUri: portal.redirectUri,
      postLogoutUri: null,
    });
    const stakeholder = await createAccount(helios.ctx, { password: PASSWORD, isUser: false, isStakeholder: true });

    await page.goto(`/login?email=${encodeURIComponent(stakeholder.email)}`);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Done for a stakeholder-only account: /auth/athena → the portal → Helios → back, signed in.
    await expectSignedIn(page, stakeholder.email);
    await expect(page).toHaveURL(new RegExp(`^${portal.url}/auth/callback`));
  });
});
