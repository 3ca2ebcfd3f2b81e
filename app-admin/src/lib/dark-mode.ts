/** Where the console remembers its theme (spec §3): "true" or "false". */
export const DARK_MODE_KEY = 'dark_mode';

type ReadableStorage = Pick<Storage, 'getItem'>;

/** The remembered theme; nothing remembered (or storage unavailable) means the system's. */
export function readDarkMode(storage: ReadableStorage | null, systemPrefersDark: boolean): boolean {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(DARK_MODE_KEY) ?? null;
  } catch {
    // Storage can be blocked (privacy settings); the system theme is a fine default.
  }
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return systemPrefersDark;
}

/** Remembers the theme; a blocked storage only means it is not remembered. */
export function writeDarkMode(storage: Pick<Storage, 'setItem'> | null, dark: boolean): void {
  try {
    storage?.setItem(DARK_MODE_KEY, String(dark));
  } catch {
    // Not remembered, still applied.
  }
}

/** Applies the theme to the page: `.dark` on <html>. */
export function applyDarkMode(dark: boolean, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', dark);
}
