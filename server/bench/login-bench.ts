/**
 * Prints throughput beside its ceiling, measured in the same run on this machine:
 *   - login ping requests/s and p99 vs a bare node:http server answering the same JSON;
 *   - complete password sign-ins/s (start + verify-password) vs raw argon2id verifies/s.
 * Embedded mode by default; PostgreSQL + Redis when DATABASE_URL and REDIS_URL are set.
 *   pnpm bench            (from the repository root)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config';
import { hashPassword, verifyPassword } from '../src/security/passwords';
import { createServer as createHelios } from '../src/server';
import { createAccount, PASSWORD } from '../test/fixtures';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;

async function cannon(url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function bareServer() {
  const body = JSON.stringify({
    state: 'Start',
    session_id: null,
    available_credentials: [],
    is_user: false,
    is_stakeholder: false,
    allow_totp_remember: true,
  });
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** Runs `concurrency` loops of `work` for the bench duration; returns completions per second. */
async function loops(concurrency: number, work: () => Promise<void>) {
  const end = Date.now() + DURATION_S * 1000;
  let done = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await work();
        latencies.push(performance.now() - t);
        done += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: done / DURATION_S, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

const fmt = (n: number) => n.toFixed(0).padStart(8);

async function main() {
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    HELIOS_SECRET: process.env.HELIOS_SECRET ?? 'b'.repeat(40),
  });
  const helios = await createHelios(config, { ephemeral: !config.databaseUrl, storePrefix: `bench:${Date.now()}:` });
  await helios.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(helios.app.server.address() as AddressInfo).port}`;
  const mode = config.databaseUrl ? 'PostgreSQL + Redis' : 'embedded (PGlite + in-process store)';
  console.log(`Helios benchmark — ${mode}, ${CONNECTIONS} connections, ${DURATION_S} s per run\n`);

  const bare = await bareServer();
  const bareResult = await cannon(bare.url);
  bare.close();
  const pingResult = await cannon(`${url}/auth/login/ping`, { method: 'POST' });
  console.log('login ping                req/s     p99 ms');
  console.log(`  bare node:http      ${fmt(bareResult.rps)}   ${fmt(bareResult.p99)}`);
  console.log(
    `  Helios ping         ${fmt(pingResult.rps)}   ${fmt(pingResult.p99)}   ratio ${(pingResult.rps / bareResult.rps).toFixed(2)}× (target ≥ 0.5×), errors ${pingResult.errors}`,
  );

  const accounts = await Promise.all(
    Array.from({ length: 8 }, () => createAccount(helios.ctx, { password: PASSWORD })),
  );
  const hashed = await hashPassword(PASSWORD);
  const concurrency = 8;
  const raw = await loops(concurrency, async () => {
    await verifyPassword(hashed, PASSWORD);
  });
  let next = 0;
  let failures = 0;
  const logins = await loops(concurrency, async () => {
    const account = accounts[next++ % accounts.length];
    if (!account) return;
    const headers = { 'content-type': 'application/json', origin: url };
    const started = (await (
      await fetch(`${url}/auth/login/start`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: account.email }),
      })
    ).json()) as { session_id: string };
    const done = await fetch(`${url}/auth/login/verify-password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ session_id: started.session_id, email: account.email, password: PASSWORD }),
    });
    if (!done.ok) failures += 1;
    await done.arrayBuffer();
  });
  console.log('\npassword sign-in          per s     p99 ms');
  console.log(`  raw argon2id verify ${fmt(raw.perSecond)}   ${fmt(raw.p99)}`);
  console.log(
    `  Helios sign-in      ${fmt(logins.perSecond)}   ${fmt(logins.p99)}   ratio ${(logins.perSecond / raw.perSecond).toFixed(2)}× (target ≥ 0.85×), failures ${failures}`,
  );
  await helios.close();
}

await main();
