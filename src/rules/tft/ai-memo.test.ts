// The AI's remembered path searches (ai.ts reachable): a search answered from the memo equals
// a fresh search of the same position, and anything the search reads (a figure's hex, facing,
// being down or able to act, MA) changes the answer's key. tft-core movement: engagement stops
// a move; occupied hexes block (a body does not).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reachable } from './ai.ts';
import type { Direction, TftState } from './model.ts';
import { tftSystem } from './system.ts';

const base = () =>
  tftSystem.setup({
    system: 'tft',
    map: { width: 10, height: 8, terrain: [{ q: 4, r: 2, kind: 'wall' }, { q: 3, r: 4, kind: 'rough' }] },
    figures: [
      { id: 'a', side: 'x', st: 12, dx: 12, weapons: ['broadsword'], armor: 'leather', at: [2, 3], facing: 0 },
      { id: 'b', side: 'y', st: 12, dx: 12, weapons: ['broadsword'], at: [5, 3], facing: 3 },
      { id: 'c', side: 'x', st: 12, dx: 12, weapons: ['broadsword'], at: [2, 5], facing: 0 },
    ],
  }) as TftState;

/** The same state with a map object of its own: the memo has never seen it (a fresh search). */
const fresh = (s: TftState): TftState => ({ ...tftSystem.clone(s), map: structuredClone(s.map) });

describe('AI path search memo', () => {
  it('a remembered search equals a fresh one, whatever the figures hexes, facings and states', () => {
    const hex = fc.record({ q: fc.integer({ min: 0, max: 7 }), r: fc.integer({ min: 0, max: 7 }) });
    fc.assert(
      fc.property(hex, hex, fc.integer({ min: 0, max: 5 }), fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 10 }), (hb, hc, facing, prone, able, ma) => {
        const s = base();
        const [a, b, c] = s.figures;
        if ((hb.q === a.pos.q && hb.r === a.pos.r) || (hc.q === a.pos.q && hc.r === a.pos.r) || (hb.q === hc.q && hb.r === hc.r)) return;
        b.pos = hb;
        c.pos = hc;
        b.facing = facing as Direction;
        b.prone = prone;
        c.woundFx.canAct = able;
        const first = reachable(s, a, ma);
        const s2 = tftSystem.clone(s); // shares the map: answered from the memo
        const again = reachable(s2, s2.figures[0], ma);
        expect(again).toBe(first);
        expect(reachable(fresh(s), a, ma)).toEqual(first);
      }),
      { numRuns: 150 },
    );
  });

  it('a change the search depends on is a different answer (an enemy turning its front away frees the way)', () => {
    const s = base();
    const [a, b] = s.figures;
    b.pos = { q: 4, r: 3 };
    b.facing = 3; // facing a: the hexes in front of it stop a's move
    const facingA = reachable(s, a, 8);
    b.facing = 0; // its back to a
    const turned = reachable(s, a, 8);
    expect(turned).not.toBe(facingA);
    expect(turned).toEqual(reachable(fresh(s), a, 8));
    expect(turned.length).toBeGreaterThanOrEqual(facingA.length);
  });
});
