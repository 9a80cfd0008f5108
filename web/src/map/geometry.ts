// Screen geometry of the pointy-top axial hex map (src/core/hex/coords.ts): hex <-> pixel,
// the corners of a hex, the view box around a set of hexes, and facing angles. Pure, so the
// map component stays a thin SVG renderer and these are unit-tested.
import { DIRECTIONS, type Hex, distance, hexAdd, hexKey, hexRound } from '../../../src/core/hex/coords.ts';

const SQRT3 = Math.sqrt(3);

export interface Point {
  x: number;
  y: number;
}

/** Centre of hex `h` for hexes of circumradius `size` (pointy-top: q runs east, r south-east). */
export function hexToPixel(h: Hex, size: number): Point {
  return { x: size * SQRT3 * (h.q + h.r / 2), y: size * 1.5 * h.r };
}

/** The hex under pixel `p` (inverse of hexToPixel). */
export function pixelToHex(p: Point, size: number): Hex {
  const q = ((SQRT3 / 3) * p.x - p.y / 3) / size;
  const r = ((2 / 3) * p.y) / size;
  return hexRound(q, r);
}

/** The six corners of a pointy-top hex, clockwise from the top, as an SVG points string. */
export function hexPoints(center: Point, size: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 90);
    pts.push(`${round2(center.x + size * Math.cos(a))},${round2(center.y + size * Math.sin(a))}`);
  }
  return pts.join(' ');
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Screen angle in degrees (clockwise from east, SVG's y points down) of direction `d` 0..5. */
export function facingAngle(d: number): number {
  return (((d % 6) + 6) % 6) * 60;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The view box that holds every hex of `hexes` with a margin of `pad` pixels. */
export function boundsOf(hexes: readonly Hex[], size: number, pad = size): Box {
  if (hexes.length === 0) return { x: -size - pad, y: -size - pad, w: 2 * (size + pad), h: 2 * (size + pad) };
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  const halfW = (SQRT3 / 2) * size;
  for (const h of hexes) {
    const c = hexToPixel(h, size);
    minX = Math.min(minX, c.x - halfW);
    maxX = Math.max(maxX, c.x + halfW);
    minY = Math.min(minY, c.y - size);
    maxY = Math.max(maxY, c.y + size);
  }
  return { x: minX - pad, y: minY - pad, w: maxX - minX + 2 * pad, h: maxY - minY + 2 * pad };
}

/**
 * The hexes of a rectangular board `width` columns by `height` rows laid out as offset rows
 * ("odd-r": every other row shifted half a hex), which is how printed TFT maps look, in axial
 * coordinates. Column c of row r is q = c - floor(r / 2).
 */
export function rectangleHexes(width: number, height: number, origin: Hex = { q: 0, r: 0 }): Hex[] {
  const out: Hex[] = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) out.push({ q: origin.q + c - Math.floor(r / 2), r: origin.r + r });
  }
  return out;
}

/** Every hex within `radius` of any of `around` (to pad a map that is only known by its figures). */
export function hexesAround(around: readonly Hex[], radius: number): Hex[] {
  const seen = new Map<string, Hex>();
  for (const c of around) {
    for (let dq = -radius; dq <= radius; dq++) {
      for (let dr = Math.max(-radius, -dq - radius); dr <= Math.min(radius, -dq + radius); dr++) {
        const h = { q: c.q + dq, r: c.r + dr };
        if (distance(h, c) <= radius) seen.set(hexKey(h), h);
      }
    }
  }
  return [...seen.values()];
}

/** Arc of an adjacent hex relative to a figure facing `facing` with the usual 3 front hexes. */
export type Arc = 'front' | 'side' | 'rear';

/**
 * The adjacent hexes of a figure at `at` facing `facing`, each with its arc: `frontCount`
 * front hexes centred on the facing (3 for humans, 6 with Eyes Behind), then the sides, then
 * the rear. A display helper for the map; the rules use src/core/hex/facing.ts.
 */
export function adjacentArcs(at: Hex, facing: number, frontCount = 3): { hex: Hex; arc: Arc }[] {
  const out: { hex: Hex; arc: Arc }[] = [];
  for (let d = 0; d < 6; d++) {
    const off = (((d - facing) % 6) + 6) % 6; // 0 ahead, 1/5 front flanks, 2/4 sides, 3 behind
    const step = Math.min(off, 6 - off);
    let arc: Arc;
    if (frontCount >= 6) arc = 'front';
    else if (step <= (frontCount - 1) / 2) arc = 'front';
    else if (step === 3) arc = 'rear';
    else arc = 'side';
    out.push({ hex: hexAdd(at, DIRECTIONS[d]), arc });
  }
  return out;
}

/** Clamps a zoom factor to the range the map allows. */
export function clampZoom(z: number, min = 0.35, max = 4): number {
  return Math.min(max, Math.max(min, z));
}

/**
 * Zooms the view box `box` by `factor` (>1 zooms in) keeping the map point `focus` fixed on
 * screen, as a pinch or wheel does.
 */
export function zoomBox(box: Box, factor: number, focus: Point): Box {
  const w = box.w / factor;
  const h = box.h / factor;
  return { x: focus.x - (focus.x - box.x) / factor, y: focus.y - (focus.y - box.y) / factor, w, h };
}
