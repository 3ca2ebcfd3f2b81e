import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The journeys run against the built apps, exactly as users get them. */
export default function globalSetup() {
  for (const app of ['app-auth']) {
    const dir = fileURLToPath(new URL(`../../${app}/`, import.meta.url));
    const manifest = createRequire(`${dir}package.json`).resolve('vite/package.json');
    const vite = join(dirname(manifest), 'bin', 'vite.js');
    execFileSync(process.execPath, [vite, 'build', '--logLevel', 'error'], { cwd: dir, stdio: 'inherit' });
  }
}
