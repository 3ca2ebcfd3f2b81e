import { safeReturnPath } from '@helios/api/return-path';

/** Where the console lives on the server. */
export const ADMIN_BASE = '/admin';

/**
 * A `from` address to come back to: a safe return path of this site (see `safeReturnPath`) that
 * is also inside this console (`/admin`, `/admin/…`, `/admin?…`), so it cannot be an open
 * redirect nor lead to another part of the site. Null when it is neither.
 */
export function adminReturnPath(from: string | null | undefined): string | null {
  const path = safeReturnPath(from);
  if (path === null) return null;
  // Judged in its normalised form, so '/admin/../login' counts as '/login'.
  const pathname = path.split(/[?#]/, 1)[0] ?? path;
  return pathname === ADMIN_BASE || pathname.startsWith(`${ADMIN_BASE}/`) ? path : null;
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
