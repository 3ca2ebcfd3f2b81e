export type { FlagLanguage, LanguageFlagsProps } from './language-flags';
export { LanguageFlags } from './language-flags';
