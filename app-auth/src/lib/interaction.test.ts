import { expect, test } from 'vitest';
import { interactionOf } from './interaction';

test('a well-formed interaction id is kept', () => {
  expect(interactionOf(new URLSearchParams('interaction=Abc_123-xyz&client_id=acme'))).toBe('Abc_123-xyz');
});

test('no id, or one that could change the address it is put in, is ignored', () => {
  for (const query of [
    '',
    'interaction=',
    'interaction=short',
    'interaction=../../admin',
    'interaction=abc%2Fdef%3Fx%3D1',
    `interaction=${'a'.repeat(65)}`,
  ]) {
    expect(interactionOf(new URLSearchParams(query)), query).toBeNull();
  }
});
