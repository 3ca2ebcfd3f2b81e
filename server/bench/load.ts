/**
 * The load generator process of the benchmarks (started by `LoadGenerator` in lib.ts): it gets a
 * job over IPC, drives the server with autocannon and answers the figures. Keeping the client in
 * its own process leaves the measured server its event loop, as it has in production.
 */
import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';

export type LoadJob =
  | {
      kind: 'cannon';
      url: string;
      method?: 'GET' | 'POST';
      headers?: Record<string, string>;
      connections: number;
      seconds: number;
    }
  | { kind: 'sign-in'; base: string; emails: string[]; password: string; concurrency: number; seconds: number }
  | {
      kind: 'exchange';
      tokenUrl: string;
      authorization: string;
      redirectUri: string;
      codes: { code: string; verifier: string }[];
      concurrency: number;
    }
  | { kind: 'refresh'; tokenUrl: string; authorization: string; refreshTokens: string[]; seconds: number };

/** Operations per second, how many were completed, latency of one operation, failures, and the
 * generator's own CPU use (share of one core). */
export type Rate = {
  perSecond: number;
  operations: number;
  p50: number;
  p99: number;
  failures: number;
  loadCpu: number;
};
export type LoadResult = Rate | (Rate & { refreshTokens: string[] }) | { error: string };

type Request = autocannon.Request;
/** What one connection keeps between the requests of an operation. */
type Context = Record<string, unknown>;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Completed operations, their latencies and failures, counted by the request callbacks. */
function tally() {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  let last = started;
  return {
    done: (startedAt: unknown) => {
      last = performance.now();
      latencies.push(last - Number(startedAt));
    },
    failed: () => {
      last = performance.now();
      failures += 1;
    },
    /** Seconds from the tally's start to the last answer. */
    elapsed: () => (last - started) / 1000,
    rate(seconds: number) {
      latencies.sort((a, b) => a - b);
      return {
        perSecond: latencies.length / seconds,
        operations: latencies.length,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        failures,
      };
    },
  };
}

async function timed<T>(work: () => Promise<T>): Promise<T & { loadCpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return { ...result, loadCpu: (used.user + used.system) / 1000 / (performance.now() - started) };
}

