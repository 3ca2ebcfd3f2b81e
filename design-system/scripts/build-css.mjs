// Builds the published stylesheets and fonts:
//   dist/styles.css — standalone: Tailwind base + tokens + every utility the components use.
//   dist/theme.css  — tokens only, for apps that run Tailwind 4 themselves (see README).
//   dist/fonts.css  — Inter's @font-face rules, pointing at dist/fonts/ (the woff2 files and
//                     their licence, copied from @fontsource-variable/inter).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('@tailwindcss/cli/package.json')), 'dist', 'index.mjs');
const inter = dirname(require.resolve('@fontsource-variable/inter/package.json'));

mkdirSync(join(root, 'dist', 'fonts'), { recursive: true });
execFileSync(process.execPath, [cli, '-i', 'src/styles/standalone.css', '-o', 'dist/styles.css', '--minify'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
copyFileSync(join(root, 'src/styles/theme.css'), join(root, 'dist/theme.css'));

const fonts = readFileSync(join(root, 'src/styles/fonts.css'), 'utf8');
const sources = [...fonts.matchAll(/url\("([^"]+)"\)/g)].map((match) => match[1]);
if (sources.length === 0) throw new Error('src/styles/fonts.css names no font file');
let published = fonts;
for (const source of sources) {
  const name = basename(source);
  copyFileSync(join(inter, 'files', name), join(root, 'dist', 'fonts', name));
  published = published.replace(`url("${source}")`, `url("./fonts/${name}")`);
}
writeFileSync(join(root, 'dist', 'fonts.css'), published);
copyFileSync(join(inter, 'LICENSE'), join(root, 'dist', 'fonts', 'LICENSE'));
