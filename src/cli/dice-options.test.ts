// Dice lists on the command line: a face the die cannot show names the list it came from.
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
