import { expect, test } from 'vitest';
import * as designSystem from './index';

// The published API changes only on purpose: a new or removed export updates this snapshot in
// the same change, where a reviewer sees it.
test('public export list', () => {
  expect(Object.keys(designSystem).sort()).toMatchSnapshot();
});
