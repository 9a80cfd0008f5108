// Where dice faces come from. The engine never asks the platform for randomness: it asks a DiceSource.
// Three kinds: a seeded generator, a scripted list of faces, and faces a person enters
// (physical dice at the table), which is asynchronous and so lives outside the pure engine
// (see rollWithEnteredDice).
import { type RngState, intBelow, nextU32 } from '../rng.ts';

export interface DiceSource {
  /** One face of a die with `sides` sides, from 1 to sides. */
  face(sides: number): number;
}

// For dice up to SMALL_SIDES sides the largest multiple of `sides` below 2^32 is precomputed,
// so face() takes the generator's nextU32 (which V8 inlines) and rejects the ragged top of the
// range exactly as intBelow does: both give the same face from the same state (tested), only
// faster (no division to find the limit).
const SMALL_SIDES = 128;
const LIMIT: number[] = [0];
for (let n = 1; n <= SMALL_SIDES; n++) LIMIT.push(0x100000000 - (0x100000000 % n));

export class SeededDice implements DiceSource {
  constructor(readonly rng: RngState) {}
  face(sides: number): number {
    if (sides >= 1 && sides <= SMALL_SIDES && (sides | 0) === sides) {
      const limit = LIMIT[sides];
      for (;;) {
        const x = nextU32(this.rng);
        if (x < limit) return (x % sides) + 1;
      }
    }
    return intBelow(this.rng, sides) + 1;
  }
  /**
   * The sum of `n` faces of `sides`-sided dice, the same faces n calls of face() would give,
   * with the generator state held in locals (no allocation; the hot loop of simulations).
   */
  sum(n: number, sides = 6): number {
    if (!(sides >= 1 && sides <= SMALL_SIDES && (sides | 0) === sides)) {
      let t = 0;
      for (let i = 0; i < n; i++) t += intBelow(this.rng, sides) + 1;
      return t;
    }
    const s = this.rng;
    const limit = LIMIT[sides];
    let a = s.a;
    let b = s.b;
    let c = s.c;
    let d = s.d;
    let total = 0;
    for (let i = 0; i < n; ) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      const x = t >>> 0;
      if (x < limit) {
        total += (x % sides) + 1;
        i++;
      }
    }
    s.a = a;
    s.b = b;
    s.c = c;
    s.d = d;
    return total;
  }
}

/** Thrown when a scripted or entered list has no face left; `sides` says which die was wanted. */
export class DiceExhausted extends Error {
  constructor(
    readonly sides: number,
    readonly used: number,
  ) {
    super(`dice: ran out of scripted faces after ${used} (a d${sides} was needed next)`);
    this.name = 'DiceExhausted';
  }
}

export class ScriptedDice implements DiceSource {
  private i = 0;
  constructor(private readonly faces: readonly number[]) {
    faces.forEach((f, k) => {
      if (!Number.isInteger(f) || f < 1) throw new RangeError(`dice[${k}]: ${f} is not a die face (a whole number from 1)`);
    });
  }
  face(sides: number): number {
    if (this.i >= this.faces.length) throw new DiceExhausted(sides, this.i);
    const f = this.faces[this.i];
    if (f > sides) throw new RangeError(`dice[${this.i}]: face ${f} is impossible on a d${sides}`);
    this.i += 1;
    return f;
  }
  get consumed(): number {
    return this.i;
  }
  get remaining(): number {
    return this.faces.length - this.i;
  }
}

/** Wraps a source and keeps every face it gave, so a command's dice can be stored and replayed. */
export class RecordingDice implements DiceSource {
  readonly faces: number[] = [];
  constructor(private readonly inner: DiceSource) {}
  face(sides: number): number {
    const f = this.inner.face(sides);
    this.faces.push(f);
    return f;
  }
}

/** Rolls `n` dice of `sides` sides, returning the faces (the log shows them, not only the sum). */
export function rollFaces(src: DiceSource, n: number, sides = 6): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = src.face(sides);
  return out;
}

export function sum(faces: readonly number[]): number {
  let t = 0;
  for (const f of faces) t += f;
  return t;
}

/**
 * Runs a pure, synchronous `step` with faces a person types in. When the step needs a die that
 * has not been entered yet, `ask` is awaited for it and the step is run again from the start
 * with one more face: the step stays pure and the faces it used come back for the log.
 */
export async function rollWithEnteredDice<T>(
  step: (dice: DiceSource) => T,
  ask: (sides: number, index: number) => Promise<number>,
  entered: readonly number[] = [],
): Promise<{ result: T; faces: number[] }> {
  const faces = [...entered];
  for (;;) {
    const src = new ScriptedDice(faces);
    try {
      const result = step(src);
      return { result, faces: faces.slice(0, src.consumed) };
    } catch (e) {
      if (!(e instanceof DiceExhausted)) throw e;
      faces.push(await ask(e.sides, faces.length));
    }
  }
}
