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
