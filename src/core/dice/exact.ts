// Exact probability distributions of integer totals. A Dist is integer counts over one common
// denominator: P(total = min + i) = counts[i] / denominator, never rounded.
//
// Counts are plain numbers while the denominator is at most Number.MAX_SAFE_INTEGER. Every
// operation here keeps each count and each partial sum at or below the result's denominator
// (a count is part of the whole), so checking the denominator is enough to stay exact; beyond
// it the same operation runs on BigInt and the result is BigInt until a reduction brings it
// back into range. Every Dist is kept canonical (zero ends trimmed, counts and denominator
// divided by their gcd), so two equal distributions have equal fields.
//
//   Dist.of('3d6').atMost(13)                                       -> Fraction 13/... (to hit)
//   Dist.of('12d6', { perDie: (f) => Math.max(0, f - 2) })           (armor stops 2 per die, R-H8)
//   Dist.of('2d6').mapTotal((x) => Math.max(0, x - 3))                (armor stops 3 per hit)
//   Dist.of('3d6').chain((r) => r <= 4 ? dmg.times(5 - r + 1) : ...)  (hit/miss trees)
//   Dist.mix([[frac(1, 3), a], [frac(2, 3), b]])
import { InputError } from '../errors.ts';
import { quote } from '../issues.ts';
import { type DiceExpr, parseDiceCached } from './notation.ts';
import { Fraction, type FractionLike, gcdBig } from './fraction.ts';

const SAFE = Number.MAX_SAFE_INTEGER;
/** Widest range of totals a Dist may span (the representation is dense). */
export const MAX_DIST_WIDTH = 10_000_000;

/**
 * The most work an exact enumeration may take, in the units of enumerationWork: about a second
 * or two (50d100 is 1.3e8 and takes about half a second; 100d100 is 1e9 and takes about 3 s).
 * The lab's odds and the rules' damage distributions (the AI weighs them) share it.
 */
export const MAX_ENUMERATION_WORK = 3e8;

/**
 * A measure of the work of enumerating `e` exactly: the convolutions cost about the square of
 * the number of totals, times the size of the counts (64-bit words of the denominator).
 */
export function enumerationWork(e: DiceExpr): number {
  let totals = 1;
  let bits = 0;
  for (const g of e.dice) {
    totals += g.count * (g.sides - 1);
    bits += g.count * Math.log2(g.sides);
  }
  return totals * totals * Math.max(1, Math.ceil(bits / 64));
}

/** Why `e` (written `text`) is too large to enumerate exactly in a second or two, or null. */
export function enumerationProblem(e: DiceExpr, text: string): string | null {
  if (enumerationWork(e) <= MAX_ENUMERATION_WORK) return null;
  const totals = e.dice.reduce((t, g) => t + g.count * (g.sides - 1), 1);
  const dice = e.dice.reduce((n, g) => n + g.count, 0);
  return `${quote(text)} is too large to enumerate exactly (${totals.toLocaleString('en')} possible totals from ${dice} ${dice === 1 ? 'die' : 'dice'}; the limit is about 5,000 totals, fewer with many dice: 50d100 or 500d6 are fine)`;
}

type Counts = number[] | bigint[];

/** Greatest common divisor of two safe non-negative integers. */
export function gcdNum(a: number, b: number): number {
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/** lcm of two safe integers, or Infinity when it would not be safe. */
function lcmNum(a: number, b: number): number {
  const l = (a / gcdNum(a, b)) * b;
  return l > SAFE ? Number.POSITIVE_INFINITY : l;
}

const lcmBig = (a: bigint, b: bigint) => (a / gcdBig(a, b)) * b;

function zerosBig(n: number): bigint[] {
  return new Array<bigint>(n).fill(0n);
}

function checkWidth(width: number, what: string): void {
  if (!(width <= MAX_DIST_WIDTH)) {
    throw new InputError([{ path: what, message: `the totals would span ${width} values (at most ${MAX_DIST_WIDTH})` }], 'distribution');
  }
}

function isInt(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x);
}

