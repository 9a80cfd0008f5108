import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dist } from '../../../../core/dice/exact.ts';
import { Fraction } from '../../../../core/dice/fraction.ts';
import { distance, hex } from '../../../../core/hex/coords.ts';
import { burstHits } from './autofire.ts';
import { blastDice, scatterLanding } from './blast.ts';
import { effectiveProtection, hitechDamage } from './damage.ts';
import { DOWN_WEIGHT } from '../../odds.ts';
import { blastExpectation, blastWorth, expectedHitDamage, hitChance, rollEffect, shotOdds, shotSummary } from './odds.ts';

/** Brute force over every 3d6 roll and every damage face, for cross-checking. */
function bruteBurst(adjDx: number, rounds: number, n: number, p: number, ap = false, explosive = false) {
  let hitCount = 0;
  const hits = new Map<number, number>();
  let dmg = 0; // numerator over 216 * 6^n
  const faces: number[][] = [];
  const rec = (k: number, acc: number[]) => {
    if (k === 0) faces.push(acc);
    else for (let f = 1; f <= 6; f++) rec(k - 1, [...acc, f]);
  };
  rec(n, []);
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++) {
        const r = a + b + c;
        const e = rollEffect(3, r, adjDx);
        const k = e.hit ? burstHits(adjDx, r, rounds) : 0;
        hits.set(k, (hits.get(k) ?? 0) + 1);
        if (!e.hit) continue;
        hitCount++;
        for (let h = 0; h < k; h++)
          for (const fs of faces) dmg += hitechDamage({ faces: fs, mode: 'missile', protection: p, ap, explosive, multiplier: h === 0 ? e.multiplier : 1 }).damage;
      }
  return { hit: Fraction.of(hitCount, 216), hits, expected: Fraction.of(dmg, 216 * 6 ** n) };
}

