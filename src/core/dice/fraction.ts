// An exact rational: BigInt numerator and denominator, always reduced, denominator > 0.
// Probabilities from exact distributions come out as Fractions; toNumber() is the only place
// a float appears.
import { InputError } from '../errors.ts';

/** What a Fraction may be built from: a Fraction, a whole number or bigint, or text "a/b". */
export type FractionLike = Fraction | bigint | number | string;

const abs = (x: bigint) => (x < 0n ? -x : x);

export function gcdBig(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

const bitLength = (x: bigint) => (x === 0n ? 0 : x.toString(2).length);

export class Fraction {
  private constructor(
    readonly num: bigint,
    readonly den: bigint,
  ) {}

  static readonly ZERO = new Fraction(0n, 1n);
  static readonly ONE = new Fraction(1n, 1n);

  /** num/den reduced; both must be whole numbers and den non-zero. */
  static of(num: bigint | number, den: bigint | number = 1n): Fraction {
    const n = toBig(num, 'numerator');
    const d = toBig(den, 'denominator');
    if (d === 0n) throw new InputError([{ path: 'denominator', message: 'must not be 0' }], 'fraction');
    const g = gcdBig(n, d);
    const s = d < 0n ? -1n : 1n;
    return g === 1n && s === 1n ? new Fraction(n, d) : new Fraction((s * n) / g, (s * d) / g);
  }

  static from(x: FractionLike, path = 'fraction'): Fraction {
    if (x instanceof Fraction) return x;
    if (typeof x === 'bigint') return new Fraction(x, 1n);
    if (typeof x === 'number') {
      if (!Number.isInteger(x)) {
        throw new InputError(
          [{ path, message: `${x} is not exact; give a Fraction (frac(1, 10)) or a text such as "1/10"` }],
          'fraction',
        );
      }
      return new Fraction(BigInt(x), 1n);
    }
    if (typeof x === 'string') {
      const m = /^\s*(-?\d+)\s*(?:\/\s*(\d+)\s*)?$/.exec(x);
      if (!m) throw new InputError([{ path, message: `expected "a/b" with whole numbers, got '${x}'` }], 'fraction');
      if (m[2] !== undefined && BigInt(m[2]) === 0n) throw new InputError([{ path, message: `denominator must not be 0 in '${x}'` }], 'fraction');
      return Fraction.of(BigInt(m[1]), m[2] === undefined ? 1n : BigInt(m[2]));
    }
    throw new InputError([{ path, message: `expected a fraction, got ${typeof x}` }], 'fraction');
  }

  add(o: FractionLike): Fraction {
    const b = Fraction.from(o);
    return Fraction.of(this.num * b.den + b.num * this.den, this.den * b.den);
  }
  sub(o: FractionLike): Fraction {
    const b = Fraction.from(o);
    return Fraction.of(this.num * b.den - b.num * this.den, this.den * b.den);
  }
  mul(o: FractionLike): Fraction {
    const b = Fraction.from(o);
    return Fraction.of(this.num * b.num, this.den * b.den);
  }
  div(o: FractionLike): Fraction {
    const b = Fraction.from(o);
    if (b.num === 0n) throw new InputError([{ path: 'divisor', message: 'must not be 0' }], 'fraction');
    return Fraction.of(this.num * b.den, this.den * b.num);
  }
  neg(): Fraction {
    return new Fraction(-this.num, this.den);
  }
  /** 1 - this (the complement of a probability). */
  complement(): Fraction {
    return new Fraction(this.den - this.num, this.den);
  }
  compare(o: FractionLike): -1 | 0 | 1 {
    const b = Fraction.from(o);
    const l = this.num * b.den;
    const r = b.num * this.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  equals(o: FractionLike): boolean {
    const b = Fraction.from(o);
    return this.num === b.num && this.den === b.den;
  }
  isZero(): boolean {
    return this.num === 0n;
  }

  /** The nearest double (within one unit in the last place, even for huge numerators). */
  toNumber(): number {
    const { num, den } = this;
    if (abs(num) <= 9007199254740991n && den <= 9007199254740991n) return Number(num) / Number(den);
    // Keep ~64 significant bits of the quotient, then scale back.
    const shift = 64 - (bitLength(abs(num)) - bitLength(den));
    const q = shift >= 0 ? (num << BigInt(shift)) / den : num / (den << BigInt(-shift));
    return Number(q) * 2 ** -shift;
  }

  toString(): string {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`;
  }
  toJSON(): string {
    return this.toString();
  }
}

/** frac(1, 6) = 1/6. */
export function frac(num: bigint | number, den: bigint | number = 1n): Fraction {
  return Fraction.of(num, den);
}

function toBig(x: bigint | number, what: string): bigint {
  if (typeof x === 'bigint') return x;
  if (!Number.isSafeInteger(x)) throw new InputError([{ path: what, message: `${x} is not a whole number` }], 'fraction');
  return BigInt(x);
}
