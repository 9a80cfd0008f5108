// Exact odds against brute-force enumeration of every die face (issue 8 acceptance: exact
// results equal brute force). The enumerations below restate the rules independently of
// src/lab/odds.ts: tft-core "To hit" table, R-H8 per-die armor, R-H9 AP/HE, R-H10 bursts,
// R-S2/R-S3 sweeps, R-A10/R-A11 AD&D swings, R-T1 states.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dist } from '../core/dice/exact.ts';
import { Fraction } from '../core/dice/fraction.ts';
import { InputError } from '../core/errors.ts';
import { oracleMultiplier3d6 as mult3, oracleMultiplier4d6 as mult4 } from '../rules/tft/testing.ts';
import { adndAttackOdds, adndDamageDist, diceOdds, distRows, splitThreshold, tftAttackOdds, tftDamageDist } from './odds.ts';

/** Every sequence of n faces of a d`sides`, calling f with each. */
function each(n: number, sides: number, f: (faces: number[]) => void, prefix: number[] = []): void {
  if (n === 0) {
    f(prefix);
    return;
  }
  for (let x = 1; x <= sides; x++) each(n - 1, sides, f, [...prefix, x]);
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** A brute-force distribution: value -> count, over a denominator. */
class Tally {
  readonly counts = new Map<number, number>();
  total = 0;
  add(v: number, w = 1) {
    this.counts.set(v, (this.counts.get(v) ?? 0) + w);
    this.total += w;
  }
  p(v: number): Fraction {
    return Fraction.of(this.counts.get(v) ?? 0, this.total);
  }
  mean(): Fraction {
    let s = 0;
    for (const [v, c] of this.counts) s += v * c;
    return Fraction.of(s, this.total);
  }
}

function expectSame(dist: { entries(): [number, Fraction][] }, t: Tally) {
  const got = dist.entries();
  expect(got.length).toBe(t.counts.size);
  for (const [v, p] of got) expect(p.toString(), `P(${v})`).toBe(t.p(v).toString());
}

describe('fray odds: dice expressions', () => {
  it('3d6 equals enumeration, with thresholds', () => {
    const t = new Tally();
    each(3, 6, (f) => t.add(sum(f)));
    const r = diceOdds('3d6', { op: '<=', value: 12 });
    expect(r.distribution.length).toBe(16);
    for (const row of r.distribution) expect(row.exact).toBe(t.p(row.value).toString());
    let le12 = 0;
    for (const [v, c] of t.counts) if (v <= 12) le12 += c;
    expect(r.threshold?.exact).toBe(Fraction.of(le12, 216).toString());
    expect(r.meanExact).toBe('21/2');
    expect(diceOdds('1d20', { op: '>=', value: 15 }).threshold?.exact).toBe('3/10');
  });
  it('splits a threshold from the expression', () => {
    expect(splitThreshold('3d6<=12')).toEqual({ expr: '3d6', op: '<=', value: 12 });
    expect(splitThreshold('1d20 >= 15')).toEqual({ expr: '1d20', op: '>=', value: 15 });
    expect(splitThreshold('2d+1')).toEqual({ expr: '2d+1' });
  });
  it('bad notation names the field', () => {
    expect(() => diceOdds('3x6')).toThrow(InputError);
    try {
      diceOdds('3x6');
    } catch (e) {
      expect((e as InputError).issues[0].path).toBe('expression');
    }
  });
});

describe('fray odds: rows of a distribution', () => {
  it('distRows gives the exact entries of any Dist (plain-number and BigInt denominators, large prime factors)', () => {
    const check = (d: Dist) => {
      const rows = distRows(d);
      expect(rows.map((r) => `${r.value}:${r.exact}`)).toEqual(d.entries().map(([v, p]) => `${v}:${p}`));
      expect(rows.map((r) => r.p)).toEqual(d.entries().map(([, p]) => p.toNumber()));
    };
    check(Dist.of('3d6'));
    check(Dist.of('40d10'));
    check(Dist.of('2d97+1d89-3'));
    check(Dist.mix([[Fraction.of(1, 101), Dist.of('3d6')], [Fraction.of(100, 101), Dist.of('1d20')]]));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 1000 }), (sides, w) => {
        const d = Dist.sum(sides.map((n) => Dist.die(n)));
        check(d);
        check(Dist.mix([[Fraction.of(w, 1001), d], [Fraction.of(1001 - w, 1001), 0]]));
      }),
      { numRuns: 80 },
    );
  });
});

