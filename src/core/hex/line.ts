// Hex lines and line of sight. The line is a cube-coordinate lerp sampled at distance+1 points
// and rounded; both ends are nudged by a tiny fixed epsilon so a line running exactly along a
// hex edge always falls to the same side (deterministic, no ties). Note that a->b and b->a can
// pick different sides of such an edge; callers that need symmetry test both.
import { type Hex, distance, hexRoundInto } from './coords.ts';

const EPS_Q = 1e-6;
const EPS_R = 2e-6;

/** The hexes from `a` to `b` inclusive: distance(a, b) + 1 hexes, each adjacent to the next. */
export function hexLine(a: Hex, b: Hex): Hex[] {
  const n = distance(a, b);
  const out: Hex[] = [];
  for (let i = 0; i <= n; i++) out.push(lineHex(a, b, n, i, { q: 0, r: 0 }));
  return out;
}

/**
 * Whether `a` sees `b`: no hex strictly between them on hexLine(a, b) blocks. The end hexes
 * never block (a figure does not block its own sight, nor hide its own hex). The hexes are
 * walked without building the line (the AI asks this for every shot it considers): `blocks`
 * gets one hex object, moved along the line, to read and not keep.
 */
export function lineOfSight(a: Hex, b: Hex, blocks: (h: Hex) => boolean): boolean {
  const n = distance(a, b);
  const h: Hex = { q: 0, r: 0 };
  for (let i = 1; i < n; i++) if (blocks(lineHex(a, b, n, i, h))) return false;
  return true;
}

/** Hex i of the n-step line from `a` to `b`, written into `out`. */
function lineHex(a: Hex, b: Hex, n: number, i: number, out: Hex): Hex {
  const aq = a.q + EPS_Q;
  const ar = a.r + EPS_R;
  const bq = b.q + EPS_Q;
  const br = b.r + EPS_R;
  const t = n === 0 ? 0 : i / n;
  return hexRoundInto(aq + (bq - aq) * t, ar + (br - ar) * t, out);
}
