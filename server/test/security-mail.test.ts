import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { credentials, knownBrowsers, mailOutbox } from '../src/db/schema';
import { securityMail } from '../src/mail/security';
import { issueResetLink } from '../src/reset/links';
import { KNOWN_BROWSERS_PER_ACCOUNT } from '../src/session/known-browsers';
import { signedInAdmin, uniqueSlug } from './admin-helpers';
import { creation, SoftwareAuthenticator } from './authenticator';
import { eventually } from './eventually';
import { createAccount, createTenant, PASSWORD, totpCode } from './fixtures';
import { type Browser, type CaughtMail, startTestServer, type TestServer } from './harness';
import { instanceOf } from './instance-client';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

let server: TestServer;
beforeAll(async () => {
  // Security keys are bound to a domain name, not an address.
  server = await startTestServer({ hostname: 'localhost' });
});
afterAll(async () => {
  await server?.close();
});

const browserCookie = (browser: Browser) => browser.cookies.get('helios_browser');

/** Signs in with the fixture password in `browser`; Done. */
async function signIn(browser: Browser, email: string) {
  const started = await browser.api.call('start', { body: { email } });
  const done = await browser.api.call('verifyPassword', {
    body: { session_id: started.session_id as string, email, password: PASSWORD },
  });
  expect(done.state).toBe('Done');
}

/** The account's remembered browsers: keyed hashes with their last use. */
const knownOf = (accountId: string) =>
  server.ctx.db.select().from(knownBrowsers).where(eq(knownBrowsers.accountId, accountId));

/** New-browser mails written for an address: once the browser is remembered they are in the outbox
 * (the same transaction), whether or not the worker has sent them yet. */
const newBrowserMails = async (email: string) =>
  server.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'new_browser_sign_in')));

/** Waits until the sign-in's record of its browser has committed (it is written after the answer). */
async function browserRemembered(accountId: string, browser: Browser, after = new Date(0)) {
  const hash = server.ctx.secrets.mac(`known-browser:${accountId}:${browserCookie(browser)}`);
  await eventually('the browser remembered', async () =>
    (await knownOf(accountId)).some((row) => row.browserHash === hash && row.lastSeenAt > after),
  );
}

/** What every security mail holds to: no six-digit code, no cookie of the browser, and no link
 * but to the profile or the page that asks for a reset link. */
