import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../../core/dice/fraction.ts';
import { attackOdds as coreAttackOdds } from '../../odds.ts';
import { attackOdds, attackOutcomes, compareSweep, friendHitChance } from './odds.ts';

// Brute force over every face, independent of the exact-distribution code: the expected damage
// after armor of one 3d6 attack at adjDX with damage (n)d6+plus (R-S3 halving when `halve`).
function bruteExpected(adjDX: number, n: number, plus: number, armor: number, halve: boolean): number {
  let total = 0;
  let count = 0;
  const dmgRolls: number[] = [];
  const rec = (k: number, s: number) => {
    if (k === 0) dmgRolls.push(s);
    else for (let f = 1; f <= 6; f++) rec(k - 1, s + f);
  };
  rec(n, 0);
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++) {
        const r = a + b + c;
        const m = r === 3 ? 3 : r === 4 ? 2 : r === 5 ? 1 : r >= 16 ? 0 : r <= adjDX ? 1 : 0;
        for (const d of dmgRolls) {
          const raw = Math.max(0, d + plus) * m;
          total += Math.max(0, (halve ? Math.floor(raw / 2) : raw) - armor);
          count += 1;
        }
      }
  return total / count;
}

const greatsword = { dice: 3, plus: 1 }; // tft-core: greatsword 3d+1, two-handed, cutting

describe('attack outcomes (tft-core criticals)', () => {
  it('3d6: 3 triples, 4 doubles, the hit chance adds up', () => {
    const o = attackOutcomes(12);
    const triple = o.find((x) => x.multiplier === 3)!;
    const double = o.find((x) => x.multiplier === 2)!;
    expect(triple.p.equals(Fraction.of(1, 216))).toBe(true);
    expect(double.p.equals(Fraction.of(3, 216))).toBe(true);
    // hit at 12: totals 3..12 = 160 of 216
    expect(attackOdds('x', 12, 3, greatsword, 0, false).hit.equals(Fraction.of(160, 216))).toBe(true);
    // an adjDX of 2 still hits on 3, 4, 5 (10 of 216); 16+ never hits
    expect(attackOdds('x', 2, 3, greatsword, 0, false).hit.equals(Fraction.of(10, 216))).toBe(true);
    expect(attackOdds('x', 20, 3, greatsword, 0, false).hit.equals(Fraction.of(206, 216))).toBe(true);
  });
  it('4d6 against a defender: Legacy keeps the 4 and 5, classic has no automatic hits (core outcome table)', () => {
    expect(attackOdds('x', 3, 4, greatsword, 0, false, false).hit.equals(Fraction.of(5, 1296))).toBe(true);
    expect(attackOdds('x', 3, 4, greatsword, 0, false, true).hit.isZero()).toBe(true);
    expect(attackOutcomes(3, 4).map((o) => o.multiplier)).toEqual([2, 1]);
  });
  it('R-S5: friend rolls have no automatic results', () => {
    expect(friendHitChance(2).equals(Fraction.ONE)).toBe(true);
    expect(friendHitChance(18).isZero()).toBe(true);
    expect(friendHitChance(8).equals(Fraction.of(160, 216))).toBe(true);
  });
  it('expected damage equals brute force, halved (R-S3) and not, with armor', () => {
    for (const [dx, armor, halve] of [
      [12, 0, true],
      [8, 3, true],
      [16, 0, false],
      [10, 2, false],
    ] as const) {
      expect(attackOdds('x', dx, 3, greatsword, armor, halve).expectedDamage.toNumber()).toBeCloseTo(
        bruteExpected(dx, greatsword.dice, greatsword.plus, armor, halve),
        12,
      );
    }
  });
});

describe('agreement with the core attack odds (src/rules/tft/odds.ts)', () => {
  it('hit chance and expected damage match exactly, halved and not, 3d6 and 4d6, both rulesets', () => {
    for (const dx of [2, 5, 8, 12, 16, 19])
      for (const dice of [3, 4] as const)
        for (const armor of [0, 3])
          for (const halve of [false, true])
            for (const classic of [false, true]) {
              const mine = attackOdds('x', dx, dice, greatsword, armor, halve, classic);
              const core = coreAttackOdds({
                adjDX: dx,
                dice,
                damage: { ...greatsword, text: '3d+1' },
                armor,
                ruleset: classic ? 'classic' : 'legacy',
                transform: halve ? (r) => Math.floor(r / 2) : undefined,
              });
              expect(mine.hit.toString()).toBe(core.hitExact);
              expect(mine.expectedDamage.toString()).toBe(core.expectedExact);
            }
  });
});

