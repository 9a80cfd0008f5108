import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance, hex, hexEquals, hexKey } from './coords.ts';
import { spiral } from './rings.ts';
import {
  isMegahexCenter,
  megahexCoords,
  megahexDistance,
  megahexMembers,
  megahexOf,
  megahexesToMetres,
  metresToMegahexes,
} from './megahex.ts';

const arbHex = fc.record({ q: fc.integer({ min: -200, max: 200 }), r: fc.integer({ min: -200, max: 200 }) });

describe('megahexes (R-H1, f04d4dae)', () => {
  it('the origin is a centre and its neighbours belong to it', () => {
    expect(isMegahexCenter(hex(0, 0))).toBe(true);
    for (const h of megahexMembers(hex(0, 0))) expect(megahexOf(h)).toEqual(hex(0, 0));
  });
  it('the lattice: (2,1) and (-1,3) are neighbouring centres, 1 MH apart', () => {
    expect(isMegahexCenter(hex(2, 1))).toBe(true);
    expect(isMegahexCenter(hex(-1, 3))).toBe(true);
    expect(megahexCoords(hex(2, 1))).toEqual(hex(1, 0));
    expect(megahexDistance(hex(0, 0), hex(2, 1))).toBe(1);
    expect(megahexDistance(hex(1, 0), hex(1, 1))).toBe(1); // different megahexes, adjacent hexes
    expect(megahexDistance(hex(1, 0), hex(0, 1))).toBe(0);
  });
  it('property: every hex lies in exactly one megahex', () => {
    fc.assert(
      fc.property(arbHex, (h) => {
        const c = megahexOf(h);
        expect(isMegahexCenter(c)).toBe(true);
        expect(distance(c, h)).toBeLessThanOrEqual(1);
        const owners = spiral(h, 1).filter(isMegahexCenter);
        expect(owners).toHaveLength(1);
        expect(hexEquals(owners[0], c)).toBe(true);
      }),
    );
  });
  it('property: megahexes tile a region without overlap', () => {
    const region = spiral(hex(0, 0), 6);
    const byCentre = new Map<string, number>();
    for (const h of region) {
      const k = hexKey(megahexOf(h));
      byCentre.set(k, (byCentre.get(k) ?? 0) + 1);
    }
    expect([...byCentre.values()].every((n) => n >= 1 && n <= 7)).toBe(true);
    expect([...byCentre.values()].reduce((a, b) => a + b, 0)).toBe(region.length);
  });
  it('property: megahex distance is a metric and about a third of the hex distance', () => {
    fc.assert(
      fc.property(arbHex, arbHex, arbHex, (a, b, c) => {
        expect(megahexDistance(a, b)).toBe(megahexDistance(b, a));
        expect(megahexDistance(a, c)).toBeLessThanOrEqual(megahexDistance(a, b) + megahexDistance(b, c));
        const d = distance(megahexOf(a), megahexOf(b));
        // each megahex step moves the centre by hex distance 3 at most and sqrt(7)-ish on average
        expect(megahexDistance(a, b) * 3).toBeGreaterThanOrEqual(d);
      }),
    );
  });
  it('R-H1: 1 megahex = 4 m', () => {
    expect(megahexesToMetres(7)).toBe(28);
    expect(metresToMegahexes(100)).toBe(25);
  });
  it('rejects a fractional hex and a non-centre', () => {
    expect(() => megahexOf(hex(0.5, 0))).toThrow(/hex/);
    expect(() => megahexMembers(hex(1, 0))).toThrow(/center/);
  });
});
