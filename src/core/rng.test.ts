import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RngState, cloneRng, intBelow, nextFloat, nextU32, seedRng } from './rng.ts';

// ---- an independent reference: sfc32 and the seeding written with BigInt, from the algorithm's
// definition (32-bit words, explicit masks), sharing no code with rng.ts ----
const M = 0xffffffffn;

function* sfc32Ref(a: bigint, b: bigint, c: bigint, d: bigint): Generator<bigint> {
  for (;;) {
    const t = (a + b + d) & M;
    d = (d + 1n) & M;
    a = b ^ (b >> 9n);
    b = (c + (c << 3n)) & M;
    c = ((c << 21n) | (c >> 11n)) & M;
    c = (c + t) & M;
    yield t;
  }
}

/** The seed spreading rng.ts documents: FNV-1a (strings) or fold (numbers), stream mix, fmix32 chain, 15 warm-up outputs. */
function seedRef(seed: number | string, stream = 0): Generator<bigint> {
  let h: bigint;
  if (typeof seed === 'string') {
    h = 0x811c9dc5n;
    for (let i = 0; i < seed.length; i++) h = ((h ^ BigInt(seed.charCodeAt(i))) * 0x01000193n) & M;
  } else {
    h = (BigInt(Math.trunc(seed)) ^ BigInt(Math.trunc(seed / 2 ** 32))) & M;
  }
  let x = (h ^ ((BigInt(stream + 1) * 0x632be5abn) & M)) & M;
  const mix = () => {
    x = (x + 0x9e3779b9n) & M;
    let z = x;
    z = ((z ^ (z >> 16n)) * 0x85ebca6bn) & M;
    z = ((z ^ (z >> 13n)) * 0xc2b2ae35n) & M;
    x = z ^ (z >> 16n);
    return x;
  };
  const a = mix();
  const b = mix();
  const c = mix();
  const g = sfc32Ref(a, b, c, 1n);
  for (let i = 0; i < 15; i++) g.next();
  return g;
}

const take = (g: Generator<bigint>, n: number) => Array.from({ length: n }, () => Number(g.next().value));
const draw = (s: RngState, n: number) => Array.from({ length: n }, () => nextU32(s));

describe('sfc32 generator', () => {
  it('matches a BigInt reference from an explicit state for 2000 outputs', () => {
    const state = { a: 0x9e3779b9, b: 0x243f6a88, c: 0xb7e15162, d: 1 };
    expect(draw({ ...state }, 2000)).toEqual(take(sfc32Ref(0x9e3779b9n, 0x243f6a88n, 0xb7e15162n, 1n), 2000));
  });

  it('property: matches the reference from any state, including int32 and uint32 spellings', () => {
    const u32 = fc.integer({ min: 0, max: 0xffffffff });
    fc.assert(
      fc.property(u32, u32, u32, u32, (a, b, c, d) => {
        const want = take(sfc32Ref(BigInt(a), BigInt(b), BigInt(c), BigInt(d)), 20);
        expect(draw({ a, b, c, d }, 20)).toEqual(want);
        expect(draw({ a: a | 0, b: b | 0, c: c | 0, d: d | 0 }, 20)).toEqual(want);
      }),
    );
  });

  it('seedRng follows the documented seeding (reference re-implementation)', () => {
    for (const [seed, stream] of [
      [1, 0],
      ['fray', 0],
      [1, 1],
      [0, 0],
      [-7, 3],
      [2 ** 40 + 5, 0],
      ['', 2],
    ] as const) {
      expect(draw(seedRng(seed, stream), 50), `${seed}/${stream}`).toEqual(take(seedRef(seed, stream), 50));
    }
  });

  it('first outputs for seedRng(1) and seedRng("fray") are pinned (a change of generator is caught)', () => {
    expect(draw(seedRng(1), 4)).toEqual([836168456, 4226263979, 1410968340, 1020913204]);
    expect(draw(seedRng('fray'), 4)).toEqual([45255571, 3965624787, 495199314, 3595763862]);
    expect(draw(seedRng(1, 1), 4)).toEqual([2562248736, 1301174786, 3217457990, 3454348268]);
  });

  it('property: same seed, same sequence', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), fc.nat(1000), (seed, stream) => {
        expect(draw(seedRng(seed, stream), 30)).toEqual(draw(seedRng(seed, stream), 30));
      }),
    );
  });

  it('property: a JSON-serialised state resumes the same sequence', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), fc.nat(200), (seed, skip) => {
        const s = seedRng(seed);
        draw(s, skip);
        const saved = JSON.stringify(s);
        const rest = draw(s, 40);
        const resumed = JSON.parse(saved) as RngState;
        expect(draw(resumed, 40)).toEqual(rest);
      }),
    );
  });

  it('cloneRng gives an independent copy at the same point', () => {
    const s = seedRng(42);
    const c = cloneRng(s);
    expect(draw(c, 10)).toEqual(draw(s, 10));
    nextU32(s);
    expect(s).not.toEqual(c);
  });

  it('streams of one seed differ from each other and from other seeds', () => {
    const seen = new Set<string>();
    for (const seed of [1, 2, 'fray']) {
      for (let stream = 0; stream < 50; stream++) seen.add(draw(seedRng(seed, stream), 4).join(','));
    }
    expect(seen.size).toBe(150);
  });

  it('seedRng and cloneRng hold int32 words (the fast field representation; same sequence either way)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), (seed) => {
        const s = seedRng(seed);
        for (const v of [s.a, s.b, s.c, s.d, ...Object.values(cloneRng({ a: 0xffffffff, b: 2 ** 31, c: 1, d: 0x80000001 }))]) {
          expect(v | 0).toBe(v);
        }
      }),
    );
    const u = { a: 0xffffffff, b: 2 ** 31, c: 7, d: 0x80000001 };
    expect(draw(cloneRng(u), 10)).toEqual(draw({ ...u }, 10));
  });

  it('non-finite number seeds are rejected', () => {
    expect(() => seedRng(Number.NaN)).toThrow(RangeError);
    expect(() => seedRng(Number.POSITIVE_INFINITY)).toThrow(/seed/);
  });
});

