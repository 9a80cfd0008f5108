import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dist } from '../../core/dice/exact.ts';
import { DOWN_WEIGHT, attackOdds, blowValue, blowWorth, damageToDown, expectedDamageCached, hitOdds, nd6Counts } from './odds.ts';
import { oracleMultiplier3d6 as mult3 } from './testing.ts';


describe('exact attack odds (odds.ts)', () => {
  it('nd6Counts sums to 6^n', () => {
    for (let n = 0; n <= 6; n++) expect(nd6Counts(n).reduce((a, b) => a + b, 0)).toBe(6 ** n);
  });
  it('tft-core: adjDX 10 hits half the time (3..10 of 3d6 = 108/216)', () => {
    expect(hitOdds(10).hitExact).toBe('1/2');
  });
  it('tft-core: adjDX 3 still hits on 3, 4, 5 (10/216); adjDX 20 still misses on 16-18 (10/216)', () => {
    expect(hitOdds(3).hitExact).toBe('5/108');
    expect(hitOdds(20).hitExact).toBe('103/108');
    expect(hitOdds(20).drop).toBe(3);
    expect(hitOdds(20).broken).toBe(1);
  });
  it('tft-core: 4d6 against a defender; Legacy 4 doubles, 20+ misses', () => {
    const h = hitOdds(30, 4, 'legacy');
    expect(h.ways[1]).toBe(1); // a roll of 4 on 4d6: one way
    expect(h.den).toBe(1296);
    // everything but 20..24 hits: 1296 - (35+20+10+4+1)
    expect(h.ways[0] + h.ways[1] + h.ways[2]).toBe(1296 - 70);
  });
  it('expected damage equals an independent exact computation with Dist (fast-check over adjDX, damage, armor)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: -2, max: 2 }), fc.integer({ min: 0, max: 6 }), (adj, n, plus, armor) => {
        const mine = attackOdds({ adjDX: adj, dice: 3, damage: { dice: n, plus, text: '' }, armor });
        const ref = Dist.dice(3, 6)
          .chain((r) => {
            const m = mult3(r, adj);
            if (m === 0) return 0;
            return Dist.dice(n, 6).mapTotal((x) => Math.max(0, Math.max(0, x + plus) * m - armor));
          })
          .expectation();
        expect(mine.expectedExact).toBe(ref.toString());
      }),
      { numRuns: 80 },
    );
  });
  it('R-S3-style transform: halving before armor is applied after the multiplier', () => {
    const half = attackOdds({ adjDX: 30, dice: 3, damage: { dice: 2, plus: 0, text: '2d' }, armor: 0, transform: (x) => Math.floor(x / 2) });
    const full = attackOdds({ adjDX: 30, dice: 3, damage: { dice: 2, plus: 0, text: '2d' }, armor: 0 });
    expect(half.expected).toBeLessThan(full.expected / 2 + 1e-9);
    expect(half.expected).toBeGreaterThan(full.expected / 2 - 0.5);
  });
  it('downChance: P(damage after armor >= downAt)', () => {
    const o = attackOdds({ adjDX: 30, dice: 3, damage: { dice: 1, plus: 0, text: '1d' }, armor: 0, downAt: 6 });
    // hits 206/216 with x1 (1/6 to roll 6) ... exact: ways x1 = 206-4-... compute independently
    const ref = Dist.dice(3, 6)
      .chain((r) => {
        const m = mult3(r, 30);
        return m === 0 ? 0 : Dist.die(6).mapTotal((x) => x * m);
      })
      .atLeast(6);
    expect(o.downChanceExact).toBe(ref.toString());
  });
  it('expectedCapped: E[min(damage after armor, downAt)], damage past what downs the target not counted (fast-check against Dist)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 18 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: -1, max: 2 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 14 }), (adjDX, n, plus, armor, downAt) => {
        const o = attackOdds({ adjDX, dice: 3, damage: { dice: n, plus, text: '' }, armor, downAt });
        const ref = Dist.dice(3, 6).chain((r) => {
          const m = mult3(r, adjDX);
          return m === 0 ? Dist.constant(0) : Dist.dice(n, 6).mapTotal((x) => Math.min(downAt, Math.max(0, Math.max(0, x + plus) * m - armor)));
        });
        expect(o.expectedCapped).toBeCloseTo(ref.expectation().toNumber(), 12);
        expect(o.expectedCapped).toBeLessThanOrEqual(o.expected + 1e-12);
      }),
      { numRuns: 40 },
    );
  });
  it("blowValue, the AI's worth of a blow: E[min(damage, downAt)] + DOWN_WEIGHT x P(down), cached, with a sweep's halving (R-S3) and a set pole", () => {
    const d = { dice: 3, plus: 1, text: '3d+1' };
    const half = (x: number) => Math.floor(x / 2);
    for (const [halve, pole] of [[false, false], [true, false], [false, true], [true, true]]) {
      const exact = attackOdds({ adjDX: 12, dice: 3, damage: d, armor: 2, downAt: 7, transform: halve ? half : undefined, pole });
      expect(blowValue(12, 3, d, 2, 'legacy', 7, halve, pole)).toBe((exact.expectedCapped as number) + DOWN_WEIGHT * (exact.downChance as number));
      expect(blowWorth(exact)).toBe(blowValue(12, 3, d, 2, 'legacy', 7, halve, pole));
    }
    // a foe 1 hit from down: every hit (3d+1 is 4 or more) downs it, and only 1 of it counts
    expect(blowValue(12, 3, d, 0, 'legacy', 1)).toBeCloseTo(hitOdds(12).hit * (1 + DOWN_WEIGHT), 12);
    expect(() => blowWorth(attackOdds({ adjDX: 12, dice: 3, damage: d, armor: 0 }))).toThrow(/downAt/);
  });
  it('damageToDown: remST - 1 more hits put a figure down (tft-core: ST 1 unconscious; R-T1 the same), at least 1', () => {
    const f = (st: number, wounds: number, fatigue: number) => damageToDown({ st, wounds, fatigue } as Parameters<typeof damageToDown>[0]);
    expect(f(12, 0, 0)).toBe(11);
    expect(f(12, 8, 1)).toBe(2);
    expect(f(12, 11, 0)).toBe(1);
  });
  it('the cached expectation equals the exact one', () => {
    const d = { dice: 2, plus: -1, text: '2d-1' };
    expect(expectedDamageCached(11, 3, d, 2)).toBe(attackOdds({ adjDX: 11, dice: 3, damage: d, armor: 2 }).expected);
  });
});
