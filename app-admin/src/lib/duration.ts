/** A time left, in the two largest units that matter ('2 h 5 min', '3 d 4 h', '45 s'). */
export type DurationPart = { unit: 'days' | 'hours' | 'minutes' | 'seconds'; count: number };

const UNITS = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
] as const;

/** Splits seconds into at most two non-zero parts, largest first; zero or less gives none. */
export function durationParts(totalSeconds: number): DurationPart[] {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts: DurationPart[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push({ unit, count });
  }
  const first = parts[0];
  if (!first) return [];
  // Only a unit right after the largest one adds information ('1 d 3 s' reads as noise).
  const firstIndex = UNITS.findIndex(([unit]) => unit === first.unit);
  const next = parts[1];
  const nextIsAdjacent = next !== undefined && UNITS[firstIndex + 1]?.[0] === next.unit;
  return nextIsAdjacent ? [first, next] : [first];
}
