import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, Agent as HttpAgent, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { Context } from '../../src/context';
import * as schema from '../../src/db/schema';
import { Secrets } from '../../src/security/tokens';
import { builtCli } from '../built-server';
import { eventually } from '../eventually';
import { decodeBody } from '../harness';

export { eventually, sleep } from '../eventually';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** Everything this file starts, so a crashed test run leaves no process behind. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The PostgreSQL and Redis every scale test runs against (`DATABASE_URL`, `REDIS_URL`). */
export function scaleServices(): { databaseUrl: string; redisUrl: string } {
  const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } = process.env;
  if (!databaseUrl || !redisUrl) throw new Error('the scale tests need DATABASE_URL and REDIS_URL');
  return { databaseUrl, redisUrl };
}

export const newSecret = () => randomBytes(32).toString('hex');

/** A random private address for a simulated person behind the load balancer, so each has
 * rate-limit counts of its own. */
export function clientAddress(): string {
  const bytes = randomBytes(2);
  return `10.${bytes[0]}.${bytes[1]}.${1 + ((randomBytes(1)[0] as number) % 254)}`;
}

// ─── Helios nodes: the real command line in child processes ────────────────────────────────

export type HeliosNode = {
  name: string;
  port: number;
  /** The node's own address (not the load balancer's). */
  url: string;
  pid: number;
  /** What the process printed (for failure messages). */
  output: () => string;
  /** Resolves with the exit code or signal once the process ends. */
  exited: Promise<string>;
  /** Sends a signal and waits for the exit. */
  kill: (signal?: NodeJS.Signals) => Promise<string>;
};

/**
 * Starts `helios serve` as deployed (the built `dist/cli.js`, made by the project's global
 * setup) in a child process with exactly the given configuration, and waits until it listens.
 */
