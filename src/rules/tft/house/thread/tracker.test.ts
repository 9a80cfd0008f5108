import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../../core/dice/source.ts';
import { CommandRejected } from '../../../../core/errors.ts';
import { DEFAULT_STATE_OPTIONS as O } from './states.ts';
import {
  type MedicView,
  type ThreadEvent,
  type ThreadSubject,
  bagOf,
  endOfTurnFor,
  firstAid,
  observe,
  passTurnsOutOfCombat,
  stabilizeTurn,
  statusOf,
} from './tracker.ts';

const fig = (id: string, st: number, iq: number, wounds = 0, fatigue = 0, talents: string[] = []): ThreadSubject => ({
  id,
  name: id,
  st,
  iq,
  wounds,
  fatigue,
  talents,
  house: {},
});
const collect = () => {
  const events: ThreadEvent[] = [];
  return { events, emit: (e: ThreadEvent) => events.push(e) };
};
const rolls = (events: ThreadEvent[], who: string) =>
  events.filter((e) => e.type === 'thread-roll' && e.figure === who) as Extract<ThreadEvent, { type: 'thread-roll' }>[];

describe('thread tracker [82345e2a]', () => {
  it('R-T1: every state change is an event with its remST and dyST ledgers', () => {
    const { events, emit } = collect();
    const c = fig('claudio', 8, 14, 6);
    observe(c, 3, O, emit, 'setup');
    c.wounds += 4;
    observe(c, 4, O, emit, 'damage');
    expect(events.map((e) => e.type === 'thread-state' && [e.from, e.to])).toEqual([
      [null, 'reeling'],
      ['reeling', 'dying'],
    ]);
    const e = events[1] as Extract<ThreadEvent, { type: 'thread-state' }>;
    expect(e.dyST.total).toBe(-2);
    expect(e.turn).toBe(4);
    observe(c, 4, O, emit, 'nothing');
    expect(events).toHaveLength(2);
  });

  it('R-T2: N = 1 on the turn dying began, then +1 each turn; failure is death', () => {
    const { events, emit } = collect();
    const j = fig('james', 10, 11, 16); // dyST -6: dying
    observe(j, 7, O, emit, 'damage');
    const dice = new ScriptedDice([1, 1, 1, 6, 4, 3]);
    endOfTurnFor(j, 7, O, dice, emit);
    endOfTurnFor(j, 8, O, dice, emit);
    endOfTurnFor(j, 9, O, dice, emit);
    expect(rolls(events, 'james').map((r) => [r.dice.total, r.total, r.survived])).toEqual([
      [1, 1, true],
      [2, 2, true],
      [3, 13, false],
    ]);
    expect(statusOf(j, O).state).toBe('dead');
    expect(bagOf(j).dead).toBe(true);
    // dead is final: no more rolls, healing does not raise it
    endOfTurnFor(j, 10, O, dice, emit);
    j.wounds = 0;
    expect(statusOf(j, O).state).toBe('dead');
  });

  it('R-T3: no thread roll while a medic works; an interrupted attempt resumes at ceil(last/2), then rises', () => {
    const { events, emit } = collect();
    const eragin: MedicView = { id: 'eragin', iq: 13, talents: ['Physicker'] };
    const c = fig('claudio', 8, 14, 10);
    observe(c, 4, O, emit, 'damage');
    const dice = new ScriptedDice([3, 2, 5, 5, 1, 2, 3]);
    endOfTurnFor(c, 4, O, dice, emit); // 1 die
    stabilizeTurn(eragin, c, 5, false, O, dice, emit);
    endOfTurnFor(c, 5, O, dice, emit);
    stabilizeTurn(eragin, c, 6, false, O, dice, emit);
    endOfTurnFor(c, 6, O, dice, emit);
    endOfTurnFor(c, 7, O, dice, emit); // Eragin went to fight: interrupted
    endOfTurnFor(c, 8, O, dice, emit);
    endOfTurnFor(c, 9, O, dice, emit);
    expect(rolls(events, 'claudio').map((r) => [r.turn, r.dice.total])).toEqual([
      [4, 1],
      [7, 1],
      [8, 2],
      [9, 3],
    ]);
    const intr = events.find((e) => e.type === 'stabilize-interrupted');
    expect(intr && intr.type === 'stabilize-interrupted' && [intr.turn, intr.turnsDone, intr.resumeDice.total]).toEqual([7, 2, 1]);
    expect(rolls(events, 'claudio')[1].dice.entries[0].rule).toBe('R-T3');
  });

  it('R-T3: after 60 turns of work the medic rolls Nd6 <= IQ; success makes wounds ST - 1', () => {
    const { events, emit } = collect();
    const eragin: MedicView = { id: 'eragin', iq: 13, talents: ['Physicker'] };
    const c = fig('claudio', 8, 14, 10);
    observe(c, 9, O, emit, 'damage');
    const dice = new ScriptedDice([3, 3, 3, 3]);
    for (let t = 10; t < 70; t++) {
      stabilizeTurn(eragin, c, t, false, O, dice, emit);
      endOfTurnFor(c, t, O, dice, emit);
    }
    const r = events.find((e) => e.type === 'stabilize-roll');
    expect(r && r.type === 'stabilize-roll' && [r.turn, r.dice.total, r.total, r.success, r.woundsAfter]).toEqual([
      69,
      4,
      12,
      true,
      7,
    ]);
    expect(rolls(events, 'claudio')).toHaveLength(0);
    expect(statusOf(c, O).state).toBe('unconscious');
    expect(dice.remaining).toBe(0);
  });

  it('R-T3: a medic who failed may not try again; another medic may', () => {
    const { emit } = collect();
    const a: MedicView = { id: 'a', iq: 9, talents: [] };
    const b: MedicView = { id: 'b', iq: 13, talents: ['Physicker'] };
    const p = fig('p', 10, 10, 11);
    observe(p, 1, O, emit, 'damage');
    stabilizeTurn(a, p, 1, false, O, new ScriptedDice([]), emit);
    passTurnsOutOfCombat([p], new Map([['a', a]]), 1, 59, O, new ScriptedDice([6, 6, 6, 6, 6, 6, 6]), emit, 'test');
    expect(bagOf(p).failedMedics).toEqual(['a']);
    expect(statusOf(p, O).state).toBe('dying');
    expect(() => stabilizeTurn(a, p, 2, false, O, new ScriptedDice([]), emit)).toThrow(CommandRejected);
    expect(() => stabilizeTurn(b, p, 2, false, O, new ScriptedDice([]), emit)).not.toThrow();
  });

  it('R-T3: the GM runs the 5 minutes at once; other dying figures roll for every turn of it', () => {
    const { events, emit } = collect();
    const eragin: MedicView = { id: 'eragin', iq: 13, talents: ['Physicker'] };
    const c = fig('claudio', 8, 14, 10);
    const x = fig('x', 10, 10, 12);
    observe(c, 10, O, emit, 'damage');
    observe(x, 10, O, emit, 'damage');
    stabilizeTurn(eragin, c, 10, true, O, new ScriptedDice([]), emit);
    // x: 1 die (1), 2 dice (1,1), 3 dice (6,6,6) -> dead; at the 60th turn eragin's roll: potion, 3 dice
    const dice = new ScriptedDice([1, 1, 1, 6, 6, 6, 4, 4, 4]);
    passTurnsOutOfCombat([c, x], new Map([['eragin', eragin]]), 10, 59, O, dice, emit, 'finish');
    expect(rolls(events, 'x').map((r) => r.dice.total)).toEqual([1, 2, 3]);
    expect(statusOf(x, O).state).toBe('dead');
    const r = events.find((e) => e.type === 'stabilize-roll');
    expect(r && r.type === 'stabilize-roll' && [r.dice.total, r.total, r.success]).toEqual([3, 12, true]);
    expect(c.wounds).toBe(7);
    expect(dice.remaining).toBe(0);
  });

  it('Malken keeps his 6 fatigue after stabilization: wounds 7, dyST 1, remST -5 [82345e2a fatigue]', () => {
    const { emit } = collect();
    const m = fig('malken', 8, 12, 9, 6);
    observe(m, 1, O, emit, 'damage');
    expect(statusOf(m, O).state).toBe('dying');
    const medic: MedicView = { id: 'doc', iq: 12, talents: ['Physicker'] };
    stabilizeTurn(medic, m, 1, false, O, new ScriptedDice([]), emit);
    passTurnsOutOfCombat([m], new Map([['doc', medic]]), 1, 59, O, new ScriptedDice([3, 3, 3, 3]), emit, 'finish');
    const s = statusOf(m, O);
    expect([m.wounds, m.fatigue, s.dyST.total, s.remST.total, s.state]).toEqual([7, 6, 1, -5, 'unconscious']);
  });

  it('R-T4: ST 8 with 9 wounds healed 3 by a Master Physicker is reeling (remST and dyST 2), no roll', () => {
    const { events, emit } = collect();
    const p = fig('p', 8, 10, 9);
    observe(p, 1, O, emit, 'damage');
    firstAid({ id: 'm', iq: 14, talents: ['Physicker', 'Master Physicker'] }, p, 1, O, emit);
    const s = statusOf(p, O);
    expect([p.wounds, s.remST.total, s.dyST.total, s.state]).toEqual([6, 2, 2, 'reeling']);
    const fa = events.find((e) => e.type === 'first-aid');
    expect(fa && fa.type === 'first-aid' && fa.replacesStabilization).toBe(true);
  });

  it('R-T4: first aid that cannot bring remST to 1 is refused; first aid and stabilization do not stack', () => {
    const { emit } = collect();
    const deep = fig('d', 8, 10, 12); // dyST -4; +2 gives -2
    observe(deep, 1, O, emit, 'damage');
    expect(() => firstAid({ id: 'm', iq: 12, talents: ['Physicker'] }, deep, 1, O, emit)).toThrow(/remST/);
    const lenny = fig('lenny', 14, 10, 13);
    observe(lenny, 6, O, emit, 'damage');
    firstAid({ id: 'e', iq: 13, talents: ['Physicker'] }, lenny, 10, O, emit);
    expect([lenny.wounds, statusOf(lenny, O).state]).toEqual([11, 'reeling']);
    expect(() => firstAid({ id: 'e', iq: 13, talents: ['Physicker'] }, lenny, 10, O, emit)).toThrow(/already/);
    expect(() => firstAid({ id: 'n', iq: 13, talents: [] }, fig('q', 10, 10, 3), 1, O, emit)).toThrow(/Physicker/);
  });
});
