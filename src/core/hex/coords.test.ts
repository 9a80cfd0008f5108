import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS, directionName, directionTo, distance, hex, hexRound, neighbor, neighbors } from './coords.ts';

const arbHex = fc.record({ q: fc.integer({ min: -1000, max: 1000 }), r: fc.integer({ min: -1000, max: 1000 }) });

describe('axial coordinates', () => {
  it('property: distance is a metric (identity, symmetry, triangle inequality)', () => {
    fc.assert(
      fc.property(arbHex, arbHex, arbHex, (a, b, c) => {
        expect(distance(a, a)).toBe(0);
        if (a.q !== b.q || a.r !== b.r) expect(distance(a, b)).toBeGreaterThan(0);
        expect(distance(a, b)).toBe(distance(b, a));
        expect(distance(a, c)).toBeLessThanOrEqual(distance(a, b) + distance(b, c));
      }),
    );
  });
  it('neighbours are at distance 1 and directionTo inverts neighbor', () => {
    const h = hex(3, -2);
    for (let d = 0; d < 6; d++) {
      expect(distance(h, neighbor(h, d))).toBe(1);
      expect(directionTo(h, neighbor(h, d))).toBe(d);
    }
    expect(neighbors(h)).toHaveLength(6);
    expect(directionTo(h, hex(5, -2))).toBeNull();
    expect(neighbor(h, -1)).toEqual(neighbor(h, 5));
  });
});

describe('direction names', () => {
  it('each direction is named for where its neighbour lies on the pointy-top map (x east, y south), and wraps mod 6', () => {
    for (let d = 0; d < 6; d++) {
      const { q, r } = DIRECTIONS[d];
      // Pixel offset of the neighbour (pointy-top): x = sqrt3 (q + r/2), y = 3/2 r, y down.
      const x = Math.sqrt(3) * (q + r / 2);
      const y = 1.5 * r;
      const expected = `${y > 0 ? 'S' : y < 0 ? 'N' : ''}${x > 0 ? 'E' : 'W'}`;
      expect(directionName(d)).toBe(expected);
      expect(directionName(d + 6)).toBe(expected);
      expect(directionName(d - 6)).toBe(expected);
    }
    expect(directionName(0.5)).toBe('?');
    expect(directionName(undefined)).toBe('?');
  });
});

describe('hexRound', () => {
  it('picks the nearest hex for fractional coordinates', () => {
    expect(hexRound(0.4, 0.4)).toEqual({ q: 0, r: 1 });
    expect(hexRound(-0.2, 0.1)).toEqual({ q: 0, r: 0 });
  });

  it('returns a hex within distance 1 of any point, and every hex rounds to itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), fc.double({ min: -0.49, max: 0.49, noNaN: true }), fc.double({ min: -0.49, max: 0.49, noNaN: true }), (q, r, dq, dr) => {
        expect(hexRound(q, r)).toEqual({ q, r });
        expect(distance(hexRound(q + dq, r + dr), { q, r })).toBeLessThanOrEqual(1);
      }),
    );
  });
});
