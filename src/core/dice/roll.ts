// Rolling notation against a DiceSource. Every roll returns its faces, so the log can show the
// dice and not only the total; the hot-loop helpers return a sum and allocate nothing.
import { type DiceExpr, formatDice, parseDiceCached } from './notation.ts';
import { type DiceSource, SeededDice } from './source.ts';

export interface DiceRoll {
  /** Canonical notation of what was rolled ("2d6+1"). */
  notation: string;
  /** Every face, in the order the dice groups are written (subtracted groups included). */
  faces: number[];
  /** Sides of each face's die (same length as faces). */
  sides: number[];
  /** The summed constants. */
  modifier: number;
  total: number;
}

export { parseDiceCached } from './notation.ts';

// Canonical text per (frozen) expression, so a hot rollDice does not rebuild it.
const notationOf = new WeakMap<DiceExpr, string>();
function canonical(e: DiceExpr): string {
  let t = notationOf.get(e);
  if (t === undefined) {
    t = formatDice(e);
    notationOf.set(e, t);
  }
  return t;
}

/** Rolls `expr` (an expression or notation text) with faces from `src`. */
export function rollDice(expr: DiceExpr | string, src: DiceSource): DiceRoll {
  const e = typeof expr === 'string' ? parseDiceCached(expr) : expr;
  const faces: number[] = [];
  const sides: number[] = [];
  let total = e.modifier;
  for (const g of e.dice) {
    for (let i = 0; i < g.count; i++) {
      const f = src.face(g.sides);
      faces.push(f);
      sides.push(g.sides);
      total += g.sign * f;
    }
  }
  return { notation: canonical(e), faces, sides, modifier: e.modifier, total };
}

/** The total of `expr` without keeping faces (same faces, same order as rollDice). */
export function rollTotal(expr: DiceExpr | string, src: DiceSource): number {
  const e = typeof expr === 'string' ? parseDiceCached(expr) : expr;
  let total = e.modifier;
  for (const g of e.dice) total += g.sign * rollSum(src, g.count, g.sides);
  return total;
}

/**
 * The sum of n dice of `sides` sides; no allocation. From a SeededDice it runs the generator
 * inline; from any source it draws exactly the faces n calls of face(sides) would.
 */
export function rollSum(src: DiceSource, n: number, sides: number): number {
  if (src instanceof SeededDice) return src.sum(n, sides);
  let t = 0;
  for (let i = 0; i < n; i++) t += src.face(sides);
  return t;
}

/**
 * The sum of n d6 (the TFT roll: 3d6 to hit, 4d6 dodged, Nd6 thread rolls). No allocation;
 * from a SeededDice it runs the generator inline (SeededDice#sum), same faces as face(6).
 */
export function rollNd6Sum(src: DiceSource, n: number): number {
  if (src instanceof SeededDice) return src.sum(n, 6);
  let t = 0;
  for (let i = 0; i < n; i++) t += src.face(6);
  return t;
}
