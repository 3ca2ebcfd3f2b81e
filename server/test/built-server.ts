import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverRoot } from '../src/paths';

const dist = join(serverRoot, 'dist');

/** The server as deployed: the command line `dist/cli.js`, run by plain Node (tsup.config.ts). */
export const builtCli = join(dist, 'cli.js');

let built = false;

/** Builds `dist/` from the current source (about a second), once per process, for the tests and
 * benchmarks that run the server as deployed rather than from its TypeScript source. */
export function buildServer() {
  if (built) return;
  const manifest = createRequire(join(serverRoot, 'package.json')).resolve('tsup/package.json');
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { tsup: string } }).bin.tsup;
  execFileSync(process.execPath, [join(dirname(manifest), bin), '--silent'], { cwd: serverRoot, stdio: 'inherit' });
  built = true;
}

/** The built server as a library (`dist/index.js`), built first. Plain JavaScript: a process
 * running under a TypeScript loader runs it untransformed, as a deployment does. */
export async function builtServer(): Promise<typeof import('../src/index')> {
  buildServer();
  return import(pathToFileURL(join(dist, 'index.js')).href);
}
