// A scenario's dice: its `dice:` list, then the generator of its seed (or a given one).
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../core/dice/source.ts';
import { InputError } from '../core/errors.ts';
import { seedRng } from '../core/rng.ts';
import { scenarioDice, scenarioSeed } from './scenario-dice.ts';

/** `n` d6 faces of a source. */
const roll = (d: { face(sides: number): number }, n: number) => Array.from({ length: n }, () => d.face(6));

describe('scenarioDice', () => {
  it("gives the scenario's `dice:` first, then the generator of its seed", () => {
    expect(roll(scenarioDice({ dice: [6, 1, 5], seed: 9 }), 8)).toEqual([6, 1, 5, ...roll(new SeededDice(seedRng(9)), 5)]);
  });
  it('seeds the generator with a given seed instead of the scenario\'s, after the list', () => {
    const given = roll(scenarioDice({ dice: [2], seed: 9 }, 'ten'), 6);
    expect(given).toEqual([2, ...roll(new SeededDice(seedRng('ten')), 5)]);
  });
  it('without a list or a seed, is the generator of seed 1', () => {
    expect(scenarioSeed({})).toBe(1);
    expect(roll(scenarioDice({ dice: [] }), 6)).toEqual(roll(new SeededDice(seedRng(1)), 6));
  });
  it('names the face a die cannot show by its place in `dice:` (an InputError, not a RangeError)', () => {
    const d = scenarioDice({ dice: [3, 7] });
    expect(d.face(6)).toBe(3);
    expect(() => d.face(6)).toThrow(new InputError([{ path: 'dice[1]', message: 'face 7 is impossible on the d6 rolled here (faces 1 to 6)' }], 'scenario'));
  });
});
