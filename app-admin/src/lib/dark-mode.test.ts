import { expect, test } from 'vitest';
import { DARK_MODE_KEY, readDarkMode, writeDarkMode } from './dark-mode';

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === DARK_MODE_KEY ? value : null) });

test('reads the remembered "true" or "false"', () => {
  expect(readDarkMode(storageWith('true'), false)).toBe(true);
  expect(readDarkMode(storageWith('false'), true)).toBe(false);
});

test('falls back to the system theme when nothing valid is remembered', () => {
  expect(readDarkMode(storageWith(null), true)).toBe(true);
  expect(readDarkMode(storageWith('yes'), false)).toBe(false);
  expect(readDarkMode(null, true)).toBe(true);
  const blocked = {
    getItem: () => {
      throw new Error('blocked');
    },
  };
  expect(readDarkMode(blocked, true)).toBe(true);
});

test('writes "true" or "false" and survives a blocked storage', () => {
  const saved = new Map<string, string>();
  writeDarkMode({ setItem: (key, value) => saved.set(key, value) }, true);
  expect(saved.get(DARK_MODE_KEY)).toBe('true');
  writeDarkMode({ setItem: (key, value) => saved.set(key, value) }, false);
  expect(saved.get(DARK_MODE_KEY)).toBe('false');
  expect(() =>
    writeDarkMode(
      {
        setItem: () => {
          throw new Error('blocked');
        },
      },
      true,
    ),
  ).not.toThrow();
});
