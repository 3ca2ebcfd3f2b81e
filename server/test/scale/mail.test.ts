/**
 * Mail delivery across node failures and between nodes: real nodes (the built command line) on
 * one fresh PostgreSQL database, with the production outbox timings (a poll every 5 s, the first
 * retry after 2.5 to 5 s).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import { codeFromMail, createAccount } from '../fixtures';
import { Browser, scratchDatabase } from '../harness';
import {
  eventually,
  freePort,
  type HeliosNode,
  newSecret,
  openDatabase,
  scaleServices,
  sleep,
  startMailCatcher,
  startNode,
} from './support';

const { databaseUrl, redisUrl } = scaleServices();

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let fixtures: ReturnType<typeof openDatabase>;
let secret: string;
const nodes: HeliosNode[] = [];
const catchers: Awaited<ReturnType<typeof startMailCatcher>>[] = [];

beforeAll(async () => {
  database = await scratchDatabase(databaseUrl);
  secret = newSecret();
  fixtures = openDatabase(database.url, secret);
});

afterEach(async () => {
  await Promise.all(nodes.splice(0).map((node) => node.kill()));
  await Promise.all(catchers.splice(0).map((catcher) => catcher.close()));
});

afterAll(async () => {
  await fixtures?.close();
  await database?.drop();
});

/** Node settings with mail going to `smtpPort` on loopback, where no mail server listens yet. */
function nodeEnv(smtpPort: number) {
  return {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl as string,
    REDIS_KEY_PREFIX: `helios-mail-test:${randomBytes(4).toString('hex')}:`,
    HELIOS_SECRET: secret,
    RATE_LIMIT: 'false',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  };
}

async function node(name: string, env: Record<string, string>) {
  const started = await startNode(name, env);
  nodes.push(started);
  return started;
}

async function catcher(port: number) {
  const started = await startMailCatcher(port);
  catchers.push(started);
  return started;
}

const outboxRows = (to: string[]) => fixtures.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, to));

describe('mail delivery between nodes', () => {
  test('a node killed (SIGKILL) before it could send a mail it wrote sends it after a restart; the code signs in', async () => {
    const smtpPort = await freePort();
    const env = nodeEnv(smtpPort);
    const first = await node('mail node', env);
    const account = await createAccount(fixtures.ctx, { password: null });
    const person = new Browser(first.url);
    const started = await person.api.call('start', { body: { email: account.email } });
    expect(started.state).toBe('OTPRequired');
    // The mail server is unreachable: the mail is written and its first try has failed.
    await eventually('a failed try', async () => {
      const [row] = await outboxRows([account.email]);
      return row?.state === 'pending' && row.lastError !== null;
    });
    expect(await first.kill('SIGKILL')).toBe('SIGKILL');

    const mail = await catcher(smtpPort);
    const restarted = await node('mail node, restarted', env);
    const code = codeFromMail(await mail.next(account.email, 30_000));
    // The same browser, its login cookie included, now reaching the restarted node.
    const again = new Browser(restarted.url);
    for (const [name, value] of person.cookies) again.cookies.set(name, value);
    const verified = await again.api.call('verifyOtp', {
      body: { session_id: started.session_id as string, email: account.email, otp: code },
    });
    expect(verified.state).toBe('AskedCreateCredential');
    const [row] = await outboxRows([account.email]);
    expect(row).toMatchObject({ state: 'sent', bodySealed: null });
    expect(mail.received.filter((m) => m.to === account.email)).toHaveLength(1);
  });

  test('two nodes working off one backlog send each mail once', async () => {
    const smtpPort = await freePort();
    const env = nodeEnv(smtpPort);
    const [a, b] = await Promise.all([node('node A', env), node('node B', env)]);
    const run = randomBytes(4).toString('hex');
    const emails = Array.from({ length: 40 }, (_, i) => `nobody-${run}-${i}@example.com`);
    await Promise.all(
      emails.map((email, i) =>
        new Browser((i % 2 === 0 ? a : b).url).api.call('start', { body: { email } }).then((answer) => {
          expect(answer.state).toBe('OTPRequired');
        }),
      ),
    );
    // Every mail has failed once while no mail server listened, so both nodes find the whole
    // backlog due within the same few seconds.
    await eventually(
      'every mail tried',
      async () => (await outboxRows(emails)).filter((row) => row.attempts >= 1).length === emails.length,
      20_000,
    );

    const mail = await catcher(smtpPort);
    const ours = () => mail.received.filter((m) => emails.includes(m.to));
    await eventually('every mail delivered', async () => ours().length >= emails.length, 40_000);
    // Longer than a poll: a node sending a mail the other has sent would show now.
    await sleep(7_000);
    expect(ours()).toHaveLength(emails.length);
    expect(new Set(ours().map((m) => m.to)).size).toBe(emails.length);
    expect(new Set(ours().map((m) => m.messageId)).size).toBe(emails.length);
    const sent = await fixtures.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.toAddress, emails), eq(mailOutbox.state, 'sent')));
    expect(sent).toHaveLength(emails.length);
  });

  test('embedded mode: the worker prints each mail to the node output, once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'helios-mail-'));
    try {
      const embedded = await node('embedded node', { DATA_DIR: dataDir, HELIOS_SECRET: secret, RATE_LIMIT: 'false' });
      const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
      await new Browser(embedded.url).api.call('start', { body: { email } });
      const printed = () => embedded.output().split(`── mail to ${email}: Sign-in attempt`).length - 1;
      await eventually('the mail printed', async () => printed() === 1);
      await sleep(6_000);
      expect(printed()).toBe(1);
      await embedded.kill();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
