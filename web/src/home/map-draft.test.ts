import { describe, expect, it } from 'vitest';
import { systems } from '../../../src/rules/index.ts';
import { type TerrainHex, applyTool, boardSize, draftFigureViews, offBoardNote, paintHex, sideColours } from './map-draft.ts';
import { blankTft, tftDraftToScenario } from './tft-draft.ts';

const wall = (q: number, r: number): TerrainHex => ({ q, r, kind: 'wall' });

describe("the editor's map", () => {
  it('paints one kind per hex: a new kind replaces the old, the same kind again clears it, and clear empties the hex', () => {
    const t1 = paintHex([], { q: 2, r: 1 }, 'wall');
    expect(t1).toEqual([wall(2, 1)]);
    const t2 = paintHex(t1, { q: 2, r: 1 }, 'water');
    expect(t2).toEqual([{ q: 2, r: 1, kind: 'water' }]);
    expect(paintHex(t2, { q: 2, r: 1 }, 'water')).toEqual([]);
    const t3 = paintHex(t2, { q: 0, r: 0 }, 'rough');
    expect(paintHex(t3, { q: 2, r: 1 }, null)).toEqual([{ q: 0, r: 0, kind: 'rough' }]);
    expect(paintHex(t3, { q: 5, r: 5 }, null)).toEqual(t3);
  });

  it("places the chosen figure where the map is clicked (its q and r fields follow), leaving its facing and the others as they are", () => {
    const d = blankTft();
    const out = applyTool(d, { figure: 1 }, { q: -1, r: 3 });
    expect('figures' in out && out.figures.map((f) => [f.q, f.r, f.facing])).toEqual([
      ['2', '3', '0'],
      ['-1', '3', '3'],
    ]);
    expect(applyTool(d, { paint: 'rough' }, { q: 0, r: 0 })).toEqual({ terrain: [{ q: 0, r: 0, kind: 'rough' }] });
    expect(applyTool({ ...d, terrain: [wall(0, 0)] }, 'clear', { q: 0, r: 0 })).toEqual({ terrain: [] });
  });

  it('builds a fight painted and placed by clicks that the engine sets up with that terrain and those positions', () => {
    let d = blankTft();
    const click = (tool: Parameters<typeof applyTool>[1], q: number, r: number) => {
      d = { ...d, ...applyTool(d, tool, { q, r }) };
    };
    for (const r of [0, 1, 2, 3]) click({ paint: 'wall' }, 5 - Math.floor(r / 2), r);
    click({ paint: 'rough' }, 7, 4);
    click({ figure: 0 }, 1, 1);
    click({ figure: 1 }, 6, 5);
    const state = systems.tft.setup(tftDraftToScenario(d)) as { map: { terrain: TerrainHex[] }; figures: { id: string; pos: { q: number; r: number } }[] };
    expect(state.map.terrain).toEqual([wall(5, 0), wall(5, 1), wall(4, 2), wall(4, 3), { q: 7, r: 4, kind: 'rough' }]);
    expect(state.figures.map((f) => [f.id, f.pos.q, f.pos.r])).toEqual([
      ['hero', 1, 1],
      ['foe-1', 6, 5],
    ]);
  });

  it('names the painted hexes a smaller map leaves out', () => {
    expect(offBoardNote([wall(0, 0), wall(9, 0), { q: 1, r: 6, kind: 'water' }], 8, 6)).toBe('2 painted hexes are off the 8×6 map and left out: wall at 9,0, water at 1,6');
    expect(offBoardNote([wall(9, 0)], 8, 6)).toBe('1 painted hex is off the 8×6 map and left out: wall at 9,0');
    expect(offBoardNote([wall(0, 0)], 8, 6)).toBeNull();
  });

  it('draws the figures as the table does: ids from the names, tokens told apart, sides coloured in the order they appear', () => {
    const figs = [
      { name: 'Orc', side: 'foes', q: '1', r: '2', facing: '3' },
      { name: 'Orc', side: 'foes', q: 'x', r: '2', facing: '3' },
      { name: 'Ann', side: 'heroes', q: '0', r: '0', facing: '0' },
    ];
    const v = draftFigureViews(figs);
    expect(v.map((f) => [f.id, f.short, f.hex, f.facing])).toEqual([
      ['orc', 'O1', { q: 1, r: 2 }, 3],
      ['orc-2', 'O2', undefined, 3],
      ['ann', 'An', { q: 0, r: 0 }, 0],
    ]);
    expect(sideColours(figs)).toEqual({ foes: '#c0533a', heroes: '#3f7cc4' });
    expect([boardSize('12', '8'), boardSize('2', '8'), boardSize('12', 'x')]).toEqual([{ w: 12, h: 8 }, null, null]);
  });
});
