import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../../core/dice/fraction.ts';
import { pAtMost, stabilizeOdds, survivalOdds } from './odds.ts';

/** Brute force: count the Nd6 outcomes with total <= x. */
function brute(n: number, x: number): [number, number] {
  let ok = 0;
  let all = 0;
  const go = (k: number, t: number) => {
    if (k === n) {
      all += 1;
      if (t <= x) ok += 1;
      return;
    }
    for (let f = 1; f <= 6; f++) go(k + 1, t + f);
  };
  go(0, 0);
  return [ok, all];
}

describe('thread odds [82345e2a]', () => {
  it('P(Nd6 <= x) equals brute-force enumeration (property, N up to 6)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: -2, max: 40 }), (n, x) => {
        const [ok, all] = brute(n, x);
        expect(pAtMost(n, x).equals(Fraction.of(ok, all))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('R-T2: Claudio (IQ 14) cannot fail 1 die; James fails 3 dice against IQ 11 three times in eight', () => {
    expect(pAtMost(1, 14).equals(Fraction.ONE)).toBe(true);
    // 3d6 <= 11: (1+3+6+10+15+21+25+27+27)/216 = 135/216
    expect(pAtMost(3, 11).equals(Fraction.of(135, 216))).toBe(true);
    expect(pAtMost(3, 11).complement().equals(Fraction.of(3, 8))).toBe(true);
  });

  it('R-T2: survival over k turns is the product of the rising rolls', () => {
    const o = survivalOdds(11, 1, 4);
    expect(o.map((t) => t.dice)).toEqual([1, 2, 3, 4]);
    const product = [1, 2, 3, 4].reduce((p, n) => p.mul(Fraction.of(...brute(n, 11))), Fraction.ONE);
    expect(o[3].alive.equals(product)).toBe(true);
    expect(o[0].alive.equals(Fraction.ONE)).toBe(true);
    // survival never rises with more turns
    for (let i = 1; i < o.length; i++) expect(o[i].alive.compare(o[i - 1].alive)).toBeLessThanOrEqual(0);
    // beyond the attribute's dice count death is certain
    expect(survivalOdds(5, 6, 1)[0].alive.isZero()).toBe(true);
  });

  it('R-T3: Eragin (Physicker, 4 dice, IQ 13) stabilizes with P(4d6 <= 13)', () => {
    const [ok, all] = brute(4, 13);
    expect(stabilizeOdds(4, 13).equals(Fraction.of(ok, all))).toBe(true);
    // 4d6 is symmetric about 14 and P(14) = 146/1296, so P(<= 13) = (1296 - 146) / 2 / 1296
    expect(ok).toBe((1296 - 146) / 2);
  });

  it('rejects bad arguments naming them', () => {
    expect(() => survivalOdds(10, 0, 1)).toThrow(/nextDice/);
    expect(() => survivalOdds(10, 1, -1)).toThrow(/turns/);
  });
});
