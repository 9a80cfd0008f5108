import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { hex, hexEquals, neighbor } from './coords.ts';
import { coveringArcs, fitsOneArc, frontHexes, isContiguousArc, sweepArc } from './arcs.ts';
import { isFrontHex } from './facing.ts';

const o = hex(0, 0);
const n = (d: number) => neighbor(o, d);

describe('front hexes in clockwise order', () => {
  it('human facing east: NE, E, SE', () => {
    expect(frontHexes(o, 0, 3)).toEqual([n(5), n(0), n(1)]);
  });
});

describe('sweep arcs (R-S4, 931c742c)', () => {
  it('R-S4: clockwise from the left front hex to the right one passes the centre', () => {
    expect(sweepArc(o, 0, 3, n(5), n(1), 'cw')).toEqual([n(5), n(0), n(1)]);
  });
  it('R-S4: counter-clockwise arc is rolled in reverse order', () => {
    expect(sweepArc(o, 0, 3, n(1), n(5), 'ccw')).toEqual([n(1), n(0), n(5)]);
  });
  it('R-S4: a human arc cannot go round the back', () => {
    expect(() => sweepArc(o, 0, 3, n(5), n(1), 'ccw')).toThrow(/spin/);
  });
  it('R-S4: targets must be front hexes', () => {
    expect(() => sweepArc(o, 0, 3, n(3), n(1), 'cw')).toThrow(InputError);
    expect(() => sweepArc(o, 0, 3, n(5), hex(3, 3), 'cw')).toThrow(/last/);
  });
  it('R-S4: with 6 front hexes the arc wraps around', () => {
    expect(sweepArc(o, 0, 6, n(2), n(0), 'cw')).toEqual([n(2), n(3), n(4), n(5), n(0)]);
    expect(sweepArc(o, 0, 6, n(1), n(0), 'cw')).toHaveLength(6);
  });
  it('an arc of one hex', () => {
    expect(sweepArc(o, 0, 3, n(0), n(0), 'cw')).toEqual([n(0)]);
  });
  it('property: arcs contain only front hexes and are contiguous', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom('cw' as const, 'ccw' as const),
        (f, count, i, j, spin) => {
          const front = frontHexes(o, f, count);
          const a = front[i % count];
          const b = front[j % count];
          let arc: ReturnType<typeof sweepArc>;
          try {
            arc = sweepArc(o, f, count, a, b, spin);
          } catch (e) {
            expect(e).toBeInstanceOf(InputError);
            return;
          }
          expect(hexEquals(arc[0], a)).toBe(true);
          expect(hexEquals(arc[arc.length - 1], b)).toBe(true);
          for (const h of arc) expect(isFrontHex(o, f, h, count)).toBe(true);
          expect(isContiguousArc(o, arc)).toBe(true);
        },
      ),
    );
  });
});

describe('covering arcs', () => {
  it('two outer front hexes of a human: one arc, listed both ways', () => {
    const arcs = coveringArcs(o, 0, 3, [n(5), n(1)]);
    expect(arcs.map((a) => a.spin).sort()).toEqual(['ccw', 'cw']);
    for (const a of arcs) expect(a.hexes).toHaveLength(3);
  });
  it('opposite hexes with Eyes Behind: two ways round, each in both spins', () => {
    const arcs = coveringArcs(o, 0, 6, [n(0), n(3)]);
    expect(arcs).toHaveLength(4);
    expect(fitsOneArc(o, 0, 6, [n(0), n(3)])).toBe(true);
  });
  it('a set that fits', () => {
    expect(fitsOneArc(o, 0, 3, [n(5), n(0)])).toBe(true);
    expect(fitsOneArc(o, 0, 3, [])).toBe(true);
  });
  it('non-front hexes are rejected by index', () => {
    expect(() => coveringArcs(o, 0, 3, [n(0), n(3)])).toThrow(/hexes\[1\]/);
  });
  it('property: a 4-front figure covers any subset of its front hexes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.subarray([0, 1, 2, 3], { minLength: 1 }), (f, idx) => {
        const front = frontHexes(o, f, 4);
        const set = idx.map((i) => front[i]);
        const arcs = coveringArcs(o, f, 4, set);
        expect(arcs.length).toBeGreaterThan(0);
        for (const a of arcs) {
          for (const h of set) expect(a.hexes.some((x) => hexEquals(x, h))).toBe(true);
          expect(isContiguousArc(o, a.hexes)).toBe(true);
        }
      }),
    );
  });
  it('isContiguousArc rejects a gap and a repeat', () => {
    expect(isContiguousArc(o, [n(5), n(1)])).toBe(false);
    expect(isContiguousArc(o, [n(0), n(1), n(0)])).toBe(false);
  });
});