describe('fray odds: TFT attacks', () => {
  it('tft-core: melee adjDX 13, 2d+1 vs armor 2 equals enumeration (criticals x3/x2, auto results)', () => {
    const t = new Tally();
    each(3, 6, (r) => {
      const m = mult3(sum(r), 13);
      if (m === 0) return t.add(0, 36);
      each(2, 6, (d) => t.add(Math.max(0, (sum(d) + 1) * m - 2)));
    });
    const dist = tftDamageDist({ adjDX: 13, damage: '2d+1', armor: 2 });
    expectSame(dist, t);
    const o = tftAttackOdds({ adjDX: 13, damage: '2d+1', armor: 2 });
    expect(o.expectedExact).toBe(t.mean().toString());
    let hit = 0;
    each(3, 6, (r) => {
      if (mult3(sum(r), 13) > 0) hit++;
    });
    expect(o.hit.exact).toBe(Fraction.of(hit, 216).toString());
    expect(o.outcomes.find((x) => x.outcome === 'triple')?.exact).toBe('1/216');
    expect(o.outcomes.find((x) => x.outcome === 'drop')?.exact).toBe('1/72');
  });

  it('tft-core: a defending target is attacked on 4d6 (Legacy keeps 4 and 5)', () => {
    const t = new Tally();
    each(4, 6, (r) => {
      const m = mult4(sum(r), 14);
      if (m === 0) return t.add(0, 6);
      each(1, 6, (d) => t.add(Math.max(0, (sum(d) + 2) * m - 3)));
    });
    expectSame(tftDamageDist({ adjDX: 14, damage: '1d+2', armor: 3, defend: true }), t);
  });

  it('R-S2, R-S3 [931c742c]: a new-rule sweep at 3 targets is at -8 DX and halves before armor', () => {
    const t = new Tally();
    each(3, 6, (r) => {
      const m = mult3(sum(r), 17 - 8);
      if (m === 0) return t.add(0, 216);
      each(3, 6, (d) => t.add(Math.max(0, Math.floor((sum(d) * m) / 2) - 1)));
    });
    const o = tftAttackOdds({ adjDX: 17, damage: '3d', armor: 1, sweep: { variant: 'new', targets: 3 } });
    expect(o.adjDX).toBe(9);
    expectSame(tftDamageDist({ adjDX: 17, damage: '3d', armor: 1, sweep: { variant: 'new', targets: 3 } }), t);
    // A 17 or 18 (4 of 216) ends the sweep: the 2nd target is reached 212/216 of the time, the 3rd (212/216)^2.
    const s = 212 / 216;
    expect(o.expectedTotal).toBeCloseTo(o.expected * (1 + s + s * s), 12);
  });

  it('R-S4, R-S2 [931c742c]: a drop or break (17/18) ends the sweep, so later targets count only when reached: DX 20 greatsword, three unarmoured goblins, 12.399 not 12.632', () => {
    // Brute force: the three attack rolls in turn (each 3d6 total with its count), stopping at a
    // 17 or 18; a hit does the mean of 3d+1 (x the critical), halved (R-S3).
    const meanHit = (m: number) => {
      const t = new Tally();
      each(3, 6, (d) => t.add(Math.floor(((sum(d) + 1) * m) / 2)));
      return t.mean().toNumber();
    };
    const rolls = new Tally();
    each(3, 6, (r) => rolls.add(sum(r)));
    let expected = 0;
    const walk = (k: number, p: number) => {
      if (k === 3) return;
      for (const [r, c] of rolls.counts) {
        const q = (p * c) / 216;
        const m = mult3(r, 12);
        if (m > 0) expected += q * meanHit(m);
        if (r < 17) walk(k + 1, q);
      }
    };
    walk(0, 1);
    const o = tftAttackOdds({ adjDX: 20, damage: '3d+1', sweep: { variant: 'new', targets: 3 } });
    expect(o.adjDX).toBe(12);
    expect(o.expected).toBeCloseTo(4.2106, 4);
    expect(o.expectedTotal).toBeCloseTo(expected, 12);
    expect(o.expectedTotal).toBeCloseTo(12.399, 3);
    expect(Fraction.from(o.expectedTotalExact as string).toNumber()).toBeCloseTo(expected, 12);
  });

  it('R-S7 [931c742c]: Multiple Swing is -2 per extra target; R-S6 classic is -4 flat at full damage', () => {
    expect(tftAttackOdds({ adjDX: 16, damage: '2d', sweep: { variant: 'new', targets: 4, multipleSwing: true } }).adjDX).toBe(10);
    const c = tftAttackOdds({ adjDX: 16, damage: '2d', sweep: { variant: 'classic', targets: 3 } });
    expect(c.adjDX).toBe(12);
    expect(c.expectedExact).toBe(tftAttackOdds({ adjDX: 12, damage: '2d' }).expectedExact);
  });

  it('R-H8, R-H9, R-H10 [f04d4dae]: a 4-shot burst, per-die armor halved by AP, HE doubled, equals enumeration', () => {
    const adj = 15;
    const p = Math.ceil(3 / 2);
    const t = new Tally();
    const hitsOf = (roll: number) => Math.max(1, Math.min(4, 1 + Math.max(0, Math.floor((adj - roll) / 3))));
    each(3, 6, (r) => {
      const roll = sum(r);
      const m = mult3(roll, adj);
      if (m === 0) return t.add(0, 6 ** 4);
      const k = hitsOf(roll);
      each(k, 6, (d) => {
        // first hit: multiplier on each die; the others x1 (R-H10); each die less armor (R-H8)
        const total = d.reduce((s, f, j) => s + Math.max(0, f * (j === 0 ? m : 1) - p), 0);
        t.add(total * 2, 6 ** (4 - k));
      });
    });
    const input = { adjDX: adj, damage: '1d', armor: 3, perDie: true, ap: true, he: true, burst: 'four' as const };
    expectSame(tftDamageDist(input), t);
    const o = tftAttackOdds(input);
    let four = 0;
    each(3, 6, (r) => {
      if (mult3(sum(r), adj) > 0 && hitsOf(sum(r)) === 4) four++;
    });
    expect(o.hits?.find((h) => h.value === 4)?.exact).toBe(Fraction.of(four, 216).toString());
  });

  it('R-H8 [f04d4dae, tft-core shields]: --shield with per-die armor stops once per hit after the armor (AP halves both), equals enumeration; without --per-die it adds to the armor', () => {
    for (const ap of [false, true]) {
      const adj = 13;
      const p = ap ? 1 : 2; // armor 2 per die, AP half round up
      const sh = ap ? 2 : 3; // shield 3, AP: half, round up
      const t = new Tally();
      each(3, 6, (r) => {
        const m = mult3(sum(r), adj);
        if (m === 0) return t.add(0, 36);
        each(2, 6, (d) => {
          const through = d.reduce((s, f) => s + Math.max(0, f * m - p), 0);
          t.add(Math.max(0, through - sh));
        });
      });
      expectSame(tftDamageDist({ adjDX: adj, damage: '2d', armor: 2, perDie: true, shield: 3, ap }), t);
    }
    const once = tftAttackOdds({ adjDX: 13, damage: '2d', armor: 2, shield: 3 });
    expect(once.expectedExact).toBe(tftAttackOdds({ adjDX: 13, damage: '2d', armor: 5 }).expectedExact);
  });

  it('R-H8, R-H9, R-S3: the result says how each hit meets the armor (per die or once, AP halving, a shield apart, a sweep halving first)', () => {
    const rules = (i: Parameters<typeof tftAttackOdds>[0]) => tftAttackOdds(i).damageRules;
    expect(rules({ adjDX: 15, damage: '2d', armor: 2, perDie: true, ap: true, burst: 'four' })).toEqual([
      '2d per hit',
      'each hit of the burst rolls its own damage, a 3 or 4 multiplies the first only (R-H10)',
      'armor off each die (R-H8): 2, half against AP, round up (R-H9): 1',
    ]);
    expect(rules({ adjDX: 13, damage: '2d', armor: 2, perDie: true, shield: 1 })).toEqual(['2d per hit', 'armor off each die (R-H8): 2', 'shield once per hit, after the armor: 1']);
    expect(rules({ adjDX: 13, damage: '2d+1', armor: 2, shield: 1, ap: true })).toEqual(['2d+1 per hit', 'armor 2 + shield 1 once per hit: 3, half against AP, round up (R-H9): 2']);
    expect(rules({ adjDX: 17, damage: '3d+1', armor: 1, sweep: { variant: 'new', targets: 3 } })).toEqual(['3d+1 per hit', 'halved, round down, before armor (R-S3)', 'armor once per hit: 1']);
    expect(rules({ adjDX: 12, damage: '1d' })).toEqual(['1d per hit', 'no armor']);
  });

  it('R-H8, R-H9, R-H10 [f04d4dae]: bursts equal enumeration across adjDX, rounds, armor, AP, HE, adds and 4d6', () => {
    // Every face of the roll; k hits from the roll, each over every face of its dice.
    const cases = [
      { adjDX: 15, damage: '3d', plus: 0, n: 3, armor: 3, ap: true, he: false, burst: 'four' as const, clip: 30, rounds: 4, defend: false },
      { adjDX: 12, damage: '2d', plus: 0, n: 2, armor: 2, ap: true, he: false, burst: 'half' as const, clip: 6, rounds: 3, defend: false },
      { adjDX: 18, damage: '1d', plus: 0, n: 1, armor: 4, ap: false, he: false, burst: 'full' as const, clip: 5, rounds: 5, defend: false },
      { adjDX: 9, damage: '1d+2', plus: 2, n: 1, armor: 5, ap: true, he: true, burst: 'four' as const, clip: 30, rounds: 4, defend: false },
      { adjDX: 16, damage: '2d-1', plus: -1, n: 2, armor: 1, ap: false, he: false, burst: 'half' as const, clip: 4, rounds: 2, defend: true },
      { adjDX: 11, damage: '3d+1', plus: 1, n: 3, armor: 3, ap: true, he: false, burst: 'single' as const, clip: 30, rounds: 1, defend: false },
    ];
    for (const c of cases) {
      const p = c.ap ? Math.ceil(c.armor / 2) : c.armor;
      const dice = c.defend ? 4 : 3;
      const hitsOf = (roll: number) => Math.max(1, Math.min(c.rounds, 1 + Math.max(0, Math.floor((c.adjDX - roll) / 3))));
      // One hit over every face of its n dice: the multiplier on each die, armor per die (R-H8),
      // the adds (no die) times the multiplier on top, never below 0; HE doubling (R-H9).
      const oneHit = (m: number) => {
        const tally = new Tally();
        each(c.n, 6, (d) => {
          const total = Math.max(0, d.reduce((s, f) => s + Math.max(0, f * m - p), 0) + c.plus * m);
          tally.add(c.he ? total * 2 : total);
        });
        return tally;
      };
      // k hits, the first with the roll's multiplier and the others x1 (R-H10): every
      // combination of the hits' outcomes (each weighted by its count of faces).
      const patterns = new Map<string, Tally>();
      const pattern = (m: number, k: number) => {
        const key = `${m}/${k}`;
        let t = patterns.get(key);
        if (!t) {
          const first = oneHit(m);
          const other = oneHit(1);
          const tally = new Tally();
          const rec = (left: number, total: number, w: number) => {
            if (left === 0) return tally.add(total, w);
            for (const [v, n] of other.counts) rec(left - 1, total + v, w * n);
          };
          for (const [v, n] of first.counts) rec(k - 1, v, n);
          t = tally;
          patterns.set(key, t);
        }
        return t;
      };
      const t = new Tally();
      const hitTally = new Tally();
      const big = 6 ** (c.n * c.rounds);
      each(dice, 6, (r) => {
        const roll = sum(r);
        const m = dice === 3 ? mult3(roll, c.adjDX) : mult4(roll, c.adjDX);
        if (m === 0) {
          hitTally.add(0);
          return t.add(0, big);
        }
        const k = hitsOf(roll);
        hitTally.add(k);
        const pt = pattern(m, k);
        for (const [v, w] of pt.counts) t.add(v, w * (big / pt.total));
      });
      const input = { adjDX: c.adjDX, damage: c.damage, armor: c.armor, perDie: true, ap: c.ap, he: c.he, burst: c.burst, clip: c.clip, defend: c.defend };
      const label = JSON.stringify(input);
      const o = tftAttackOdds(input);
      expect(o.damage.map((row) => `${row.value}:${row.exact}`), label).toEqual([...t.counts.keys()].sort((a, b) => a - b).map((v) => `${v}:${t.p(v)}`));
      for (const row of o.damage) expect(row.p, label).toBe(t.p(row.value).toNumber());
      expect(o.expectedExact, label).toBe(t.mean().toString());
      expect(o.expected, label).toBe(t.mean().toNumber());
      expect(o.hits?.map((h) => `${h.value}:${h.exact}`), label).toEqual([...hitTally.counts.keys()].sort((a, b) => a - b).map((k) => `${k}:${hitTally.p(k)}`));
      expect(o.hit.exact, label).toBe(hitTally.p(0).complement().toString());
      expectSame(tftDamageDist(input), t);
    }
  });

  it('R-T1 [82345e2a]: the chance of each state equals enumeration (thread on and off)', () => {
    const on = tftAttackOdds({ adjDX: 12, damage: '2d', armor: 0, target: { st: 10, wounds: 4 } });
    const off = tftAttackOdds({ adjDX: 12, damage: '2d', armor: 0, target: { st: 10, wounds: 4, thread: false } });
    const tOn = new Map<string, number>();
    const tOff = new Map<string, number>();
    each(3, 6, (r) => {
      const m = mult3(sum(r), 12);
      each(2, 6, (d) => {
        const w = 4 + sum(d) * m;
        const rem = 10 - w;
        // R-T1 bands with no fatigue: dyST = remST
        const sOn = rem < -10 ? 'dead' : rem <= 0 ? 'dying' : rem <= 1 ? 'unconscious' : rem <= 3 ? 'reeling' : 'healthy';
        const sOff = rem <= 0 ? 'dead' : rem <= 1 ? 'unconscious' : rem <= 3 ? 'reeling' : 'healthy';
        tOn.set(sOn, (tOn.get(sOn) ?? 0) + 1);
        tOff.set(sOff, (tOff.get(sOff) ?? 0) + 1);
      });
    });
    for (const s of on.states ?? []) expect(s.exact, s.state).toBe(Fraction.of(tOn.get(s.state) ?? 0, 216 * 36).toString());
    for (const s of off.states ?? []) expect(s.exact, s.state).toBe(Fraction.of(tOff.get(s.state) ?? 0, 216 * 36).toString());
    expect(off.states?.find((s) => s.state === 'dying')?.p).toBe(0);
  });

  it('bad numbers name the field', () => {
    expect(() => tftAttackOdds({ adjDX: 1.5, damage: '2d' })).toThrow(/adjdx/);
    expect(() => tftAttackOdds({ adjDX: 12, damage: '2x' })).toThrow(InputError);
    expect(() => tftAttackOdds({ adjDX: 12, damage: '2d', sweep: { variant: 'new', targets: 1 } })).toThrow(/targets/);
  });

  it('property: the damage distribution sums to 1 and P(hit) never falls as adjDX rises', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 22 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: -2, max: 3 }), fc.integer({ min: 0, max: 6 }), (adj, n, plus, armor) => {
        const dmg = `${n}d${plus >= 0 ? `+${plus}` : plus}`;
        const a = tftAttackOdds({ adjDX: adj, damage: dmg, armor });
        const b = tftAttackOdds({ adjDX: adj + 1, damage: dmg, armor });
        const total = a.damage.reduce((s, r) => s.add(Fraction.from(r.exact)), Fraction.ZERO);
        expect(total.toString()).toBe('1');
        expect(b.hit.p).toBeGreaterThanOrEqual(a.hit.p);
      }),
      { numRuns: 60 },
    );
  });
});