describe("the seed's argument (931c742c intro, R-S2, R-S3, R-S6)", () => {
  // A DX 16 fighter with a greatsword against three unarmored foes in its three front hexes.
  const foes = (sweepDX: number) =>
    ['f1', 'f2', 'f3'].map((id) => ({ id, sweepDX, singleDX: 16, dice: 3 as const, armor: 0 }));

  it('R-S6: under the classic rule sweeping all three gains expected damage', () => {
    const c = compareSweep('classic', greatsword, foes(16 - 4));
    // single at 16: hits 3..15 (206/216), crits on 3 and 4; E = 11.5 x (206 + 2 + 3)/216
    expect(c.bestSingle.equals(Fraction.of(23 * 211, 2 * 216))).toBe(true);
    expect(c.bestSingle.toNumber()).toBeCloseTo(11.2338, 4);
    // each sweep attack at 12: E = 11.5 x (160 + 2 + 3)/216, the 2nd and 3rd only when no 17/18
    // (4 of 216) ended the sweep before them (R-S4)
    const s = Fraction.of(212, 216);
    expect(c.sweepDamage.equals(Fraction.of(23 * 165, 2 * 216).mul(Fraction.ONE.add(s).add(s.mul(s))))).toBe(true);
    expect(c.sweepDamage.toNumber()).toBeCloseTo(25.8691, 4);
    expect(c.sweepIsBetter).toBe(true);
  });
  it('R-S2/R-S3: under the new rule, without the talent, no sweep beats a single attack', () => {
    const s = 212 / 216; // R-S4: no 17 or 18 before this target
    const three = compareSweep('new', greatsword, foes(16 - 8));
    expect(three.sweepDamage.toNumber()).toBeCloseTo((1 + s + s * s) * bruteExpected(8, 3, 1, 0, true), 12);
    expect(three.sweepIsBetter).toBe(false);
    const two = compareSweep('new', greatsword, foes(16 - 4).slice(0, 2));
    expect(two.sweepDamage.toNumber()).toBeCloseTo((1 + s) * bruteExpected(12, 3, 1, 0, true), 12);
    expect(two.sweepIsBetter).toBe(false);
    // for the record: the three-target sweep is well under half a single attack
    expect(three.sweepDamage.toNumber()).toBeLessThan(three.bestSingle.toNumber() / 2);
  });
  it('R-S4 [931c742c]: a 17 or 18 ends the sweep, so a later target counts only when reached: DX 20, three unarmoured goblins, 12.399 not 12.632', () => {
    const goblins = ['g1', 'g2', 'g3'].map((id) => ({ id, sweepDX: 20 - 8, singleDX: 20, dice: 3 as const, armor: 0 }));
    const c = compareSweep('new', greatsword, goblins, [{ id: 'pal', adjDX: 12, armor: 0, after: 2 }]);
    const s = Fraction.of(212, 216);
    expect(c.targets.map((t) => t.reach?.toString())).toEqual(['1', '53/54', s.mul(s).toString()]);
    const one = attackOdds('g', 12, 3, greatsword, 0, true).expectedDamage;
    expect(one.toNumber()).toBeCloseTo(4.2106, 4);
    expect(c.sweepDamage.equals(one.mul(Fraction.ONE.add(s).add(s.mul(s))))).toBe(true);
    expect(c.sweepDamage.toNumber()).toBeCloseTo(12.399, 3);
    // a friend between the second and the third goblin: reached past two rolls
    expect(c.friends[0].reach.equals(s.mul(s))).toBe(true);
  });
  it('R-S5: a friend in the arc lowers the value of the sweep by its expected damage', () => {
    const withFriend = compareSweep('new', greatsword, foes(12).slice(0, 2), [{ id: 'bobjo', adjDX: 12, armor: 0, after: 1 }]);
    // reached unless the first goblin's roll was a 17 or 18 (R-S4), then failed: 13..18 of 3d6
    const p = Fraction.of(212, 216).mul(Fraction.of(216 - 160, 216));
    expect(withFriend.friends[0].hit.equals(p)).toBe(true);
    let half = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) half += Math.floor((a + b + c + 1) / 2);
    expect(withFriend.friendDamage.toNumber()).toBeCloseTo(p.toNumber() * (half / 216), 12);
    expect(withFriend.sweepValue.equals(withFriend.sweepDamage.sub(withFriend.friendDamage))).toBe(true);
  });
});
