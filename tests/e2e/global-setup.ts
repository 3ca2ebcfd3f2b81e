import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The journeys run against the built apps, exactly as users get them. */
export default function globalSetup() {
  for (const app of ['app-auth', 'app-admin']) {
    const dir = fileURLToPath(new URL(`../../${app}/`, import.meta.url));
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    if (!manifest.scripts?.build) continue;
    const vite = join(dirname(createRequire(join(dir, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
    execFileSync(process.execPath, [vite, 'build', '--logLevel', 'error'], { cwd: dir, stdio: 'inherit' });
  }
}