export interface OfOptions {
  /** Applied to each die's face before the faces are summed (armor per die, halving...). */
  perDie?: (face: number, sides: number) => number;
}

export class Dist {
  /** Largest total with a non-zero probability. */
  readonly max: number;

  private constructor(
    /** Smallest total with a non-zero probability. */
    readonly min: number,
    private readonly c: Counts,
    private readonly d: number | bigint,
  ) {
    this.max = min + c.length - 1;
  }

  // ---- building ---------------------------------------------------------------------------

  /** Trims, reduces and picks the representation. Counts must sum to denom. */
  private static build(min: number, counts: Counts, denom: number | bigint): Dist {
    let lo = 0;
    let hi = counts.length - 1;
    // biome-ignore lint/suspicious/noDoubleEquals: 0 == 0n on purpose (number or bigint counts)
    while (lo <= hi && counts[lo] == 0) lo++;
    // biome-ignore lint/suspicious/noDoubleEquals: as above
    while (hi >= lo && counts[hi] == 0) hi--;
    if (lo > hi) throw new InputError([{ path: 'distribution', message: 'no outcome has a non-zero probability' }], 'distribution');
    if (typeof denom === 'number') {
      const c = counts as number[];
      let g = denom;
      for (let i = lo; i <= hi && g !== 1; i++) if (c[i] !== 0) g = gcdNum(c[i], g);
      if (g === 1 && lo === 0 && hi === c.length - 1) return new Dist(min, c, denom);
      const out = new Array<number>(hi - lo + 1);
      for (let i = lo; i <= hi; i++) out[i - lo] = c[i] / g;
      return new Dist(min + lo, out, denom / g);
    }
    const c = counts as bigint[];
    let g = denom;
    for (let i = lo; i <= hi && g !== 1n; i++) if (c[i] !== 0n) g = gcdBig(c[i], g);
    const d = denom / g;
    if (d <= BigInt(SAFE)) {
      const out = new Array<number>(hi - lo + 1);
      for (let i = lo; i <= hi; i++) out[i - lo] = Number(c[i] / g);
      return new Dist(min + lo, out, Number(d));
    }
    const out = new Array<bigint>(hi - lo + 1);
    for (let i = lo; i <= hi; i++) out[i - lo] = c[i] / g;
    return new Dist(min + lo, out, d);
  }

  /** The certain total `v`. */
  static constant(v: number): Dist {
    if (!isInt(v)) throw new InputError([{ path: 'constant', message: `${v} is not a whole number` }], 'distribution');
    return new Dist(v, [1], 1);
  }

  /** One die with faces 1..sides. */
  static die(sides: number): Dist {
    if (!isInt(sides) || sides < 1) throw new InputError([{ path: 'sides', message: `${sides} is not a die size (a whole number from 1)` }], 'distribution');
    checkWidth(sides, 'sides');
    return new Dist(1, new Array<number>(sides).fill(1), sides);
  }

  /** Every total from lo to hi equally likely. */
  static uniform(lo: number, hi: number): Dist {
    if (!isInt(lo) || !isInt(hi) || hi < lo) throw new InputError([{ path: 'uniform', message: `bad range ${lo}..${hi}` }], 'distribution');
    return Dist.die(hi - lo + 1).plus(lo - 1);
  }

  /** n dice of `sides` sides, summed. */
  static dice(n: number, sides: number): Dist {
    if (!isInt(n) || n < 0) throw new InputError([{ path: 'count', message: `${n} is not a dice count` }], 'distribution');
    return Dist.die(sides).repeat(n);
  }

