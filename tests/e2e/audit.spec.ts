import { readFile } from 'node:fs/promises';
import { audit } from '../../server/src/accounts/repository';
import { createAccount, createTenant, expect, expectAccessible, PASSWORD, test } from './fixtures';

const PAST_THE_WINDOW_MS = 11 * 60_000;

test('an admin filters the audit log, follows a row to its tenant, and exports the filtered set as CSV', async ({
  page,
  helios,
}) => {
  const stamp = Date.now();
  const admin = await createAccount(helios.ctx, { password: PASSWORD, isAdmin: true, name: 'Ada Admin' });
  const tenant = await createTenant(helios.ctx, `audited${stamp}`);
  const person = await createAccount(helios.ctx, { name: '=HYPERLINK("http://evil.example")' });
  // Two events about the tenant by this admin, one by someone else.
  for (const key of ['theme', 'locale'])
    await audit(helios.ctx.db, {
      actor: admin.id,
      action: 'admin.setting.set',
      targetType: 'tenant',
      targetId: tenant.id,
      ip: '203.0.113.7',
      details: { key },
    });
  await audit(helios.ctx.db, {
    actor: person.id,
    action: 'admin.setting.set',
    targetType: 'tenant',
    targetId: tenant.id,
    ip: '203.0.113.8',
    details: { key: 'other' },
  });

  await page.goto('/admin/audit');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

  await page.getByLabel('Tenant', { exact: true }).fill(tenant.id);
  await page.getByLabel('Action').selectOption('admin.setting.set');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?tenant=.+&action=admin\.setting\.set$/);
  const rows = page.getByRole('table', { name: 'Audit events, newest first' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Admin: changed a setting');
  await expectAccessible(page);

  await page.getByLabel('Actor').fill(admin.email);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(rows).toHaveCount(3);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await readFile((await file.path()) as string, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  // The byte order mark first, so a spreadsheet reads the file as UTF-8.
  expect(lines[0]).toBe('\uFEFFtime,action,actor_id,actor_email,actor_name,target_type,target_id,target,ip,details');
  expect(lines.slice(1)).toHaveLength(2);
  for (const line of lines.slice(1))
    expect(line).toContain(`admin.setting.set,${admin.id},${admin.email},Ada Admin,tenant,${tenant.id}`);

  // Without the actor filter the other person's row is in the export too, its formula defused.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.goto(`/admin/audit?tenant=${tenant.id}`);
  await expect(rows).toHaveCount(4);
  const all = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const allCsv = await readFile((await (await all).path()) as string, 'utf8');
  expect(allCsv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);

  await rows.nth(1).getByRole('link', { name: tenant.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tenants\\?tenant-id=${tenant.id}$`));
});

test('a user sees their recent security activity on a phone and downloads their data after confirming it is them', async ({
  page,
  helios,
}) => {
  const tenant = await createTenant(helios.ctx, `mydata${Date.now()}`);
  const account = await createAccount(helios.ctx, { password: PASSWORD, tenants: [{ id: tenant.id }] });
  // From /profile, signing in ends on the profile (with one tenant the picker would go on to it).
  await page.goto(`/login?email=${encodeURIComponent(account.email)}&from=${encodeURIComponent('/profile')}`);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.setViewportSize({ width: 360, height: 740 });
  const activity = page.getByRole('list', { name: 'Recent security activity' });
  await expect(activity.getByRole('listitem').first()).toContainText('You signed in');
  // The new sections fit a phone and pass axe in both themes.
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
    false,
  );
  await expectAccessible(page);

  const realClock = helios.ctx.now;
  helios.ctx.now = () => new Date(Date.now() + PAST_THE_WINDOW_MS);
  try {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.getByLabel(/^Password/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^helios-data-\d{4}-\d\d-\d\d\.json$/);
    const text = await readFile((await file.path()) as string, 'utf8');
    const data = JSON.parse(text);
    expect(data.account.email).toBe(account.email);
    expect(data.credentials).toEqual([expect.objectContaining({ type: 'password' })]);
    expect(data.tenant_memberships).toEqual([expect.objectContaining({ tenant_id: tenant.id })]);
    expect(text).not.toMatch(/argon2|"secret"/);
    await expect(page.getByText('Your data was downloaded.')).toBeVisible();
  } finally {
    // What the server does after answering (the audit row) reads the clock too.
    await helios.running.idle();
    helios.ctx.now = realClock;
  }
});
