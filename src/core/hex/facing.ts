// Facing: which adjacent hexes are a figure's front, side and rear, where an attacker stands
// relative to a target (front / side / rear), and turning. Directions are coords.ts's 0..5,
// clockwise from east.
import { InputError } from '../errors.ts';
import { type Direction, type Hex, hexEquals, hexSub, neighbor } from './coords.ts';

export type Relation = 'front' | 'side' | 'rear';

/** Front hexes of an ordinary human figure (tft-core: 3 front, 2 side, 1 rear). */
export const HUMAN_FRONT = 3;
/** Eyes Behind makes every adjacent hex a front hex (tft-core, R-S4). */
export const ALL_AROUND_FRONT = 6;

/** Normalises any integer to a direction 0..5. */
export function dir(d: number): Direction {
  return (((d % 6) + 6) % 6) as Direction;
}

/** Turns facing `f` by `steps` hex sides, positive clockwise. */
export function turn(f: number, steps: number): Direction {
  return dir(f + steps);
}

/**
 * The fewest hex-side turns from facing `from` to facing `to`, signed: positive clockwise,
 * negative counter-clockwise; a half turn (3) is reported as +3.
 */
export function turnSteps(from: number, to: number): number {
  const d = dir(to - from);
  return d <= 3 ? d : d - 6;
}

function checkFrontCount(frontCount: number): void {
  if (!Number.isInteger(frontCount) || frontCount < 1 || frontCount > 6) {
    throw new InputError([{ path: 'frontCount', message: `must be a whole number from 1 to 6, got ${frontCount}` }]);
  }
}

/**
 * The front directions of a figure facing `f` with `frontCount` front hexes, in clockwise order.
 * They are centred on `f`: 3 gives f-1, f, f+1; 5 gives f-2..f+2; 6 gives every direction.
 * An even count cannot be centred exactly: the extra hex goes clockwise (4 gives f-1..f+2,
 * 2 gives f, f+1, 6 gives f-2..f+3).
 */
export function frontDirections(f: number, frontCount: number = HUMAN_FRONT): Direction[] {
  checkFrontCount(frontCount);
  const start = f - Math.floor((frontCount - 1) / 2);
  const out: Direction[] = [];
  for (let i = 0; i < frontCount; i++) out.push(dir(start + i));
  return out;
}

/**
 * How an adjacent hex in direction `d` stands to a figure facing `f`: front when it is one of
 * the front directions; rear when it is the direction straight behind (f+3) and that is not
 * front; side otherwise. Humans: 3 front, 2 side, 1 rear (tft-core).
 */
export function relationOfDirection(f: number, d: number, frontCount: number = HUMAN_FRONT): Relation {
  if (frontDirections(f, frontCount).includes(dir(d))) return 'front';
  return dir(d) === dir(f + 3) ? 'rear' : 'side';
}

export interface AdjacentByRelation {
  front: Hex[];
  side: Hex[];
  rear: Hex[];
}

/** The six hexes around a figure at `h` facing `f`, split into front, side and rear (each clockwise from direction 0). */
export function adjacentByRelation(h: Hex, f: number, frontCount: number = HUMAN_FRONT): AdjacentByRelation {
  const out: AdjacentByRelation = { front: [], side: [], rear: [] };
  for (let d = 0; d < 6; d++) out[relationOfDirection(f, d, frontCount)].push(neighbor(h, d));
  return out;
}

const DIR_CUBES: readonly [number, number, number][] = [
  [1, -1, 0],
  [0, -1, 1],
  [-1, 0, 1],
  [-1, 1, 0],
  [0, 1, -1],
  [1, 0, -1],
];

/**
 * The direction(s) of the 60-degree sector around `from` that contains `to`: the sector of
 * direction d is the wedge within 30 degrees either side of d. A hex on the line between two
 * sectors (e.g. axial (1,1) seen from (0,0)) returns both directions, clockwise-first order
 * (the lower one first, 5 and 0 as [5, 0]). Adjacent hexes lie in exactly one sector: their
 * own direction. Exact integer arithmetic: cube coordinates preserve angles, so the sector is
 * the direction whose cube vector has the largest dot product with to - from.
 */
export function sectorsOf(from: Hex, to: Hex): Direction[] {
  const m = sectorMask(from, to);
  // Clockwise-first order; the pair across the 5 -> 0 wrap is [5, 0].
  if (m === 0b100001) return [5, 0];
  const out: Direction[] = [];
  for (let d = 0; d < 6; d++) if (m & (1 << d)) out.push(d as Direction);
  return out;
}

/** sectorsOf as a bit mask (bit d: direction d), without arrays: attackerRelation's hot path. */
function sectorMask(from: Hex, to: Hex): number {
  if (hexEquals(from, to)) throw new InputError([{ path: 'to', message: 'is the same hex as from: no direction' }]);
  // Cube coordinates of to - from (the plane x + y + z = 0 is an exact, scaled picture of the map).
  const x = to.q - from.q;
  const z = to.r - from.r;
  const y = -x - z;
  let best = Number.NEGATIVE_INFINITY;
  let mask = 0;
  for (let d = 0; d < 6; d++) {
    const c = DIR_CUBES[d];
    const dot = c[0] * x + c[1] * y + c[2] * z;
    if (dot > best) {
      best = dot;
      mask = 1 << d;
    } else if (dot === best) mask |= 1 << d;
  }
  return mask;
}

/**
 * One direction from `from` towards `to`: the sector containing it; on a sector boundary the
 * counter-clockwise-first of the two (the first of sectorsOf). Useful to face a distant hex.
 */
export function directionToward(from: Hex, to: Hex): Direction {
  return sectorsOf(from, to)[0];
}

const RANK: Record<Relation, number> = { front: 0, side: 1, rear: 2 };

/**
 * Where an attacker at `attacker` stands relative to a target at `target` facing `f`: front,
 * side or rear. Adjacent attackers are classified by their hex; distant ones (missiles) by the
 * 60-degree sector of the target that contains them. Tie rule: an attacker exactly on the line
 * between two sectors gets the more frontal of the two relations (the target is given the
 * benefit of the doubt, so no facing bonus is granted on a boundary that the figure could see).
 */
export function attackerRelation(target: Hex, f: number, attacker: Hex, frontCount: number = HUMAN_FRONT): Relation {
  const m = sectorMask(target, attacker);
  let best: Relation = 'rear';
  for (let d = 0; d < 6; d++) {
    if ((m & (1 << d)) === 0) continue;
    const r = relationOfDirection(f, d, frontCount);
    if (RANK[r] < RANK[best]) best = r;
  }
  return best;
}

/** Whether hex `h` is one of the front hexes of a figure at `at` facing `f`. */
export function isFrontHex(at: Hex, f: number, h: Hex, frontCount: number = HUMAN_FRONT): boolean {
  const d = hexSub(h, at);
  for (const fd of frontDirections(f, frontCount)) {
    const n = neighbor({ q: 0, r: 0 }, fd);
    if (n.q === d.q && n.r === d.r) return true;
  }
  return false;
}
