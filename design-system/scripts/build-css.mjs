// Builds the two published stylesheets:
//   dist/styles.css — standalone: Tailwind base + tokens + every utility the components use.
//   dist/theme.css  — tokens only, for apps that run Tailwind 4 themselves (see README).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('@tailwindcss/cli/package.json')), 'dist', 'index.mjs');

mkdirSync(join(root, 'dist'), { recursive: true });
execFileSync(process.execPath, [cli, '-i', 'src/styles/standalone.css', '-o', 'dist/styles.css', '--minify'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
copyFileSync(join(root, 'src/styles/theme.css'), join(root, 'dist/theme.css'));