function expectNothingSecret(mail: CaughtMail, browsers: Browser[] = []) {
  expect(mail.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
  for (const browser of browsers)
    for (const value of browser.cookies.values()) expect(mail.text).not.toContain(decodeURIComponent(value));
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  for (const link of links) expect([`${server.url}/profile`, `${server.url}/login/reset-password`]).toContain(link);
}

/** Makes the database refuse to write mail of one kind (SQLSTATE 57P03, as an unreachable database
 * would) while `during` runs. `kind` is a name from a test, never input. */
async function refusingMail(kind: string, during: () => Promise<void>) {
  await server.ctx.db.execute(sql`
    create or replace function refuse_mail_for_test() returns trigger language plpgsql as $$
    begin
      raise exception 'mail refused for the test' using errcode = '57P03';
    end $$`);
  await server.ctx.db.execute(
    sql.raw(`create trigger refuse_mail_for_test before insert on mail_outbox
      for each row when (new.kind = '${kind}') execute function refuse_mail_for_test()`),
  );
  try {
    await during();
  } finally {
    await server.ctx.db.execute(sql`drop trigger if exists refuse_mail_for_test on mail_outbox`);
    await server.ctx.db.execute(sql`drop function if exists refuse_mail_for_test()`);
  }
}

describe('a sign-in from a browser the account has not been used in', () => {
  test("is mailed in the account's language with browser, system and time; the account's first sign-in is not", async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, locale: 'sv' });
    const first = server.browser({ 'user-agent': SAFARI_ON_MAC });
    await signIn(first, account.email);
    await browserRemembered(account.id, first);
    expect(await newBrowserMails(account.email)).toHaveLength(0);

    const second = server.browser({ 'user-agent': FIREFOX_ON_WINDOWS });
    await signIn(second, account.email);
    const mail = await server.waitForMail(account.email);
    expect(mail.subject).toBe('Ny inloggning på ditt Helios-konto');
    expect(mail.text).toContain('Webbläsare: Firefox 132');
    expect(mail.text).toContain('Operativsystem: Windows 10');
    expect(mail.text).toMatch(/Tid \(ungefär\): \d{1,2} [a-zä]+ \d{4} kl\. \d{2}:\d{2} CES?T/);
    expect(mail.text).toContain('byt lösenord och logga ut alla andra sessioner');
    expect(mail.text).toContain(`${server.url}/profile`);
    expectNothingSecret(mail, [first, second]);
    expect(await knownOf(account.id)).toHaveLength(2);
  });

  test('a second sign-in from the same browser sends no mail', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    await signIn(server.browser(), account.email);
    const browser = server.browser({ 'user-agent': FIREFOX_ON_WINDOWS });
    await signIn(browser, account.email);
    expect((await server.waitForMail(account.email)).subject).toBe('New sign-in to your Helios account');
    const [seen] = (await knownOf(account.id)).sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());

    await browser.api.call('logout');
    await signIn(browser, account.email);
    await browserRemembered(account.id, browser, seen?.lastSeenAt);
    expect(await newBrowserMails(account.email)).toHaveLength(1);
    expect(await knownOf(account.id)).toHaveLength(2);
  });

  test('a failed sign-in sends no mail and remembers no browser', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    await signIn(server.browser(), account.email);
    const intruder = server.browser();
    const started = await intruder.api.call('start', { body: { email: account.email } });
    await expect(
      intruder.api.call('verifyPassword', {
        body: { session_id: started.session_id as string, email: account.email, password: 'not-the-password-42' },
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(browserCookie(intruder)).toBeUndefined();
    // A sign-in that completes afterwards in another browser is remembered; the failed one never was.
    const later = server.browser();
    await signIn(later, account.email);
    await browserRemembered(account.id, later);
    expect(await knownOf(account.id)).toHaveLength(2);
    expect(await newBrowserMails(account.email)).toHaveLength(1);
  });

  test('the browser cookie is a long-lived HttpOnly SameSite=Lax random id, of which only a keyed hash is stored', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    const done = await browser.fetch(`${server.url}/auth/login/verify-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: started.session_id, email: account.email, password: PASSWORD }),
    });
    expect(done.status).toBe(200);
    const line = done.headers.getSetCookie().find((l) => l.startsWith('helios_browser=')) as string;
    const attributes = line.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    const maxAge = Number(attributes.find((a) => a.startsWith('max-age='))?.slice(8));
    expect(maxAge).toBeGreaterThanOrEqual(364 * 24 * 60 * 60);
    const id = browserCookie(browser) as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await browserRemembered(account.id, browser);
    const rows = await knownOf(account.id);
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(rows[0]?.browserHash).not.toBe(id);

    // Another account signing in on the same browser is told apart by the same id.
    const other = await createAccount(server.ctx, { password: PASSWORD });
    await browser.api.call('logout');
    await signIn(browser, other.email);
    expect(browserCookie(browser)).toBe(id);
  });

  test('two accounts signed in on one browser are stored under different hashes, so the table links neither to the other', async () => {
    const browser = server.browser();
    const one = await createAccount(server.ctx, { password: PASSWORD });
    const two = await createAccount(server.ctx, { password: PASSWORD });
    await signIn(browser, one.email);
    await browserRemembered(one.id, browser);
    await browser.api.call('logout');
    await signIn(browser, two.email);
    await browserRemembered(two.id, browser);
    const [first] = await knownOf(one.id);
    const [second] = await knownOf(two.id);
    expect(first?.browserHash).toBeDefined();
    expect(second?.browserHash).toBeDefined();
    expect(first?.browserHash).not.toBe(second?.browserHash);
  });

  test(`an account keeps the ${KNOWN_BROWSERS_PER_ACCOUNT} browsers it used most recently`, async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const longAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);
    await server.ctx.db.insert(knownBrowsers).values(
      Array.from({ length: KNOWN_BROWSERS_PER_ACCOUNT }, (_, i) => ({
        accountId: account.id,
        browserHash: `old-browser-${i}`,
        firstSeenAt: longAgo(100 + i),
        lastSeenAt: longAgo(10 + i),
      })),
    );
    const browser = server.browser();
    await signIn(browser, account.email);
    await browserRemembered(account.id, browser);
    const kept = (await knownOf(account.id)).map((row) => row.browserHash);
    expect(kept).toHaveLength(KNOWN_BROWSERS_PER_ACCOUNT);
    expect(kept).not.toContain(`old-browser-${KNOWN_BROWSERS_PER_ACCOUNT - 1}`);
    expect(kept).toContain('old-browser-0');
    expect((await server.waitForMail(account.email)).subject).toBe('New sign-in to your Helios account');
  });
});

describe('after a compromise is dealt with, only the browser it was dealt with in stays known', () => {
  /** An account signed in on two browsers, both known: the person's own and another. */
  async function knownInTwoBrowsers() {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const own = server.browser();
    await signIn(own, account.email);
    await browserRemembered(account.id, own);
    const other = server.browser();
    await signIn(other, account.email);
    await browserRemembered(account.id, other);
    expect(await knownOf(account.id)).toHaveLength(2);
    return { account, own, other };
  }

  const hashIn = (accountId: string, browser: Browser) =>
    server.ctx.secrets.mac(`known-browser:${accountId}:${browserCookie(browser)}`);

  test('signing out of all other sessions forgets the other browser: its next sign-in is mailed as new', async () => {
    const { account, own, other } = await knownInTwoBrowsers();
    await own.api.call('signOutOthers', { body: {} });
    expect((await knownOf(account.id)).map((row) => row.browserHash)).toEqual([hashIn(account.id, own)]);
    const mailsBefore = (await newBrowserMails(account.email)).length;
    await signIn(other, account.email);
    await eventually('the new-browser mail', async () => (await newBrowserMails(account.email)).length > mailsBefore);
  });

  test('a password change forgets every browser but the one it was made in', async () => {
    const { account, own } = await knownInTwoBrowsers();
    await own.api.call('changePassword', { body: { password: 'Lantern-Fjord-Quietly-91' } });
    expect((await knownOf(account.id)).map((row) => row.browserHash)).toEqual([hashIn(account.id, own)]);
  });

  test('a password reset forgets every browser but the one it was made in', async () => {
    const { account, own } = await knownInTwoBrowsers();
    const token = (await issueResetLink(server.ctx, account.id, null)).split('/').pop() as string;
    await own.api.call('resetConfirm', { body: { token, password: 'a-brand-new-garden-path' } });
    expect((await knownOf(account.id)).map((row) => row.browserHash)).toEqual([hashIn(account.id, own)]);
  });
});

describe('changes to how an account signs in are mailed to it', () => {
  test("a password changed on the profile, in the account's language", async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, locale: 'sv' });
    const browser = server.browser();
    await signIn(browser, account.email);
    await browser.api.call('changePassword', { body: { password: 'Lantern-Fjord-Quietly-91' } });
    const mail = await server.waitForMail(account.email);
    expect(mail.subject).toBe('Ditt lösenord har ändrats');
    expect(mail.text).toContain('Alla andra sessioner för kontot loggades ut.');
    expect(mail.text).toContain(`${server.url}/login/reset-password`);
    expectNothingSecret(mail, [browser]);
  });

  test('is written with the change: a password change whose mail cannot be written is not made', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    await signIn(browser, account.email);
    const stored = () =>
      server.ctx.db
        .select({ secret: credentials.secret })
        .from(credentials)
        .where(and(eq(credentials.accountId, account.id), eq(credentials.type, 'password')));
    const before = await stored();
    await refusingMail('password_changed', async () => {
      await expect(
        browser.api.call('changePassword', { body: { password: 'Lantern-Fjord-Quietly-91' } }),
      ).rejects.toMatchObject({ status: 503 });
    });
    expect(await stored()).toEqual(before);
    expect(await server.mailCount(account.email)).toBe(0);
  });

  test('a refused new password sends no mail', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    await signIn(browser, account.email);
    await expect(browser.api.call('changePassword', { body: { password: 'Password123!' } })).rejects.toMatchObject({
      status: 422,
    });
    expect(await server.mailCount(account.email)).toBe(0);
  });

  test("a password reset with a link, in the account's language, without the link", async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, locale: 'en' });
    const link = await issueResetLink(server.ctx, account.id, null);
    const token = link.split('/').pop() as string;
    await server.browser().api.call('resetConfirm', { body: { token, password: 'a-brand-new-garden-path' } });
    const mail = await server.waitForMail(account.email);
    expect(mail.subject).toBe('Your password was reset');
    expect(mail.text).toContain('Every session of the account was signed out.');
    expect(mail.text).not.toContain(token);
    expectNothingSecret(mail);
  });

  test('an authenticator app added and removed on the profile, saying which', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, locale: 'sv' });
    const browser = server.browser();
    await signIn(browser, account.email);
    const setup = await browser.api.call('tfaSetup');
    const info = await browser.api.call('tfaActivate', { body: { totp_code: totpCode(setup.secret) } });
    const added = await server.waitForMail(account.email);
    expect(added.subject).toBe('En autentiseringsapp har lagts till på ditt Helios-konto');
    expect(added.text).not.toContain(setup.secret);
    expectNothingSecret(added, [browser]);

    const app = info.available_credentials.find((c) => c.type === 'totp');
    await browser.api.call('deleteCredential', { params: { id: app?.id as string } });
    const removed = await server.waitForMail(account.email, 1);
    expect(removed.subject).toBe('En autentiseringsapp har tagits bort från ditt Helios-konto');
    expect(removed.text).not.toContain('administratör');
    expectNothingSecret(removed, [browser]);
  });

  test('authenticator apps removed by keeping one at sign-in', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD, totpCount: 2, locale: 'sv' });
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    const afterPassword = await browser.api.call('verifyPassword', {
      body: { session_id: started.session_id as string, email: account.email, password: PASSWORD },
    });
    expect(afterPassword.state).toBe('TOTPResetRequired');
    const code = totpCode(account.totp[1] as string);
    await browser.api.call('mergeMfa', { body: { session_id: afterPassword.session_id as string, totp_code: code } });
    const mail = await server.waitForMail(account.email);
    expect(mail.subject).toBe('En autentiseringsapp har tagits bort från ditt Helios-konto');
    expect(mail.text).not.toContain(code);
    expectNothingSecret(mail, [browser]);
  });

  test('a security key registered on the profile', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    await signIn(browser, account.email);
    const key = new SoftwareAuthenticator(server.url);
    const options = await browser.api.call('webauthnRegisterOptions', { body: {} });
    await browser.api.call('webauthnRegister', {
      body: { name: 'Blue key', response: key.create(creation(options)) },
    });
    const mail = await server.waitForMail(account.email);
    expect(mail.subject).toBe('A security key was added to your Helios account');
    expect(mail.text).not.toContain(key.id);
    expectNothingSecret(mail, [browser]);
  });

  test('a passkey created on the profile: the mail says it signs in without a password, not that it is a second factor', async () => {
    const account = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    await signIn(browser, account.email);
    const key = new SoftwareAuthenticator(server.url, { userVerified: true });
    const options = await browser.api.call('passkeyRegisterOptions', { body: {} });
    await browser.api.call('passkeyRegister', { body: { name: 'Laptop', response: key.create(creation(options)) } });
    const mail = await server.waitForMail(account.email);
    expect(mail.subject).toBe('A passkey was added to your Helios account');
    expect(mail.text).toContain('It signs you in without a password.');
    expect(mail.text).not.toContain('second factor');
    expectNothingSecret(mail, [browser]);
  });

  test('a second factor removed by an admin says an administrator did it', async () => {
    const admin = await signedInAdmin(server);
    const person = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1, locale: 'en' });
    await admin.browser.api.call('accountDeleteCredential', {
      params: { accountId: person.id, credentialId: person.credentialIds.totp0 as string },
    });
    const mail = await server.waitForMail(person.email);
    expect(mail.subject).toBe('An authenticator app was removed from your Helios account');
    expect(mail.text).toContain('A Helios administrator removed it.');
    expectNothingSecret(mail, [admin.browser]);
  });

  test('an admin removing a password sends no second-factor mail', async () => {
    const admin = await signedInAdmin(server);
    const stakeholder = await createAccount(server.ctx, { password: PASSWORD, isUser: false, isStakeholder: true });
    await admin.browser.api.call('accountDeleteCredential', {
      params: { accountId: stakeholder.id, credentialId: stakeholder.credentialIds.password as string },
    });
    const written = await server.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, stakeholder.email), inArray(mailOutbox.kind, ['second_factor_removed'])));
    expect(written).toHaveLength(0);
  });

  test("an admin signing in to an instance as the account, once the instance redeems the clavis, in the account's language", async () => {
    const admin = await signedInAdmin(server);
    const tenant = await createTenant(server.ctx, uniqueSlug('as'));
    const person = await createAccount(server.ctx, { locale: 'sv', tenants: [{ id: tenant.id }] });
    const { url } = await admin.browser.api.call('accountLoginAs', {
      params: { accountId: person.id, tenantId: tenant.id },
    });
    expect(await server.mailCount(person.email)).toBe(0);
    const clavis = new URL(url).searchParams.get('clavis') as string;
    const instance = await instanceOf(server, tenant);
    await instance.api.call('clavisRedeem', { body: { clavis, tenant_id: tenant.id } });
    const mail = await server.waitForMail(person.email);
    expect(mail.subject).toBe('En administratör loggade in som du');
    expect(mail.text).toContain(`loggade in i ${tenant.name} som du`);
    expect(mail.text).not.toContain(clavis);
    expectNothingSecret(mail, [admin.browser]);
  });

  test('a security mail is kept for a day, not dropped within minutes like a code', async () => {
    const account = await createAccount(server.ctx);
    await server.ctx.outbox.send(
      await securityMail(server.ctx, { ...account, locale: 'en' }, { kind: 'recovery_code_used', remaining: 7 }),
    );
    const [row] = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.at.getTime() ?? 0)).toBe(24 * 60 * 60_000);
  });
});
