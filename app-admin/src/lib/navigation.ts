import { atom, useAtomValue } from 'jotai';

/** A tab opened for an address that is not known yet. */
export type PendingTab = {
  /** Sends the tab to the address. */
  go: (url: string) => void;
  /** Closes the tab, e.g. when the address could not be fetched. */
  close: () => void;
};

/** Full-page navigation outside the app (sign-in, instances). Held in an atom, so stories can
 * record where the app would go instead of leaving the page. */
export type ExternalNavigation = {
  /** Leaves the console for the address. */
  go: (url: string) => void;
  /** Opens a blank tab at once, while the click still counts as the user's (pop-up blockers
   * allow that), to send it on when the login-as address arrives. Null when blocked. */
  openTab: () => PendingTab | null;
};

export const browserNavigation: ExternalNavigation = {
  go: (url) => window.location.assign(url),
  openTab: () => {
    const tab = window.open('about:blank', '_blank');
    if (!tab) return null;
    // The instance must not be able to script the console through window.opener.
    tab.opener = null;
    return { go: (url) => tab.location.assign(url), close: () => tab.close() };
  },
};

export const externalNavigateAtom = atom<ExternalNavigation>(browserNavigation);

export function useExternalNavigation(): ExternalNavigation {
  return useAtomValue(externalNavigateAtom);
}
