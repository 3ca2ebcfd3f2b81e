import { atom } from 'jotai';
import { apiAtom } from '../api';
import { applyDarkMode, readDarkMode, writeDarkMode } from '../lib/dark-mode';

export type Session =
  | { status: 'checking' }
  | { status: 'signedIn'; email: string; isAdmin: boolean }
  | { status: 'signedOut' }
  | { status: 'failed' };

export const sessionAtom = atom<Session>({ status: 'checking' });

/** GET /auth/session: the signed-in email and whether it is a platform admin, or 401 when signed out. */
export const checkSessionAtom = atom(null, async (get, set): Promise<Session> => {
  set(sessionAtom, { status: 'checking' });
  let session: Session;
  try {
    const { email, is_admin } = await get(apiAtom).call('session');
    session = { status: 'signedIn', email, isAdmin: is_admin };
  } catch (error) {
    const status = (error as { status?: number }).status;
    session = status === 401 ? { status: 'signedOut' } : { status: 'failed' };
  }
  set(sessionAtom, session);
  return session;
});

/** Ends the portal session (to sign in with another account). */
export const signOutAtom = atom(null, async (get, set) => {
  await get(apiAtom).call('logout');
  set(sessionAtom, { status: 'signedOut' });
});

/** Where the theme is remembered; stories swap in their own storage. */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
export const themeStorageAtom = atom<Pick<Storage, 'getItem' | 'setItem'> | null>(browserStorage());

const systemPrefersDark = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;

const darkChoiceAtom = atom<boolean | null>(null);

/** The console's dark mode: remembered in local storage `dark_mode` and applied as `.dark` on <html>. */
export const darkModeAtom = atom(
  (get) => get(darkChoiceAtom) ?? readDarkMode(get(themeStorageAtom), systemPrefersDark()),
  (get, set, dark: boolean) => {
    set(darkChoiceAtom, dark);
    writeDarkMode(get(themeStorageAtom), dark);
    applyDarkMode(dark);
  },
);

/** Whether the sidebar shows icons only. */
export const sidebarCollapsedAtom = atom(false);
