/** The story toolbar's text language. Design-system components take words as props, so
 * stories pick the Swedish or English words to pass from the `locale` global. */
export type StoryLocale = 'en' | 'sv';

export function storyLocale(globals: Record<string, unknown>): StoryLocale {
  return globals.locale === 'sv' ? 'sv' : 'en';
}

export function pick<T>(globals: Record<string, unknown>, texts: Record<StoryLocale, T>): T {
  return texts[storyLocale(globals)];
}
