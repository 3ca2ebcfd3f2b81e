// Helios runs on Node 24 LTS. `npm start` and `npm test` call `runOnSupportedNode()` first: on
// Node 24 or newer they go on as they are; on an older Node they install the `node` package of
// the npm registry (the official Node binary shipped inside a registry package) into `.runtime/`
// once, and run themselves again under it, with its folder first on PATH so that every child
// process (pnpm, vitest, Playwright's web servers, the built server) runs on it too. Nothing is
// downloaded from anywhere but the npm registry.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REQUIRED_NODE_MAJOR = 24;

const root = fileURLToPath(new URL('../..', import.meta.url));
const runtimeDir = join(root, '.runtime');
const runtimeBin = join(runtimeDir, 'node_modules', '.bin');

/** The major version of a `vX.Y.Z` or `X.Y.Z` string. */
export function majorOf(version) {
  return Number(String(version).replace(/^v/, '').split('.')[0]);
}

/** The version the Node binary at `path` reports, or null when it does not run. */
function versionOf(path) {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** The path of a Node 24 in `.runtime/`, installed from the npm registry when not there yet. */
function registryNode() {
  const node = join(runtimeBin, process.platform === 'win32' ? 'node.cmd' : 'node');
  if (existsSync(node) && majorOf(versionOf(node)) === REQUIRED_NODE_MAJOR) return node;
  console.log(
    `Installing Node ${REQUIRED_NODE_MAJOR} from the npm registry (package node@${REQUIRED_NODE_MAJOR}) into .runtime/ …`,
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    [
      'install',
      '--prefix',
      runtimeDir,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `node@${REQUIRED_NODE_MAJOR}`,
    ],
    // npm is a .cmd script on Windows, which Node spawns only through a shell.
    { stdio: 'inherit', cwd: root, shell: process.platform === 'win32' },
  );
  const version = result.status === 0 ? versionOf(node) : null;
  if (majorOf(version) !== REQUIRED_NODE_MAJOR) {
    console.error(
      `Could not install Node ${REQUIRED_NODE_MAJOR} from the npm registry; install Node ${REQUIRED_NODE_MAJOR} LTS and run again.`,
    );
    process.exit(1);
  }
  return node;
}

/**
 * Continues when this process runs on Node 24 or newer; otherwise runs this same script under a
 * Node 24 from the npm registry and exits with its exit code. Prints which Node is used.
 */
export function runOnSupportedNode() {
  if (majorOf(process.version) >= REQUIRED_NODE_MAJOR) {
    console.log(`Node ${process.version} (${process.execPath})`);
    return;
  }
  console.log(`Node ${process.version} is older than Helios needs (${REQUIRED_NODE_MAJOR} LTS).`);
  const node = registryNode();
  const env = { ...process.env, PATH: `${runtimeBin}${delimiter}${process.env.PATH ?? ''}` };
  const result = spawnSync(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
  process.exit(result.status ?? 1);
}