  /**
   * The distribution of a notation ("3d6", "2d+1", "1d8+1d6+2", "3-18") or parsed expression.
   * `perDie` transforms each die's face before summing; a subtracted group subtracts the
   * transformed faces.
   */
  static of(notation: string | DiceExpr, opts: OfOptions = {}): Dist {
    const e = typeof notation === 'string' ? parseDiceCached(notation) : notation;
    let out = Dist.constant(e.modifier);
    for (const g of e.dice) {
      let die = Dist.die(g.sides);
      const f = opts.perDie;
      if (f) die = die.mapTotal((x) => f(x, g.sides));
      const group = die.repeat(g.count);
      out = out.plus(g.sign < 0 ? group.neg() : group);
    }
    return out;
  }

  /**
   * From counts over a denominator: P(min + i) = counts[i] / denominator. The denominator
   * defaults to the sum of the counts (so counts may be plain weights).
   */
  static fromCounts(min: number, counts: readonly (number | bigint)[], denominator?: number | bigint): Dist {
    if (!isInt(min)) throw new InputError([{ path: 'min', message: `${min} is not a whole number` }], 'distribution');
    checkWidth(counts.length, 'counts');
    const big = counts.map((x, i) => {
      if (typeof x === 'number' && !Number.isSafeInteger(x)) throw new InputError([{ path: `counts[${i}]`, message: `${x} is not a whole number` }], 'distribution');
      const b = BigInt(x);
      if (b < 0n) throw new InputError([{ path: `counts[${i}]`, message: 'must not be negative' }], 'distribution');
      return b;
    });
    const total = big.reduce((a, b) => a + b, 0n);
    const d = denominator === undefined ? total : BigInt(denominator);
    if (d !== total) throw new InputError([{ path: 'denominator', message: `the counts sum to ${total}, not ${d}` }], 'distribution');
    return Dist.build(min, big, d);
  }

  /** Totals with exact weights that sum to 1: Dist.mix([[frac(1, 2), 0], [frac(1, 2), Dist.of('1d6')]]). */
  static mix(parts: readonly (readonly [FractionLike, Dist | number])[]): Dist {
    let sum = Fraction.ZERO;
    const items: Part[] = [];
    parts.forEach(([w, x], i) => {
      const f = Fraction.from(w, `mix[${i}][0]`);
      if (f.num < 0n || f.compare(1) > 0) throw new InputError([{ path: `mix[${i}][0]`, message: `weight ${f} is not a probability` }], 'distribution');
      sum = sum.add(f);
      if (f.num === 0n) return;
      items.push({ wn: f.num, wd: f.den, dist: toDist(x, `mix[${i}][1]`) });
    });
    if (!sum.equals(1)) throw new InputError([{ path: 'mix', message: `the weights sum to ${sum}, not 1` }], 'distribution');
    return mixture(items);
  }

  /** 1 with probability p, else 0. */
  static bernoulli(p: FractionLike): Dist {
    const f = Fraction.from(p, 'p');
    return Dist.mix([
      [f, 1],
      [f.complement(), 0],
    ]);
  }

  /** The number of successes in n independent trials, each succeeding with probability p. */
  static binomial(n: number, p: FractionLike): Dist {
    if (!isInt(n) || n < 0) throw new InputError([{ path: 'n', message: `${n} is not a trial count` }], 'distribution');
    const f = Fraction.from(p, 'p');
    if (f.num < 0n || f.num > f.den) throw new InputError([{ path: 'p', message: `${f} is not a probability` }], 'distribution');
    const a = f.num;
    const q = f.den - f.num;
    const counts = zerosBig(n + 1);
    let binom = 1n;
    for (let k = 0; k <= n; k++) {
      counts[k] = binom * a ** BigInt(k) * q ** BigInt(n - k);
      binom = (binom * BigInt(n - k)) / BigInt(k + 1);
    }
    return Dist.build(0, counts, f.den ** BigInt(n));
  }

  /** Count of trials among n whose outcome (drawn from `trial`) satisfies `success`. */
  static countOf(n: number, trial: Dist, success: (x: number) => boolean): Dist {
    return Dist.binomial(n, trial.prob(success));
  }

