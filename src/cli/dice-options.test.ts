// Dice lists on the command line: a face the die cannot show names the list it came from; --seed does not go with --dice.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fray } from './testing.ts';

const DUEL = 'examples/tft/duel.yaml';

describe('makeDice: faces from a list', () => {
  it("a face the die cannot show is bad input (exit 1) naming its place in the list it came from: the scenario's dice:, or --dice", async () => {
    // The scenario's own list: no --dice was typed, so none is blamed (it said "--dice: dice[0]", exit 2).
    const own = await fray(['run', 'd.yaml'], { 'd.yaml': `${readFileSync(DUEL, 'utf8')}\ndice: [7, 1]\n` });
    expect([own.code, own.err]).toEqual([1, 'fray: invalid scenario: dice[0]: face 7 is impossible on the d6 rolled here (faces 1 to 6)']);
    const flag = await fray(['run', DUEL, '--dice', '6,1,9']);
    expect([flag.code, flag.err]).toEqual([1, 'fray: invalid option: --dice[2]: face 9 is impossible on the d6 rolled here (faces 1 to 6)']);
    // Running out is still exit 2.
    expect((await fray(['run', DUEL, '--dice', '6,1'])).code).toBe(2);
  });
});

describe('--seed and --dice', () => {
  it('--seed with --dice is refused on run and explain, naming both (the --dice faces replace the generator: the seed was silently ignored)', async () => {
    for (const cmd of ['run', 'explain']) {
      const r = await fray([cmd, DUEL, '--dice', '3,4,5', '--seed', '9']);
      expect([r.code, r.err], cmd).toEqual([1, 'fray: invalid option: --seed: does not go with --dice: the --dice faces replace the generator the seed starts (give one of them)']);
    }
    // Either alone is fine.
    expect((await fray(['run', DUEL, '--seed', '9'])).code).toBe(0);
    expect((await fray(['explain', DUEL, '--dice', '3,4,5'])).code).toBe(0);
  });
  it('--dice faces never rolled are said on stderr, how many and why (a face too many in a copied list was dropped silently); the exit stays 0', async () => {
    const dice = Array(400).fill('3,4').join(',');
    const run = await fray(['run', DUEL, '--dice', dice]);
    expect(run.code).toBe(0);
    const left = /^fray: --dice: the last (\d+) of 800 faces were not used: the fight ended before they were rolled$/.exec(run.err);
    expect(left, run.err).not.toBeNull();
    // Every face it rolled is in the narration's dice: the count said is the rest.
    expect(Number(left?.[1])).toBeGreaterThan(0);
    const ex = await fray(['explain', DUEL, '--dice', '3,4,5']);
    expect([ex.code, ex.err]).toEqual([0, "fray: --dice: the last 3 of 3 faces were not used: explain plays the scenario's script up to the report's step, and it rolled no more"]);
    // All used (the first step rolls the two initiative dice): only --max-steps's stop is said.
    const all = await fray(['run', DUEL, '--dice', '6,1', '--max-steps', '1']);
    expect([all.code, all.err]).toEqual([3, 'fray: stopped after 1 commands without an end (--max-steps)']);
    const some = await fray(['run', DUEL, '--dice', '6,1,2', '--max-steps', '1']);
    expect(some.err).toBe('fray: --dice: the last 1 of 3 faces were not used: the run stopped before they were rolled\nfray: stopped after 1 commands without an end (--max-steps)');
  });
  it('a --dice face is a whole number in decimal, as every whole-number option (0x3 and 1e0 were read as 3 and 1)', async () => {
    const r = await fray(['run', DUEL, '--dice', '6,0x3,1e0']);
    expect([r.code, r.err]).toEqual([1, "fray: invalid option: --dice[1]: '0x3' is not a die face (a whole number from 1)"]);
    // A face past any die: said as typed (it read "face 1e+23 is impossible on the d6").
    const huge = await fray(['run', DUEL, '--dice', '6,99999999999999999999999']);
    expect([huge.code, huge.err]).toEqual([1, "fray: invalid option: --dice[1]: '99999999999999999999999' is more than any die here shows (the largest is the d100)"]);
  });
});
