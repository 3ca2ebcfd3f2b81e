import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The journeys run against the built apps, exactly as users get them. */
export default function globalSetup() {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  for (const app of ['@helios/app-auth']) {
    execFileSync('pnpm', ['--filter', app, 'run', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  }
}
