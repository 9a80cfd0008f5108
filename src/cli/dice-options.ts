// --seed and --dice, and the scenario's own `dice:` list.
import { type DiceSource, ScriptedDice, SeededDice } from '../core/dice/source.ts';
import { InputError } from '../core/errors.ts';
import { MAX_SEED, seedRng } from '../core/rng.ts';
import { ListedFaces, scenarioDice, scenarioSeed } from '../engine/scenario-dice.ts';
import { quote } from '../core/issues.ts';
import { readWhole } from '../core/numbers.ts';

/** The longest text seed (it is printed with every result). */
export const MAX_SEED_CHARS = 200;

export function parseSeed(text: string | undefined, fallback: unknown): number | string {
  if (text === undefined) return scenarioSeed({ seed: fallback });
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
    // The largest die either system rolls is the d100: a bigger face is refused as typed (it was quoted later as 1e+23).
    if (n > 100) throw new InputError([{ path: `--dice[${i}]`, message: `${quote(p)} is more than any die here shows (the largest is the d100)` }], 'option');
    return n;
  });
}

/**
 * --dice replaces the generator (running out is an error); --seed seeds the generator alone;
 * otherwise the scenario's own dice (its `dice:`, then its `seed`, or 1: engine/scenario-dice.ts).
 */
export function makeDice(opts: { seed?: string; dice?: string }, scenario: Record<string, unknown>): { dice: DiceSource; seed: number | string; unused: (why: string) => string | null } {
  // Every roll comes from --dice then: a seed would start a generator nothing draws from.
  if (opts.dice !== undefined && opts.seed !== undefined) throw new InputError([{ path: '--seed', message: 'does not go with --dice: the --dice faces replace the generator the seed starts (give one of them)' }], 'option');
  const seed = parseSeed(opts.seed, scenario.seed);
  if (opts.dice !== undefined) {
    const faces = parseDiceList(opts.dice);
    const scripted = new ScriptedDice(faces);
    // Faces typed and never rolled are said (not an error): a face too many in a hand-copied list was silently dropped.
    const unused = (why: string) => (scripted.remaining > 0 ? `fray: --dice: the last ${scripted.remaining} of ${faces.length} faces were not used: ${why}` : null);
    return { dice: new ListedFaces(scripted, faces, '--dice', 'option'), seed, unused };
  }
  // --seed replaces the scenario's seed and its `dice:` list (engine/scenario-dice.ts).
  return { dice: opts.seed === undefined ? scenarioDice(scenario) : new SeededDice(seedRng(seed)), seed, unused: () => null };
}
