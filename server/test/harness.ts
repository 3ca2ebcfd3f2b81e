import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createClient } from '@helios/api';
import { desc } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { type Config, loadConfig } from '../src/config';
import { mailOutbox } from '../src/db/schema';
import { createServer, type Running } from '../src/server';

/** Which backends this run uses: embedded by default, PostgreSQL + Redis + SMTP when
 * DATABASE_URL and REDIS_URL are set (CI runs both). */
export const backend = process.env.DATABASE_URL && process.env.REDIS_URL ? 'postgres+redis' : 'embedded';

/** The instance API key of every test server. */
export const INSTANCE_KEY = 'instance-key-for-tests-0123456789abcdef';
export const instanceHeaders = { authorization: `Bearer ${INSTANCE_KEY}` };

export type CaughtMail = { to: string; subject: string; text: string };

/** A mail catcher on loopback: what nodemailer sends over SMTP arrives here. */
async function startSmtpCatcher() {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const to = session.envelope.rcptTo[0]?.address ?? '';
        mails.push({ to, subject: decodeHeader(subject), text: decodeBody(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** The plain-text part, undoing quoted-printable soft breaks and escapes. */
function decodeBody(raw: string): string {
  const plain = /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw)?.[1] ?? raw;
  return Buffer.from(
    plain
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

/** A fresh PostgreSQL database per test server, dropped afterwards. */
/** Drops a test database (a `helios_test_…` one only) on the server of `baseUrl`. */
async function dropTestDatabase(baseUrl: string, name: string) {
  if (!/^helios_test_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

async function createTestDatabase(baseUrl: string) {
  const name = `helios_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropTestDatabase(baseUrl, name) };
}

export type TestServerOptions = {
  env?: Record<string, string>;
  now?: () => Date;
  /** Reuse a database and store prefix (restart tests). */
  reuse?: { databaseUrl?: string; dataDir?: string; storePrefix: string; secret: string };
};

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Starts a real server on a loopback port in this run's backend mode. */
export async function startTestServer(options: TestServerOptions = {}) {
  const secret = options.reuse?.secret ?? randomBytes(32).toString('hex');
  const storePrefix = options.reuse?.storePrefix ?? `helios-test:${randomBytes(6).toString('hex')}:`;
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>> | null = null;
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    HELIOS_SECRET: secret,
    INSTANCE_API_KEY: INSTANCE_KEY,
    ...options.env,
  };
  if (backend === 'postgres+redis') {
    if (options.reuse?.databaseUrl) env.DATABASE_URL = options.reuse.databaseUrl;
    else {
      database = await createTestDatabase(process.env.DATABASE_URL as string);
      env.DATABASE_URL = database.url;
    }
    env.REDIS_URL = process.env.REDIS_URL as string;
    smtp = await startSmtpCatcher();
    env.SMTP_URL = smtp.url;
  } else if (options.reuse?.dataDir) {
    env.DATA_DIR = options.reuse.dataDir;
  }
  const config: Config = loadConfig(env);
  const running: Running = await createServer(config, {
    ephemeral: backend === 'embedded' && !options.reuse?.dataDir,
    now: options.now,
    storePrefix,
  });
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(running.app.server.address() as AddressInfo).port}`;
  running.ctx.config.publicUrl = url;

  async function mails(): Promise<CaughtMail[]> {
    if (smtp) return smtp.mails;
    const rows = await running.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
    return rows.reverse().map((row) => ({ to: row.toAddress, subject: row.subject, text: row.textBody }));
  }

  /** Waits for the newest mail to an address (mail leaves after the answer). */
  async function waitForMail(to: string, after = 0): Promise<CaughtMail> {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const found = (await mails()).filter((mail) => mail.to === to);
      if (found.length > after) return found[found.length - 1] as CaughtMail;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no mail to ${to} within 5 s`);
  }

  async function mailCount(to: string) {
    return (await mails()).filter((mail) => mail.to === to).length;
  }

  return {
    url,
    ctx: running.ctx,
    running,
    mails,
    waitForMail,
    mailCount,
    reuse: { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, storePrefix, secret },
    /** A browser-like client: its own cookie jar, sending the server's own Origin. */
    browser: (headers: Record<string, string> = {}) => new Browser(url, headers),
    /** A client as a tenant instance calls: with the instance bearer key. */
    instance: () => new Browser(url, instanceHeaders),
    /** `keepData` leaves this server's database for a reuse; `dropReused` drops a database this
     * server reused from another (the last server of a restart test cleans up). */
    close: async (options: { keepData?: boolean; dropReused?: boolean } = {}) => {
      await running.close();
      await smtp?.close();
      if (!options.keepData) await database?.drop();
      if (options.dropReused && env.DATABASE_URL && !database) {
        await dropTestDatabase(process.env.DATABASE_URL as string, new URL(env.DATABASE_URL).pathname.slice(1));
      }
    },
  };
}

/** Keeps cookies like a browser does and speaks through the typed API client. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly api;

  constructor(
    readonly baseUrl: string,
    readonly defaultHeaders: Record<string, string> = {},
  ) {
    this.api = createClient({ baseUrl, fetch: (input, init) => this.fetch(input, init) });
  }

  async fetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers({ ...this.defaultHeaders, ...Object.fromEntries(new Headers(init.headers)) });
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', this.baseUrl);
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }

  /** Raw JSON call for hostile-input tests that bypass the typed client. */
  async raw(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
    const response = await this.fetch(`${this.baseUrl}${path}`, {
      method,
      body,
      headers: { 'content-type': 'application/json', ...headers },
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  }
}
