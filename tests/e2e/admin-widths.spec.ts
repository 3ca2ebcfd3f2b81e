import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { audit } from '../../server/src/accounts/repository';
import { createAccount, createTenant, expect, PASSWORD, test } from './fixtures';

/** Every route the console's router registers, read from the router itself, so a new page cannot
 * be left out of this test. */
function routerPaths(): string[] {
  const source = readFileSync(new URL('../../app-admin/src/routes.tsx', import.meta.url), 'utf8');
  const paths = [...source.matchAll(/<Route\s+(index|path="([^"]*)")/g)].map((match) => match[2] ?? '');
  return paths;
}

/** Whether the page, or any scroll box in it (a table's), is wider than what shows. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const boxes = [...document.querySelectorAll<HTMLElement>('[data-slot=table-container], main')]
      .filter((box) => box.scrollWidth > box.clientWidth)
      .map((box) => `${box.dataset.slot ?? box.tagName}: ${box.scrollWidth} > ${box.clientWidth}`);
    return { page: root.scrollWidth > root.clientWidth ? `${root.scrollWidth} > ${root.clientWidth}` : null, boxes };
  });
}

test.describe('admin console at laptop widths', () => {
  test('no admin page scrolls sideways at 1280 px, the accounts table and an open tenant included', async ({
    page,
    helios,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const tenant = await createTenant(helios.ctx, `wide${Date.now()}`);
    const other = await createTenant(helios.ctx, `wider${Date.now()}`);
    // The widest row the accounts table shows: a long name and email, several methods and tenants.
    const person = await createAccount(helios.ctx, {
      password: PASSWORD,
      totpCount: 2,
      name: 'Maximiliana Wilhelmina Fredriksson-Östergren',
      email: `maximiliana.wilhelmina.fredriksson-ostergren.${Date.now()}@a-rather-long-company-name.example.com`,
      tenants: [{ id: tenant.id }, { id: other.id }],
    });
    const admin = await createAccount(helios.ctx, { password: PASSWORD, isAdmin: true, name: 'Ada Admin' });
    await audit(helios.ctx.db, {
      actor: admin.id,
      action: 'admin.credential.deleted',
      targetType: 'account',
      targetId: person.id,
      ip: '2001:db8:85a3:0000:0000:8a2e:0370:7334',
      details: { credential_id: person.credentialIds.totp1, type: 'totp' },
    });

    await page.goto('/admin');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();

    // A concrete address, and what to wait for, per route of the router.
    const visits: Record<string, { url: string; ready: (page: Page) => Promise<void> }> = {
      '': { url: '/admin', ready: heading('Tenants') },
      tenants: {
        url: `/admin/tenants?tenant-id=${tenant.id}`,
        ready: async (p) => {
          await expect(p.getByRole('region', { name: 'SMS' })).toBeVisible();
          await expect(p.getByRole('heading', { name: 'Settings' })).toBeVisible();
        },
      },
      'tenants/new': { url: '/admin/tenants/new', ready: heading('New tenant') },
      accounts: {
        url: '/admin/accounts',
        ready: async (p) => {
          const search = p.getByRole('combobox', { name: 'Search accounts' });
          await search.fill(person.email);
          await search.press('Enter');
          await expect(p.getByRole('button', { name: `Actions for ${person.email}` })).toBeVisible();
        },
      },
      invoice: { url: '/admin/invoice', ready: heading('Invoice') },
      notifications: { url: '/admin/notifications', ready: heading('Notifications') },
      tools: { url: '/admin/tools', ready: heading('Tools') },
      audit: {
        // The widest rows: the long account as the target, with its details.
        url: '/admin/audit',
        ready: async (p) => {
          await expect(p.getByRole('link', { name: person.email }).first()).toBeVisible();
        },
      },
      'tokens/:email/:accountId': {
        url: `/admin/tokens/${encodeURIComponent(person.email)}/${person.id}`,
        ready: heading('Tokens'),
      },
      '*': {
        url: '/admin/no-such-page',
        ready: async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
      },
    };
    expect(Object.keys(visits).sort()).toEqual([...new Set(routerPaths())].sort());

    for (const [route, visit] of Object.entries(visits)) {
      await page.goto(visit.url);
      await visit.ready(page);
      await page.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(page), `${route || 'index'} (${visit.url})`).toEqual({ page: null, boxes: [] });
    }

    // The per-row actions stay in reach: the menu opens inside the window.
    await page.goto('/admin/accounts');
    await visits.accounts?.ready(page);
    await page.getByRole('button', { name: `Actions for ${person.email}` }).click();
    const tokens = page.getByRole('menuitem', { name: 'Tokens' });
    await expect(tokens).toBeInViewport({ ratio: 1 });
    await tokens.click();
    await expect(page).toHaveURL(new RegExp(`/admin/tokens/.+/${person.id}$`));
  });
});

function heading(name: string) {
  return async (page: Page) => {
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  };
}