  /**
   * The sum of a random number of independent rolls: `count` says how many (a whole number
   * from 0), each adds a roll of `each` (hits of an autofire burst, each rolling damage).
   */
  static compound(count: Dist, each: Dist): Dist {
    if (count.min < 0) throw new InputError([{ path: 'count', message: `a count cannot be negative (min ${count.min})` }], 'distribution');
    const items: Part[] = [];
    let power = each.repeat(count.min);
    for (let k = count.min; k <= count.max; k++) {
      const w = count.c[k - count.min];
      // biome-ignore lint/suspicious/noDoubleEquals: number or bigint zero
      if (w != 0) items.push({ wn: w, wd: count.d, dist: power });
      if (k < count.max) power = power.plus(each);
    }
    return mixture(items);
  }

  /** The sum of independent distributions. */
  static sum(ds: readonly (Dist | number)[]): Dist {
    let out = Dist.constant(0);
    ds.forEach((d, i) => {
      out = out.plus(toDist(d, `sum[${i}]`));
    });
    return out;
  }

  /** f applied to independent totals of a and b. */
  static combine(a: Dist, b: Dist, f: (x: number, y: number) => number): Dist {
    const pairs: [number, Dist][] = [];
    for (let i = 0; i < a.c.length; i++) pairs.push([a.min + i, b.mapTotal((y) => f(a.min + i, y))]);
    return a.chain((x) => pairs[x - a.min][1]);
  }

  /** The larger of two independent totals. */
  static max(a: Dist, b: Dist): Dist {
    return cdfCombine(a, b, true);
  }

  /** The smaller of two independent totals. */
  static min(a: Dist, b: Dist): Dist {
    return cdfCombine(a, b, false);
  }

  // ---- arithmetic -------------------------------------------------------------------------

  /** This plus an independent distribution (convolution), or plus a constant. */
  plus(o: Dist | number): Dist {
    if (typeof o === 'number') {
      if (!isInt(o)) throw new InputError([{ path: 'plus', message: `${o} is not a whole number` }], 'distribution');
      return o === 0 ? this : new Dist(this.min + o, this.c, this.d);
    }
    return convolve(this, o);
  }

  /** This minus an independent distribution, or minus a constant. */
  minus(o: Dist | number): Dist {
    return typeof o === 'number' ? this.plus(-o) : this.plus(o.neg());
  }

  /** The negated total. */
  neg(): Dist {
    return new Dist(-this.max, [...this.c].reverse() as Counts, this.d);
  }

  /** The sum of n independent copies (n rolls of this, added). */
  repeat(n: number): Dist {
    if (!isInt(n) || n < 0) throw new InputError([{ path: 'repeat', message: `${n} is not a count` }], 'distribution');
    let out: Dist | undefined;
    let base: Dist = this;
    for (;;) {
      if (n & 1) out = out ? convolve(out, base) : base;
      n = Math.floor(n / 2);
      if (n === 0) break;
      base = convolve(base, base);
    }
    return out ?? Dist.constant(0);
  }

