import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../src/db/schema';
import { createAccount, uniqueEmail } from './fixtures';
import { startTestServer, type TestServer } from './harness';

const MINUTE = 60_000;
/** The server's clock runs this far ahead of real time; tests move it on. */
let aheadMs = 0;
let server: TestServer;

beforeAll(async () => {
  // Client addresses come from X-Forwarded-For, so one test can ask from several.
  server = await startTestServer({ now: () => new Date(Date.now() + aheadMs), env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.close();
});

/** A start from a fresh browser at a client address, and the work it does after its answer: its
 * status and body, the login session's random id replaced by its type. */
async function start(email: string, from = '198.51.100.7') {
  const browser = server.browser({ 'x-forwarded-for': from });
  const response = await browser.fetch(`${server.url}/auth/login/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  // The quota, the code and the mail are handled after the answer, on the clock of then: done
  // before the test moves the clock on.
  await server.running.idle();
  const answer: Record<string, unknown> = { ...body, session_id: typeof body.session_id };
  return { status: response.status, body: answer };
}

/** The mail written to the outbox for these addresses (a refused mail is never written). */
async function mailsWritten(...emails: string[]) {
  const rows = await server.ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, emails));
  return rows.length;
}

async function startTimes(email: string, times: number, from?: string) {
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(await start(email, from));
  return answers;
}

describe('sign-in mail per recipient', () => {
  test('the sixth code mail within 15 minutes is not written, and the answer is the same', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const answers = await startTimes(account.email, 6);
    expect(await mailsWritten(account.email)).toBe(5);
    expect(answers[0]?.status).toBe(200);
    expect(answers[0]?.body.state).toBe('OTPRequired');
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  test('15 minutes after the first code mail, a code is mailed again', async () => {
    const account = await createAccount(server.ctx, { password: null });
    await startTimes(account.email, 6);
    aheadMs += 14 * MINUTE;
    await start(account.email);
    expect(await mailsWritten(account.email)).toBe(5);
    aheadMs += MINUTE;
    await start(account.email);
    expect(await mailsWritten(account.email)).toBe(6);
  });

  test('the 21st code mail in a day is not written', async () => {
    const account = await createAccount(server.ctx, { password: null });
    for (let quarter = 0; quarter < 4; quarter++) {
      await startTimes(account.email, 5);
      aheadMs += 15 * MINUTE;
    }
    expect(await mailsWritten(account.email)).toBe(20);
    const refused = await start(account.email);
    expect(await mailsWritten(account.email)).toBe(20);
    expect(refused.status).toBe(200);
    expect(refused.body.state).toBe('OTPRequired');
    aheadMs += 23 * 60 * MINUTE;
    await start(account.email);
    expect(await mailsWritten(account.email)).toBe(21);
  });

  test('a second "no account" mail in a day is not written, however the address is spelt', async () => {
    const name = uniqueEmail('stranger').split('@')[0] as string;
    const spellings = [`${name}@example.com`, `${name}+one@example.com`, `${name}+two@example.com`];
    const answers = [];
    for (const email of [...spellings, spellings[0] as string]) answers.push(await start(email));
    expect(await mailsWritten(...spellings)).toBe(1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    aheadMs += 23 * 60 * MINUTE;
    await start(spellings[0] as string);
    expect(await mailsWritten(...spellings)).toBe(1);
    aheadMs += 60 * MINUTE;
    await start(spellings[0] as string);
    expect(await mailsWritten(...spellings)).toBe(2);
  });

  test('from three client addresses the limit of the recipient still holds', async () => {
    const account = await createAccount(server.ctx, { password: null });
    const clients = ['192.0.2.10', '198.51.100.20', '203.0.113.30'];
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await start(account.email, clients[i % 3]));
    expect(await mailsWritten(account.email)).toBe(5);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const rows = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email));
    expect(rows.every((row) => row.kind === 'code')).toBe(true);
  });
});
