// The TFT editor's map, pure: the board a draft's size gives, its terrain painted a hex at a time
// (one kind per hex), figures placed by a click, and the figures as the table's map draws them.
import type { Hex } from '../../../src/core/hex/coords.ts';
import { onMapAt } from '../../../src/rules/tft/core.ts';
import { sideColorsOf } from '../map/sides.ts';
import type { FigureView } from '../model/view.ts';
import { distinctNames } from '../model/view.ts';
import { figureIds, int } from './draft.ts';

export const TERRAIN_KINDS = ['wall', 'rough', 'water'] as const;
export type TerrainKind = (typeof TERRAIN_KINDS)[number];
export interface TerrainHex {
  q: number;
  r: number;
  kind: TerrainKind;
}

/** What a click on the map does: place figure `figure` (its index), paint a kind, or clear a hex. */
export type MapTool = { figure: number } | { paint: TerrainKind } | 'clear';

/** The board's size when both are whole numbers from 3 to 60 (the editor's bounds), else null. */
export function boardSize(width: string, height: string): { w: number; h: number } | null {
  const w = int(width);
  const h = int(height);
  return w >= 3 && w <= 60 && h >= 3 && h <= 60 ? { w, h } : null;
}

/** Whether q,r is on the w×h board: the engine's onMapAt. */
export const onBoard = (q: number, r: number, w: number, h: number): boolean => onMapAt({ map: { width: w, height: h } }, q, r);

/**
 * The terrain after painting `kind` at `at` (or clearing it with null): one kind per hex, so the
 * new kind replaces another; painting the kind the hex already has clears it.
 */
export function paintHex(terrain: readonly TerrainHex[], at: Hex, kind: TerrainKind | null): TerrainHex[] {
  const rest = terrain.filter((t) => t.q !== at.q || t.r !== at.r);
  const had = terrain.find((t) => t.q === at.q && t.r === at.r);
  return kind === null || had?.kind === kind ? rest : [...rest, { q: at.q, r: at.r, kind }];
}

/** The terrain of the scenario: on the board only, one per hex, sorted by row then q. */
export function boardTerrain(terrain: readonly TerrainHex[], w: number, h: number): TerrainHex[] {
  const byHex = new Map(terrain.filter((t) => onBoard(t.q, t.r, w, h)).map((t) => [`${t.q},${t.r}`, t]));
  return [...byHex.values()].sort((a, b) => a.r - b.r || a.q - b.q).map((t) => ({ q: t.q, r: t.r, kind: t.kind }));
}

/** The painted hexes the board no longer holds (the size shrank): left out of the scenario, said in a note. */
export function offBoardNote(terrain: readonly TerrainHex[], w: number, h: number): string | null {
  const off = terrain.filter((t) => !onBoard(t.q, t.r, w, h));
  if (off.length === 0) return null;
  const list = off.map((t) => `${t.kind} at ${t.q},${t.r}`).join(', ');
  return `${off.length} painted ${off.length === 1 ? 'hex is' : 'hexes are'} off the ${w}×${h} map and left out: ${list}`;
}

/** What a click at `at` changes in the draft with `tool`: the placed figure's q and r, or the terrain. */
export function applyTool<F extends { q: string; r: string }>(d: { figures: F[]; terrain: TerrainHex[] }, tool: MapTool, at: Hex): { figures: F[] } | { terrain: TerrainHex[] } {
  if (typeof tool === 'object' && 'figure' in tool) return { figures: d.figures.map((f, i) => (i === tool.figure ? { ...f, q: String(at.q), r: String(at.r) } : f)) };
  return { terrain: paintHex(d.terrain, at, tool === 'clear' ? null : tool.paint) };
}

/**
 * The draft's figures as the table's map draws them (ids from the names, tokens told apart by
 * distinctNames), each at its typed hex; a figure whose q or r is not a whole number is left off.
 */
export function draftFigureViews(figures: readonly { name: string; side: string; q: string; r: string; facing: string }[]): FigureView[] {
  const ids = figureIds(figures.map((f) => f.name));
  const views = figures.map((f, i): FigureView => {
    const q = int(f.q);
    const r = int(f.r);
    const facing = int(f.facing);
    return {
      id: ids[i],
      name: f.name.trim() || ids[i],
      side: f.side.trim(),
      hex: Number.isNaN(q) || Number.isNaN(r) ? undefined : { q, r },
      facing: Number.isNaN(facing) ? undefined : facing,
      state: 'healthy',
      prone: false,
      engaged: false,
      frontCount: 3,
      markers: [],
      firearms: [],
      raw: {},
    };
  });
  return distinctNames(views);
}

/** Each side's colour, the sides in the order the figures first name them (as the engine lists them). */
export function sideColours(figures: readonly { side: string }[]): Record<string, string> {
  const sides = [...new Set(figures.map((f) => f.side.trim()))];
  return sideColorsOf(sides);
}
