import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../../core/dice/source.ts';
import { InputError } from '../../../../core/errors.ts';
import { diceAfterInterruption, rollThread, threadTarget } from './roll.ts';

describe('thread rolls [82345e2a]', () => {
  it('R-T2: against ST or IQ as the player chooses; the default picks the higher', () => {
    expect(threadTarget(8, 14).attribute).toBe('iq');
    expect(threadTarget(8, 14).value).toBe(14);
    expect(threadTarget(15, 9).attribute).toBe('st');
    expect(threadTarget(8, 14, 'st').value).toBe(8);
    expect(threadTarget(8, 14, 'iq').ledger.entries[0].rule).toBe('R-T2');
    expect(() => threadTarget(8, 14, 'dx' as 'st')).toThrow(InputError);
  });

  it('R-T2: a total over the attribute is death; at or under it the figure lives', () => {
    const t = threadTarget(8, 11);
    const dead = rollThread(new ScriptedDice([6, 4, 3]), 3, t); // James on turn 9: 13 against IQ 11
    expect(dead.total).toBe(13);
    expect(dead.survived).toBe(false);
    const lives = rollThread(new ScriptedDice([6, 5]), 2, t);
    expect(lives.total).toBe(11);
    expect(lives.survived).toBe(true);
    expect(lives.faces).toEqual([6, 5]);
  });

  it('R-T2: one die against IQ 14 can never fail (Claudio on turn 4)', () => {
    const t = threadTarget(8, 14);
    for (let f = 1; f <= 6; f++) expect(rollThread(new ScriptedDice([f]), 1, t).survived).toBe(true);
  });

  it('R-T3: an interrupted attempt resumes at half the last dice, rounded up', () => {
    expect(diceAfterInterruption(1, 2)).toBe(1);
    expect(diceAfterInterruption(3, 4)).toBe(2);
    expect(diceAfterInterruption(4, 5)).toBe(2);
    expect(diceAfterInterruption(null, 1)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), (n) => {
        const r = diceAfterInterruption(n, n + 1);
        expect(r * 2 >= n && (r - 1) * 2 < n).toBe(true);
      }),
    );
  });

  it('rejects a roll of no dice', () => {
    expect(() => rollThread(new ScriptedDice([]), 0, threadTarget(8, 8))).toThrow(/dice/);
  });
});
