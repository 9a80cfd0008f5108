import { describe, expect, it } from 'vitest';
import { distance, hex } from './coords.ts';
import { scatter, scatterDirection } from './scatter.ts';

describe('grenade scatter (R-H12, f04d4dae)', () => {
  it('R-H12: face 1 is east, faces go clockwise', () => {
    expect([1, 2, 3, 4, 5, 6].map(scatterDirection)).toEqual([0, 1, 2, 3, 4, 5]);
  });
  it('R-H12: lands `distance` hexes away in that direction', () => {
    expect(scatter(hex(5, 5), 1, 3)).toEqual(hex(8, 5));
    expect(scatter(hex(5, 5), 4, 2)).toEqual(hex(3, 5));
    for (let f = 1; f <= 6; f++) for (let d = 1; d <= 6; d++) expect(distance(hex(0, 0), scatter(hex(0, 0), f, d))).toBe(d);
  });
  it('rejects a face that is not 1..6 and a bad distance, naming the field', () => {
    expect(() => scatter(hex(0, 0), 7, 1)).toThrow(/directionFace/);
    expect(() => scatter(hex(0, 0), 0, 1)).toThrow(/directionFace/);
    expect(() => scatter(hex(0, 0), 1, -1)).toThrow(/distance/);
  });
});
