import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance, hex, hexEquals, hexKey } from './coords.ts';
import { hexLine, lineOfSight } from './line.ts';

const arbHex = fc.record({ q: fc.integer({ min: -30, max: 30 }), r: fc.integer({ min: -30, max: 30 }) });

describe('hex lines', () => {
  it('a straight line along a direction', () => {
    expect(hexLine(hex(0, 0), hex(3, 0))).toEqual([hex(0, 0), hex(1, 0), hex(2, 0), hex(3, 0)]);
  });
  it('a line along a hex edge is deterministic (the nudge picks one side)', () => {
    const l1 = hexLine(hex(0, 0), hex(2, -1));
    const l2 = hexLine(hex(0, 0), hex(2, -1));
    expect(l1).toEqual(l2);
    expect(l1).toHaveLength(3);
  });
  it('property: distance+1 hexes from a to b, each adjacent to the next', () => {
    fc.assert(
      fc.property(arbHex, arbHex, (a, b) => {
        const l = hexLine(a, b);
        expect(l).toHaveLength(distance(a, b) + 1);
        expect(hexEquals(l[0], a)).toBe(true);
        expect(hexEquals(l[l.length - 1], b)).toBe(true);
        for (let i = 0; i + 1 < l.length; i++) expect(distance(l[i], l[i + 1])).toBe(1);
      }),
    );
  });
});

describe('line of sight', () => {
  it('only hexes strictly between block', () => {
    const wall = new Set([hexKey(hex(2, 0))]);
    const blocks = (h: { q: number; r: number }) => wall.has(hexKey(h));
    expect(lineOfSight(hex(0, 0), hex(4, 0), blocks)).toBe(false);
    expect(lineOfSight(hex(0, 0), hex(2, 0), blocks)).toBe(true);
    expect(lineOfSight(hex(2, 0), hex(4, 0), blocks)).toBe(true);
    expect(lineOfSight(hex(0, 0), hex(0, 4), blocks)).toBe(true);
  });
  it('property: it asks about exactly the hexes strictly between on hexLine(a, b), in order', () => {
    fc.assert(
      fc.property(arbHex, arbHex, fc.integer({ min: 0, max: 40 }), (a, b, stopAt) => {
        const asked: string[] = [];
        const seen = lineOfSight(a, b, (h) => {
          asked.push(hexKey(h));
          return asked.length > stopAt;
        });
        const between = hexLine(a, b).slice(1, -1).map(hexKey);
        expect(asked).toEqual(between.slice(0, Math.min(between.length, stopAt + 1)));
        expect(seen).toBe(between.length <= stopAt);
      }),
    );
  });
});