describe('exact odds of HiTech fire [f04d4dae]', () => {
  it('R-H10: the chance to hit and the distribution of hits match brute force for every burst size', () => {
    for (const [adjDx, rounds] of [
      [13, 1],
      [13, 4],
      [15, 10],
      [9, 20],
    ] as const) {
      const o = shotOdds({ adjDx, dice: 3, rounds, damageDice: 2, protection: 2 });
      const b = bruteBurst(adjDx, rounds, 2, 2);
      expect(o.hit.equals(b.hit)).toBe(true);
      for (const [k, c] of b.hits) expect(o.hits.exactly(k).equals(Fraction.of(c, 216))).toBe(true);
      expect(o.expectedDamage.equals(b.expected)).toBe(true);
    }
  });

  it('R-H8/R-H9: expected damage after armor per die, AP and HE match brute force', () => {
    const o = shotOdds({ adjDx: 12, dice: 3, rounds: 4, damageDice: 2, protection: 3, ap: true, explosive: true });
    expect(o.expectedDamage.equals(bruteBurst(12, 4, 2, 3, true, true).expected)).toBe(true);
  });

  it('R-H8 [f04d4dae, tft-core shields]: HiTech armor per die and then a ready shield once per hit: expectedHitDamage and shotOdds equal brute force over every face (AP, HE, criticals, impact hex)', () => {
    // 2d through flak (2 per die) and a large shield (2): the per-die totals 0..8, less 2, never below 0.
    expect(expectedHitDamage(2, 2, 1, false, false, false, false, 2).toString()).toBe('5/3');
    const combos = (n: number): number[][] => (n === 0 ? [[]] : combos(n - 1).flatMap((c) => [1, 2, 3, 4, 5, 6].map((f) => [...c, f])));
    for (const n of [1, 2, 3])
      for (const p of [0, 2, 5])
        for (const shield of [1, 2, 3])
          for (const m of [1, 2, 3])
            for (const [ap, explosive, impactHex] of [
              [false, false, false],
              [true, true, false],
              [false, false, true],
              [true, false, true],
            ]) {
              // Written out: the armor (halved) off each die, then the shield (halved) once, then HE x2.
              const pe = effectiveProtection(p, ap, impactHex).protection;
              const se = effectiveProtection(shield, ap, impactHex).protection;
              let sum = 0;
              let pure = 0;
              const all = combos(n);
              for (const fs of all) {
                sum += Math.max(0, fs.reduce((t, f) => t + Math.max(0, f * m - pe), 0) - se) * (explosive ? 2 : 1);
                pure += hitechDamage({ faces: fs, mode: 'missile', protection: p, shield, ap, explosive, impactHex, multiplier: m }).damage;
              }
              const want = Fraction.of(sum, all.length);
              const label = JSON.stringify({ n, p, shield, m, ap, explosive, impactHex });
              expect(expectedHitDamage(n, p, m, ap, explosive, impactHex, false, shield).toString(), label).toBe(want.toString());
              expect(Fraction.of(pure, all.length).toString(), label).toBe(want.toString());
            }
    // A burst: every hit meets the shield again.
    const o = shotOdds({ adjDx: 13, dice: 3, rounds: 4, damageDice: 2, protection: 2, shield: 2 });
    let num = Fraction.ZERO;
    for (let r = 3; r <= 18; r++) {
      const e = rollEffect(3, r, 13);
      if (!e.hit) continue;
      const k = burstHits(13, r, 4);
      const ways = Dist.dice(3, 6).countAt(r);
      num = num.add(Fraction.of(ways, 216).mul(expectedHitDamage(2, 2, e.multiplier, false, false, false, false, 2).add(expectedHitDamage(2, 2, 1, false, false, false, false, 2).mul(k - 1))));
    }
    expect(o.expectedDamage.toString()).toBe(num.toString());
    expect(o.expectedDamage.compare(shotOdds({ adjDx: 13, dice: 3, rounds: 4, damageDice: 2, protection: 2 }).expectedDamage)).toBeLessThan(0);
    expect(shotSummary({ adjDx: 13, dice: 3, rounds: 4, damageDice: 2, protection: 2, shield: 2 }).expectedDamageExact).toBe(o.expectedDamage.toString());
  });

  it('R-H8: one die of 2d against flak 2 averages (0+0+1+2+3+4)/6 per die', () => {
    expect(expectedHitDamage(2, 2, 1).toString()).toBe('10/3');
  });

  it('tft-core: 3d6 auto results; 4d6 against a dodger', () => {
    expect(hitChance(3, 3).toString()).toBe(Fraction.of(10, 216).toString());
    expect(hitChance(3, 20).toString()).toBe(Fraction.of(216 - 6 - 3 - 1, 216).toString());
    expect(rollEffect(4, 20, 30).hit).toBe(false);
  });

  it('R-H12: a sure hit puts the full expectation on the impact hex and nothing past ring 3', () => {
    const m = blastExpectation(hex(0, 0), 8, Fraction.ONE, [
      { id: 'in', pos: hex(0, 0), protection: 4 },
      { id: 'r1', pos: hex(1, 0), protection: 0 },
      { id: 'far', pos: hex(4, 0), protection: 0 },
    ]);
    expect(m.get('in')?.equals(expectedHitDamage(8, 2, 1))).toBe(true);
    expect(m.get('r1')?.equals(Fraction.of(4 * 7, 2))).toBe(true);
    expect(m.get('far')?.isZero()).toBe(true);
  });

  it('R-H12: a sure miss averages over the 36 scatter landings', () => {
    const m = blastExpectation(hex(0, 0), 8, Fraction.ZERO, [{ id: 'a', pos: hex(0, 0), protection: 0 }]);
    // scatter lands 1..6 hexes away: 1 -> 4 dice, 2 -> 2, 3 -> 1, farther 0; each distance 6/36.
    expect(m.get('a')?.equals(Fraction.of(7, 2).mul(4 + 2 + 1).div(6))).toBe(true);
  });

  it('R-H12: blastExpectation equals the sum over the 36 landings, landing by landing, for any figures', () => {
    const hexArb = fc.record({ q: fc.integer({ min: -12, max: 12 }), r: fc.integer({ min: -12, max: 12 }) });
    fc.assert(
      fc.property(
        hexArb,
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 216 }),
        fc.array(fc.record({ pos: hexArb, protection: fc.integer({ min: 0, max: 8 }) }), { minLength: 1, maxLength: 5 }),
        (aimed, dice, hit, figs) => {
          const pHit = Fraction.of(hit, 216);
          const targets = figs.map((f, i) => ({ id: `f${i}`, pos: f.pos, protection: f.protection }));
          const got = blastExpectation(aimed, dice, pHit, targets);
          for (const t of targets) {
            // The reading written out: where it lands, which ring the figure is in, its dice there.
            const at = (landing: { q: number; r: number }) => {
              const ring = distance(landing, t.pos);
              const n = blastDice(dice, ring);
              return n > 0 ? expectedHitDamage(n, t.protection, 1, false, false, ring === 0) : Fraction.ZERO;
            };
            let scattered = Fraction.ZERO;
            for (let d = 1; d <= 6; d++) for (let dir = 1; dir <= 6; dir++) scattered = scattered.add(at(scatterLanding(aimed, d, dir)));
            const want = pHit.mul(at(aimed)).add(pHit.complement().mul(scattered).div(36));
            expect(got.get(t.id)?.toString()).toBe(want.toString());
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("shotSummary gives shotOdds' numbers, the same each time it is asked", () => {
    for (const adjDx of [-3, 8, 13, 17, 30])
      for (const rounds of [1, 4, 10])
        for (const protection of [0, 3])
          for (const [dice, armorOnce] of [[3, false], [4, false], [3, true]] as const) {
            const spec = { adjDx, dice, rounds, damageDice: 2, protection, armorOnce, ap: rounds === 4, explosive: protection === 3, classic: adjDx === 8 };
            const o = shotOdds(spec);
            const want = { hit: o.hit.toNumber(), hits: o.hits.probabilities(), expectedDamage: o.expectedDamage.toNumber(), expectedDamageExact: o.expectedDamage.toString() };
            expect(shotSummary(spec)).toEqual(want);
            expect(shotSummary({ ...spec })).toEqual(want);
          }
  });

  // The AI's measure of a blow (src/rules/tft/odds.ts blowWorth), counted here face by face.
  /** One hit's damage, face by face through the engine's count (hitechDamage): damage -> ways out of 6^n. */
  const hitWays = (n: number, protection: number, multiplier: number, o: { ap?: boolean; explosive?: boolean; armorOnce?: boolean; shield?: number; impactHex?: boolean }) => {
    const ways = new Map<number, number>();
    const rec = (k: number, faces: number[]) => {
      if (k > 0) for (let f = 1; f <= 6; f++) rec(k - 1, [...faces, f]);
      else {
        // Low-tech armor: armor and shield once per hit, halved together (the engine's armorStops).
        const once = o.armorOnce === true;
        const d = hitechDamage({ faces, mode: once ? 'melee' : 'missile', protection: once ? protection + (o.shield ?? 0) : protection, shield: once ? 0 : o.shield, ap: o.ap, explosive: o.explosive, impactHex: o.impactHex, multiplier }).damage;
        ways.set(d, (ways.get(d) ?? 0) + 1);
      }
    };
    rec(n, []);
    return [...ways];
  };
  /** A damage's worth in whole units: min(damage, downAt) + DOWN_WEIGHT if it downs the target. */
  const worthOf = (damage: number, downAt: number) => Math.min(damage, downAt) + (damage >= downAt ? DOWN_WEIGHT : 0);

  it("R-H12 with the core's measure of a blow: blastWorth equals the sum over the 36 landings, landing by landing, of the worth of the figure's ring damage (each face through the engine's count)", () => {
    const hexArb = fc.record({ q: fc.integer({ min: -8, max: 8 }), r: fc.integer({ min: -8, max: 8 }) });
    fc.assert(
      fc.property(
        hexArb,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 216 }),
        fc.record({ pos: hexArb, protection: fc.integer({ min: 0, max: 4 }), shield: fc.integer({ min: 0, max: 2 }), armorOnce: fc.boolean() }),
        fc.integer({ min: 1, max: 25 }),
        (aimed, dice, hit, f, downAt) => {
          const pHit = Fraction.of(hit, 216);
          const t = { id: 't', ...f };
          const at = (landing: { q: number; r: number }) => {
            const ring = distance(landing, t.pos);
            const n = blastDice(dice, ring);
            if (n <= 0) return Fraction.ZERO;
            let num = 0;
            for (const [d, w] of hitWays(n, t.protection, 1, { armorOnce: t.armorOnce, shield: t.shield, impactHex: ring === 0 })) num += w * worthOf(d, downAt);
            return Fraction.of(num, 6 ** n);
          };
          let scattered = Fraction.ZERO;
          for (let d = 1; d <= 6; d++) for (let dir = 1; dir <= 6; dir++) scattered = scattered.add(at(scatterLanding(aimed, d, dir)));
          const want = pHit.mul(at(aimed)).add(pHit.complement().mul(scattered).div(36));
          expect(blastWorth(aimed, dice, pHit.toNumber(), t, downAt)).toBeCloseTo(want.toNumber(), 12);
        },
      ),
      { numRuns: Number(process.env.FRAY_FUZZ_RUNS ?? 100) },
    );
  });
});
