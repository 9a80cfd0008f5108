// Arcs of front hexes: the hexes a sweeping blow passes through (RULINGS R-S4, seed 931c742c).
// A sweep runs from a first target hex to a last one, clockwise or counter-clockwise, through
// front hexes only, and the attacks are rolled in that order.
import { InputError } from '../errors.ts';
import { type Direction, type Hex, directionTo, hexEquals, neighbor } from './coords.ts';
import { HUMAN_FRONT, dir, frontDirections } from './facing.ts';

export type Spin = 'cw' | 'ccw';

/** The front hexes of a figure at `h` facing `f`, in clockwise order (most counter-clockwise first). */
export function frontHexes(h: Hex, f: number, frontCount: number = HUMAN_FRONT): Hex[] {
  return frontDirections(f, frontCount).map((d) => neighbor(h, d));
}

export interface Arc {
  first: Hex;
  last: Hex;
  spin: Spin;
  /** The hexes swept, from first to last in order. */
  hexes: Hex[];
}

function frontDirectionOf(h: Hex, f: number, frontCount: number, target: Hex, field: string): Direction {
  const d = directionTo(h, target);
  if (d === null) throw new InputError([{ path: field, message: `hex ${target.q},${target.r} is not adjacent to the attacker` }]);
  if (!frontDirections(f, frontCount).includes(d)) {
    throw new InputError([{ path: field, message: `hex ${target.q},${target.r} is not one of the attacker's front hexes` }]);
  }
  return d;
}

/**
 * The contiguous arc of front hexes from `first` to `last` turning `spin` (R-S4), in order.
 * Both ends must be front hexes and every hex between them, going that way, must be front too;
 * with 6 front hexes the arc may wrap past the figure's facing. first = last is an arc of one.
 * Throws InputError naming `first`, `last` or `spin` when no such arc exists.
 */
export function sweepArc(h: Hex, f: number, frontCount: number, first: Hex, last: Hex, spin: Spin): Hex[] {
  const front = frontDirections(f, frontCount);
  const d0 = frontDirectionOf(h, f, frontCount, first, 'first');
  const d1 = frontDirectionOf(h, f, frontCount, last, 'last');
  const step = spin === 'cw' ? 1 : -1;
  const out: Hex[] = [neighbor(h, d0)];
  let d = d0;
  while (d !== d1) {
    d = dir(d + step);
    if (!front.includes(d)) {
      throw new InputError([{ path: 'spin', message: `going ${spin} from the first to the last target leaves the front hexes` }]);
    }
    out.push(neighbor(h, d));
  }
  return out;
}

/**
 * Every arc of front hexes that covers all of `hexes` and starts and ends on one of them, in
 * both spins (an arc and its reverse are both listed). Empty when the set does not fit in one
 * contiguous arc. Each hex must be a front hex (InputError otherwise, naming `hexes[i]`).
 */
export function coveringArcs(h: Hex, f: number, frontCount: number, hexes: readonly Hex[]): Arc[] {
  if (hexes.length === 0) return [];
  const dirs = hexes.map((x, i) => frontDirectionOf(h, f, frontCount, x, `hexes[${i}]`));
  const wanted = new Set(dirs);
  const out: Arc[] = [];
  for (const a of wanted) {
    for (const b of wanted) {
      for (const spin of ['cw', 'ccw'] as const) {
        if (a === b && spin === 'ccw' && wanted.size === 1) continue; // one hex: list it once
        let arc: Hex[];
        try {
          arc = sweepArc(h, f, frontCount, neighbor(h, a), neighbor(h, b), spin);
        } catch {
          continue;
        }
        const got = new Set(arc.map((x) => directionTo(h, x)));
        if ([...wanted].every((d) => got.has(d))) out.push({ first: neighbor(h, a), last: neighbor(h, b), spin, hexes: arc });
      }
    }
  }
  return out;
}

/** Whether all of `hexes` (front hexes of the figure) fit in one contiguous arc of front hexes. */
export function fitsOneArc(h: Hex, f: number, frontCount: number, hexes: readonly Hex[]): boolean {
  return hexes.length === 0 || coveringArcs(h, f, frontCount, hexes).length > 0;
}

/** Whether `arc` visits each hex once and each is adjacent (around the figure at `h`) to the next. */
export function isContiguousArc(h: Hex, arc: readonly Hex[]): boolean {
  for (let i = 0; i < arc.length; i++) {
    for (let j = i + 1; j < arc.length; j++) if (hexEquals(arc[i], arc[j])) return false;
  }
  for (let i = 0; i + 1 < arc.length; i++) {
    const a = directionTo(h, arc[i]);
    const b = directionTo(h, arc[i + 1]);
    if (a === null || b === null) return false;
    const s = dir(b - a);
    if (s !== 1 && s !== 5) return false;
  }
  return true;
}
