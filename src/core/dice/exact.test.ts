import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { Dist } from './exact.ts';
import { Fraction, frac } from './fraction.ts';

// ---- brute force: enumerate every combination of faces, count totals as BigInt ----

/** Map total -> count over prod(sides), by walking every face combination. */
function brute(sides: readonly number[], total: (faces: number[]) => number): { counts: Map<number, bigint>; denom: bigint } {
  const counts = new Map<number, bigint>();
  const faces = sides.map(() => 1);
  for (;;) {
    const t = total(faces);
    counts.set(t, (counts.get(t) ?? 0n) + 1n);
    let k = 0;
    while (k < faces.length && faces[k] === sides[k]) faces[k++] = 1;
    if (k === faces.length) break;
    faces[k]++;
  }
  return { counts, denom: sides.reduce((a, s) => a * BigInt(s), 1n) };
}

/** Asserts d assigns exactly counts/denom to every total (and nothing else). */
function expectMatches(d: Dist, ref: { counts: Map<number, bigint>; denom: bigint }) {
  const want = [...ref.counts.entries()].filter(([, c]) => c > 0n).sort((a, b) => a[0] - b[0]);
  const got = d.entries();
  expect(got.map(([x]) => x)).toEqual(want.map(([x]) => x));
  got.forEach(([x, p], i) => {
    expect(p.equals(Fraction.of(want[i][1], ref.denom)), `P(${x})`).toBe(true);
  });
}

function totalMass(d: Dist): Fraction {
  return d.entries().reduce((s, [, p]) => s.add(p), Fraction.ZERO);
}

const SIDES = [2, 3, 4, 6, 8, 10, 12, 20] as const;
const ndS = fc
  .tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom(...SIDES))
  .filter(([n, s]) => s ** n <= 6 ** 6);

