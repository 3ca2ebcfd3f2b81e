import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@helios/api';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { loggerOptions } from '../src/app';
import type { AuditRetentionOptions } from '../src/audit/retention';
import { type Config, loadConfig } from '../src/config';
import { mailOutbox } from '../src/db/schema';
import { logDestination } from '../src/log-destination';
import type { Delivery } from '../src/mail/delivery';
import type { OutboxOptions } from '../src/mail/outbox';
import { createServer, type Running } from '../src/server';
import { PASSWORD } from './fixtures';

/** Which backends this run uses: embedded by default, PostgreSQL + Redis + SMTP when
 * DATABASE_URL and REDIS_URL are set (CI runs both). */
export const backend = process.env.DATABASE_URL && process.env.REDIS_URL ? 'postgres+redis' : 'embedded';

/** The instance API key of every test server. */
export const INSTANCE_KEY = 'instance-key-for-tests-0123456789abcdef';
export const instanceHeaders = { authorization: `Bearer ${INSTANCE_KEY}` };

export type CaughtMail = { to: string; subject: string; text: string };

/** Each test server writes its log (pino, level info) to a file here, and every secret the tests
 * use or receive is appended to `secrets.txt`; `node scripts/log-scan.mjs` then proves that no
 * log line holds one. */
export const LOG_DIR = join(fileURLToPath(new URL('../../', import.meta.url)), '.tmp', 'logs');
const SECRETS_FILE = join(LOG_DIR, 'secrets.txt');

/** What counts as a secret of each kind: values that could not appear in a log by chance. */
const secretShapes: Record<string, (value: string) => boolean> = {
  password: (value) => value.length >= 8,
  'one-time code': (value) => /^\d{6}$/.test(value),
  'authenticator code': (value) => /^\d{6}$/.test(value),
  'recovery code': (value) => /^[0-9a-z]{5}-?[0-9a-z]{5}$/i.test(value.trim()),
};
const recorded = new Set<string>();

/** Appends a secret (once per value and kind) to the file the log scan reads. */
export function recordSecret(kind: string, value: unknown) {
  if (typeof value !== 'string') return;
  // Tokens and ids are long and random; a made-up one like 'x'.repeat(32), sent to be refused,
  // is not (and appears in logs as the hostile input it is).
  const fits = secretShapes[kind] ?? ((candidate: string) => candidate.length >= 16 && new Set(candidate).size > 4);
  if (!fits(value)) return;
  const key = `${kind}\u0000${value}`;
  if (recorded.has(key)) return;
  recorded.add(key);
  mkdirSync(LOG_DIR, { recursive: true });
  appendFileSync(SECRETS_FILE, `${JSON.stringify({ kind, value })}\n`);
}

/** Secret-bearing fields of request and response bodies, by JSON key. */
const secretFields: Record<string, string> = {
  password: 'password',
  otp: 'one-time code',
  totp_code: 'authenticator code',
  recovery_code: 'recovery code',
  token: 'reset token',
  session_id: 'login session id',
  secret: 'authenticator secret',
  client_secret: 'client secret',
  clavis: 'clavis',
  link: 'reset link',
  code: 'authorization code',
  access_token: 'access token',
  id_token: 'ID token',
  refresh_token: 'refresh token',
  id_token_hint: 'ID token',
};

/** Records the secret fields of a body; `only` limits it to some kinds. */
function recordFields(value: unknown, only?: Set<string>, depth = 0) {
  if (depth > 8 || value === null || typeof value !== 'object') return;
  for (const [key, field] of Object.entries(value)) {
    const kind = secretFields[key];
    if (kind && (!only || only.has(kind))) recordSecret(kind, field);
    // New recovery codes come as a list (a new second factor's answer, or regenerated ones).
    if ((key === 'recovery_codes' || key === 'codes') && Array.isArray(field) && !only)
      for (const code of field) recordSecret('recovery code', code);
    if (key === 'link' && typeof field === 'string' && !only) recordLink(field);
    recordFields(field, only, depth + 1);
  }
}

