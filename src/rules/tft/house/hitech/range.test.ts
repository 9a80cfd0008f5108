import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../core/errors.ts';
import { pistolRangeModifier, rangeEntry, rifleLongRangeModifier, rifleRangeModifier, thrownRangeModifier } from './range.ts';

describe('firearm range [f04d4dae]', () => {
  it('R-H2: rifle bands 1-2 MH 0, 3-4 -1, 5-6 -2, 7-13 -4 (the explicit band wins over max -3)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 13].map(rifleRangeModifier)).toEqual([0, 0, 0, -1, -1, -2, -2, -4, -4, -4]);
  });

  it('R-H2: beyond 13 MH -5 to 100 m, -6 to 150 m, -7 to 200 m, then -1 per 50 m', () => {
    expect(rifleRangeModifier(14)).toBe(-5); // 56 m
    expect(rifleRangeModifier(25)).toBe(-5); // 100 m
    expect(rifleRangeModifier(26)).toBe(-6); // 104 m
    expect(rifleRangeModifier(37)).toBe(-6); // 148 m
    expect(rifleRangeModifier(38)).toBe(-7); // 152 m
    expect(rifleRangeModifier(50)).toBe(-7); // 200 m
    expect(rifleRangeModifier(51)).toBe(-8); // 204 m
    expect(rifleLongRangeModifier(250)).toBe(-8);
    expect(rifleLongRangeModifier(251)).toBe(-9);
  });

  it('R-H3: pistol/SMG/rifle grenade -1 per megahex after the first', () => {
    expect([0, 1, 2, 3, 7].map(pistolRangeModifier)).toEqual([0, 0, -1, -2, -6]);
  });

  it('R-H3: thrown grenades use the core -1 per hex', () => {
    expect(thrownRangeModifier(4)).toBe(-4);
    expect(rangeEntry('thrown', { megahexes: 1, hexes: 3 })).toMatchObject({ delta: -3, rule: 'R-H3' });
    expect(rangeEntry('rifle', { megahexes: 7, hexes: 20 })).toMatchObject({ delta: -4, rule: 'R-H2', source: 'rifle range 7 MH (28 m)' });
  });

  it('R-H2/R-H3: modifiers never improve with distance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), (d) => {
        expect(rifleRangeModifier(d + 1)).toBeLessThanOrEqual(rifleRangeModifier(d));
        expect(pistolRangeModifier(d + 1)).toBeLessThanOrEqual(pistolRangeModifier(d));
      }),
    );
  });

  it('bad distances throw InputError', () => {
    expect(() => rifleRangeModifier(-1)).toThrow(InputError);
    expect(() => pistolRangeModifier(1.5)).toThrow(/megahexes/);
  });
});
