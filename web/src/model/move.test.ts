import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance, hexKey } from '../../../src/core/hex/coords.ts';
import { onRectMap, optionsAfterMove, reachable } from './move.ts';

const open = () => true;

describe('movement preview', () => {
  it('reaches every hex within MA on an open map: 1 + 3k(k+1) hexes for MA k', () => {
    for (const ma of [1, 2, 4]) {
      const r = reachable({ from: { q: 0, r: 0 }, ma, engaged: false, blocked: new Set(), onMap: open });
      expect(r.size).toBe(1 + 3 * ma * (ma + 1));
      for (const x of r.values()) expect(x.maUsed).toBe(distance(x.hex, { q: 0, r: 0 }));
    }
  });

  it('goes around a wall and pays for it', () => {
    const blocked = new Set([hexKey({ q: 1, r: 0 })]);
    const r = reachable({ from: { q: 0, r: 0 }, ma: 3, engaged: false, blocked, onMap: open });
    expect(r.has('1,0')).toBe(false);
    expect(r.get('2,0')!.maUsed).toBe(3);
    expect(r.get('2,0')!.path).toHaveLength(3);
  });

  it('rough ground costs 2 MA', () => {
    const r = reachable({ from: { q: 0, r: 0 }, ma: 2, engaged: false, blocked: new Set(), cost: new Map([['1,0', 2]]), onMap: open });
    expect(r.get('1,0')!.maUsed).toBe(2);
    expect(r.has('2,0')).toBe(false);
  });

  it('an engaged figure only shifts 1 hex and stays next to its foe (tft-core)', () => {
    const foe = { q: 1, r: 0 };
    const r = reachable({ from: { q: 0, r: 0 }, ma: 10, engaged: true, blocked: new Set([hexKey(foe)]), onMap: open, engagedWith: [foe] });
    const keys = [...r.keys()].sort();
    expect(keys).toEqual(['0,0', '0,1', '1,-1'].sort());
  });

  it('every path is a chain of adjacent hexes within MA (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.array(fc.record({ q: fc.integer({ min: -4, max: 4 }), r: fc.integer({ min: -4, max: 4 }) }), { maxLength: 12 }), (ma, walls) => {
        const blocked = new Set(walls.map(hexKey).filter((k) => k !== '0,0'));
        const r = reachable({ from: { q: 0, r: 0 }, ma, engaged: false, blocked, onMap: open });
        for (const x of r.values()) {
          expect(x.path.length).toBe(x.maUsed);
          let prev = { q: 0, r: 0 };
          for (const h of x.path) {
            expect(distance(prev, h)).toBe(1);
            expect(blocked.has(hexKey(h))).toBe(false);
            prev = h;
          }
        }
      }),
    );
  });

  it('options after moving follow tft-core: 0-1 any, up to half MA attack/defend/dodge/drop, more none', () => {
    expect(optionsAfterMove(1, 10, false)).toEqual(['any action']);
    expect(optionsAfterMove(5, 10, false)).toContain('attack');
    expect(optionsAfterMove(6, 10, false)[0]).toMatch(/no action/);
  });

  it('the odd-r rectangle holds width x height hexes', () => {
    const on = onRectMap(5, 4);
    let n = 0;
    for (let q = -5; q < 10; q++) for (let r = -2; r < 7; r++) if (on({ q, r })) n++;
    expect(n).toBe(20);
  });
});