describe('fray odds: AD&D swings', () => {
  it('R-A10, R-A11 [3380eb42]: need 14, 1d8+3, dex 16 level 5, parry: equals enumeration', () => {
    const t = new Tally();
    const threshold = (16 + 5) / 2;
    const table = (x: number) => (x <= 11 ? 1 : x <= 15 ? 2 : x <= 17 ? 3 : x === 18 ? 4 : 5);
    for (let f = 1; f <= 20; f++) {
      const hit = f === 20 || (f !== 1 && f + 1 >= 14);
      if (!hit) {
        t.add(0, 20 * 20 * 8);
        continue;
      }
      for (let c = 1; c <= 20; c++) {
        for (let third = 1; third <= 20; third++) {
          for (let d = 1; d <= 8; d++) {
            if (f === 20 && c <= threshold) t.add(11 * table(Math.max(1, third - 3)));
            else t.add(Math.max(1, d + 3));
          }
        }
      }
    }
    const input = { need: 14, bonus: 1, damage: '1d8+3', dex: 16, level: 5, parry: true };
    expectSame(adndDamageDist(input), t);
    const o = adndAttackOdds(input);
    expect(o.hit.exact).toBe('2/5');
    expect(o.critical.exact).toBe(Fraction.of(10, 400).toString());
    // the parry caps the third roll at 17: never x4 or x5
    expect(o.critical.rows.map((r) => r.multiplier)).toEqual([1, 2, 3]);
  });

  it('R-A10 [3380eb42]: a critical multiplies the maximum of a normal hit, which is at least 1: 1d4-5 never deals less than 1, as the engine counts it', () => {
    const d = adndDamageDist({ need: 10, damage: '1d4-5' });
    const totals = d.entries().map(([v]) => v);
    expect(totals).toEqual([0, 1, 2, 3, 4, 5]); // a miss, a normal hit (1), criticals x1..x5 of 1
  });

  it('R-A10, R-A11: the result says how the swing hits and what a hit does (naturals, the critical rule in use, a parry)', () => {
    expect(adndAttackOdds({ need: 14, damage: '1d8+3', dex: 16, level: 5, parry: true }).damageRules).toEqual([
      '1d8+3 per hit, at least 1 (adnd-phb)',
      'natural 20 hits, natural 1 misses (R-A11)',
      "critical: a natural 20 that hits, confirmed by d20 <= 10 (threshold 10.5), does maximum damage times the third roll's multiplier (third roll -3: parry) (R-A10)",
    ]);
    expect(adndAttackOdds({ need: 14, damage: '3', naturals: false, criticals: 'off' }).damageRules).toEqual(['3 per hit', 'no automatic natural 20 or 1 (R-A11 option off)', 'no critical hits: a natural 20 just hits (criticals: off, R-A10)']);
  });

  it('R-A11 option: without natural rolls a 20 can miss and a 1 can hit', () => {
    expect(adndAttackOdds({ need: 25, damage: '1d6', naturals: false }).hit.p).toBe(0);
    expect(adndAttackOdds({ need: 25, damage: '1d6' }).hit.exact).toBe('1/20');
    expect(adndAttackOdds({ need: 2, bonus: 5, damage: '1d6', naturals: false }).hit.p).toBe(1);
  });

  it('a hit does at least 1 point; states follow hp and the death rule', () => {
    const o = adndAttackOdds({ need: 2, bonus: 30, damage: '1d4-3', criticals: 'off', hp: 1, deathAt: -10, naturals: false });
    expect(o.damage.map((r) => r.value)).toEqual([1]);
    expect(o.states?.find((s) => s.state === 'unconscious')?.p).toBe(1);
    const dead = adndAttackOdds({ need: 2, bonus: 30, damage: '1d4-3', criticals: 'off', hp: 1, naturals: false });
    expect(dead.states?.find((s) => s.state === 'dead')?.p).toBe(1);
  });
});