/** The secret parts of an address: secret query values and the token of a set-password link. */
function recordLink(address: string) {
  let url: URL;
  try {
    url = new URL(address, 'http://link.invalid');
  } catch {
    return;
  }
  for (const [name, value] of url.searchParams) {
    const kind = secretFields[name];
    if (kind) recordSecret(kind, value);
  }
  const token = /\/set-password\/([^/?#]+)/.exec(url.pathname)?.[1];
  if (token) recordSecret('reset token', decodeURIComponent(token));
}

/** The one-time codes and links in a mail's text. */
function recordMail(text: string) {
  for (const match of text.matchAll(/(?<!\d)\d{6}(?!\d)/g)) recordSecret('one-time code', match[0]);
  for (const match of text.matchAll(/https?:\/\/\S+/g)) recordLink(match[0]);
}

/** The test file that started a server, to name its log after. */
function callerName(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const frame = stack.split('\n').find((line) => /\.(test|spec)\.ts/.test(line));
  const file = /([^/\\(\s]+)\.(?:test|spec)\.ts/.exec(frame ?? '')?.[1];
  return file ?? 'server';
}

/** A pino logger like the server's own (same redaction and serializers), writing to its own file
 * (none when silent). */
function fileLogger(level: string) {
  if (level === 'silent') {
    const logger = pino({ level }) as unknown as FastifyBaseLogger;
    return { file: null, logger, close: async () => {} };
  }
  const file = join(LOG_DIR, `${callerName()}-${Date.now()}-${randomBytes(3).toString('hex')}.log`);
  mkdirSync(LOG_DIR, { recursive: true });
  const destination = logDestination(file);
  // Without pid and hostname: numbers that could pass for a one-time code in the scan.
  const logger = pino({ ...(loggerOptions(level) as pino.LoggerOptions), base: undefined }, destination);
  return {
    file,
    logger: logger as unknown as FastifyBaseLogger,
    close: () => destination.close(),
  };
}

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
        // A long subject is folded over several lines (RFC 5322 §2.2.3): unfold before reading it.
        const headers = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
        const subject = /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '';
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
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
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

/** The plain-text part of a raw mail, undoing quoted-printable soft breaks and escapes. */
export function decodeBody(raw: string): string {
  const plain = /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw)?.[1] ?? raw;
  return Buffer.from(
    plain
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

/** Drops a scratch database (a `helios_test_…` or `helios_bench_…` one only) on the server of `baseUrl`. */
export async function dropScratchDatabase(baseUrl: string, name: string) {
  if (!/^helios_(test|bench)_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

/** A fresh PostgreSQL database (`<prefix>_<random hex>`) beside the one of `baseUrl`, with its
 * address and a way to drop it: one per test server, scale test or benchmark. */
export async function scratchDatabase(baseUrl: string, prefix: 'helios_test' | 'helios_bench' = 'helios_test') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropScratchDatabase(baseUrl, name) };
}

export type TestServerOptions = {
  env?: Record<string, string>;
  now?: () => Date;
  /** The host name in the server's public address (default 127.0.0.1). Security keys need a
   * domain, not an address, as their relying-party id: browser tests use `localhost`. */
  hostname?: string;
  /** Reuse a database and store prefix (restart tests). */
  reuse?: { databaseUrl?: string; dataDir?: string; storePrefix: string; secret: string };
  /** Write the server's log (level info, or LOG_LEVEL from `env`) to a file in LOG_DIR (default
   * true); false keeps it silent. Never to stdout. */
  logFile?: boolean /** Send mail over SMTP to this address (a test's own mail server) instead of catching it. */;
  smtpUrl?: string;
  /** The outbox worker's timings (default: production's). */
  outbox?: Partial<OutboxOptions>;
  /** The audit maintenance job's timings and batch size (default: production's). */
  auditRetention?: Partial<AuditRetentionOptions>;
};

/** Embedded mode's delivery in tests: the mail the worker would print, kept in memory. */
function deliveryInMemory(mails: CaughtMail[]): Delivery {
  return {
    kind: 'log',
    deliver: async (mail) => {
      mails.push({ to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: async () => {},
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Starts a real server on a loopback port in this run's backend mode. */
export async function startTestServer(options: TestServerOptions = {}) {
  const secret = options.reuse?.secret ?? randomBytes(32).toString('hex');
  const storePrefix =
    options.reuse?.storePrefix ?? options.env?.REDIS_KEY_PREFIX ?? `helios-test:${randomBytes(6).toString('hex')}:`;
  let database: { url: string; drop: () => Promise<void> } | null = null;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>> | null = null;
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    RATE_LIMIT: 'false',
    HELIOS_SECRET: secret,
    INSTANCE_API_KEY: INSTANCE_KEY,
    ...options.env,
  };
  if (backend === 'postgres+redis') {
    if (options.reuse?.databaseUrl) env.DATABASE_URL = options.reuse.databaseUrl;
    else {
      database = await scratchDatabase(process.env.DATABASE_URL as string);
      env.DATABASE_URL = database.url;
    }
    env.REDIS_URL = process.env.REDIS_URL as string;
    env.REDIS_KEY_PREFIX = storePrefix;
    if (!options.smtpUrl) {
      smtp = await startSmtpCatcher();
      env.SMTP_URL = smtp.url;
    }
  } else if (options.reuse?.dataDir) {
    env.DATA_DIR = options.reuse.dataDir;
  }
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl;
  const delivered: CaughtMail[] = [];
  const config: Config = loadConfig(env);
  const log = fileLogger(options.logFile === false ? 'silent' : config.logLevel);
  recordSecret('server secret', secret);
  recordSecret('instance key', INSTANCE_KEY);
  recordSecret('password', PASSWORD);
  const running: Running = await createServer(config, {
    ephemeral: backend === 'embedded' && !options.reuse?.dataDir,
    now: options.now,
    logger: log.logger,
    delivery: env.SMTP_URL ? undefined : deliveryInMemory(delivered),
    outbox: options.outbox,
    auditRetention: options.auditRetention,
  });
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://${options.hostname ?? '127.0.0.1'}:${(running.app.server.address() as AddressInfo).port}`;
  running.ctx.config.publicUrl = url;

  /** The mail delivered so far: caught over SMTP, or in embedded mode as the log would have
   * printed it (none when the test brought its own mail server). */
  async function mails(): Promise<CaughtMail[]> {
    const caught = smtp ? smtp.mails : delivered;
    for (const mail of caught) recordMail(mail.text);
    return caught;
  }

  /** Waits for the newest mail to an address after its first `after` (mail leaves after the
   * answer); with `which` (a subject, or a test of the mail), for the newest such mail (security
   * mail — a new browser, a password reset — comes beside the codes and links tests wait for). */
  async function waitForMail(
    to: string,
    after = 0,
    which?: string | ((mail: CaughtMail) => boolean),
  ): Promise<CaughtMail> {
    const wanted = typeof which === 'string' ? (mail: CaughtMail) => mail.subject === which : which;
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const found = (await mails())
        .filter((mail) => mail.to === to)
        .slice(after)
        .filter((mail) => wanted === undefined || wanted(mail));
      if (found.length > 0) return found[found.length - 1] as CaughtMail;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no mail to ${to}${which ? ' of the kind asked for' : ''} within 5 s`);
  }

  /** The mail delivered to an address so far, counted once the server's work after its answers
   * is done and the outbox holds no mail due (so a count says what came, not what came yet). */
  async function mailCount(to: string) {
    await running.idle();
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const due = await running.ctx.db.execute<{ count: number }>(
        sql`select count(*)::int as count from ${mailOutbox} where ${mailOutbox.state} = 'pending' and ${mailOutbox.dueAt} <= ${running.ctx.now().toISOString()}::timestamptz`,
      );
      if ((due.rows[0]?.count ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return (await mails()).filter((mail) => mail.to === to).length;
  }

  return {
    url,
    ctx: running.ctx,
    running,
    /** The file this server's log is written to (null when silent). */
    logFile: log.file,
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
      await log.close();
      await smtp?.close();
      if (!options.keepData) await database?.drop();
      if (options.dropReused && env.DATABASE_URL && !database) {
        await dropScratchDatabase(process.env.DATABASE_URL as string, new URL(env.DATABASE_URL).pathname.slice(1));
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
    if (!this.hostile) this.recordRequest(input, init, headers, response.status < 400);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name.trim());
      else {
        this.cookies.set(name.trim(), value);
        // The identity provider's interaction cookies hold the interaction's id, which is in its
        // address by design; their signatures (`.sig`) are the secret part.
        if (!/^helios_oidc_(interaction|resume)$/.test(name.trim()))
          recordSecret(`cookie ${name.trim()}`, decodeURIComponent(value));
      }
    }
    await this.recordResponse(response);
    return response;
  }

  /** Hostile input (`raw`) is noise, not the caller's secrets; everything else is recorded. */
  private hostile = false;

  /** What a request sent: passwords always (a wrong one is as private as the right one), the
   * rest only when the server took it — a made-up code or session id a test sends to be refused
   * is no secret, and may well appear elsewhere by design. */
  private recordRequest(input: string | URL | Request, init: RequestInit, headers: Headers, accepted: boolean) {
    const only = accepted ? undefined : new Set(['password']);
    if (accepted) {
      recordSecret('bearer token', /^Bearer (.+)$/i.exec(headers.get('authorization') ?? '')?.[1]);
      recordLink(input instanceof Request ? input.url : input.toString());
    }
    if (typeof init.body !== 'string') return;
    try {
      recordFields(JSON.parse(init.body), only);
    } catch {
      for (const [name, value] of new URLSearchParams(init.body)) {
        const kind = secretFields[name];
        if (kind && (!only || only.has(kind))) recordSecret(kind, value);
      }
    }
  }

  private async recordResponse(response: Response) {
    const location = response.headers.get('location');
    if (location) recordLink(location);
    if (!(response.headers.get('content-type') ?? '').includes('json')) return;
    try {
      recordFields(await response.clone().json());
    } catch {
      // Not JSON after all: nothing to record.
    }
  }

  /** Raw JSON call for hostile-input tests that bypass the typed client. */
  async raw(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
    this.hostile = true;
    const response = await this.fetch(`${this.baseUrl}${path}`, {
      method,
      body,
      headers: { 'content-type': 'application/json', ...headers },
    }).finally(() => {
      this.hostile = false;
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
