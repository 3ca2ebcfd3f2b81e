import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import { builtApps, type WebApp } from '../src/web/static';
import type { TestServer } from './harness';

/** What came back for a request sent byte for byte as given. */
export type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/**
 * One HTTP request exactly as given: the path is not normalised (`../` and `%2e%2e` reach the
 * server as written), any header may be set (Host too), and the body may be any bytes. The
 * path must only hold the characters HTTP allows (percent-encode the rest, see `percentEncode`).
 */
export function sendRaw(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const headers = { ...options.headers };
  // Framed by length whatever the method (Node sends a GET body unframed otherwise).
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: hostname, port: Number(port), method, path, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

/** Percent-encodes every UTF-16 code unit sequence, lone surrogates as their WTF-8 bytes (which
 * no UTF-8 decoder accepts), keeping only unreserved ASCII as is. */
export function percentEncode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    let bytes: number[];
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      bytes = [...Buffer.from(value.slice(i, i + 2), 'utf8')];
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
    } else if (/[A-Za-z0-9._~-]/.test(value[i] as string)) {
      out += value[i];
      continue;
    } else {
      bytes = [...Buffer.from(value[i] as string, 'utf8')];
    }
    out += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** A stack trace or source location in an answer: never allowed. */
export const STACK_TRACE = /\bat [\w.<>$]+ \(|node_modules|\.[cm]?[jt]s:\d+:\d+|\n\s+at /;

/** The contract's error shape: `{ detail: [{ type, msg }, …] }` with at least one entry. */
export function expectErrorShape(answer: RawAnswer, context: string) {
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    throw new Error(`${context}: ${answer.status} without a JSON error body: ${answer.text.slice(0, 200)}`);
  }
  const detail = (json as { detail?: unknown }).detail;
  expect(Array.isArray(detail) && detail.length > 0, `${context}: ${answer.text.slice(0, 300)}`).toBe(true);
  for (const entry of detail as { type?: unknown; msg?: unknown }[]) {
    expect(typeof entry.type, context).toBe('string');
    expect(typeof entry.msg, context).toBe('string');
  }
  return (detail as { type: string }[])[0]?.type as string;
}

/** A fingerprint of every table's rows (one query), to prove that a refused request changed no
 * stored data. */
export async function dataFingerprint(server: TestServer): Promise<Record<string, string>> {
  const tables = await tableNames(server);
  const query = tables
    .map(
      (table) =>
        `select '${table}' as name, md5(coalesce(string_agg(row_text, '|' order by row_text), '')) as hash from (select t::text as row_text from "${table}" t) rows`,
    )
    .join(' union all ');
  const result = (await server.ctx.db.execute(sql.raw(query))) as unknown as { rows: { name: string; hash: string }[] };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.hash]));
}

const tableCache = new WeakMap<TestServer, string[]>();
async function tableNames(server: TestServer): Promise<string[]> {
  const known = tableCache.get(server);
  if (known) return known;
  const result = (await server.ctx.db.execute(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const names = result.rows.map((row) => row.table_name).filter((name) => /^[a-z_][a-z0-9_]*$/.test(name));
  tableCache.set(server, names);
  return names;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

/** Mail the outbox's worker has yet to deliver (it marks each row as it goes). */
async function pendingMail(server: TestServer): Promise<number> {
  const result = (await server.ctx.db.execute(
    sql`select count(*)::int as pending from mail_outbox where state = 'pending'`,
  )) as unknown as { rows: { pending: number }[] };
  return result.rows[0]?.pending ?? 0;
}

/** Waits until stored data stops changing (mail and audit written after an answer was sent, and
 * the outbox's worker done delivering that mail). */
export async function settledFingerprint(server: TestServer): Promise<Record<string, string>> {
  // Work the server does after answering (a sign-in's new-browser mail, say) first.
  await server.running.idle();
  let last = await dataFingerprint(server);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    // No mail pending first, then the data: a mail sent between the two reads would otherwise
    // leave a fingerprint taken before it was marked sent.
    const noMailPending = (await pendingMail(server)) === 0;
    const now = await dataFingerprint(server);
    if (noMailPending && changedTables(last, now).length === 0) return now;
    last = now;
  }
  return last;
}

/** A Location header that leaves this site: absolute to another origin, or protocol-relative
 * (`//host`, `/\host`, which browsers read as another host). */
export function leavesSite(location: string, siteUrl: string): boolean {
  // As a browser reads it: tabs and newlines dropped, backslashes as slashes.
  const read = location.replace(/[\t\n\r]/g, '').replace(/\\/g, '/');
  if (read.startsWith('//')) return true;
  try {
    return new URL(read, siteUrl).origin !== new URL(siteUrl).origin;
  } catch {
    return true;
  }
}

/** A server for the apps' pages beside a test server's API (same context). */
export type PageServer = { url: string; apps: 'built' | 'stand-in'; close: () => Promise<void> };

/** The apps as built, or stand-ins of the same shape when they have not been built yet (the
 * server tests run before the app builds on a fresh checkout). */
export async function startPageServer(ctx: TestServer['ctx']): Promise<PageServer> {
  let web: WebApp[] = builtApps();
  let standIn: string | null = null;
  if (web.length < 2) {
    standIn = mkdtempSync(join(tmpdir(), 'helios-pages-'));
    web = [
      { name: 'app-admin', dist: join(standIn, 'app-admin'), base: '/admin/' },
      { name: 'app-auth', dist: join(standIn, 'app-auth'), base: '/' },
    ];
    for (const app of web) {
      mkdirSync(join(app.dist, 'assets'), { recursive: true });
      writeFileSync(
        join(app.dist, 'index.html'),
        `<!doctype html><html><head><script type="module" src="${app.base}assets/main.js"></script></head><body><div id="root"></div></body></html>`,
      );
      writeFileSync(join(app.dist, 'assets', 'main.js'), 'export {};\n');
    }
  }
  const app: FastifyInstance = await buildApp(ctx, { web });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The pages are the same site as the test server's API, reached at another address.
  ctx.config.allowedHosts = [...ctx.config.allowedHosts, host];
  return {
    url: `http://${host}`,
    apps: standIn ? ('stand-in' as const) : ('built' as const),
    close: async () => {
      await app.close();
      if (standIn) rmSync(standIn, { recursive: true, force: true });
    },
  };
}
