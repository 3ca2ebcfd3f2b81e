import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { Running } from '../src/server';
import { builtServer } from '../test/built-server';
import { scratchDatabase } from '../test/harness';
import type { LoadJob, LoadResult } from './load';

/** Where a run keeps its data: embedded (PGlite + in-process store) or PostgreSQL + Redis. */
export type Mode = { name: 'embedded' } | { name: 'services'; databaseUrl: string; redisUrl: string };

export const modeTitle = (mode: Mode) =>
  mode.name === 'embedded' ? 'embedded (PGlite + in-process store)' : 'PostgreSQL + Redis';

/** The server secret every bench server uses (bench data is thrown away afterwards). */
export const BENCH_SECRET = 'bench-secret-0123456789abcdef0123456789';

/** Deletes every Redis key under a bench server's prefix. */
async function dropRedisPrefix(redisUrl: string, prefix: string) {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
  await redis.quit();
}

export type BenchServer = { url: string; running: Running; close: () => Promise<void> };

/** A Helios server in this process, in the given mode, with its own data that is dropped on
 * close: the built server (`dist/index.js`, plain JavaScript as deployed, built first). It logs
 * as a deployment does (level info, a line per request) into /dev/null. Rate limits are off:
 * every request of a bench comes from one address. */
export async function startBenchServer(mode: Mode): Promise<BenchServer> {
  const { createServer, loadConfig, loggerOptions, logDestination } = await builtServer();
  const scratch = mode.name === 'services' ? await scratchDatabase(mode.databaseUrl, 'helios_bench') : null;
  const storePrefix = `helios-bench:${randomBytes(4).toString('hex')}:`;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT: 'false',
    HELIOS_SECRET: BENCH_SECRET,
    ...(mode.name === 'services' && scratch
      ? { DATABASE_URL: scratch.url, REDIS_URL: mode.redisUrl, REDIS_KEY_PREFIX: storePrefix }
      : {}),
  });
  const logger = pino(
    loggerOptions('info') as pino.LoggerOptions,
    logDestination('/dev/null'),
  ) as unknown as FastifyBaseLogger;
  const running = await createServer(config, { ephemeral: mode.name === 'embedded', logger });
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(running.app.server.address() as AddressInfo).port}`;
  running.ctx.config.publicUrl = url;
  return {
    url,
    running,
    close: async () => {
      await running.close();
      await scratch?.drop();
      if (mode.name === 'services') await dropRedisPrefix(mode.redisUrl, storePrefix);
    },
  };
}

/** The bare server's next message that `pick` recognises, after sending `message` if given. */
function ask<T>(child: ChildProcess, pick: (reply: unknown) => T | undefined, message?: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (reply: unknown) => {
      const value = pick(reply);
      if (value === undefined) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(value);
    };
    const onExit = (code: number | null) => reject(new Error(`bare server exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message !== undefined) child.send(message);
  });
}

/**
 * The ceiling for HTTP throughput: node:http answering a small JSON body, nothing else, in a
 * process of its own (`bare-server.mjs`, plain Node). In this process it would share whatever the
 * benchmark has loaded: with the embedded server's PGlite and its pg_trgm extension loaded, a bare
 * server here answered about a fifth fewer requests. `cpuMs` is the CPU time it has used.
 */
export async function bareServer() {
  const child = fork(new URL('./bare-server.mjs', import.meta.url), [], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await ask(child, (reply) => (reply as { url?: string }).url);
  return {
    url,
    cpuMs: async () => {
      const { user, system } = await ask(child, (reply) => (reply as { cpu?: NodeJS.CpuUsage }).cpu, 'cpu');
      return (user + system) / 1000;
    },
    close: () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill();
      return exited;
    },
  };
}

/**
 * The load generator: a separate process (bench/load.ts), so the client's work never shares the
 * event loop of the server it measures. Each job answers its figures and the CPU the generator
 * spent, which shows when the generator rather than the server was the limit.
 */