export async function startNode(name: string, env: Record<string, string>, port?: number): Promise<HeliosNode> {
  const chosenPort = port ?? (await freePort());
  const child = spawn(process.execPath, [builtCli, 'serve'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(chosenPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve(signal ?? String(code));
    }),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s:\n${output}`)), 60_000);
    const onData = () => {
      if (output.includes('Helios is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${how}) before it listened:\n${output}`));
    });
  });
  await ready;
  return {
    name,
    port: chosenPort,
    url: `http://127.0.0.1:${chosenPort}`,
    pid: child.pid as number,
    output: () => output,
    exited,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

// ─── A load balancer in front of the nodes ─────────────────────────────────────────────────

export type Balancer = {
  url: string;
  /** Sends every request to this node until the next call; `null` goes back to round robin. */
  pin: (node: HeliosNode | null) => void;
  setNodes: (nodes: HeliosNode[]) => void;
  close: () => Promise<void>;
};

/** Test-only request header: the network address the balancer pretends a request came from. */
export const SIMULATED_CLIENT_ADDRESS = 'x-simulated-client-address';

/**
 * A minimal HTTP load balancer, as a cloud one behaves: it forwards each request to a node,
 * adding X-Forwarded-For / -Proto / -Host. Round robin unless a test pins a node.
 */
export async function startBalancer(): Promise<Balancer> {
  let nodes: HeliosNode[] = [];
  let pinned: HeliosNode | null = null;
  let next = 0;
  const agent = new HttpAgent({ keepAlive: true });
  const server: Server = createServer((req, res) => {
    const target = pinned ?? nodes[next++ % Math.max(1, nodes.length)];
    if (!target) {
      res.writeHead(502).end();
      return;
    }
    // Tests stand for many people on one machine: they name the address the balancer is to see
    // each one connect from. What a client itself sends in X-Forwarded-For is kept, and the
    // address seen is appended, as most cloud load balancers do.
    const seen = req.headers[SIMULATED_CLIENT_ADDRESS] ?? req.socket.remoteAddress;
    delete req.headers[SIMULATED_CLIENT_ADDRESS];
    const forwardedFor = [req.headers['x-forwarded-for'], seen].filter(Boolean).join(', ');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: req.url,
        agent,
        headers: {
          ...req.headers,
          'x-forwarded-for': forwardedFor,
          'x-forwarded-proto': 'http',
          'x-forwarded-host': req.headers.host ?? '',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        // A node killed mid-answer resets the connection: the client sees its answer cut off.
        answer.on('error', () => res.destroy());
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('node unreachable');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pin: (node) => {
      pinned = node;
    },
    setNodes: (list) => {
      nodes = list;
    },
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// ─── Databases, Redis and PostgreSQL ───────────────────────────────────────────────────────

/** Direct access to a Helios database for fixtures and for checking what was written. The
 * context has only what the fixtures use: the database and the deployment's secret. */
export function openDatabase(url: string, secret: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  const ctx = { db, secrets: new Secrets(secret), now: () => new Date() } as unknown as Context;
  return { db, ctx, pool, close: () => pool.end() };
}

/** Fails with a clear message when a service binary the fault tests start is not installed. */
function requireBinaries(names: string[]) {
  for (const name of names) {
    try {
      execFileSync('sh', ['-c', `command -v "$0"`, name], { stdio: 'pipe' });
    } catch {
      throw new Error(
        `${name} is not installed: the fault tests start private services (apt-get install redis-server postgresql-15)`,
      );
    }
  }
}

/** A private redis-server on a free port, without persistence, that a test may stop and
 * start again (on the same port). Never the shared one. */
export async function privateRedis() {
  requireBinaries(['redis-server', 'redis-cli']);
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    children.add(started);
    started.once('exit', () => children.delete(started));
    child = started;
    await eventually('private Redis up', async () => {
      execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
      return true;
    });
  };
  const stop = async () => {
    const running = child;
    if (!running) return;
    child = null;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await gone;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}

/**
 * A private PostgreSQL 15 cluster in a temporary folder on a free port (initdb + pg_ctl, run as
 * the `postgres` system user when this process is root), trust authentication for `root`.
 */
export async function privatePostgres() {
  requireBinaries([join(POSTGRES_BIN, 'initdb'), join(POSTGRES_BIN, 'pg_ctl')]);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'helios-pg-'));
  const data = join(dir, 'data');
  mkdirSync(data);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chownSync(data, uid, gid);
  }
  const run = (binary: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(POSTGRES_BIN, binary),
      asRoot ? ['-u', 'postgres', '--', join(POSTGRES_BIN, binary), ...args] : args,
      {
        cwd: dir,
        stdio: 'pipe',
      },
    );
  run('initdb', ['-D', data, '-U', 'root', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=200`;
  const start = () => {
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  };
  /** `fast` rolls back open transactions and closes connections; `immediate` is a crash. */
  const stop = (mode: 'fast' | 'immediate' = 'fast') => {
    run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
  };
  start();
  return {
    url: `postgres://root@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    remove: () => {
      try {
        stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ─── Mail ──────────────────────────────────────────────────────────────────────────────────

/** A mail catcher on loopback (SMTP), on `port` when given: `next(to)` answers the next mail to
 * an address, whether it arrived before the call or arrives after; `received` lists every mail
 * taken, by recipient and Message-ID. */
export async function startMailCatcher(port = 0) {
  const waiting = new Map<string, ((text: string) => void)[]>();
  const arrived = new Map<string, string[]>();
  const received: { to: string; messageId: string }[] = [];
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo[0]?.address ?? '';
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to, messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '' });
        const text = decodeBody(raw);
        const waiter = waiting.get(to)?.shift();
        if (waiter) waiter(text);
        else arrived.set(to, [...(arrived.get(to) ?? []), text]);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    received,
    get count() {
      return count;
    },
    next(to: string, timeoutMs = 10_000): Promise<string> {
      const queued = arrived.get(to)?.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiting.set(to, [
          ...(waiting.get(to) ?? []),
          (text) => {
            clearTimeout(timer);
            resolve(text);
          },
        ]);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ─── Answers ───────────────────────────────────────────────────────────────────────────────

/** True when a raw answer has the contract's error shape with the given code. */
export function hasErrorShape(json: unknown, type: string): boolean {
  const first = (json as { detail?: { type?: unknown; msg?: unknown }[] })?.detail?.[0];
  return first?.type === type && typeof first.msg === 'string' && first.msg.length > 0;
}