  /** The total transformed by f (armor: max(0, x - 3); halve: floor(x / 2); double: x * 2). */
  mapTotal(f: (x: number) => number): Dist {
    const n = this.c.length;
    const ys = new Array<number>(n);
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      // biome-ignore lint/suspicious/noDoubleEquals: number or bigint zero
      if (this.c[i] == 0) continue;
      const y = f(this.min + i);
      if (!isInt(y)) throw new InputError([{ path: 'mapTotal', message: `f(${this.min + i}) gave ${y}, not a whole number` }], 'distribution');
      ys[i] = y;
      if (y < lo) lo = y;
      if (y > hi) hi = y;
    }
    checkWidth(hi - lo + 1, 'mapTotal');
    if (typeof this.d === 'number') {
      const c = this.c as number[];
      const out = new Array<number>(hi - lo + 1).fill(0);
      for (let i = 0; i < n; i++) if (c[i] !== 0) out[ys[i] - lo] += c[i];
      return Dist.build(lo, out, this.d);
    }
    const c = this.c as bigint[];
    const out = zerosBig(hi - lo + 1);
    for (let i = 0; i < n; i++) if (c[i] !== 0n) out[ys[i] - lo] += c[i];
    return Dist.build(lo, out, this.d);
  }

  /** Times a whole number k (k * total, not k rolls: see repeat). */
  times(k: number): Dist {
    return this.mapTotal((x) => x * k);
  }

  /**
   * For each total x, continue with next(x) (a Dist or a constant): the mixture weighted by
   * P(x). Hit/miss trees: Dist.of('3d6').chain((r) => (r <= adjDX ? damage : 0)).
   */
  chain(next: (x: number) => Dist | number): Dist {
    const items: Part[] = [];
    for (let i = 0; i < this.c.length; i++) {
      const w = this.c[i];
      // biome-ignore lint/suspicious/noDoubleEquals: number or bigint zero
      if (w == 0) continue;
      items.push({ wn: w, wd: this.d, dist: toDist(next(this.min + i), `chain(${this.min + i})`) });
    }
    return mixture(items);
  }

  /** This distribution given that `pred` holds (the others removed, the rest rescaled). */
  given(pred: (x: number) => boolean): Dist {
    if (typeof this.d === 'number') {
      const c = (this.c as number[]).map((v, i) => (pred(this.min + i) ? v : 0));
      const total = c.reduce((a, b) => a + b, 0);
      if (total === 0) throw new InputError([{ path: 'given', message: 'no outcome satisfies the condition' }], 'distribution');
      return Dist.build(this.min, c, total);
    }
    const c = (this.c as bigint[]).map((v, i) => (pred(this.min + i) ? v : 0n));
    const total = c.reduce((a, b) => a + b, 0n);
    if (total === 0n) throw new InputError([{ path: 'given', message: 'no outcome satisfies the condition' }], 'distribution');
    return Dist.build(this.min, c, total);
  }

  // ---- questions --------------------------------------------------------------------------

  /** P(pred(total)). */
  prob(pred: (x: number) => boolean): Fraction {
    return this.massWhere((i) => pred(this.min + i), 0, this.c.length - 1);
  }

  /** P(total = x). */
  exactly(x: number): Fraction {
    return this.massWhere(null, x - this.min, x - this.min);
  }
  /** P(total <= x). */
  atMost(x: number): Fraction {
    return this.massWhere(null, 0, x - this.min);
  }
  /** P(total >= x). */
  atLeast(x: number): Fraction {
    return this.massWhere(null, x - this.min, this.c.length - 1);
  }
  /** P(total < x). */
  below(x: number): Fraction {
    return this.atMost(x - 1);
  }
  /** P(total > x). */
  above(x: number): Fraction {
    return this.atLeast(x + 1);
  }
  /** P(lo <= total <= hi). */
  between(lo: number, hi: number): Fraction {
    return this.massWhere(null, lo - this.min, hi - this.min);
  }

  private massWhere(pred: ((i: number) => boolean) | null, from: number, to: number): Fraction {
    const a = Math.max(0, Math.ceil(from));
    const b = Math.min(this.c.length - 1, Math.floor(to));
    if (typeof this.d === 'number') {
      const c = this.c as number[];
      let s = 0;
      for (let i = a; i <= b; i++) if (pred === null || pred(i)) s += c[i];
      return Fraction.of(s, this.d);
    }
    const c = this.c as bigint[];
    let s = 0n;
    for (let i = a; i <= b; i++) if (pred === null || pred(i)) s += c[i];
    return Fraction.of(s, this.d);
  }

  /** The exact expected total. */
  expectation(): Fraction {
    let s = 0n;
    for (let i = 0; i < this.c.length; i++) s += BigInt(this.min + i) * BigInt(this.c[i]);
    return Fraction.of(s, BigInt(this.d));
  }
  /** The expected total as a float. */
  mean(): number {
    return this.expectation().toNumber();
  }
  /** The exact variance. */
  variance(): Fraction {
    let s2 = 0n;
    for (let i = 0; i < this.c.length; i++) s2 += BigInt(this.min + i) ** 2n * BigInt(this.c[i]);
    const m = this.expectation();
    return Fraction.of(s2, BigInt(this.d)).sub(m.mul(m));
  }

  /** The common denominator (after reduction). */
  get denominator(): bigint {
    return BigInt(this.d);
  }
  /** The count of total x over the denominator (0n outside the support). */
  countAt(x: number): bigint {
    const i = x - this.min;
    return i >= 0 && i < this.c.length ? BigInt(this.c[i]) : 0n;
  }
  /** Whether counts are held as BigInt (the denominator is beyond Number.MAX_SAFE_INTEGER). */
  get isBig(): boolean {
    return typeof this.d === 'bigint';
  }

  /** Every total with a non-zero probability, as exact fractions, in increasing order. */
  entries(): [number, Fraction][] {
    const out: [number, Fraction][] = [];
    for (let i = 0; i < this.c.length; i++) {
      // biome-ignore lint/suspicious/noDoubleEquals: number or bigint zero
      if (this.c[i] != 0) out.push([this.min + i, Fraction.of(BigInt(this.c[i]), BigInt(this.d))]);
    }
    return out;
  }
  /** Every total with a non-zero probability, as floats (for charts and reports). */
  probabilities(): [number, number][] {
    return this.entries().map(([x, p]) => [x, p.toNumber()]);
  }

  equals(o: Dist): boolean {
    if (this.min !== o.min || this.c.length !== o.c.length || this.d !== o.d) return false;
    for (let i = 0; i < this.c.length; i++) if (this.c[i] !== o.c[i]) return false;
    return true;
  }

  /** {min, counts, denominator} with counts and denominator as decimal text (exact for BigInt). */
  toJSON(): { min: number; counts: string[]; denominator: string } {
    return { min: this.min, counts: this.c.map((x: number | bigint) => String(x)), denominator: String(this.d) };
  }

  toString(): string {
    return `Dist(${this.entries()
      .map(([x, p]) => `${x}: ${p}`)
      .join(', ')})`;
  }
}

