/** Where the console lives on the server. */
export const ADMIN_BASE = '/admin';

/**
 * A `from` address to come back to: only a path of this console on this site (`/admin`,
 * `/admin/…`, `/admin?…`) — never another origin, a protocol-relative `//host`, a backslash
 * trick or another part of the site — so it cannot be an open redirect. Null when unsafe.
 */
export function adminReturnPath(from: string | null | undefined): string | null {
  if (!from || from.length > 2048) return null;
  if (!from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(from, 'https://helios.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://helios.invalid') return null;
  // The URL parser resolves dot segments, so '/admin/../login' is judged as '/login'.
  const inConsole = url.pathname === ADMIN_BASE || url.pathname.startsWith(`${ADMIN_BASE}/`);
  return inConsole ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** The browser address of a router location inside the console (the router drops the base). */
export function adminPathOf(location: { pathname: string; search: string }): string {
  const path = location.pathname === '/' ? '' : location.pathname;
  return `${ADMIN_BASE}${path}${location.search}`;
}

/** The router address (without the base) of a safe console path. */
export function routerPathOf(adminPath: string): string {
  const rest = adminPath.slice(ADMIN_BASE.length);
  if (rest === '' || rest.startsWith('?') || rest.startsWith('#')) return `/${rest}`;
  return rest;
}

/** The sign-in page, asked to send the admin back to `from` afterwards. */
export function loginAddress(from: string): string {
  return `/login?from=${encodeURIComponent(adminReturnPath(from) ?? ADMIN_BASE)}`;
}

/** The console's start page with the address to come back to, where the session is checked
 * again after an admin call answered 401 or 403 (spec §2). */
export function recheckAddress(from: string): string {
  return `/?from=${encodeURIComponent(adminReturnPath(from) ?? ADMIN_BASE)}`;
}
