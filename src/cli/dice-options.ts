// --seed and --dice, and the scenario's own `dice:` list.
import { type DiceSource, ScriptedDice, SeededDice } from '../core/dice/source.ts';
import { InputError } from '../core/errors.ts';
import { MAX_SEED, seedRng } from '../core/rng.ts';
import { ChainedDice } from '../engine/dice.ts';
import { quote } from '../core/issues.ts';
import { readWhole } from '../core/numbers.ts';

/** The longest text seed (it is printed with every result). */
export const MAX_SEED_CHARS = 200;

export function parseSeed(text: string | undefined, fallback: unknown): number | string {
  if (text === undefined) return typeof fallback === 'number' || typeof fallback === 'string' ? fallback : 1;
  if (text.trim() === '') throw new InputError([{ path: '--seed', message: `is empty: give a whole number from 0 to ${MAX_SEED}, or any text` }], 'option');
  if (text.length > MAX_SEED_CHARS) throw new InputError([{ path: '--seed', message: `${quote(text)} is ${text.length} characters long; a text seed has at most ${MAX_SEED_CHARS}` }], 'option');
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  // A number is a whole number from 0 to 2^32 - 1: 1.5 would play the same fights as 1, and
  // 2^32 + 1 the same as 0 (core/rng.ts hashSeed); any text is hashed instead.
  if (!Number.isInteger(n) || n < 0 || n > MAX_SEED) throw new InputError([{ path: '--seed', message: `${quote(text)} must be a whole number from 0 to ${MAX_SEED}, or any text` }], 'option');
  return n;
}

export function parseDiceList(text: string): number[] {
  const parts = text.split(/[,\s]+/).filter((p) => p.length > 0);
  // No faces at all would fail at the first roll as "ran out of scripted faces", exit 2.
  if (parts.length === 0) throw new InputError([{ path: '--dice', message: 'no die faces given: write them as 3,4,5 (each a whole number from 1)' }], 'option');
  return parts.map((p, i) => {
    const n = readWhole(p);
    if (!Number.isInteger(n) || n < 1) throw new InputError([{ path: `--dice[${i}]`, message: `${quote(p)} is not a die face (a whole number from 1)` }], 'option');
    return n;
  });
}

/**
 * A list of faces, --dice or the scenario's `dice:` (`field`): a face the die rolled cannot show
 * (a 7 where a d6 is rolled) is bad input naming its place in that list, not a flag the user
 * may not have typed.
 */
class ListedFaces implements DiceSource {
  constructor(
    private readonly inner: ScriptedDice | ChainedDice,
    private readonly faces: readonly number[],
    private readonly field: string,
    private readonly what: string,
  ) {}
  face(sides: number): number {
    const i = this.inner.consumed;
    try {
      return this.inner.face(sides);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      throw new InputError([{ path: `${this.field}[${i}]`, message: `face ${this.faces[i]} is impossible on the d${sides} rolled here (faces 1 to ${sides})` }], this.what);
    }
  }
}

/**
 * --dice replaces the generator (running out is an error); otherwise the scenario's `dice:`
 * are used first, then the generator seeded with --seed (or the scenario's `seed`, or 1).
 */
export function makeDice(opts: { seed?: string; dice?: string }, scenario: Record<string, unknown>): { dice: DiceSource; seed: number | string } {
  // Every roll comes from --dice then: a seed would start a generator nothing draws from.
  if (opts.dice !== undefined && opts.seed !== undefined) throw new InputError([{ path: '--seed', message: 'does not go with --dice: the --dice faces replace the generator the seed starts (give one of them)' }], 'option');
  const seed = parseSeed(opts.seed, scenario.seed);
  if (opts.dice !== undefined) {
    const faces = parseDiceList(opts.dice);
    return { dice: new ListedFaces(new ScriptedDice(faces), faces, '--dice', 'option'), seed };
  }
  const gen = new SeededDice(seedRng(seed));
  const own = scenario.dice;
  if (Array.isArray(own) && own.length > 0 && opts.seed === undefined) return { dice: new ListedFaces(new ChainedDice(own as number[], gen), own as number[], 'dice', 'scenario'), seed };
  return { dice: gen, seed };
}
