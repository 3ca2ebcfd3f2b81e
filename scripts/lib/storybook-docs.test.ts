import { describe, expect, test } from 'vitest';
import { GUIDE_TITLES, missingDocs } from './storybook-docs.mjs';

type Entry = { type: 'docs' | 'story'; id: string; title: string; importPath: string; tags: string[] };

const guides: Entry[] = GUIDE_TITLES.map((title, number) => ({
  type: 'docs',
  id: `guide-${number}`,
  title,
  importPath: `./stories/docs/guide-${number}.mdx`,
  tags: ['unattached-mdx'],
}));
const mdxFiles = guides.map((guide) => guide.importPath.slice(2));

function indexOf(...entries: Entry[]) {
  return { entries: Object.fromEntries([...guides, ...entries].map((entry) => [entry.id, entry])) };
}

const buttonDocs: Entry = {
  type: 'docs',
  id: 'design-system-button--docs',
  title: 'Design system/Button',
  importPath: './stories/design-system/button.stories.tsx',
  tags: ['dev', 'autodocs'],
};
const buttonStory: Entry = { ...buttonDocs, type: 'story', id: 'design-system-button--primary' };

describe('docs pages in the Storybook index', () => {
  test('nothing is missing when every guide and every design-system stories file has its page', () => {
    expect(
      missingDocs(indexOf(buttonDocs, buttonStory), {
        designSystemStories: ['stories/design-system/button.stories.tsx'],
        mdxFiles,
      }),
    ).toEqual([]);
  });

  test('a design-system stories file found on disk without an autodocs page is reported', () => {
    expect(
      missingDocs(indexOf(buttonDocs, buttonStory), {
        designSystemStories: ['stories/design-system/button.stories.tsx', 'stories/design-system/dialog.stories.tsx'],
        mdxFiles,
      }),
    ).toEqual(['the docs page (autodocs) of stories/design-system/dialog.stories.tsx']);
  });

  test('stories alone, or a docs page without the autodocs tag, do not count as the docs page', () => {
    const untagged = { ...buttonDocs, tags: ['dev'] };
    expect(
      missingDocs(indexOf(buttonStory, untagged), {
        designSystemStories: ['stories/design-system/button.stories.tsx'],
        mdxFiles,
      }),
    ).toEqual(['the docs page (autodocs) of stories/design-system/button.stories.tsx']);
  });

  test('a missing guide and an MDX file without a page are reported', () => {
    const [, ...otherGuides] = guides;
    const index = { entries: Object.fromEntries(otherGuides.map((entry) => [entry.id, entry])) };
    expect(missingDocs(index, { designSystemStories: [], mdxFiles: [...mdxFiles, 'stories/docs/extra.mdx'] })).toEqual([
      `the guide "${GUIDE_TITLES[0]}"`,
      `the page of ${mdxFiles[0]}`,
      'the page of stories/docs/extra.mdx',
    ]);
  });
});
