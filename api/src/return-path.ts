/** The origin a return address is judged against: a name that cannot exist (RFC 2606), so only
 * an address without an origin of its own can resolve to it. */
const JUDGE_ORIGIN = 'https://helios.invalid';

/** Longer than any address of the apps; a hostile value cannot make every link it rides in grow. */
export const RETURN_PATH_MAX_LENGTH = 2048;

/** No real path holds a control character or a backslash, and parsers disagree on them: the URL
 * parser drops tabs and newlines anywhere and reads `\` as `/`, so `/\t/evil.example` and
 * `/\evil.example` both name another host. */
const UNSAFE_CHARACTER = /[\p{Cc}\\]/u;

/** Percent-escapes of ASCII characters, the ones that can change where a path leads. */
const ASCII_ESCAPE = /%[0-7][0-9a-f]/gi;

/** The path, query and fragment that `address` resolves to, when it is a relative path that
 * stays on the site and begins with exactly one slash; else null. */
function normalisedPath(address: string): string | null {
  // `//host/…` names a host; `//helios.invalid/…` would even pass the origin check below.
  if (!address.startsWith('/') || address.startsWith('//') || UNSAFE_CHARACTER.test(address)) return null;
  let url: URL;
  try {
    url = new URL(address, JUDGE_ORIGIN);
  } catch {
    return null;
  }
  // Dot segments resolve here, `%2e` among them: `/.//evil.example` and `/x/..//evil.example`
  // become `//evil.example`, which a browser reads as another host.
  if (url.origin !== JUDGE_ORIGIN || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A return address from the client (`from`) as a path on this site, or null when it is not one;
 * the caller then goes to its default. The address is read as a browser reads it (resolved with
 * the URL parser against a fixed origin) and must be a relative path starting with a single `/`
 * that stays on the origin. The answer is the normalised path, query and fragment: use it, not
 * the input.
 *
 * The path is also judged after percent-decoding, until nothing is left to decode: a server or
 * proxy that decodes `/%2F/evil.example` before redirecting would send the browser to
 * `//evil.example`.
 */
export function safeReturnPath(input: string | null | undefined): string | null {
  if (!input || input.length > RETURN_PATH_MAX_LENGTH) return null;
  const path = normalisedPath(input);
  if (path === null || path.length > RETURN_PATH_MAX_LENGTH) return null;
  let decoded = new URL(path, JUDGE_ORIGIN).pathname;
  for (;;) {
    const next = decoded.replace(ASCII_ESCAPE, (match) => String.fromCharCode(Number.parseInt(match.slice(1), 16)));
    if (next === decoded) return path;
    if (normalisedPath(next) === null) return null;
    decoded = next;
  }
}