interface Part {
  wn: number | bigint;
  wd: number | bigint;
  dist: Dist;
}

function toDist(x: Dist | number, path: string): Dist {
  if (x instanceof Dist) return x;
  if (isInt(x)) return Dist.constant(x);
  throw new InputError([{ path, message: `expected a Dist or a whole number, got ${String(x)}` }], 'distribution');
}

// Internal access to the private fields (this module is the only user).
type Inner = { min: number; max: number; c: Counts; d: number | bigint };
const inner = (d: Dist) => d as unknown as Inner;
const build = (min: number, counts: Counts, denom: number | bigint): Dist =>
  (Dist as unknown as { build: (m: number, c: Counts, d: number | bigint) => Dist }).build(min, counts, denom);

function convolve(x: Dist, y: Dist): Dist {
  const a = inner(x);
  const b = inner(y);
  const na = a.c.length;
  const nb = b.c.length;
  checkWidth(na + nb - 1, 'sum');
  if (typeof a.d === 'number' && typeof b.d === 'number' && a.d * b.d <= SAFE) {
    // Every partial sum is at most a.d * b.d, so plain numbers stay exact.
    const ac = a.c as number[];
    const bc = b.c as number[];
    const out = new Array<number>(na + nb - 1).fill(0);
    for (let i = 0; i < na; i++) {
      const ai = ac[i];
      if (ai === 0) continue;
      for (let j = 0; j < nb; j++) out[i + j] += ai * bc[j];
    }
    return build(a.min + b.min, out, a.d * b.d);
  }
  const ac = a.c.map((v: number | bigint) => BigInt(v));
  const bc = b.c.map((v: number | bigint) => BigInt(v));
  const out = zerosBig(na + nb - 1);
  for (let i = 0; i < na; i++) {
    const ai = ac[i];
    if (ai === 0n) continue;
    for (let j = 0; j < nb; j++) out[i + j] += ai * bc[j];
  }
  return build(a.min + b.min, out, BigInt(a.d) * BigInt(b.d));
}

