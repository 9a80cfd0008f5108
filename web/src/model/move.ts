// Movement preview for the map (TFT): which hexes a figure can reach this movement phase, the
// path to each and the MA it uses, and which actions stay open after that move (tft-core
// "Turn sequence": 0-1 hex any option; up to half MA attack, defend, dodge, drop; more than
// half MA no action; engaged figures only shift 1 hex). A preview only: the server decides.
import { type Hex, distance, hexKey, neighbors } from '../../../src/core/hex/coords.ts';

export interface MoveInput {
  from: Hex;
  /** Effective MA this turn (after armor and wounds). */
  ma: number;
  engaged: boolean;
  /** Hexes the figure may not enter (walls, other figures). */
  blocked: ReadonlySet<string>;
  /** Extra cost per hex key (rough, water: 2). */
  cost?: ReadonlyMap<string, number>;
  /** Whether a hex is on the map. */
  onMap: (h: Hex) => boolean;
  /** For an engaged figure: the enemies it must stay adjacent to (tft-core: the 1-hex shift). */
  engagedWith?: Hex[];
}

export interface Reach {
  hex: Hex;
  path: Hex[];
  maUsed: number;
}

/** Cheapest paths (Dijkstra on small integer costs) to every hex within MA. */
export function reachable(m: MoveInput): Map<string, Reach> {
  const out = new Map<string, Reach>();
  out.set(hexKey(m.from), { hex: m.from, path: [], maUsed: 0 });
  if (m.engaged) {
    for (const n of neighbors(m.from)) {
      const k = hexKey(n);
      if (!m.onMap(n) || m.blocked.has(k)) continue;
      if (m.engagedWith && m.engagedWith.length > 0 && !m.engagedWith.some((e) => distance(e, n) === 1)) continue;
      out.set(k, { hex: n, path: [n], maUsed: 1 });
    }
    return out;
  }
  const frontier: Reach[] = [out.get(hexKey(m.from))!];
  while (frontier.length > 0) {
    frontier.sort((a, b) => a.maUsed - b.maUsed);
    const cur = frontier.shift()!;
    for (const n of neighbors(cur.hex)) {
      const k = hexKey(n);
      if (!m.onMap(n) || m.blocked.has(k)) continue;
      const used = cur.maUsed + (m.cost?.get(k) ?? 1);
      if (used > m.ma) continue;
      const prev = out.get(k);
      if (prev && prev.maUsed <= used) continue;
      const r = { hex: n, path: [...cur.path, n], maUsed: used };
      out.set(k, r);
      frontier.push(r);
    }
  }
  return out;
}

/** The actions still open after moving `used` of `ma` (tft-core movement limits). */
export function optionsAfterMove(used: number, ma: number, engaged: boolean): string[] {
  if (engaged) return used === 0 ? ['attack', 'defend', 'change weapon', 'disengage', 'pick up'] : ['attack', 'defend'];
  if (used <= 1) return ['any action'];
  if (used <= Math.floor(ma / 2)) return ['attack', 'defend', 'dodge', 'drop'];
  return ['no action (moved more than half MA)'];
}

/** The TFT map's odd-r rectangle test (model.ts: 0 <= r < height, 0 <= q + floor(r/2) < width). */
export function onRectMap(width: number, height: number): (h: Hex) => boolean {
  return (h) => h.r >= 0 && h.r < height && h.q + Math.floor(h.r / 2) >= 0 && h.q + Math.floor(h.r / 2) < width;
}
