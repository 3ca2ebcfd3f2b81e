// Shared by `npm start` and `npm test`: finds (or fetches) the pinned pnpm and a Chromium, so
// both commands work on a machine that has only Node and npm.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
export const pnpmVersion = manifest.packageManager.split('@')[1];

function installedPnpmVersion() {
  try {
    return execFileSync('pnpm', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** The command that runs the pinned pnpm: the global pnpm when it is that version, else npx fetches it. */
export function pnpmCommand() {
  const installed = installedPnpmVersion();
  if (installed === pnpmVersion) return ['pnpm'];
  console.log(`pnpm ${pnpmVersion} not found (have: ${installed ?? 'none'}); running it through npx.`);
  return ['npx', '--yes', `pnpm@${pnpmVersion}`];
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

export function pnpm(args, options = {}) {
  const [command, ...prefix] = pnpmCommand();
  return run(command, [...prefix, ...args], {
    ...options,
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...options.env },
  });
}

/** Path of a Chromium for tests: CHROMIUM_PATH, Debian's, or Debian's installed now when root. */
export function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium not found; installing Debian's chromium (apt-get) for the browser tests…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-qq'], { env });
    run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], { env });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error(
    "No Chromium found for the browser tests. Install Debian/Ubuntu's `chromium` package " +
      '(sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}
