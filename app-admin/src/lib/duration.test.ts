import { expect, test } from 'vitest';
import { durationParts } from './duration';

test('two largest adjacent units', () => {
  expect(durationParts(7_500)).toEqual([
    { unit: 'hours', count: 2 },
    { unit: 'minutes', count: 5 },
  ]);
  expect(durationParts(3 * 86_400 + 4 * 3_600 + 59)).toEqual([
    { unit: 'days', count: 3 },
    { unit: 'hours', count: 4 },
  ]);
  expect(durationParts(45)).toEqual([{ unit: 'seconds', count: 45 }]);
});

test('a gap after the largest unit leaves just that unit', () => {
  expect(durationParts(86_400 + 3)).toEqual([{ unit: 'days', count: 1 }]);
  expect(durationParts(3_600)).toEqual([{ unit: 'hours', count: 1 }]);
});

test('no time left gives no parts', () => {
  expect(durationParts(0)).toEqual([]);
  expect(durationParts(-5)).toEqual([]);
  expect(durationParts(0.9)).toEqual([]);
});