describe('fray odds: refusals (audit)', () => {
  const issue = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      return (e as InputError).issues[0];
    }
    return expect.unreachable('no error');
  };
  it('R-S3, R-H8: per-die armor with a sweep is refused (the per-die branch ignored the halving)', () => {
    expect(issue(() => tftAttackOdds({ adjDX: 13, damage: '2d', perDie: true, sweep: { variant: 'new', targets: 2 } })).path).toBe('perDie');
  });
  it('R-H10: a burst is refused as the engine refuses it (burstProblem), and when it fires no round', () => {
    expect(issue(() => tftAttackOdds({ adjDX: 13, damage: '2d', burst: 'half', clip: 1 })).message).toMatch(/would fire no round/);
    expect(issue(() => tftAttackOdds({ adjDX: 13, damage: '2d', burst: 'four', clip: 2 })).message).toMatch(/the 'four' burst needs 4/);
    expect(tftAttackOdds({ adjDX: 13, damage: '2d', burst: 'half', clip: 2 }).hits?.length).toBeGreaterThan(0);
  });
  it('R-S6: a classic sweep reaches at most CLASSIC_MAX_ARC targets', () => {
    expect(issue(() => tftAttackOdds({ adjDX: 17, damage: '3d', sweep: { variant: 'classic', targets: 4 } })).message).toMatch(/at most 3 .*R-S6/);
  });
  // Refused before enumerating: one that enumerated first would run for minutes, past this test's
  // own limit (a hang guard, not a speed check: npm run bench measures speed).
  it('expressions too large to enumerate exactly are refused at once', () => {
    expect(issue(() => diceOdds('1000d100')).path).toBe('expression');
    expect(issue(() => adndAttackOdds({ need: 10, damage: '3d100000' })).path).toBe('damage');
    expect(diceOdds('50d100').distribution.length).toBe(4951);
  }, 20_000);
});

