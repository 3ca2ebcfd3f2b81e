/**
 * A `from` address to return to after signing in: only a path on this site (never another
 * origin, a protocol-relative `//host`, or a backslash trick), so it cannot be an open redirect.
 */
export function safeReturnPath(from: string | null | undefined): string | null {
  if (!from || from.length > 2048) return null;
  if (!from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  try {
    const url = new URL(from, 'https://helios.invalid');
    if (url.origin !== 'https://helios.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