/** Plain requests: autocannon's own counts and latency. */
async function cannon(job: Extract<LoadJob, { kind: 'cannon' }>) {
  const result = await autocannon({
    url: job.url,
    method: job.method ?? 'GET',
    headers: job.headers,
    connections: job.connections,
    duration: job.seconds,
  });
  return {
    perSecond: result.requests.total / result.duration,
    operations: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** The login cookie a start set (`name=value`): the step that follows must come from the
 * browser that started the login. */
function loginCookieOf(headers: IncomingHttpHeaders | undefined): string | undefined {
  // autocannon gives a header sent once as a string, whatever the type says.
  const lines: string[] = [headers?.['set-cookie'] ?? []].flat();
  return lines.find((line) => line.startsWith('helios_login='))?.split(';')[0];
}

/** Each connection signs in again and again: start, then verify-password with the session and
 * the login cookie the start answered, as a browser does. One operation is both requests,
 * ending in Done. */
async function signIns(job: Extract<LoadJob, { kind: 'sign-in' }>) {
  const counts = tally();
  let next = 0;
  const result = await autocannon({
    url: job.base,
    connections: job.concurrency,
    duration: job.seconds,
    headers: { 'content-type': 'application/json', origin: job.base },
    requests: [
      {
        method: 'POST',
        path: '/auth/login/start',
        setupRequest: (request: Request, state: object) => {
          const context = state as Context;
          context.email = job.emails[next++ % job.emails.length];
          context.startedAt = performance.now();
          return { ...request, body: JSON.stringify({ email: context.email }) };
        },
        onResponse: (status: number, body: string, state: object, headers: IncomingHttpHeaders | undefined) => {
          const context = state as Context;
          context.sessionId = status === 200 ? parse(body).session_id : undefined;
          context.loginCookie = loginCookieOf(headers);
          if (!context.sessionId) counts.failed();
        },
      },
      {
        method: 'POST',
        path: '/auth/login/verify-password',
        setupRequest: (request: Request, state: object) => {
          const context = state as Context;
          const body = { session_id: context.sessionId, email: context.email, password: job.password };
          // No session (the start failed): a falsy answer sends the connection back to a new start.
          const headers = { ...request.headers, cookie: String(context.loginCookie) };
          return (context.sessionId ? { ...request, headers, body: JSON.stringify(body) } : null) as Request;
        },
        onResponse: (status: number, body: string, state: object) => {
          const context = state as Context;
          if (status === 200 && parse(body).state === 'Done') counts.done(context.startedAt);
          else counts.failed();
        },
      },
    ],
  });
  return counts.rate(result.duration);
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Every prepared code exchanged once, `concurrency` at a time; answers the refresh tokens. */
async function exchanges(job: Extract<LoadJob, { kind: 'exchange' }>) {
  const counts = tally();
  const refreshTokens: string[] = [];
  // autocannon splits `amount` evenly over the connections.
  const codes = job.codes.slice(0, job.codes.length - (job.codes.length % job.concurrency));
  let next = 0;
  await autocannon({
    url: job.tokenUrl,
    connections: job.concurrency,
    amount: codes.length,
    headers: { authorization: job.authorization, 'content-type': 'application/x-www-form-urlencoded' },
    requests: [
      {
        method: 'POST',
        setupRequest: (request: Request, state: object) => {
          const context = state as Context;
          const { code, verifier } = codes[next++] ?? { code: 'none-left', verifier: 'none' };
          context.startedAt = performance.now();
          return {
            ...request,
            body: form({
              grant_type: 'authorization_code',
              code,
              redirect_uri: job.redirectUri,
              code_verifier: verifier,
            }),
          };
        },
        onResponse: (status: number, body: string, state: object) => {
          const context = state as Context;
          const tokens = parse(body);
          if (status !== 200 || !tokens.id_token || !tokens.access_token) return counts.failed();
          counts.done(context.startedAt);
          if (typeof tokens.refresh_token === 'string') refreshTokens.push(tokens.refresh_token);
        },
      },
    ],
  });
  // A run of a fixed amount ends when the last answer arrives, but autocannon reports its
  // duration at its next one-second tick, so its figure would count up to a second of idling.
  return { ...counts.rate(counts.elapsed()), refreshTokens };
}

/** One connection per grant: each refresh takes a token from the pool and puts back the one it
 * was answered (rotation), so every grant is refreshed in turn and no token is used twice. */
async function refreshes(job: Extract<LoadJob, { kind: 'refresh' }>) {
  const counts = tally();
  const pool = [...job.refreshTokens];
  const result = await autocannon({
    url: job.tokenUrl,
    connections: job.refreshTokens.length,
    duration: job.seconds,
    headers: { authorization: job.authorization, 'content-type': 'application/x-www-form-urlencoded' },
    requests: [
      {
        method: 'POST',
        setupRequest: (request: Request, state: object) => {
          const context = state as Context;
          context.startedAt = performance.now();
          return {
            ...request,
            body: form({ grant_type: 'refresh_token', refresh_token: pool.shift() ?? 'none-left' }),
          };
        },
        onResponse: (status: number, body: string, state: object) => {
          const context = state as Context;
          const tokens = parse(body);
          if (status !== 200 || !tokens.id_token || typeof tokens.refresh_token !== 'string') return counts.failed();
          counts.done(context.startedAt);
          pool.push(tokens.refresh_token);
        },
      },
    ],
  });
  return counts.rate(result.duration);
}

function run(job: LoadJob): Promise<LoadResult> {
  switch (job.kind) {
    case 'cannon':
      return timed(() => cannon(job));
    case 'sign-in':
      return timed(() => signIns(job));
    case 'exchange':
      return timed(() => exchanges(job));
    case 'refresh':
      return timed(() => refreshes(job));
  }
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ error: (error as Error).stack ?? String(error) }),
  );
});
