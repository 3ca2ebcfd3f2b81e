import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Resources } from './en';

export const LANGUAGES = ['sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Where the chosen language is remembered in local storage. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
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
export async function initI18n(instance: I18n = i18next, options: { lng?: Language } = {}): Promise<I18n> {
  await instance
    .use(lazyLanguages)
    .use(LanguageDetector)
    .use(initReactI18next)
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

export default i18next;
