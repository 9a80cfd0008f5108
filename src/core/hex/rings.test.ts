import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance, hex, hexKey } from './coords.ts';
import { ring, spiral } from './rings.ts';

describe('rings and spirals', () => {
  it('ring 0 is the centre', () => {
    expect(ring(hex(2, 3), 0)).toEqual([hex(2, 3)]);
  });
  it('property: a ring has 6k distinct hexes at distance k', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }), fc.integer({ min: 1, max: 12 }), (q, r, k) => {
        const c = hex(q, r);
        const ring_ = ring(c, k);
        expect(ring_).toHaveLength(6 * k);
        expect(new Set(ring_.map(hexKey)).size).toBe(6 * k);
        for (const h of ring_) expect(distance(c, h)).toBe(k);
      }),
    );
  });
  it('spiral holds 1 + 3k(k+1) distinct hexes within k', () => {
    const s = spiral(hex(0, 0), 3);
    expect(s).toHaveLength(37);
    expect(new Set(s.map(hexKey)).size).toBe(37);
    expect(Math.max(...s.map((h) => distance(hex(0, 0), h)))).toBe(3);
  });
  it('rejects a negative or fractional radius', () => {
    expect(() => ring(hex(0, 0), -1)).toThrow(/radius/);
    expect(() => spiral(hex(0, 0), 1.5)).toThrow(/radius/);
  });
});
