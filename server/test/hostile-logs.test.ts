import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signedIn, uniqueSlug } from './admin-helpers';
import { codeFromMail, createAccount, PASSWORD } from './fixtures';
import { LOG_DIR, startTestServer, type TestServer } from './harness';
import { expectClient, follow, instanceWithClient, member, signIn } from './oidc-helpers';

/**
 * Secrets never reach the logs: test servers log at info to files, the tests record every secret
 * they use or receive, and scripts/log-scan.mjs checks one against the other. Here: the pieces
 * work (a server's log is written and holds its requests, its secrets are recorded), and the
 * scan finds a planted secret in every form it can take, without printing it.
 */

const scanner = fileURLToPath(new URL('../../scripts/log-scan.mjs', import.meta.url));
let server: TestServer;
const folders: string[] = [];

function scan(dir: string) {
  const run = spawnSync(process.execPath, [scanner, '--dir', dir, '--keep'], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function scratch(lines: Record<string, string[]>, secrets: { kind: string; value: string }[]) {
  const dir = mkdtempSync(join(tmpdir(), 'helios-log-scan-'));
  folders.push(dir);
  for (const [name, content] of Object.entries(lines)) writeFileSync(join(dir, name), `${content.join('\n')}\n`);
  writeFileSync(join(dir, 'secrets.txt'), secrets.map((secret) => `${JSON.stringify(secret)}\n`).join(''));
  return dir;
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe("a test server's log and secrets", () => {
  test('written to a file of its own at info level, with the secrets of a sign-in recorded', async () => {
    expect(server.logFile).toMatch(/hostile-logs-.*\.log$/);
    const { browser } = await signedIn(server);
    const unknown = server.browser();
    const started = await unknown.api.call('start', { body: { email: 'nobody-logs@example.com' } });
    const account = await createAccount(server.ctx, { password: null });
    const otpBrowser = server.browser();
    const otpStart = await otpBrowser.api.call('start', { body: { email: account.email } });
    const code = codeFromMail((await server.waitForMail(account.email)).text);
    await otpBrowser.api.call('verifyOtp', {
      body: { session_id: otpStart.session_id as string, email: account.email, otp: code },
    });

    const log = readFileSync(server.logFile as string, 'utf8');
    expect(log).toContain('"msg":"request completed"');
    expect(log).toContain('/auth/login/verify-password');
    const recorded = readFileSync(join(LOG_DIR, 'secrets.txt'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { kind: string; value: string });
    const has = (kind: string, value: string) => recorded.some((entry) => entry.kind === kind && entry.value === value);
    expect(has('password', PASSWORD)).toBe(true);
    expect(has('cookie helios_session', browser.cookies.get('helios_session') as string)).toBe(true);
    expect(has('login session id', started.session_id as string)).toBe(true);
    expect(has('one-time code', code)).toBe(true);

    // This server's log against this test's secrets, on their own: nothing leaks.
    const dir = mkdtempSync(join(tmpdir(), 'helios-log-scan-'));
    folders.push(dir);
    copyFileSync(server.logFile as string, join(dir, 'server.log'));
    const mine = [PASSWORD, browser.cookies.get('helios_session'), started.session_id, otpStart.session_id, code];
    writeFileSync(
      join(dir, 'secrets.txt'),
      recorded
        .filter((entry) => mine.includes(entry.value))
        .map((entry) => `${JSON.stringify(entry)}\n`)
        .join(''),
    );
    const result = scan(dir);
    expect(result.output).toMatch(/no secret in any log — 1 log files, \d+ lines/);
    expect(result.status).toBe(0);
  });
});

describe('the line of each request', () => {
  test('is written once per request with secret query values, set-password tokens and provider queries masked', async () => {
    const token = `tok${Date.now().toString(36)}SECRETPART`;
    const sessionId = `sid${Date.now().toString(36)}SECRETPART`;
    await fetch(`${server.url}/auth/login/ping?session_id=${sessionId}&keep=visible`, { method: 'POST' });
    await fetch(`${server.url}/login/set-password/${token}`);
    await fetch(`${server.url}/oauth2/authorize?id_token_hint=SECRETPART&login_hint=person%40example.com&keep=visible`);
    let lines: string[] = [];
    const deadline = Date.now() + 5_000;
    while (lines.length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      lines = readFileSync(server.logFile as string, 'utf8')
        .split('\n')
        .filter(
          (line) => line.includes('request completed') && /keep=visible|set-password|oauth2\/authorize/.test(line),
        );
    }
    const entries = lines.map((line) => JSON.parse(line) as { req: { url: string }; res: { statusCode: number } });
    expect(entries.map((entry) => entry.req.url)).toEqual([
      '/auth/login/ping?session_id=***&keep=visible',
      '/login/set-password/***',
      // The identity provider's query can hold an ID token or an email: it is left out whole.
      '/oauth2/authorize?***',
    ]);
    for (const line of lines) expect(line).not.toMatch(/SECRETPART|person@example/);
  });
});

describe('a failing database query', () => {
  test("logs the failure without the query's values: no authorization code in the log", async () => {
    const { tenant, rp, secret } = await instanceWithClient(server, uniqueSlug('logs'));
    const person = await member(server, [tenant.id]);
    const browser = server.browser();
    await signIn(browser, person.email);
    const { url } = await rp.authorizationRequest();
    const code = (await expectClient(follow(browser, url))).searchParams.get('code') as string;
    expect(code.length).toBeGreaterThan(20);
    // The provider's records vanish under it, as in a broken migration or a failed-over replica.
    await server.ctx.db.execute(sql`alter table oidc_payloads rename to oidc_payloads_away`);
    try {
      const answer = await fetch(`${server.url}/oauth2/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${tenant.id}:${secret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: rp.redirectUri }).toString(),
      });
      expect(answer.status).toBe(500);
    } finally {
      await server.ctx.db.execute(sql`alter table oidc_payloads_away rename to oidc_payloads`);
    }
    const deadline = Date.now() + 5_000;
    let failures: string[] = [];
    while (failures.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      failures = readFileSync(server.logFile as string, 'utf8')
        .split('\n')
        .filter((line) => line.includes('Failed query'));
    }
    expect(failures.length).toBeGreaterThan(0);
    for (const line of failures) {
      expect(line).not.toContain(code);
      expect(line).not.toContain('params:');
    }
  });
});

describe('the log scan', () => {
  const password = 'Correct-Horse-Battery-9';
  const token = 'Zq3N0v9yJm8fX2b7KcT1wRpA5sLdE4gH6uYiO0kBnVx';
  const code = '493817';

  test('finds a secret written as is, JSON-escaped or URL-encoded, and never prints it', () => {
    const odd = 'pässwörd "quoted" \\ back/slash';
    const dir = scratch(
      {
        'a.log': [
          '{"level":30,"msg":"incoming request","req":{"url":"/auth/login/ping"}}',
          `{"level":30,"msg":"debug","body":{"password":"${password}"}}`,
        ],
        'b.log': [
          `{"level":30,"msg":"incoming request","req":{"url":"/login/set-password?token=${encodeURIComponent(odd)}"}}`,
          `{"level":50,"msg":"failed","detail":${JSON.stringify(`token ${odd}`)}}`,
          `{"level":30,"msg":"incoming request","req":{"url":"/auth/login/verify-otp?otp=${code}"}}`,
          `{"level":30,"msg":"x","t":"${token}"}`,
        ],
      },
      [
        { kind: 'password', value: password },
        { kind: 'password', value: odd },
        { kind: 'one-time code', value: code },
        { kind: 'reset token', value: token },
      ],
    );
    const result = scan(dir);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/a\.log:2 {2}password/);
    expect(result.output).toMatch(/b\.log:1 {2}password/);
    expect(result.output).toMatch(/b\.log:2 {2}password/);
    expect(result.output).toMatch(/b\.log:3 {2}one-time code/);
    expect(result.output).toMatch(/b\.log:4 {2}reset token/);
    for (const secret of [password, odd, code, token, encodeURIComponent(odd)])
      expect(result.output).not.toContain(secret);
    expect(result.output).toMatch(/2 log files, 6 lines .* 4 secrets/);
  });

  test('a six-digit code is found as a value, not inside a longer number or a duration', () => {
    const dir = scratch(
      {
        'c.log': [
          `{"level":30,"time":1795${code}123,"msg":"request completed","responseTime":12.${code}}`,
          `{"level":30,"msg":"x","reqId":"req-${code}9"}`,
        ],
      },
      [{ kind: 'one-time code', value: code }],
    );
    const result = scan(dir);
    expect(result.output).toContain('no secret in any log');
    expect(result.status).toBe(0);
  });

  test('nothing to scan is a failure, not a pass', () => {
    const empty = mkdtempSync(join(tmpdir(), 'helios-log-scan-'));
    folders.push(empty);
    expect(scan(empty).status).toBe(1);
    writeFileSync(join(empty, 'secrets.txt'), `${JSON.stringify({ kind: 'password', value: password })}\n`);
    const noLogs = scan(empty);
    expect(noLogs.status).toBe(1);
    expect(noLogs.output).toContain('no log files');
  });

  test('after a clean scan the scanned logs and secrets are removed; with a find they stay', () => {
    const clean = scratch({ 'd.log': ['{"msg":"nothing here"}'] }, [{ kind: 'password', value: password }]);
    const run = spawnSync(process.execPath, [scanner, '--dir', clean], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(existsSync(clean) ? readdirSync(clean) : []).toEqual([]);

    const leaky = scratch({ 'e.log': [`{"msg":"${password}"}`] }, [{ kind: 'password', value: password }]);
    const failed = spawnSync(process.execPath, [scanner, '--dir', leaky], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(readdirSync(leaky).sort()).toEqual(['e.log', 'secrets.txt']);
  });
});
