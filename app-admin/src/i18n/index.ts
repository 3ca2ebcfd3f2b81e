import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { useTranslation } from 'react-i18next';
import type { Resources } from './en';

export const LANGUAGES = ['sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Where the chosen language is remembered in local storage; the same key as the sign-in
 * portal, so a language picked there carries over. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** The console's own i18next instance, handed to React through <I18nextProvider>. It is not
 * made the global react-i18next instance, so the console and the sign-in portal can share a
 * page (the story workbench) without reading each other's texts. */
export const adminI18n: I18n = i18next.createInstance();

type PluralSuffix = '_one' | '_other';
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Base}${PluralSuffix}` ? Base : K}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every text key; plural keys (`users_one`, `users_other`) are used without their suffix. */
export type TextKey = Leaves<Resources>;
export type Translate = (key: TextKey, options?: Record<string, unknown>) => string;

/** `t` typed against this app's English texts. The app does not augment i18next's global
 * types: the sign-in portal does, and both apps are type-checked together with the stories. */
export function useT(): { t: Translate; i18n: I18n } {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as Translate, i18n };
}

/** Loads only the active language's texts: each language is its own chunk. */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = language === 'sv' ? import('./sv') : import('./en');
    load.then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

/** English is the fallback of every language but Swedish, which has every English key (a unit test
 * checks): a Swedish page loads the Swedish texts only. */
function fallbackOf(code: string | undefined): string[] {
  return code?.split('-')[0] === 'sv' ? [] : ['en'];
}

export function isLanguage(value: string | null | undefined): value is Language {
  return value === 'sv' || value === 'en';
}

/** Starts i18next. Detection order: ?lang=, cookie, local storage, session storage, the
 * browser, the <html lang>; fallback English (Swedish needs none). */
export async function initI18n(instance: I18n = adminI18n, options: { lng?: Language } = {}): Promise<I18n> {
  await instance
    .use(lazyLanguages)
    .use(LanguageDetector)
    .init({
      lng: options.lng,
      fallbackLng: fallbackOf,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lang',
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
      react: { useSuspense: true },
    });
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  document.documentElement.lang = instance.resolvedLanguage ?? 'en';
  return instance;
}