describe('intBelow and nextFloat', () => {
  it('property: intBelow(n) is an integer in [0, n) for every n up to 2^32', () => {
    const s = seedRng('range');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0x100000000 }), (n) => {
        for (let i = 0; i < 20; i++) {
          const x = intBelow(s, n);
          expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
        }
      }),
    );
  });

  it('rejects a bad range', () => {
    const s = seedRng(1);
    for (const n of [0, -1, 2.5, 0x100000001, Number.NaN]) expect(() => intBelow(s, n)).toThrow(RangeError);
  });

  // Chi-square over `bins` equally likely outcomes; with a fixed seed the value is fixed, and
  // the thresholds are generous (about p = 1e-6 for a fair generator).
  const chiSquare = (counts: number[], n: number) => {
    const e = n / counts.length;
    return counts.reduce((t, c) => t + (c - e) ** 2 / e, 0);
  };

  it.each([
    [6, 31.0],
    [7, 33.0],
    [20, 51.0],
    [100, 150.0],
  ])('intBelow(%i) is uniform: chi-square below %d with a fixed seed', (n, limit) => {
    const s = seedRng('chi');
    const counts = new Array<number>(n).fill(0);
    const draws = 2000 * n;
    for (let i = 0; i < draws; i++) counts[intBelow(s, n)]++;
    expect(chiSquare(counts, draws)).toBeLessThan(limit);
  });

  it('no modulo bias: intBelow(3 * 2^30) puts a third in each third (modulo alone would put half in the first)', () => {
    const s = seedRng('bias');
    const third = 2 ** 30;
    const counts = [0, 0, 0];
    const draws = 30000;
    for (let i = 0; i < draws; i++) counts[Math.floor(intBelow(s, 3 * third) / third)]++;
    // A biased `x % n` gives expected counts 15000/7500/7500: chi-square about 7500.
    expect(chiSquare(counts, draws)).toBeLessThan(25);
  });

  it('nextFloat is in [0, 1) and uniform over 10 bins', () => {
    const s = seedRng('float');
    const counts = new Array<number>(10).fill(0);
    let outside = 0;
    for (let i = 0; i < 50000; i++) {
      const f = nextFloat(s);
      if (!(f >= 0 && f < 1)) outside++;
      else counts[Math.floor(f * 10)]++;
    }
    expect(outside).toBe(0);
    expect(chiSquare(counts, 50000)).toBeLessThan(40);
  });
});
