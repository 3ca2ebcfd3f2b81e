import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, credentials, oidcPayloads } from '../src/db/schema';
import { sha256 } from '../src/security/tokens';
import { newTotpSecret } from '../src/security/totp';
import { StoreUnavailableError } from '../src/store/store';
import { failure } from './admin-helpers';
import { createAccount, PASSWORD, totpCode } from './fixtures';
import { type Browser, startTestServer, type TestServer } from './harness';
import { instanceTokens } from './instance-tokens';
import { expectClient, expectLogin, follow, member, signedInTo, signIn } from './oidc-helpers';

/**
 * An account-wide ending (a password reset, a removed or replaced credential) is part of the
 * change itself: the change, the end of every grant and token, and the account's
 * `sessionsValidAfter` commit together. Removing the other sessions' records from the store comes
 * after, best-effort: these tests make exactly that part fail and prove the other sessions are
 * refused anyway, and that their tokens end.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const { instance, expectLive, expectEnded } = instanceTokens(() => server);

const sessionStatus = async (browser: Browser) => (await browser.raw('GET', '/auth/session')).status;

/** Until `restore`, the store fails every call whose key starts with one of `prefixes` (as Redis
 * down for those calls would); `method` is the store call that fails. */
function failStore(method: 'members' | 'addToSet' | 'del', prefixes: string[]) {
  const store = server.ctx.store as unknown as Record<string, (key: string, ...rest: unknown[]) => Promise<unknown>>;
  const original = store[method] as (key: string, ...rest: unknown[]) => Promise<unknown>;
  store[method] = (key: string, ...rest: unknown[]) =>
    prefixes.some((prefix) => key.startsWith(prefix))
      ? Promise.reject(new StoreUnavailableError(new Error('injected')))
      : original.call(server.ctx.store, key, ...rest);
  return () => {
    store[method] = original;
  };
}

/** The cleanup after an account-wide ending lists the account's sessions and remembered browsers
 * first: failing that list fails the whole cleanup. */
const failSessionCleanup = () => failStore('members', ['account-sessions:', 'account-remember:']);

async function resetPassword(email: string) {
  const before = await server.mailCount(email);
  await server.browser().api.call('resetRequest', { body: { email } });
  const mail = await server.waitForMail(email, before);
  const token = /\/login\/set-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
  await server.browser().api.call('resetConfirm', { body: { token, password: 'a-brand-new-garden-path' } });
}

describe('an account-wide ending holds when the session cleanup after it fails', () => {
  test('password reset with the store cleanup failing: the other session is refused, its tokens end, single sign-on no longer answers from it', async () => {
    const client = await instance();
    const person = await member(server, [client.tenantId]);
    const { browser, tokens } = await signedInTo(server, client.rp, person.email);

    const restore = failSessionCleanup();
    try {
      await resetPassword(person.email);
    } finally {
      restore();
    }
    // The session's record is still in the store: the refusal comes from the account's mark.
    expect(await server.ctx.store.members(`account-sessions:${person.id}`)).not.toEqual([]);
    expect(await sessionStatus(browser)).toBe(401);
    await expectEnded(client, tokens);
    const { url } = await client.rp.authorizationRequest();
    await expectLogin(follow(browser, url));
    expect((await browser.api.call('ping')).state).toBe('Start');
  });

  test('password reset with the store cleanup failing: a remembered browser is asked for the second factor again', async () => {
    const person = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: person.email } });
    const afterPassword = await browser.api.call('verifyPassword', {
      body: { session_id: started.session_id as string, email: person.email, password: PASSWORD },
    });
    await browser.api.call('verifyMfa', {
      body: {
        session_id: afterPassword.session_id as string,
        totp_code: totpCode(person.totp[0] as string),
        remember: true,
      },
    });
    expect(browser.cookies.has('helios_mfa_remember')).toBe(true);

    const restore = failSessionCleanup();
    try {
      await resetPassword(person.email);
    } finally {
      restore();
    }
    const again = await browser.api.call('start', { body: { email: person.email } });
    const state = await browser.api.call('verifyPassword', {
      body: { session_id: again.session_id as string, email: person.email, password: 'a-brand-new-garden-path' },
    });
    expect(state.state).toBe('MfaRequired');
  });

  test('removing a credential with the store cleanup failing: the other session and its tokens end, the acting session and its tokens live', async () => {
    const client = await instance();
    const person = await member(server, [client.tenantId]);
    const other = await signedInTo(server, client.rp, person.email);
    const acting = await signedInTo(server, client.rp, person.email);
    const [authenticator] = await server.ctx.db
      .insert(credentials)
      .values({ accountId: person.id, type: 'totp', secret: server.ctx.secrets.seal(newTotpSecret()) })
      .returning();

    const restore = failSessionCleanup();
    try {
      await acting.browser.api.call('deleteCredential', { params: { id: authenticator?.id as string } });
    } finally {
      restore();
    }
    expect(await sessionStatus(other.browser)).toBe(401);
    await expectEnded(client, other.tokens);
    expect(await sessionStatus(acting.browser)).toBe(200);
    await expectLive(client, acting.tokens);
    // Single sign-on still answers for the acting browser.
    const { url } = await client.rp.authorizationRequest();
    await expectClient(follow(acting.browser, url));
  });
});

