import { ErrorCode } from '@helios/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, passwordResets } from '../src/db/schema';
import { auditRows, failure, signedIn, signedInAdmin, uniqueSlug } from './admin-helpers';
import { createAccount, createTenant, expireResetLinks, PASSWORD, uniqueEmail } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: { browser: Browser; account: Awaited<ReturnType<typeof createAccount>> };
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
});
afterAll(async () => {
  await server?.close();
});

const linkIn = (text: string) => /(https?:\/\/\S+\/login\/set-password\/[A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('account search and list', () => {
  test('search by part of the name or email, any case, sorted by email, with credentials and access', async () => {
    const word = `zq${Date.now().toString(36)}`;
    const tenant = await createTenant(server.ctx, uniqueSlug());
    const b = await createAccount(server.ctx, {
      email: `b-${word}@example.com`,
      password: PASSWORD,
      tenants: [{ id: tenant.id }],
    });
    await createAccount(server.ctx, { email: `a-${word}@example.com`, totpCount: 1 });
    await createAccount(server.ctx, { email: uniqueEmail(), name: `Name ${word.toUpperCase()}` });
    await createAccount(server.ctx, { email: uniqueEmail(), name: 'Somebody Else' });

    const found = await admin.browser.api.call('searchAccounts', { params: { term: word.toUpperCase() } });
    expect(found).toHaveLength(3);
    const emails = found.map((a) => a.email);
    expect(emails).toEqual([...emails].sort());
    const bView = found.find((a) => a.id === b.id);
    expect(bView?.available_credentials.map((c) => c.type)).toEqual(['password']);
    expect(bView?.tenant_access).toEqual([{ id: tenant.id, slug: tenant.slug, name: tenant.name, active: true }]);
    expect(bView).toMatchObject({ is_user: true, is_stakeholder: false, is_admin: false, last_login_at: null });
  });

  test('wildcards in the term are taken literally', async () => {
    const word = `pct${Date.now().toString(36)}`;
    await createAccount(server.ctx, { email: uniqueEmail(), name: `${word} 100% sure` });
    await createAccount(server.ctx, { email: uniqueEmail(), name: `${word} 1000 sure` });
    const found = await admin.browser.api.call('searchAccounts', { params: { term: `${word} 100%` } });
    expect(found.map((a) => a.name)).toEqual([`${word} 100% sure`]);
    const underscore = await admin.browser.api.call('searchAccounts', { params: { term: `${word}_` } });
    expect(underscore).toEqual([]);
  });

  test('at most 50 search results; an empty term is refused', async () => {
    const word = `many${Date.now().toString(36)}`;
    await Promise.all(
      Array.from({ length: 55 }, (_, i) => createAccount(server.ctx, { email: `${word}${i}@example.com` })),
    );
    expect(await admin.browser.api.call('searchAccounts', { params: { term: word } })).toHaveLength(50);
    const blank = await admin.browser.raw('GET', '/api/accounts/search/%20');
    expect(blank.status).toBe(422);
  });

  test('a term that starts some emails and sits inside others finds both, in email order', async () => {
    const word = `pfx${Date.now().toString(36)}`;
    await createAccount(server.ctx, { email: `x.${word}@example.com` });
    await createAccount(server.ctx, { email: `${word}@example.com` });
    await createAccount(server.ctx, { email: `a.${word}.b@example.com` });
    const found = await admin.browser.api.call('searchAccounts', { params: { term: word } });
    expect(found.map((a) => a.email)).toEqual([
      `a.${word}.b@example.com`,
      `${word}@example.com`,
      `x.${word}@example.com`,
    ]);
  });

  test('a term in capitals finds emails, with LIKE wildcards in it taken literally', async () => {
    const word = `cap${Date.now().toString(36)}`;
    await createAccount(server.ctx, { email: `${word}_a@example.com` });
    await createAccount(server.ctx, { email: `${word}xa@example.com` });
    const found = await admin.browser.api.call('searchAccounts', { params: { term: `${word}_A`.toUpperCase() } });
    expect(found.map((a) => a.email)).toEqual([`${word}_a@example.com`]);
  });

  test('a broad term answers the first 50 matches by email, whether the email or only the name holds it', async () => {
    const word = `w${Date.now().toString(36)}`;
    const other = `b${Math.random().toString(36).slice(2, 8)}`;
    const two = (i: number) => String(i).padStart(2, '0');
    // By email: 20 that hold the word inside, then 20 whose name alone holds it, then 40 that
    // start with it — the first 50 take all of the first two kinds and 10 of the third.
    const inside = Array.from({ length: 20 }, (_, i) => ({ email: `a${two(i)}.${word}@example.com` }));
    const byName = Array.from({ length: 20 }, (_, i) => ({
      email: `${other}${two(i)}@example.com`,
      name: `Person ${word.toUpperCase()}`,
    }));
    const starting = Array.from({ length: 40 }, (_, i) => ({ email: `${word}.${two(i)}@example.com` }));
    await Promise.all([...inside, ...byName, ...starting].map((account) => createAccount(server.ctx, account)));

    const found = await admin.browser.api.call('searchAccounts', { params: { term: word } });
    const expected = [...inside, ...byName, ...starting.slice(0, 10)].map((a) => a.email);
    expect(found.map((a) => a.email)).toEqual(expected);
    expect(found.find((a) => a.email === byName[0]?.email)?.name).toBe(`Person ${word.toUpperCase()}`);
  });

  test('the list shows the newest accounts first, with the last login', async () => {
    const newest = await createAccount(server.ctx, { email: uniqueEmail('newest') });
    const list = await admin.browser.api.call('listAccounts');
    expect(list.length).toBeLessThanOrEqual(500);
    expect(list[0]?.id).toBe(newest.id);
    const me = list.find((a) => a.id === admin.account.id);
    expect(me?.is_admin).toBe(true);
    expect(me?.last_login_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('password reset from the admin console', () => {
  test('mails a reset link in the account language; the link is listed, works, and then is gone', async () => {
    const person = await createAccount(server.ctx, { locale: 'sv', password: PASSWORD });
    expect(await admin.browser.api.call('accountResetPassword', { params: { accountId: person.id } })).toBeUndefined();
    const mail = await server.waitForMail(person.email);
    expect(mail.subject).toBe('Återställ ditt lösenord');
    const link = linkIn(mail.text);
    expect(link).toBeDefined();

    const listed = await admin.browser.api.call('passwordResets');
    expect(listed.filter((l) => l.email === person.email)).toEqual([{ email: person.email, link }]);
    const emails = listed.map((l) => l.email);
    expect(emails).toEqual([...emails].sort());

    const token = (link as string).split('/').pop() as string;
    await server.browser().api.call('resetConfirm', { body: { token, password: 'New-Passw0rd!-long' } });
    const after = await admin.browser.api.call('passwordResets');
    expect(after.some((l) => l.email === person.email)).toBe(false);

    const [row] = await auditRows(server, admin.account.id, 'admin.password_reset.sent');
    expect(row?.targetId).toBe(person.id);
    expect(JSON.stringify(row?.details)).not.toContain(token);
  });

  test('links requested on the sign-in page are listed too; expired ones are not; tokens are stored sealed', async () => {
    const person = await createAccount(server.ctx, { password: PASSWORD });
    await server.browser().api.call('resetRequest', { body: { email: person.email } });
    const mail = await server.waitForMail(person.email);
    const link = linkIn(mail.text) as string;
    expect((await admin.browser.api.call('passwordResets')).find((l) => l.email === person.email)?.link).toBe(link);
    const [stored] = await server.ctx.db.select().from(passwordResets).where(eq(passwordResets.accountId, person.id));
    expect(stored?.tokenSealed).not.toContain(link.split('/').pop());
    await expireResetLinks(server.ctx, person.id);
    expect((await admin.browser.api.call('passwordResets')).some((l) => l.email === person.email)).toBe(false);
  });

  test('an unknown account is 404 and no mail is sent', async () => {
    const error = await failure(
      admin.browser.api.call('accountResetPassword', { params: { accountId: '00000000-0000-4000-8000-000000000000' } }),
    );
    expect(error.status).toBe(404);
  });
});

describe('credential deletion', () => {
  test('never the password of a user account; other credentials go and the updated account is answered', async () => {
    const person = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const refused = await failure(
      admin.browser.api.call('accountDeleteCredential', {
        params: { accountId: person.id, credentialId: person.credentialIds.password as string },
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.type).toBe(ErrorCode.cannotDeletePassword);

    const updated = await admin.browser.api.call('accountDeleteCredential', {
      params: { accountId: person.id, credentialId: person.credentialIds.totp0 as string },
    });
    expect(updated.id).toBe(person.id);
    expect(updated.available_credentials.map((c) => c.type)).toEqual(['password']);
    const [row] = await auditRows(server, admin.account.id, 'admin.credential.deleted');
    expect(row).toMatchObject({ targetType: 'account', targetId: person.id });
    expect(row?.details).toMatchObject({ credential_id: person.credentialIds.totp0, type: 'totp' });

    const again = await failure(
      admin.browser.api.call('accountDeleteCredential', {
        params: { accountId: person.id, credentialId: person.credentialIds.totp0 as string },
      }),
    );
    expect(again.status).toBe(404);
  });

  test("a stakeholder's password may go; another account's credential is 404; an unknown account is 404", async () => {
    const stakeholder = await createAccount(server.ctx, { password: PASSWORD, isUser: false, isStakeholder: true });
    const other = await createAccount(server.ctx, { password: PASSWORD });
    const foreign = await failure(
      admin.browser.api.call('accountDeleteCredential', {
        params: { accountId: stakeholder.id, credentialId: other.credentialIds.password as string },
      }),
    );
    expect(foreign.status).toBe(404);
    const updated = await admin.browser.api.call('accountDeleteCredential', {
      params: { accountId: stakeholder.id, credentialId: stakeholder.credentialIds.password as string },
    });
    expect(updated.available_credentials).toEqual([]);
    const unknown = await failure(
      admin.browser.api.call('accountDeleteCredential', {
        params: {
          accountId: '00000000-0000-4000-8000-000000000000',
          credentialId: other.credentialIds.password as string,
        },
      }),
    );
    expect(unknown.status).toBe(404);
  });
});

describe('tokens of an account', () => {
  test('lists sessions, remembered browsers and reset links with seconds left, never a usable value', async () => {
    const { browser, account } = await signedIn(server);
    const cookie = browser.cookies.get('helios_session') as string;
    await admin.browser.api.call('accountResetPassword', { params: { accountId: account.id } });
    const link = linkIn((await server.waitForMail(account.email)).text) as string;

    const tokens = await admin.browser.api.call('tokens', { params: { account_id: account.id } });
    const kinds = tokens.map((t) => t.key.split(':')[0]).sort();
    expect(kinds).toEqual(['password-reset', 'session']);
    for (const token of tokens) {
      expect(token.key).toMatch(/^[a-z-]+:[A-Za-z0-9_-]{12}$/);
      expect(token.ttl).toBeGreaterThan(0);
      expect(token.key).not.toContain(cookie.slice(0, 12));
      expect(token.key).not.toContain((link.split('/').pop() as string).slice(0, 12));
    }
    expect(tokens.find((t) => t.key.startsWith('session:'))?.ttl).toBeLessThanOrEqual(12 * 3600);
    expect(tokens.find((t) => t.key.startsWith('password-reset:'))?.ttl).toBeLessThanOrEqual(3600);

    await browser.api.call('logout');
    const after = await admin.browser.api.call('tokens', { params: { account_id: account.id } });
    expect(after.map((t) => t.key.split(':')[0])).toEqual(['password-reset']);
  });

  test('an unknown account is 404', async () => {
    const error = await failure(
      admin.browser.api.call('tokens', { params: { account_id: '00000000-0000-4000-8000-000000000000' } }),
    );
    expect(error.status).toBe(404);
  });
});

describe('log in as an account', () => {
  test('only into an active tenant where the account has active access', async () => {
    const live = await createTenant(server.ctx, uniqueSlug('live'));
    const ended = await createTenant(server.ctx, uniqueSlug('ended'), { inactiveAt: new Date(Date.now() - 1000) });
    const left = await createTenant(server.ctx, uniqueSlug('left'));
    const stranger = await createTenant(server.ctx, uniqueSlug('stranger'));
    const person = await createAccount(server.ctx, {
      tenants: [{ id: live.id }, { id: ended.id }, { id: left.id, active: false }],
    });
    const call = (tenantId: string) =>
      admin.browser.api.call('accountLoginAs', { params: { accountId: person.id, tenantId } });

    const { url } = await call(live.id);
    expect(url).toMatch(new RegExp(`^https://${live.slug}\\.example\\.com/auth/clavis\\?clavis=[A-Za-z0-9_-]{43}$`));
    expect((await failure(call(ended.id))).type).toBe('tenant_inactive');
    expect((await failure(call(left.id))).type).toBe('no_active_access');
    expect((await failure(call(stranger.id))).status).toBe(409);
    expect((await failure(call('00000000-0000-4000-8000-000000000000'))).status).toBe(404);

    const view = (await admin.browser.api.call('searchAccounts', { params: { term: person.email } }))[0];
    expect(Object.fromEntries(view?.tenant_access.map((t) => [t.slug, t.active]) ?? [])).toEqual({
      [live.slug]: true,
      [ended.slug]: false,
      [left.slug]: false,
    });

    const [row] = await auditRows(server, admin.account.id, 'admin.login_as');
    expect(row).toMatchObject({ targetType: 'account', targetId: person.id });
    expect(row?.details).toEqual({ kind: 'account', tenant_id: live.id });
    expect(JSON.stringify(row?.details)).not.toContain(url.split('=').pop());
  });

  test('the account row itself is unchanged by admin listing calls', async () => {
    const person = await createAccount(server.ctx);
    const [before] = await server.ctx.db.select().from(accounts).where(eq(accounts.id, person.id));
    await admin.browser.api.call('searchAccounts', { params: { term: person.email } });
    await admin.browser.api.call('tokens', { params: { account_id: person.id } });
    const [after] = await server.ctx.db.select().from(accounts).where(eq(accounts.id, person.id));
    expect(after).toEqual(before);
  });
});
