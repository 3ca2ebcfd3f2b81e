/** The guides every Storybook build must hold; see storybook-docs.mjs. */
export const GUIDE_TITLES: string[];

type IndexEntry = { type: string; title: string; importPath: string; tags?: string[] };

/** What the Storybook index lacks: guides, MDX pages and design-system autodocs pages. */
export function missingDocs(
  index: { entries?: Record<string, IndexEntry> },
  files: { designSystemStories: string[]; mdxFiles: string[] },
): string[];
