import { expect, test } from 'vitest';
import en from './en';
import sv from './sv';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'string' ? [`${prefix}${key}`] : keys(inner as object, `${prefix}${key}.`),
  );
}

test('Swedish and English have exactly the same keys', () => {
  expect(keys(sv).sort()).toEqual(keys(en).sort());
});

test('no text is empty, and placeholders match between the languages', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
  const flat = (value: object): Record<string, string> =>
    Object.fromEntries(
      keys(value).map((k) => [
        k,
        k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], value) as string,
      ]),
    );
  const english = flat(en);
  const swedish = flat(sv);
  for (const [key, text] of Object.entries(english)) {
    expect(text.trim(), key).not.toBe('');
    expect(placeholders(swedish[key] ?? ''), key).toEqual(placeholders(text));
  }
});

// People signing in read these: words from the code and the protocol say nothing to them.
const DEVELOPER_WORDS = [
  /\btoken\b/i,
  /\bTOTP\b/,
  /\bcredentials?\b/i,
  /login session/i,
  /inloggningssession/i,
  /inloggningsuppgifter/i,
  /\binvalid\b/i,
  /\bogiltig/i,
  /\binternal\b/i,
  /\binternt\b/i,
  /\bquota\b/i,
  /\bkvot/i,
  /\bdomain\b/i,
  /\bdomän/i,
  /case-sensitive/i,
  /skiftläges/i,
  /network error/i,
  /nätverksfel/i,
  /unexpected error/i,
  /oväntat fel/i,
  /unknown error/i,
  /okänt fel/i,
  /\bauthenticate\b/i,
  /\bautentiseringen\b/i,
  /\bformatted\b/i,
  /\bformaterad\b/i,
];

test.each([
  ['en', en],
  ['sv', sv],
])('the %s texts are plain language, without developer words', (_, texts) => {
  const flat = keys(texts).map((key) => ({
    key,
    text: key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], texts) as string,
  }));
  const found = flat.filter(({ text }) => DEVELOPER_WORDS.some((word) => word.test(text)));
  expect(found).toEqual([]);
});

test('Swedish texts do not leave single sign-on in English', () => {
  expect(
    keys(sv).filter((key) =>
      /single sign-on/i.test(String(key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], sv))),
    ),
  ).toEqual([]);
});