describe('"Sign out of all other sessions" holds when the session cleanup after it fails', () => {
  test('the other session is refused and the list shows only this one', async () => {
    const person = await createAccount(server.ctx, { password: PASSWORD });
    const here = server.browser();
    const there = server.browser();
    await signIn(here, person.email);
    await signIn(there, person.email);

    // Here the list itself must be read: the deletes of the ended sessions' records fail instead.
    const restore = failStore('del', ['session:']);
    let listed: { current: boolean }[];
    try {
      listed = (await here.api.call('signOutOthers', { body: {} })).sessions;
    } finally {
      restore();
    }
    expect(listed).toEqual([expect.objectContaining({ current: true })]);
    // The other session's record is still in the store: the refusal comes from the account's mark.
    const thereKey = sha256(decodeURIComponent(there.cookies.get('helios_session') as string));
    expect(await server.ctx.store.get(`session:${thereKey}`)).not.toBeNull();
    expect(await sessionStatus(there)).toBe(401);
    expect((await here.api.call('sessions')).sessions).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('replacing an authenticator ends the other sessions', () => {
  /** A browser signed in with password and the account's authenticator `secret`. */
  async function signInWithCode(email: string, secret: string) {
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email } });
    const afterPassword = await browser.api.call('verifyPassword', {
      body: { session_id: started.session_id as string, email, password: PASSWORD },
    });
    const done = await browser.api.call('verifyMfa', {
      body: { session_id: afterPassword.session_id as string, totp_code: totpCode(secret) },
    });
    expect(done.state).toBe('Done');
    return browser;
  }

  test('activating a new authenticator ends every other session and its tokens; the acting session lives', async () => {
    const client = await instance();
    const person = await member(server, [client.tenantId]);
    const other = await signedInTo(server, client.rp, person.email);
    const acting = server.browser();
    await signIn(acting, person.email);

    const setup = await acting.api.call('tfaSetup');
    await acting.api.call('tfaActivate', { body: { totp_code: totpCode(setup.secret) } });

    expect(await sessionStatus(other.browser)).toBe(401);
    await expectEnded(client, other.tokens);
    expect(await sessionStatus(acting)).toBe(200);
  });

  test('merging authenticators at sign-in ends every other session; the session that sign-in starts lives', async () => {
    const person = await createAccount(server.ctx, { password: PASSWORD, totpCount: 1 });
    const other = await signInWithCode(person.email, person.totp[0] as string);
    const second = newTotpSecret();
    await server.ctx.db
      .insert(credentials)
      .values({ accountId: person.id, type: 'totp', secret: server.ctx.secrets.seal(second) });

    const merging = server.browser();
    const started = await merging.api.call('start', { body: { email: person.email } });
    const afterPassword = await merging.api.call('verifyPassword', {
      body: { session_id: started.session_id as string, email: person.email, password: PASSWORD },
    });
    expect(afterPassword.state).toBe('TOTPResetRequired');
    const done = await merging.api.call('mergeMfa', {
      body: { session_id: afterPassword.session_id as string, totp_code: totpCode(second) },
    });
    expect(done.state).toBe('Done');

    expect(await sessionStatus(other)).toBe(401);
    expect(await sessionStatus(merging)).toBe(200);
  });
});

describe('admin limits apply to every admin session', () => {
  test('a session made before the account became admin is ended at the admin console (401) and the next sign-in works there', async () => {
    const person = await createAccount(server.ctx, { password: PASSWORD });
    const browser = server.browser();
    await signIn(browser, person.email);
    await server.ctx.db.update(accounts).set({ isAdmin: true }).where(eq(accounts.id, person.id));

    expect((await failure(browser.api.call('listAccounts'))).status).toBe(401);
    // Ended, not only refused: the portal refuses it too, so /login asks for a sign-in.
    expect(await sessionStatus(browser)).toBe(401);

    await signIn(browser, person.email);
    expect(await browser.api.call('listAccounts')).toEqual(expect.any(Array));
  });
});

describe('tokens from before sign-ins were recorded under their portal session', () => {
  test('a provider session without a recorded portal session keeps its tokens working while the provider session lives', async () => {
    const client = await instance();
    const person = await member(server, [client.tenantId]);
    const { browser, tokens } = await signedInTo(server, client.rp, person.email);
    const sessions = await server.ctx.db
      .select({ uid: oidcPayloads.uid })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'Session'), eq(oidcPayloads.accountId, person.id)));
    // As if made before this record was kept.
    for (const { uid } of sessions) await server.ctx.store.del(`oidc-session-portal:${uid}`);

    await expectLive(client, tokens);
    // The provider session still ends with the sign-out, and the tokens with it.
    await browser.api.call('logout');
    await expectEnded(client, tokens);
  });

  test('a store failure while recording an authorization still answers with the code, and the code is exchanged', async () => {
    const client = await instance();
    const person = await member(server, [client.tenantId]);
    const browser = server.browser();
    await signIn(browser, person.email);

    const { url, checks } = await client.rp.authorizationRequest();
    const restore = failStore('addToSet', ['portal-session-oidc:']);
    let callback: URL;
    try {
      callback = await expectClient(follow(browser, url));
    } finally {
      restore();
    }
    const tokens = await client.rp.exchange(callback, checks);
    await expectLive(client, tokens);
  });
});