describe('Dist: exact distributions of dice', () => {
  it('3d6: 27 ways of 10 and of 11, 1 way of 3 and 18, over 216', () => {
    const d = Dist.of('3d6');
    expect(d.exactly(10).toString()).toBe('1/8');
    expect(d.countAt(10) * 216n / d.denominator).toBe(27n);
    expect(d.exactly(3).equals(frac(1, 216))).toBe(true);
    expect(d.exactly(18).equals(frac(1, 216))).toBe(true);
    expect(d.atMost(13).equals(frac(181, 216))).toBe(true);
    expect(d.expectation().equals(frac(21, 2))).toBe(true);
    expect(d.mean()).toBe(10.5);
  });

  it('property: every NdS up to 6d6 (S in 2..20) equals brute-force enumeration and sums to 1', () => {
    fc.assert(
      fc.property(ndS, ([n, s]) => {
        const d = Dist.of(`${n}d${s}`);
        expectMatches(
          d,
          brute(
            Array.from({ length: n }, () => s),
            (f) => f.reduce((a, b) => a + b, 0),
          ),
        );
        expect(totalMass(d).equals(1)).toBe(true);
        expect(d.equals(Dist.dice(n, s))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('every N in 1..6 and S in {2,3,4,6,8,10,12,20} within 6^6 outcomes, exhaustively', () => {
    for (let n = 1; n <= 6; n++) {
      for (const s of SIDES) {
        if (s ** n > 6 ** 6) continue;
        const ref = brute(
          Array.from({ length: n }, () => s),
          (f) => f.reduce((a, b) => a + b, 0),
        );
        expectMatches(Dist.dice(n, s), ref);
      }
    }
  });

  it('property: every NdS with N in 1..6, S in {2,..,20} equals the inclusion-exclusion count', () => {
    // Ways for N dice of S sides to total t: sum_k (-1)^k C(N,k) C(t-k*S-1, N-1).
    const C = (n: number, k: number): bigint => {
      if (k < 0 || n < k) return 0n;
      let r = 1n;
      for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
      return r;
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.constantFrom(...SIDES), (n, s) => {
        const counts = new Map<number, bigint>();
        for (let t = n; t <= n * s; t++) {
          let w = 0n;
          for (let k = 0; k <= n; k++) w += (k % 2 ? -1n : 1n) * C(n, k) * C(t - k * s - 1, n - 1);
          counts.set(t, w);
        }
        const d = Dist.dice(n, s);
        expectMatches(d, { counts, denom: BigInt(s) ** BigInt(n) });
        expect(totalMass(d).equals(1)).toBe(true);
      }),
      { numRuns: 48 },
    );
  });

  it('TFT notation: 2d+1 and 1d-1 shift the 2d6 and 1d6 distributions [tft-core weapon table]', () => {
    expect(Dist.of('2d+1').equals(Dist.dice(2, 6).plus(1))).toBe(true);
    const dagger = Dist.of('1d-1');
    expect(dagger.min).toBe(0);
    expect(dagger.max).toBe(5);
  });

  it('sums and differences of groups match brute force: 1d8+1d6-1d4+2', () => {
    expectMatches(Dist.of('1d8+1d6-1d4+2'), brute([8, 6, 4], ([a, b, c]) => a + b - c + 2));
  });

  it('AD&D range 2-7 is 1d6+1: flat over 2..7', () => {
    const d = Dist.of('2-7');
    for (let x = 2; x <= 7; x++) expect(d.exactly(x).equals(frac(1, 6))).toBe(true);
  });

  it('large sums switch to BigInt and stay exact: 30d6 has denominator 6^30', () => {
    const d = Dist.dice(30, 6);
    expect(d.isBig).toBe(true);
    expect(d.denominator).toBe(6n ** 30n);
    expect(d.exactly(30).equals(Fraction.of(1n, 6n ** 30n))).toBe(true);
    expect(totalMass(d).equals(1)).toBe(true);
    expect(d.expectation().equals(105)).toBe(true);
    // Count of 31 is 30 (one die shows 2): only exact arithmetic keeps this.
    expect(d.countAt(31)).toBe(30n);
    expect(Dist.dice(20, 6).isBig).toBe(false);
    expect(Dist.dice(21, 6).isBig).toBe(true);
  });

  it('a BigInt distribution reduced back into range returns to numbers', () => {
    const big = Dist.dice(30, 6);
    const sure = big.mapTotal(() => 7);
    expect(sure.isBig).toBe(false);
    expect(sure.equals(Dist.constant(7))).toBe(true);
  });
});

describe('transforms', () => {
  const armor = (a: number) => (f: number) => Math.max(0, f - a);

  it('property: per-die armor (floor 0) equals brute force [R-H8 f04d4dae]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 7 }), (n, a) => {
        const d = Dist.of(`${n}d6`, { perDie: armor(a) });
        expectMatches(
          d,
          brute(
            Array.from({ length: n }, () => 6),
            (f) => f.reduce((t, x) => t + armor(a)(x), 0),
          ),
        );
        expect(totalMass(d).equals(1)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('12d6 with 2 armor per die: P(0) = (2/6)^12, mean = 12 * 10/6', () => {
    const d = Dist.of('12d6', { perDie: armor(2) });
    expect(d.exactly(0).equals(frac(1, 3 ** 12))).toBe(true);
    expect(d.expectation().equals(20)).toBe(true);
    expect(d.max).toBe(48);
  });

  it('per-die halve and double match brute force', () => {
    expectMatches(Dist.of('3d6', { perDie: (f) => Math.floor(f / 2) }), brute([6, 6, 6], (f) => f.reduce((t, x) => t + Math.floor(x / 2), 0)));
    expectMatches(Dist.of('2d4', { perDie: (f) => f * 2 }), brute([4, 4], ([a, b]) => 2 * a + 2 * b));
  });

  it('whole-total transforms: armor once per hit, halve, double', () => {
    expectMatches(Dist.of('2d6').mapTotal((x) => Math.max(0, x - 3)), brute([6, 6], ([a, b]) => Math.max(0, a + b - 3)));
    expectMatches(Dist.of('3d6').mapTotal((x) => Math.floor(x / 2)), brute([6, 6, 6], (f) => Math.floor((f[0] + f[1] + f[2]) / 2)));
    expectMatches(Dist.of('2d6').times(2), brute([6, 6], ([a, b]) => 2 * (a + b)));
  });

  it('mapTotal rejects a non-whole result, naming the input', () => {
    expect(() => Dist.of('1d6').mapTotal((x) => x / 2)).toThrow(/f\(1\) gave 0.5/);
  });

  it('conditioning: 3d6 given a hit on 12 or less', () => {
    const d = Dist.of('3d6').given((x) => x <= 12);
    expect(totalMass(d).equals(1)).toBe(true);
    expect(d.exactly(3).equals(frac(1, 160))).toBe(true); // 160 of 216 totals are <= 12
    expect(() => Dist.of('3d6').given((x) => x > 18)).toThrow(InputError);
  });

  it('probabilities: atMost, atLeast, exactly, below, above, between agree', () => {
    const d = Dist.of('3d6');
    for (let x = 0; x <= 20; x++) {
      expect(d.atMost(x).add(d.above(x)).equals(1)).toBe(true);
      expect(d.atLeast(x).add(d.below(x)).equals(1)).toBe(true);
      expect(d.between(x, x).equals(d.exactly(x))).toBe(true);
      expect(d.prob((t) => t <= x).equals(d.atMost(x))).toBe(true);
    }
  });

  it('variance of 1d6 is 35/12', () => {
    expect(Dist.die(6).variance().equals(frac(35, 12))).toBe(true);
    expect(Dist.dice(3, 6).variance().equals(frac(35, 4))).toBe(true);
  });
});

describe('mixtures and trees', () => {
  it('Dist.mix equals the weighted brute force and sums to 1', () => {
    const m = Dist.mix([
      [frac(1, 3), Dist.of('1d4')],
      [frac(2, 3), Dist.of('1d6+1')],
    ]);
    for (let x = 1; x <= 7; x++) {
      const want = frac(1, 3)
        .mul(x <= 4 ? frac(1, 4) : 0)
        .add(frac(2, 3).mul(x >= 2 ? frac(1, 6) : 0));
      expect(m.exactly(x).equals(want), `P(${x})`).toBe(true);
    }
    expect(totalMass(m).equals(1)).toBe(true);
  });

  it('mix weights must be exact and sum to 1', () => {
    expect(() => Dist.mix([[0.5, 1], [0.5, 2]])).toThrow(/not exact/);
    expect(() => Dist.mix([['1/2', 1], ['1/3', 2]])).toThrow(/sum to 5\/6, not 1/);
    expect(Dist.mix([['1/2', 1], ['1/2', 2]]).exactly(2).equals(frac(1, 2))).toBe(true);
  });

  // TFT attack tree [tft-core]: 3d6 against adjDX; 3 triple damage, 4 double, 5..adjDX a hit.
  const attack = (adjDX: number, dmg: Dist) =>
    Dist.of('3d6').chain((r) => (r === 3 ? dmg.times(3) : r === 4 ? dmg.times(2) : r <= adjDX ? dmg : 0));

  it('property: a hit/miss tree equals brute force over attack and damage dice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 18 }), fc.integer({ min: 1, max: 2 }), fc.integer({ min: -2, max: 2 }), (adj, n, plus) => {
        const dmg = Dist.of(`${n}d6`).plus(plus).mapTotal((x) => Math.max(0, x));
        const ref = brute([6, 6, 6, ...Array.from({ length: n }, () => 6)], (f) => {
          const r = f[0] + f[1] + f[2];
          const d = Math.max(0, f.slice(3).reduce((a, b) => a + b, 0) + plus);
          return r === 3 ? 3 * d : r === 4 ? 2 * d : r <= adj ? d : 0;
        });
        expectMatches(attack(adj, dmg), ref);
      }),
      { numRuns: 25 },
    );
  });

  it('binomial / countOf: successes among n trials with exact p', () => {
    const b = Dist.binomial(3, frac(1, 6));
    expect(b.exactly(0).equals(frac(125, 216))).toBe(true);
    expect(b.exactly(3).equals(frac(1, 216))).toBe(true);
    // Three 1d6 rolls, success on 5 or 6: brute force.
    expectMatches(
      Dist.countOf(3, Dist.die(6), (x) => x >= 5),
      brute([6, 6, 6], (f) => f.filter((x) => x >= 5).length),
    );
  });

  it('compound: a random number of damage rolls equals brute force', () => {
    // 1d3-1 hits (0..2), each 1d4 damage.
    const d = Dist.compound(Dist.of('1d3-1'), Dist.die(4));
    expectMatches(d, brute([3, 4, 4], ([k, a, b]) => (k - 1 >= 1 ? a : 0) + (k - 1 >= 2 ? b : 0)));
    expect(() => Dist.compound(Dist.of('1d3-2'), Dist.die(4))).toThrow(/cannot be negative/);
  });

  it('max and min of two independent totals equal brute force', () => {
    expectMatches(Dist.max(Dist.of('1d6'), Dist.of('1d4+1')), brute([6, 4], ([a, b]) => Math.max(a, b + 1)));
    expectMatches(Dist.min(Dist.of('2d4'), Dist.of('1d8')), brute([4, 4, 8], ([a, b, c]) => Math.min(a + b, c)));
    expectMatches(Dist.combine(Dist.die(6), Dist.die(6), (x, y) => x * y), brute([6, 6], ([a, b]) => a * b));
  });

  it('property: random compositions always sum to 1', () => {
    const leaf = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom(2, 4, 6, 8)).map(([n, s]) => Dist.dice(n, s));
    fc.assert(
      fc.property(leaf, leaf, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 4 }), (a, b, k, armor) => {
        const ds = [
          a.plus(b),
          a.minus(b),
          Dist.max(a, b),
          Dist.min(a, b),
          a.chain((x) => (x % 2 ? b : b.times(2))),
          Dist.mix([[frac(1, k + 1), a], [frac(k, k + 1), b]]),
          a.mapTotal((x) => Math.max(0, x - armor)),
          Dist.compound(a, b),
          a.given((x) => x >= a.min + 1 || x === a.min),
        ];
        for (const d of ds) expect(totalMass(d).equals(1)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});

describe('construction and output', () => {
  it('fromCounts checks the denominator and keeps things canonical', () => {
    const d = Dist.fromCounts(0, [0, 2, 2, 0], 4);
    expect(d.min).toBe(1);
    expect(d.denominator).toBe(2n);
    expect(d.equals(Dist.uniform(1, 2))).toBe(true);
    expect(() => Dist.fromCounts(0, [1, 1], 3)).toThrow(/sum to 2, not 3/);
    expect(() => Dist.fromCounts(0, [1, -1])).toThrow(/counts\[1\]/);
  });

  it('toJSON is exact text; entries and probabilities agree', () => {
    expect(Dist.of('1d2+1').toJSON()).toEqual({ min: 2, counts: ['1', '1'], denominator: '2' });
    expect(Dist.dice(30, 6).toJSON().denominator).toBe((6n ** 30n).toString());
    expect(Dist.of('1d4').probabilities()).toEqual([
      [1, 0.25],
      [2, 0.25],
      [3, 0.25],
      [4, 0.25],
    ]);
  });

  it('bad inputs are InputErrors naming the field', () => {
    expect(() => Dist.die(0)).toThrow(/sides/);
    expect(() => Dist.constant(1.5)).toThrow(/constant/);
    expect(() => Dist.dice(-1, 6)).toThrow(/count/);
    expect(() => Dist.of('3d')).not.toThrow();
    expect(() => Dist.of('3x')).toThrow(InputError);
    expect(() => Dist.binomial(2, frac(3, 2))).toThrow(/not a probability/);
  });
});

describe('Fraction', () => {
  it('is reduced with a positive denominator', () => {
    const f = frac(6, -8);
    expect(f.num).toBe(-3n);
    expect(f.den).toBe(4n);
    expect(f.toString()).toBe('-3/4');
  });

  it('arithmetic matches the definitions (property)', () => {
    const q = fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 1000 })).map(([n, d]) => frac(n, d));
    fc.assert(
      fc.property(q, q, (a, b) => {
        expect(a.add(b).sub(b).equals(a)).toBe(true);
        if (!b.isZero()) expect(a.mul(b).div(b).equals(a)).toBe(true);
        expect(a.compare(b)).toBe(Math.sign(a.toNumber() - b.toNumber()) as -1 | 0 | 1);
      }),
    );
  });

  it('toNumber stays accurate for huge numerators and denominators', () => {
    expect(Fraction.of(10n ** 40n, 3n * 10n ** 40n).toNumber()).toBeCloseTo(1 / 3, 15);
    expect(Fraction.of(1n, 6n ** 30n).toNumber()).toBeCloseTo(1 / 6 ** 30, 60);
    expect(Fraction.of(6n ** 30n + 1n, 6n ** 30n).toNumber()).toBe(1);
  });

  it('parses "a/b" text and rejects inexact floats', () => {
    expect(Fraction.from('2/4').equals(frac(1, 2))).toBe(true);
    expect(Fraction.from(' -3 ').equals(-3)).toBe(true);
    expect(() => Fraction.from('1/0')).toThrow(/denominator must not be 0/);
    expect(() => Fraction.from(0.1)).toThrow(/not exact/);
    expect(() => frac(1, 0)).toThrow(InputError);
  });
});
