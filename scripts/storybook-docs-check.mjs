// Checks the built Storybook (storybook-static/, from `pnpm build-storybook`) for the docs other
// teams read: the guides in stories/docs, a page for every MDX file under stories/, and a docs page
// with the props table for every stories file in stories/design-system. Exits 1 naming each missing
// page. `--dir <folder>` checks another build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingDocs } from './lib/storybook-docs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dirFlag = process.argv.indexOf('--dir');
const dir =
  dirFlag > 0 && process.argv[dirFlag + 1] ? resolve(process.argv[dirFlag + 1]) : join(root, 'storybook-static');
const indexFile = join(dir, 'index.json');

if (!existsSync(indexFile)) {
  console.error(`storybook docs: no ${indexFile}; build it with \`pnpm build-storybook\`.`);
  process.exit(1);
}
const index = JSON.parse(readFileSync(indexFile, 'utf8'));

const designSystemStories = readdirSync(join(root, 'stories', 'design-system'))
  .filter((name) => /\.stories\.tsx?$/.test(name))
  .map((name) => `stories/design-system/${name}`);
const mdxFiles = readdirSync(join(root, 'stories'), { recursive: true })
  .map((name) => String(name).replaceAll('\\', '/'))
  .filter((name) => name.endsWith('.mdx'))
  .map((name) => `stories/${name}`);

const missing = missingDocs(index, { designSystemStories, mdxFiles });
if (missing.length > 0) {
  console.error(`storybook docs: the build in ${dir} lacks\n${missing.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `storybook docs: the guides, ${mdxFiles.length} MDX pages in all, and a docs page for each of the ` +
    `${designSystemStories.length} design-system stories files.`,
);