describe('fray odds: any text (property)', () => {
  it('splitThreshold and diceOdds take any text: a result or an InputError on one line, quoting at most a short start', () => {
    const diceish = fc.array(fc.constantFrom('3', 'd', '6', '+', '-', ' ', '<=', '>=', '<', '>', '=', '!', '%', '20', '0', '.', '1.5', '≤', '\n', 'x', '９'), { maxLength: 12 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(fc.oneof(diceish, fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ minLength: 201, maxLength: 400 })), (text) => {
        try {
          const s = splitThreshold(text);
          diceOdds(s.expr, s.op ? { op: s.op, value: s.value as number } : undefined);
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
          for (const i of (e as InputError).issues) {
            expect(i.message).not.toMatch(/\n/);
            expect(i.message.length).toBeLessThan(300);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('AD&D to-hit by hand and the critical threshold, against the seed (R-A4, R-A10)', () => {
  // Hand counts from seed 3380eb42's dexterity table (row 10-15: two weapons -6 / -8) and its
  // critical rule (confirm d20 <= (dexterity + level) / 2), for a fighter of level 4.
  it('R-A4, R-A10 [3380eb42]: dexterity 12 to 15 share one two-weapon row; only the threshold moves, and 12/13 and 14/15 confirm alike', () => {
    const faces = { 12: 8, 13: 8, 14: 9, 15: 9 } as const; // (12+4)/2 = 8, 8.5, 9, 9.5
    for (const dex of [12, 13, 14, 15] as const) {
      const primary = adndAttackOdds({ need: 14, damage: '1d8', dex, level: 4, hand: 'primary' });
      const secondary = adndAttackOdds({ need: 14, damage: '1d4', dex, level: 4, hand: 'secondary' });
      expect(primary.toHit.entries).toEqual([
        { source: 'other to-hit bonuses as given', delta: 0, rule: 'R-A11' },
        { source: `dexterity ${dex} two weapons, row 10-15 (primary)`, delta: -6, rule: 'R-A4' },
      ]);
      expect([primary.bonus, secondary.bonus]).toEqual([-6, -8]);
      // d20 - 6 >= 14 and d20 - 8 >= 14: only the natural 20 hits (R-A11)
      expect([primary.hit.exact, secondary.hit.exact]).toEqual(['1/20', '1/20']);
      expect(primary.critical.ledger.entries.map((e) => [e.source, e.delta])).toEqual([
        [`half of dexterity ${dex}`, dex / 2],
        ['half of level or hit dice 4', 2],
      ]);
      expect(primary.critical.threshold).toBe((dex + 4) / 2);
      expect(primary.critical.faces).toBe(faces[dex]);
      expect(primary.critical.exact).toBe(Fraction.of(faces[dex], 400).toString());
    }
  });

  it('R-T1 is a TFT rule: an AD&D target has no reeling row (AD&D figureState), and its rows still add up', () => {
    const states = adndAttackOdds({ need: 10, damage: '2d8', hp: 8, deathAt: -10 }).states ?? [];
    expect(states.map((x) => x.state)).toEqual(['healthy', 'unconscious', 'dying', 'dead']);
    expect(states[0].atLeast).toBe(1);
    expect(tftAttackOdds({ adjDX: 12, damage: '2d', target: { st: 10 } }).states?.map((x) => x.state)).toEqual(['healthy', 'reeling', 'unconscious', 'dying', 'dead']);
  });

  it("R-A4 [3380eb42]: Frito's and Rocky's tables: strength, proficiency and magic as --bonus, the dexterity column by --hand", () => {
    const bonus = (dex: number | string, hand: 'alone' | 'primary' | 'secondary', other: number) => adndAttackOdds({ need: 10, damage: '1d8', dex, level: 1, hand, bonus: other }).bonus;
    // Frito, dexterity 17: longsword +3 strength +2 magic; mace +3 strength -2 not proficient +3 magic.
    expect([bonus(17, 'alone', 5), bonus(17, 'primary', 5), bonus(17, 'secondary', 4)]).toEqual([6, 1, -2]);
    expect([bonus(17, 'primary', 4), bonus(17, 'secondary', 5)]).toEqual([0, -1]);
    // Rocky, dexterity 18/95, proficient with both: longsword +5, mace +6 before dexterity.
    expect([bonus('18/95', 'alone', 5), bonus('18/95', 'alone', 6)]).toEqual([7, 8]);
    expect([bonus('18/95', 'primary', 5), bonus('18/95', 'secondary', 6), bonus('18/95', 'primary', 6), bonus('18/95', 'secondary', 5)]).toEqual([5, 4, 6, 3]);
    // An 18/95 counts 18 in the critical threshold.
    expect(adndAttackOdds({ need: 10, damage: '1d8', dex: '18/95', level: 4 }).critical.threshold).toBe(11);
  });

  it('R-A4 note 1 [3380eb42]: the Two Weapons skill moves a dexterity 10 to -5 / -7; a dexterity the table does not let fight with two weapons is refused', () => {
    const skill = (hand: 'primary' | 'secondary') => adndAttackOdds({ need: 10, damage: '1d8', dex: 10, hand, twoWeaponsSkill: true });
    expect([skill('primary').bonus, skill('secondary').bonus]).toEqual([-5, -7]);
    expect(skill('primary').toHit.entries[1].source).toBe('dexterity 10 two weapons, Two Weapons skill: row 16 (primary)');
    expect(() => adndAttackOdds({ need: 10, damage: '1d8', dex: 9, hand: 'primary' })).toThrow(/hand: dexterity 9 does not allow two weapons \(R-A4/);
    expect(() => adndAttackOdds({ need: 10, damage: '1d8', dex: 13, hand: 'alone', twoWeaponsSkill: true })).toThrow(/twoWeaponsSkill: the skill moves the two-weapon columns only/);
    expect(() => adndAttackOdds({ need: 10, damage: '1d8', dex: 30, hand: 'alone' })).toThrow(/dex: must be a dexterity the seed's table covers/);
  });
});
