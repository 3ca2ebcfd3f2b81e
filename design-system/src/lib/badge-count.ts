/** Counts at or above this are shown as `99+` so a badge never grows wider than three characters. */
export const BADGE_COUNT_CAP = 100;

/** The text a count badge shows: the number itself, or `99+` from 100 upwards. */
export function badgeCountText(count: number): string {
  return count >= BADGE_COUNT_CAP ? `${BADGE_COUNT_CAP - 1}+` : String(count);
}
