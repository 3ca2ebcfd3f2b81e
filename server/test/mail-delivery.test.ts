import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, test } from 'vitest';
import { mailOutbox } from '../src/db/schema';
import { eventually, sleep } from './eventually';
import { codeFromMail, createAccount } from './fixtures';
import { decodeBody, startTestServer, type TestServer } from './harness';

/** Timings short enough for a test; the production defaults are seconds to minutes. */
const fast = { pollMs: 100, retry: { firstMs: 100, maxMs: 400 } };

type Try = { to: string; messageId: string; text: string; accepted: boolean };

/** A mail server on loopback that answers "451 try again later" to the first `refusals` mails
 * it is given (at RCPT TO, before any content, or after the content), and takes the rest. */
async function flakyMailServer(refusals: number, at: 'recipient' | 'content') {
  const tries: Try[] = [];
  let refused = 0;
  const refusal = () => Object.assign(new Error('Try again later'), { responseCode: 451 });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (at === 'recipient' && refused < refusals) {
        refused += 1;
        tries.push({ to: address.address, messageId: '', text: '', accepted: false });
        return callback(refusal());
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const accepted = at === 'recipient' || refused >= refusals;
        tries.push({
          to: session.envelope.rcptTo[0]?.address ?? '',
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          text: decodeBody(raw),
          accepted,
        });
        if (accepted) return callback();
        refused += 1;
        callback(refusal());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    tries,
    accepted: (to: string) => tries.filter((t) => t.to === to && t.accepted),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let server: TestServer | undefined;
let mailServer: Awaited<ReturnType<typeof flakyMailServer>> | undefined;

afterEach(async () => {
  await server?.close();
  await mailServer?.close();
  server = undefined;
  mailServer = undefined;
});

async function outboxRow(to: string) {
  const [row] = await (server as TestServer).ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return row;
}

describe('mail delivery over SMTP', () => {
  test('a mail refused twice arrives once, on the third try, under one Message-ID, and its code signs in', async () => {
    mailServer = await flakyMailServer(2, 'content');
    server = await startTestServer({ smtpUrl: mailServer.url, outbox: fast });
    const account = await createAccount(server.ctx, { password: null });
    const browser = server.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    expect(started.state).toBe('OTPRequired');

    // While the mail server refuses, the mail waits in the outbox, its body sealed.
    await eventually('a refused try', async () => (mailServer?.tries.length ?? 0) >= 1);
    const waiting = await outboxRow(account.email);
    expect(waiting?.bodySealed).not.toContain('one-time sign-in code');
    expect(server.ctx.secrets.open(waiting?.bodySealed as string)).toContain('one-time sign-in code');

    await eventually('the mail accepted', async () => (mailServer?.accepted(account.email).length ?? 0) > 0);
    await sleep(10 * fast.pollMs);
    const tries = mailServer.tries.filter((t) => t.to === account.email);
    expect(tries.map((t) => t.accepted)).toEqual([false, false, true]);
    expect(new Set(tries.map((t) => t.messageId)).size).toBe(1);
    expect(tries[0]?.messageId).toMatch(/^<mail-\d+\.[0-9a-z]+@helios\.localhost>$/);

    const sent = await outboxRow(account.email);
    expect(sent).toMatchObject({ state: 'sent', attempts: 3, bodySealed: null });

    const code = codeFromMail(tries[2]?.text ?? '');
    const verified = await browser.api.call('verifyOtp', {
      body: { session_id: started.session_id as string, email: account.email, otp: code },
    });
    expect(verified.state).toBe('AskedCreateCredential');
    const done = await browser.api.call('skipCreatePassword', { body: { session_id: started.session_id as string } });
    expect(done.state).toBe('Done');
    expect(await browser.api.call('session')).toMatchObject({ email: account.email });
  });

  test('a mail still refused when its code expires is dropped, logged as an error without its body, never sent', async () => {
    mailServer = await flakyMailServer(Number.POSITIVE_INFINITY, 'recipient');
    let later = 0;
    server = await startTestServer({
      smtpUrl: mailServer.url,
      outbox: fast,
      now: () => new Date(Date.now() + later),
    });
    const account = await createAccount(server.ctx, { password: null });
    await server.browser().api.call('start', { body: { email: account.email } });
    await eventually('two refused tries', async () => (mailServer?.tries.length ?? 0) >= 2);

    // The code's ten minutes pass.
    later = 10 * 60_000 + 1_000;
    await eventually('the mail dropped', async () => (await outboxRow(account.email))?.state === 'dropped');
    const refusedBefore = mailServer.tries.length;
    await sleep(10 * fast.pollMs);
    expect(mailServer.tries.length).toBe(refusedBefore);
    expect(mailServer.tries.every((t) => !t.accepted)).toBe(true);

    const row = await outboxRow(account.email);
    expect(row).toMatchObject({ state: 'dropped', bodySealed: null, lastError: 'expired' });
    let dropped: Record<string, unknown> | undefined;
    await eventually('the drop logged', async () => {
      dropped = readFileSync(server?.logFile as string, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((entry) => entry.reason === 'expired');
      return dropped !== undefined;
    });
    expect(dropped).toMatchObject({
      level: 50,
      mail: { id: row?.id, kind: 'code', domain: account.email.split('@')[1] },
    });
    expect(Object.keys(dropped?.mail as object).sort()).toEqual(['domain', 'id', 'kind']);
    expect(JSON.stringify(dropped)).not.toContain(account.email);
    expect(JSON.stringify(dropped)).not.toContain('sign-in code');
  });
});
