import { atom, useAtomValue } from 'jotai';

/** Full-page navigation to addresses outside the app (OIDC, providers, instances). Held in an
 * atom, so stories can record where the app would go instead of leaving the page. */
export type ExternalNavigation = { go: (url: string) => void };

export const externalNavigateAtom = atom<ExternalNavigation>({ go: (url) => window.location.assign(url) });

export function useExternalNavigate(): (url: string) => void {
  return useAtomValue(externalNavigateAtom).go;
}
