// Rings and spirals around a hex (grenade blast rings, R-H12; area searches).
import { InputError } from '../errors.ts';
import { type Hex, hexAdd, hexScale, neighbor, DIRECTIONS } from './coords.ts';

function checkRadius(k: number): void {
  if (!Number.isInteger(k) || k < 0) throw new InputError([{ path: 'radius', message: `must be a whole number >= 0, got ${k}` }]);
}

/** The hexes at exactly distance `k` from `center`: 6k of them (1 for k = 0), clockwise from the west-most corner's walk. */
export function ring(center: Hex, k: number): Hex[] {
  checkRadius(k);
  if (k === 0) return [{ ...center }];
  const out: Hex[] = [];
  // Start k steps in direction 4 (north-west), then walk k steps in each direction 0..5.
  let h = hexAdd(center, hexScale(DIRECTIONS[4], k));
  for (let d = 0; d < 6; d++) {
    for (let i = 0; i < k; i++) {
      out.push(h);
      h = neighbor(h, d);
    }
  }
  return out;
}

/** Every hex within distance `k` of `center`, ring by ring from the centre out (1 + 3k(k+1) hexes). */
export function spiral(center: Hex, k: number): Hex[] {
  checkRadius(k);
  const out: Hex[] = [];
  for (let i = 0; i <= k; i++) out.push(...ring(center, i));
  return out;
}
