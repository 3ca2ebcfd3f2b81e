import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, builtCli } from '../test/built-server';
import { scratchDatabase } from '../test/harness';
import { BENCH_SECRET, type Mode, median } from './lib';

export type Memory = { rss: number; heapUsed: number; external: number; arrayBuffers: number };
export type StartFigure = { startMs: number; memory: Memory };
export type StartFigures = { bare: StartFigure[]; first: StartFigure; restarts: StartFigure[] };

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const probe = new URL('./idle-probe.mjs', import.meta.url).href;

/** The ceiling: a node:http server answering `/health`, started and measured the same way. */
const BARE = `
const http = require('node:http');
http.createServer((_q, s) => s.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'))
  .listen(Number(process.env.PORT), '127.0.0.1');
process.on('message', (m) => {
  if (m !== 'measure') return;
  gc(); gc();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.send({ rss, heapUsed, external, arrayBuffers });
});`;

/** This process's environment without Helios settings: each start gets only its mode's. */
function baseEnvironment() {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'HELIOS_SECRET', 'DATA_DIR', 'PUBLIC_URL', 'SEED_DEMO'])
    delete env[name];
  return env;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function untilHealthy(port: number, child: ChildProcess, started: number): Promise<number> {
  const deadline = started + 60_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      await response.arrayBuffer();
      if (response.ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('server did not answer /health within 60 s');
}

/** Starts a process, times spawn → first 200 from /health, then (idle, after a GC) its memory. */
async function measureStart(args: string[], env: Record<string, string>): Promise<StartFigure> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...baseEnvironment(), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const startMs = await untilHealthy(port, child, started);
    // Idle a moment: start-up work that finishes after listening (sweeps, caches) is included.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const memory = await new Promise<Memory>((resolve) => {
      child.once('message', (message) => resolve(message as Memory));
      child.send('measure');
    });
    return { startMs, memory };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Cold start (process start → `/health` answers 200) and idle memory (RSS after start, a second's
 * idling and a full GC) of `helios serve` as `npm start` and a deployment run it (the built
 * `dist/cli.js` in plain Node, built first from the current source), beside a bare node:http
 * process. The first start makes the database (migrations, signing keys); restarts find it.
 */
export async function startBench(mode: Mode, options: { restarts: number }): Promise<StartFigures> {
  buildServer();
  const helios = ['--expose-gc', '--import', probe, builtCli, 'serve'];
  const dataDir = mkdtempSync(join(tmpdir(), 'helios-bench-'));
  const scratch = mode.name === 'services' ? await scratchDatabase(mode.databaseUrl, 'helios_bench') : null;
  const env: Record<string, string> =
    mode.name === 'services' && scratch
      ? { DATABASE_URL: scratch.url, REDIS_URL: mode.redisUrl, HELIOS_SECRET: BENCH_SECRET, DATA_DIR: dataDir }
      : { DATA_DIR: dataDir };
  try {
    const bare: StartFigure[] = [];
    const restarts: StartFigure[] = [];
    bare.push(await measureStart(['--expose-gc', '-e', BARE], {}));
    const first = await measureStart(helios, env);
    for (let i = 0; i < options.restarts; i++) {
      bare.push(await measureStart(['--expose-gc', '-e', BARE], {}));
      restarts.push(await measureStart(helios, env));
    }
    return { bare, first, restarts };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

export const medianStart = (figures: StartFigure[]) => median(figures.map((figure) => figure.startMs));
export const medianRss = (figures: StartFigure[]) => median(figures.map((figure) => figure.memory.rss));
