// The narration of the Thread events (`fray run`, the table's log), from events the tracker emits.
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../../core/dice/source.ts';
import type { GameEvent } from '../../../../engine/types.ts';
import { describeThread } from './describe.ts';
import { DEFAULT_STATE_OPTIONS as O } from './states.ts';
import { type ThreadEvent, type ThreadSubject, endOfTurnFor, firstAid, observe, passTurnsOutOfCombat, pureEnv, stabilizeTurn } from './tracker.ts';

const fig = (id: string, st: number, iq: number, wounds: number): ThreadSubject => ({ id, name: id, st, iq, wounds, fatigue: 0, talents: [], house: {} });
const NAMES = new Map([
  ['claudio', 'Claudio'],
  ['eragin', 'Eragin'],
  ['lenny', 'Lenny'],
]);

describe('thread narration [82345e2a]', () => {
  it("R-T3 seed turn 7: Claudio's thread rolls resume at 1 die, half of the last roll's 1 die rounded up (not '1 dice')", () => {
    const events: ThreadEvent[] = [];
    const env = pureEnv(4, O, new ScriptedDice([4, 2]), (e) => events.push(e));
    const claudio = fig('claudio', 8, 14, 10);
    const eragin = { id: 'eragin', iq: 13, talents: ['physicker'], house: {} };
    observe(claudio, 4, O, env.emit, 'damage');
    endOfTurnFor(env, claudio); // seed turn 4: 1 die
    env.turn = 5;
    stabilizeTurn(env, eragin, claudio);
    endOfTurnFor(env, claudio);
    env.turn = 7; // Eragin went to fight the orc: interrupted
    endOfTurnFor(env, claudio);
    const lines = events.map((e) => describeThread(e as unknown as GameEvent, NAMES)).filter((l) => l !== undefined);
    const interrupted = lines.find((l) => l.includes('stops working'));
    expect(interrupted).toBe(
      "Eragin stops working on Claudio after 1 turn: the stabilization is interrupted; thread rolls resume at 1 die (1 half of the last roll's 1 die, rounded up (stabilization interrupted) [R-T3] = 1) [R-T3].",
    );
    expect(lines.at(-1)).toMatch(/^Claudio makes a thread roll: 1d6 = 2 against IQ 14 \(dice: 1 half of the last roll's 1 die, rounded up/);
    expect(lines.join('\n')).not.toMatch(/\b1 dice\b/);
  });

  it('R-T2 seed turns 8-9: the dice of a thread roll say one die more for each roll made since, in words that count (not "1 thread rolls")', () => {
    const events: ThreadEvent[] = [];
    const env = pureEnv(7, O, new ScriptedDice([1, 2, 3, 6, 4, 3]), (e) => events.push(e));
    const james = fig('james', 10, 11, 16);
    observe(james, 7, O, env.emit, 'damage');
    for (const t of [7, 8, 9]) {
      env.turn = t;
      endOfTurnFor(env, james);
    }
    const lines = events.map((e) => describeThread(e as unknown as GameEvent)).filter((l) => l?.includes('thread roll:'));
    expect(lines).toEqual([
      'james makes a thread roll: 1d6 = 1 against IQ 11 (dice: 1 first turn of dying [R-T2] = 1): lives another turn [R-T2].',
      'james makes a thread roll: 2d6 = 2+3 = 5 against IQ 11 (dice: 1 first turn of dying [R-T2] + 1 thread roll made since [R-T2] = 2): lives another turn [R-T2].',
      'james makes a thread roll: 3d6 = 6+4+3 = 13 against IQ 11 (dice: 1 first turn of dying [R-T2] + 2 thread rolls made since [R-T2] = 3): DIES [R-T2].',
    ]);
  });

  it('R-T4 after the seed fight: Eragin heals Lenny of 2 wounds, said as wounds healed and why', () => {
    const events: ThreadEvent[] = [];
    const env = pureEnv(8, O, new ScriptedDice([]), (e) => events.push(e));
    const lenny = fig('lenny', 14, 10, 13);
    firstAid(env, { id: 'eragin', iq: 13, talents: ['physicker'], house: {} }, lenny);
    const line = events.map((e) => describeThread(e as unknown as GameEvent, NAMES)).find((l) => l?.includes('first aid'));
    expect(line).toBe('Eragin gives Lenny first aid: 2 wounds healed (2 Physicker first aid [R-T4] = 2), wounds 13 -> 11 [R-T4].');
  });

  it('R-T3 out of combat [82345e2a]: the 5 minutes run at once are said as time out of combat, not turns of the fight, whose count stays (Malken: 59 turns at turn 2)', () => {
    const events: ThreadEvent[] = [];
    const env = pureEnv(2, O, new ScriptedDice([3, 3, 3, 3]), (e) => events.push(e));
    const malken = { ...fig('malken', 8, 13, 9), fatigue: 6 };
    observe(malken, 1, O, env.emit, 'damage');
    const doc = { id: 'doc', iq: 12, talents: ['physicker'], house: {} };
    stabilizeTurn(env, doc, malken);
    passTurnsOutOfCombat(env, [malken], new Map([['doc', doc]]), 59, 'Doc finishes the 5 minutes of stabilization (R-T3)');
    const line = events.map((e) => describeThread(e as unknown as GameEvent)).find((l) => l?.includes('at once'));
    expect(line).toBe('59 turns pass at once, out of combat: Doc finishes the 5 minutes of stabilization (R-T3). They are not turns of the fight: its turn count stays at 2.');
  });
});
