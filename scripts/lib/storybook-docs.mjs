// What the built Storybook must hold for other teams: the guides, a page for every MDX file under
// stories/, and a docs page (autodocs, with the props table) for every design-system stories file.

/** The guides, by their titles in stories/docs/*.mdx. */
export const GUIDE_TITLES = [
  'Docs/Getting started',
  'Docs/Theming and tokens',
  'Docs/Dark mode',
  'Docs/Texts and i18n',
];

const relativePath = (importPath) => importPath.replace(/^\.\//, '');

/**
 * What the Storybook index lacks, one line each (empty when nothing is missing).
 * `designSystemStories` and `mdxFiles` are repository-relative paths with forward slashes, as found
 * on disk, so a component added or removed needs no change here.
 */
export function missingDocs(index, { designSystemStories, mdxFiles }) {
  const docs = Object.values(index.entries ?? {}).filter((entry) => entry.type === 'docs');
  const missing = [];
  for (const title of GUIDE_TITLES) {
    if (!docs.some((entry) => entry.title === title)) missing.push(`the guide "${title}"`);
  }
  for (const file of mdxFiles) {
    if (!docs.some((entry) => relativePath(entry.importPath) === file)) missing.push(`the page of ${file}`);
  }
  for (const file of designSystemStories) {
    const documented = docs.some(
      (entry) => relativePath(entry.importPath) === file && (entry.tags ?? []).includes('autodocs'),
    );
    if (!documented) missing.push(`the docs page (autodocs) of ${file}`);
  }
  return missing;
}