/**
 * Sum over parts of (wn / wd) * dist. The common denominator D is the lcm of wd * dist.d;
 * part i contributes count * wn * D / (wd * dist.d), each at most D, and all of them sum to D
 * when the weights sum to 1 (callers ensure it).
 */
function mixture(parts: readonly Part[]): Dist {
  if (parts.length === 0) throw new InputError([{ path: 'mix', message: 'nothing to mix' }], 'distribution');
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let D = 1;
  for (const p of parts) {
    const q = inner(p.dist);
    if (q.min < lo) lo = q.min;
    if (q.max > hi) hi = q.max;
    if (D !== Number.POSITIVE_INFINITY) {
      if (typeof p.wn === 'number' && typeof p.wd === 'number' && typeof q.d === 'number' && p.wd * q.d <= SAFE) D = lcmNum(D, p.wd * q.d);
      else D = Number.POSITIVE_INFINITY;
    }
  }
  checkWidth(hi - lo + 1, 'mix');
  if (D !== Number.POSITIVE_INFINITY) {
    const out = new Array<number>(hi - lo + 1).fill(0);
    for (const p of parts) {
      const q = inner(p.dist);
      const m = (p.wn as number) * (D / ((p.wd as number) * (q.d as number)));
      const c = q.c as number[];
      const off = q.min - lo;
      for (let j = 0; j < c.length; j++) out[off + j] += m * c[j];
    }
    return build(lo, out, D);
  }
  let B = 1n;
  for (const p of parts) B = lcmBig(B, BigInt(p.wd) * BigInt(inner(p.dist).d));
  const out = zerosBig(hi - lo + 1);
  for (const p of parts) {
    const q = inner(p.dist);
    const m = BigInt(p.wn) * (B / (BigInt(p.wd) * BigInt(q.d)));
    const off = q.min - lo;
    for (let j = 0; j < q.c.length; j++) out[off + j] += m * BigInt(q.c[j]);
  }
  return build(lo, out, B);
}

/** max (or min) of independent a and b from cumulative counts: F(t) = Fa(t) * Fb(t). */
function cdfCombine(x: Dist, y: Dist, isMax: boolean): Dist {
  const a = inner(x);
  const b = inner(y);
  const lo = isMax ? Math.max(a.min, b.min) : Math.min(a.min, b.min);
  const hi = isMax ? Math.max(a.max, b.max) : Math.min(a.max, b.max);
  // cum(q)[t - lo]: count of totals <= t (for max) or >= t (for min), t in lo..hi.
  const cum = (q: Inner): bigint[] => {
    const out = zerosBig(hi - lo + 1);
    const at = (t: number) => (t >= q.min && t <= q.max ? BigInt(q.c[t - q.min]) : 0n);
    if (isMax) {
      let s = 0n;
      for (let t = q.min; t < lo; t++) s += at(t);
      for (let t = lo; t <= hi; t++) out[t - lo] = s += at(t);
    } else {
      let s = 0n;
      for (let t = q.max; t > hi; t--) s += at(t);
      for (let t = hi; t >= lo; t--) out[t - lo] = s += at(t);
    }
    return out;
  };
  const ca = cum(a);
  const cb = cum(b);
  const n = hi - lo + 1;
  const F = ca.map((v, i) => v * cb[i]);
  const out = zerosBig(n);
  for (let i = 0; i < n; i++) {
    const prev = isMax ? (i > 0 ? F[i - 1] : 0n) : i < n - 1 ? F[i + 1] : 0n;
    out[i] = F[i] - prev;
  }
  return build(lo, out, BigInt(a.d) * BigInt(b.d));
}
