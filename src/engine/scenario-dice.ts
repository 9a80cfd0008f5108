// The dice a scenario is played with: its own `dice:` list first, then the generator seeded by
// its `seed` (or a given seed). The command line's `fray run` and `fray explain` without
// --seed or --dice, and the library's scenarioDice.
import { type DiceSource, type ScriptedDice, SeededDice } from '../core/dice/source.ts';
import { InputError } from '../core/errors.ts';
import { seedRng } from '../core/rng.ts';
import { ChainedDice } from './dice.ts';

/** The scenario's `seed` when it gives one, else 1. */
export function scenarioSeed(scenario: Record<string, unknown>): number | string {
  const seed = scenario.seed;
  return typeof seed === 'number' || typeof seed === 'string' ? seed : 1;
}

/**
 * A list of faces (`field`: `dice` for the scenario's, `--dice` for the command line's): a face
 * the die rolled cannot show (a 7 where a d6 is rolled) is bad input (`what`) naming its place
 * in that list, not a bare RangeError.
 */
export class ListedFaces implements DiceSource {
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
 * The scenario's own `dice:` (checked by system.setup) first, then the generator seeded with
 * `seed` (default: the scenario's `seed`, else 1). An impossible face is an InputError naming
 * `dice[i]`.
 */
export function scenarioDice(scenario: Record<string, unknown>, seed: number | string = scenarioSeed(scenario)): DiceSource {
  const gen = new SeededDice(seedRng(seed));
  const own = scenario.dice;
  if (!Array.isArray(own) || own.length === 0) return gen;
  return new ListedFaces(new ChainedDice(own as number[], gen), own as number[], 'dice', 'scenario');
}
