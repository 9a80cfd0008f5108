// Axial hex coordinates (q, r), pointy-top layout. Hand-written and small, in the manner of
// honeycomb-grid: one idea per function.

export interface Hex {
  q: number;
  r: number;
}

/** The six directions, 0..5, clockwise starting east (pointy-top axial). */
export type Direction = 0 | 1 | 2 | 3 | 4 | 5;

export const DIRECTIONS: readonly Hex[] = [
  { q: 1, r: 0 }, // 0 east
  { q: 0, r: 1 }, // 1 south-east
  { q: -1, r: 1 }, // 2 south-west
  { q: -1, r: 0 }, // 3 west
  { q: 0, r: -1 }, // 4 north-west
  { q: 1, r: -1 }, // 5 north-east
];

/**
 * The directions' names as the table shows them (compass points on the pointy-top map: east,
 * then clockwise), by direction index: the one table for narration and labels ("facing E").
 */
export const DIRECTION_NAMES: readonly string[] = ['E', 'SE', 'SW', 'W', 'NW', 'NE'];

/** The same directions in words, for what is read aloud ("facing south-east", "Face west"). */
export const DIRECTION_WORDS: readonly string[] = ['east', 'south-east', 'south-west', 'west', 'north-west', 'north-east'];

/** The name of direction `d` (any integer, taken mod 6): 0 "E", 1 "SE" ... 5 "NE"; "?" for a non-integer. */
export function directionName(d: unknown): string {
  return typeof d === 'number' && Number.isInteger(d) ? DIRECTION_NAMES[((d % 6) + 6) % 6] : '?';
}

/** Direction `d` in words (any integer, taken mod 6): 0 "east" ... 5 "north-east"; "?" for a non-integer. */
export function directionWord(d: unknown): string {
  return typeof d === 'number' && Number.isInteger(d) ? DIRECTION_WORDS[((d % 6) + 6) % 6] : '?';
}

export const hex = (q: number, r: number): Hex => ({ q, r });
export const hexAdd = (a: Hex, b: Hex): Hex => ({ q: a.q + b.q, r: a.r + b.r });
export const hexSub = (a: Hex, b: Hex): Hex => ({ q: a.q - b.q, r: a.r - b.r });
export const hexScale = (a: Hex, k: number): Hex => ({ q: a.q * k, r: a.r * k });
export const hexEquals = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;
export const hexKey = (a: Hex): string => `${a.q},${a.r}`;

export function neighbor(h: Hex, d: number): Hex {
  return hexAdd(h, DIRECTIONS[((d % 6) + 6) % 6]);
}

export function neighbors(h: Hex): Hex[] {
  return DIRECTIONS.map((d) => hexAdd(h, d));
}

export function distance(a: Hex, b: Hex): number {
  return hexLength(a.q - b.q, a.r - b.r);
}

/** Hexes from the origin to (dq, dr): the distance of an offset, without hex objects. */
export function hexLength(dq: number, dr: number): number {
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Direction index by offset: BY_OFFSET[(dq + 1) * 3 + dr + 1], -1 where none (built from DIRECTIONS). */
const BY_OFFSET: readonly number[] = (() => {
  const t = new Array<number>(9).fill(-1);
  DIRECTIONS.forEach((d, i) => {
    t[(d.q + 1) * 3 + d.r + 1] = i;
  });
  return t;
})();

/** The direction from (aq, ar) to an adjacent (bq, br), or -1 (no objects: the engine's hot path). */
export function directionIndex(aq: number, ar: number, bq: number, br: number): number {
  const dq = bq - aq;
  const dr = br - ar;
  if (dq < -1 || dq > 1 || dr < -1 || dr > 1) return -1;
  return BY_OFFSET[(dq + 1) * 3 + dr + 1];
}

/** The direction from `a` to an adjacent hex `b`, or null when they are not adjacent. */
export function directionTo(a: Hex, b: Hex): Direction | null {
  const i = directionIndex(a.q, a.r, b.q, b.r);
  return i < 0 ? null : (i as Direction);
}

/**
 * The hex nearest to fractional axial coordinates (cube rounding: the component with the
 * largest rounding error is recomputed from the other two). Used by lines and by the map's
 * pixel-to-hex conversion.
 */
export function hexRound(q: number, r: number): Hex {
  return hexRoundInto(q, r, { q: 0, r: 0 });
}

/** hexRound into `out` (no allocation: the line-of-sight walk); returns `out`. */
export function hexRoundInto(q: number, r: number, out: Hex): Hex {
  const s = -q - r;
  let rq = Math.round(q);
  const rs = Math.round(s);
  let rr = Math.round(r);
  const dq = Math.abs(rq - q);
  const ds = Math.abs(rs - s);
  const dr = Math.abs(rr - r);
  if (dq > ds && dq > dr) rq = -rs - rr;
  else if (ds <= dr) rr = -rq - rs;
  // (when s has the largest error, q and r are kept and s is implied)
  // +0 turns a -0 into 0 so keys and equality stay simple.
  out.q = rq + 0;
  out.r = rr + 0;
  return out;
}
