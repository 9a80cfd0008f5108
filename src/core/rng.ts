// sfc32: a small fast counting generator. Its whole state is four uint32s in a plain object,
// so it serialises into the encounter state and resumes exactly (boardgame.io keeps PRNG
// state inside game state the same way).

export interface RngState {
  a: number;
  b: number;
  c: number;
  d: number;
}

/** splitmix32 step, used only to spread a seed (and a stream number) over the state. */
function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** The largest whole seed that is itself after the fold below (the command line and experiment files take 0 to this). */
export const MAX_SEED = 0xffffffff;

function hashSeed(seed: number | string): number {
  if (typeof seed === 'number') {
    if (!Number.isFinite(seed)) throw new RangeError(`seed: must be a finite number, got ${seed}`);
    // The documented fold (pinned by rng.test.ts): the low 32 bits XOR the part above them,
    // fractions truncated. A whole seed from 0 to 2^32 - 1 is itself; larger or negative seeds
    // can collide with those (2^32 + 1 folds to 0, -1 to 2^32 - 1), so the CLI and experiment
    // files take whole numbers from 0 to 2^32 - 1 only (text seeds are hashed below).
    return (Math.trunc(seed) ^ Math.trunc(seed / 0x100000000)) >>> 0;
  }
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A generator for `seed`. `stream` picks an independent sequence for the same seed (one per
 * worker chunk), so results never depend on how work is split.
 */
export function seedRng(seed: number | string, stream = 0): RngState {
  let x = hashSeed(seed) ^ Math.imul(stream + 1, 0x632be5ab);
  const next = () => {
    x = splitmix32(x);
    return x;
  };
  // Held as int32 (| 0), the form nextU32 writes back: V8 then keeps the four fields as small
  // integers; a uint32 above 2^31 would make every RngState field a boxed double (3x slower).
  const s: RngState = { a: next() | 0, b: next() | 0, c: next() | 0, d: 1 };
  for (let i = 0; i < 15; i++) nextU32(s); // warm up, as sfc32's author recommends
  return s;
}

/** The next uint32; advances `s` in place. */
export function nextU32(s: RngState): number {
  const t = (((s.a + s.b) | 0) + s.d) | 0;
  s.d = (s.d + 1) | 0;
  s.a = s.b ^ (s.b >>> 9);
  s.b = (s.c + (s.c << 3)) | 0;
  s.c = (s.c << 21) | (s.c >>> 11);
  s.c = (s.c + t) | 0;
  return t >>> 0;
}

/** A uniform integer in [0, n), without modulo bias (rejects the ragged top of the range). */
export function intBelow(s: RngState, n: number): number {
  if (!(n >= 1 && n <= 0x100000000 && Number.isInteger(n))) throw new RangeError(`intBelow: bad range ${n}`);
  const limit = 0x100000000 - (0x100000000 % n);
  for (;;) {
    const x = nextU32(s);
    if (x < limit) return x % n;
  }
}

/** A float in [0, 1) with 32 bits of randomness. */
export function nextFloat(s: RngState): number {
  return nextU32(s) / 0x100000000;
}

export function cloneRng(s: RngState): RngState {
  return { a: s.a | 0, b: s.b | 0, c: s.c | 0, d: s.d | 0 };
}
