import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RETURN_PATH_MAX_LENGTH, safeReturnPath } from './return-path';

/** Origins the apps run on: a browser resolves the answer against one of these. */
const ORIGINS = ['https://login.helios.example', 'http://127.0.0.1:3000', 'http://localhost:5173'];
/** Pages a `from` is read on; an answer must not depend on where it is resolved. */
const PAGES = ['/login?from=x', '/admin/accounts/deep/page', '/'];

/** Each way a server might decode the path once more before using it, until nothing changes. */
function decodings(path: string): string[] {
  const all: string[] = [];
  let current = path;
  for (;;) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return all;
    }
    if (next === current) return all;
    all.push(next);
    current = next;
  }
}

/** Where a browser ends up for an address, as it would read it from a link or `location.assign`. */
function landing(address: string, origin: string, page: string): URL {
  return new URL(address, new URL(page, origin));
}

function expectStaysOnSite(input: unknown, answer: string | null) {
  if (answer === null) return;
  const label = `${JSON.stringify(input)} → ${JSON.stringify(answer)}`;
  expect(answer, label).toMatch(/^\/(?!\/)/);
  expect(answer, label).not.toMatch(/[\p{Cc}\\]/u);
  for (const origin of ORIGINS) {
    for (const page of PAGES) expect(landing(answer, origin, page).origin, label).toBe(origin);
    for (const decoded of decodings(answer)) expect(new URL(decoded, origin).origin, `${label} decoded`).toBe(origin);
  }
  // Normalised: judged again, the answer is kept as it is.
  expect(safeReturnPath(answer), label).toBe(answer);
}

/** The pieces open-redirect payloads are made of. */
const PIECES = [
  '/',
  '//',
  '\\',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%09',
  '%0a',
  '%00',
  '%25',
  '%252f',
  '%252e',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u3002',
  '\uff0f',
  '\uff3c',
  '@',
  ':',
  '?',
  '#',
  'evil.example',
  'helios.invalid',
  'login.helios.example',
  '127.0.0.1:3000',
  'https:',
  'http:',
  'javascript:',
  'data:',
  'profile',
  'admin',
  'x',
];

/** One piece as it may arrive: raw, or percent-encoded once or twice. */
const piece = fc
  .tuple(fc.constantFrom(...PIECES), fc.integer({ min: 0, max: 2 }))
  .map(([text, times]) => Array.from({ length: times }).reduce<string>((s) => encodeURIComponent(s), text));

/** Addresses built from those pieces, most of them starting as a path would. */
const payload = fc
  .tuple(fc.constantFrom('', '/', '/', '/x/', '/.', '/%2e'), fc.array(piece, { maxLength: 10 }))
  .map(([start, rest]) => start + rest.join(''));

describe('safeReturnPath', () => {
  test('an answer always stays on the site, for any text', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      // Few characters, so that slashes, dots and escapes meet often.
      fc.string({ unit: fc.constantFrom(...'//.\\%2eEf5c\t?a'), maxLength: 24 }),
    );
    fc.assert(
      fc.property(text, (input) => {
        expectStaysOnSite(input, safeReturnPath(input));
        expectStaysOnSite(`/${input}`, safeReturnPath(`/${input}`));
      }),
      { numRuns: 2000 },
    );
  });

  test('an answer always stays on the site, for payloads built from redirect tricks and their encodings', () => {
    fc.assert(
      fc.property(payload, (input) => {
        expectStaysOnSite(input, safeReturnPath(input));
      }),
      { numRuns: 5000 },
    );
  });

  test('a query parameter carrying any payload, however encoded, is judged after one decode', () => {
    fc.assert(
      fc.property(payload, (input) => {
        const from = new URLSearchParams(`from=${encodeURIComponent(input)}`).get('from');
        expectStaysOnSite(from, safeReturnPath(from));
      }),
      { numRuns: 2000 },
    );
  });

  test.each([
    // The shapes of the security review, as `from` reads once the query is decoded.
    ['/.//evil.example/a'],
    ['/%2e//evil.example'],
    ['/%2E//evil.example/a'],
    ['/%2e%2e//evil.example'],
    ['/x/..//evil.example'],
    ['/x/%2e%2e//evil.example'],
    ['/profile/../..//evil.example'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['/./\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/\t\n/evil.example'],
    ['\t//evil.example'],
    [' //evil.example'],
    ['/%09/evil.example'],
    ['/%2F/evil.example'],
    ['/%2f%2fevil.example'],
    ['/%5Cevil.example'],
    ['/%252F%252Fevil.example'],
    ['/%2e%252e//evil.example'],
    ['%2F.%2F%2Fevil.example%2Fa'],
    ['//evil.example'],
    ['///evil.example'],
    ['//helios.invalid/profile'],
    ['https://evil.example/'],
    ['https:evil.example'],
    ['https:/\\evil.example'],
    ['javascript:alert(1)'],
    ['data:text/html,x'],
    ['profile'],
    ['./profile'],
    ['?from=/profile'],
    ['#top'],
    ['/profile\u0000'],
    ['/pro\u007ffile'],
    [`/${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`],
    [''],
    [null],
    [undefined],
  ])('refuses %j', (input) => {
    expect(safeReturnPath(input)).toBeNull();
  });

  test.each([
    ['/profile', '/profile'],
    ['/login/select-tenant?x=1#y', '/login/select-tenant?x=1#y'],
    [
      '/oauth2/authorize?client_id=abc&redirect_uri=https%3A%2F%2Facme.example.com%2Fauth%2Fcallback&scope=openid',
      '/oauth2/authorize?client_id=abc&redirect_uri=https%3A%2F%2Facme.example.com%2Fauth%2Fcallback&scope=openid',
    ],
    ['/admin', '/admin'],
    ['/admin/accounts?q=anna', '/admin/accounts?q=anna'],
    ['/admin/tenants?tenant-id=abc#settings', '/admin/tenants?tenant-id=abc#settings'],
    ['/profile?next=https://evil.example', '/profile?next=https://evil.example'],
    ['/evil.example', '/evil.example'],
    ['/profile/./x/../', '/profile/'],
    ['/x/%2e%2e/profile', '/profile'],
    ['/a b?c d#e f', '/a%20b?c%20d#e%20f'],
    ['/profil/å', '/profil/%C3%A5'],
    ['/files/50%25', '/files/50%25'],
  ])('keeps %j as %j', (input, kept) => {
    expect(safeReturnPath(input)).toBe(kept);
  });
});