export class LoadGenerator {
  private readonly child: ChildProcess;
  private waiting: ((result: LoadResult) => void) | null = null;

  constructor() {
    this.child = fork(new URL('./load.ts', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (message) => {
      const resolve = this.waiting;
      this.waiting = null;
      resolve?.(message as LoadResult);
    });
  }

  run<R extends LoadResult>(job: LoadJob): Promise<R> {
    if (this.waiting) throw new Error('one job at a time');
    return new Promise<R>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load generator exited (${code})`));
      this.child.once('exit', onExit);
      this.waiting = (result) => {
        this.child.off('exit', onExit);
        if ('error' in result) reject(new Error(result.error as string));
        else resolve(result as R);
      };
      this.child.send(job);
    });
  }

  close() {
    this.child.kill();
  }
}

/** Where `--profile` writes a CPU profile of each measured Helios run (null: no profiling). */
let profileDir: string | null = null;
export function profileInto(dir: string | null) {
  profileDir = dir;
  if (dir) mkdirSync(dir, { recursive: true });
}

/** Runs `work` under the V8 CPU profiler of this process when profiling is on, writing
 * `<name>.cpuprofile` (open it in Chrome DevTools or speedscope). */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!profileDir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** Linux counts CPU time in clock ticks of 10 ms (USER_HZ 100). */
const TICK_MS = 10;

/** CPU milliseconds this process's main thread (the event loop) has used, from /proc; null
 * where /proc is not there. */
function eventLoopCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** CPU milliseconds the whole machine (every process, every core) has been busy, from /proc. */
function machineCpuMs(): number | null {
  try {
    const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
    // user, nice, system, (idle, iowait,) irq, softirq; steal is time the host gave to others.
    const [user, nice, system, , , irq, softirq] = ticks.map(Number);
    return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * TICK_MS;
  } catch {
    return null;
  }
}

/** Where a run's CPU went, in milliseconds over the whole run: this process, its event loop,
 * and the machine as a whole (the load generator, PostgreSQL and Redis included). */
export type CpuSplit = { wallMs: number; processMs: number; eventLoopMs: number | null; machineMs: number | null };

/** CPU time this process spends (main thread and thread pool) while `work` runs, as a share of
 * one core over the wall time, and the split of it. */
export async function withCpu<T>(work: () => Promise<T>): Promise<T & { serverCpu: number; split: CpuSplit }> {
  const cpu = process.cpuUsage();
  const eventLoop = eventLoopCpuMs();
  const machine = machineCpuMs();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - started;
  const eventLoopAfter = eventLoopCpuMs();
  const machineAfter = machineCpuMs();
  const processMs = (used.user + used.system) / 1000;
  return {
    ...result,
    serverCpu: processMs / wallMs,
    split: {
      wallMs,
      processMs,
      eventLoopMs: eventLoop === null || eventLoopAfter === null ? null : eventLoopAfter - eventLoop,
      machineMs: machine === null || machineAfter === null ? null : machineAfter - machine,
    },
  };
}

/** Signs in with email and password through the login API; answers the portal session cookie. */
export async function signInCookie(base: string, email: string, password: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: base };
  const start = await fetch(`${base}/auth/login/start`, { method: 'POST', headers, body: JSON.stringify({ email }) });
  const started = (await start.json()) as { session_id: string };
  // The step goes with the login cookie, as from the browser that started the login.
  const login = start.headers.getSetCookie().find((line) => line.startsWith('helios_login='));
  const done = await fetch(`${base}/auth/login/verify-password`, {
    method: 'POST',
    headers: { ...headers, cookie: login?.split(';')[0] ?? '' },
    body: JSON.stringify({ session_id: started.session_id, email, password }),
  });
  const body = (await done.json()) as { state?: string };
  if (body.state !== 'Done') throw new Error(`sign-in of ${email} ended in ${JSON.stringify(body)}`);
  const cookie = done.headers.getSetCookie().find((line) => line.startsWith('helios_session='));
  if (!cookie) throw new Error('no portal session cookie');
  return cookie.split(';')[0] as string;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
