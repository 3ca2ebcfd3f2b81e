import { describe, expect, it } from 'vitest';
import { badgeCountText } from './badge-count';

describe('badgeCountText', () => {
  it('shows zero as 0', () => {
    expect(badgeCountText(0)).toBe('0');
  });

  it('shows small counts as the number', () => {
    expect(badgeCountText(1)).toBe('1');
  });

  it('shows 99 as the number, the largest exact count', () => {
    expect(badgeCountText(99)).toBe('99');
  });

  it('caps 100 at 99+', () => {
    expect(badgeCountText(100)).toBe('99+');
  });

  it('caps larger counts at 99+', () => {
    expect(badgeCountText(1000)).toBe('99+');
  });
});
