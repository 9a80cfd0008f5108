import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../../core/dice/source.ts';
import { CommandRejected } from '../../../../core/errors.ts';
import { DEFAULT_STATE_OPTIONS as O } from './states.ts';
import {
  type MedicView,
  type ThreadEnv,
  type ThreadEvent,
  type ThreadSubject,
  bagOf,
  endOfTurnFor,
  firstAid,
  observe,
  passTurnsOutOfCombat,
  pendingThreadDice,
  pureEnv,
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
const medic = (id: string, iq: number, talents: string[] = []): MedicView => ({ id, iq, talents, house: {} });
/** A pure env over scripted faces, collecting events; `at(t)` sets the turn. */
const world = (faces: number[] = []) => {
  const events: ThreadEvent[] = [];
  const dice = new ScriptedDice(faces);
  const env: ThreadEnv = pureEnv(1, O, dice, (e) => events.push(e));
  const at = (t: number) => {
    env.turn = t;
    return env;
  };
  return { events, dice, env, at };
};
const rolls = (events: ThreadEvent[], who: string) =>
  events.filter((e) => e.type === 'thread-roll' && e.figure === who) as Extract<ThreadEvent, { type: 'thread-roll' }>[];
const hurt = (w: ReturnType<typeof world>, f: ThreadSubject, turn: number) => observe(f, turn, O, w.env.emit, 'damage');

describe('thread tracker [82345e2a]', () => {
  it('R-T1: every state change is an event with its remST and dyST ledgers', () => {
    const w = world();
    const c = fig('claudio', 8, 14, 6);
    hurt(w, c, 3);
    c.wounds += 4;
    hurt(w, c, 4);
    expect(w.events.map((e) => e.type === 'thread-state' && [e.from, e.to])).toEqual([
      [null, 'reeling'],
      ['reeling', 'dying'],
    ]);
    const e = w.events[1] as Extract<ThreadEvent, { type: 'thread-state' }>;
    expect(e.dyST.total).toBe(-2);
    expect(e.turn).toBe(4);
    hurt(w, c, 4);
    expect(w.events).toHaveLength(2);
  });

  it('R-T2: N = 1 on the turn dying began, then +1 each turn; failure is death (James, IQ 11)', () => {
    const w = world([1, 1, 1, 6, 4, 3]);
    const j = fig('james', 10, 11, 16); // dyST -6: dying
    hurt(w, j, 7);
    endOfTurnFor(w.at(7), j);
    endOfTurnFor(w.at(8), j);
    endOfTurnFor(w.at(9), j);
    expect(rolls(w.events, 'james').map((r) => [r.turn, r.dice.total, r.total, r.survived])).toEqual([
      [7, 1, 1, true],
      [8, 2, 2, true],
      [9, 3, 13, false],
    ]);
    expect(rolls(w.events, 'james')[2].target.total).toBe(11);
    expect(statusOf(j, O).state).toBe('dead');
    expect(bagOf(j).dead).toBe(true);
    // dead is final: no more rolls, and healing does not raise it
    endOfTurnFor(w.at(10), j);
    expect(rolls(w.events, 'james')).toHaveLength(3);
    j.wounds = 0;
    expect(statusOf(j, O).state).toBe('dead');
  });

  it('R-T2: the player may roll against ST instead of the higher IQ', () => {
    const w = world([6]);
    const p = fig('p', 5, 14, 6);
    bagOf(p).attribute = 'st';
    hurt(w, p, 1);
    endOfTurnFor(w.at(1), p);
    expect(rolls(w.events, 'p')[0].attribute).toBe('st');
    expect(statusOf(p, O).state).toBe('dead');
  });

  it('R-T3: no thread roll while a medic works; an interrupted attempt resumes at ceil(last/2), then rises', () => {
    const w = world([3, 2, 5, 5, 1, 2, 3]);
    const eragin = medic('eragin', 13, ['Physicker']);
    const c = fig('claudio', 8, 14, 10);
    hurt(w, c, 4);
    endOfTurnFor(w.at(4), c); // 1 die
    stabilizeTurn(w.at(5), eragin, c);
    endOfTurnFor(w.at(5), c);
    stabilizeTurn(w.at(6), eragin, c);
    endOfTurnFor(w.at(6), c);
    endOfTurnFor(w.at(7), c); // Eragin went to fight: interrupted
    endOfTurnFor(w.at(8), c);
    endOfTurnFor(w.at(9), c);
    expect(rolls(w.events, 'claudio').map((r) => [r.turn, r.dice.total])).toEqual([
      [4, 1],
      [7, 1],
      [8, 2],
      [9, 3],
    ]);
    const intr = w.events.find((e) => e.type === 'stabilize-interrupted');
    expect(intr?.type === 'stabilize-interrupted' && [intr.turn, intr.turnsDone, intr.resumeDice.total]).toEqual([7, 2, 1]);
    expect(rolls(w.events, 'claudio')[1].dice.entries[0].rule).toBe('R-T3');
    expect(w.dice.remaining).toBe(0);
  });

  it('R-T3: half the last roll rounded up: a figure interrupted after a 5-die roll resumes at 3', () => {
    const w = world([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const p = fig('p', 20, 20, 20);
    hurt(w, p, 1);
    for (let t = 1; t <= 5; t++) endOfTurnFor(w.at(t), p);
    stabilizeTurn(w.at(6), medic('m', 10), p);
    endOfTurnFor(w.at(6), p);
    endOfTurnFor(w.at(7), p);
    endOfTurnFor(w.at(8), p);
    expect(rolls(w.events, 'p').map((r) => r.dice.total)).toEqual([1, 2, 3, 4, 5, 3, 4]);
  });

  it('R-T3: under stabilization the pending thread roll is the one made if the attempt is interrupted: after a 5-die roll, 3 dice (not 6); before any roll, 1', () => {
    const w = world(Array.from({ length: 18 }, () => 1));
    const p = fig('p', 20, 20, 20);
    expect(pendingThreadDice(bagOf(p))).toBeNull();
    hurt(w, p, 1);
    stabilizeTurn(w.at(1), medic('m', 10), p); // at work before its first roll
    expect(pendingThreadDice(bagOf(p))!.total).toBe(1);
    endOfTurnFor(w.at(1), p);
    endOfTurnFor(w.at(2), p); // interrupted: rolls 1 die
    for (let t = 3; t <= 6; t++) endOfTurnFor(w.at(t), p); // 2, 3, 4, 5 dice
    expect(pendingThreadDice(bagOf(p))!.total).toBe(6);
    stabilizeTurn(w.at(7), medic('m2', 10), p);
    const pending = pendingThreadDice(bagOf(p))!;
    expect([pending.total, pending.entries.map((e) => e.rule)]).toEqual([3, ['R-T3']]);
    endOfTurnFor(w.at(7), p);
    endOfTurnFor(w.at(8), p); // interrupted: the roll explain foretold
    expect(rolls(w.events, 'p').map((r) => r.dice.total)).toEqual([1, 2, 3, 4, 5, 3]);
  });

  it('R-T3: after 60 turns of work the medic rolls Nd6 <= IQ; success makes wounds ST - 1', () => {
    const w = world([3, 3, 3, 3]);
    const eragin = medic('eragin', 13, ['Physicker']);
    const c = fig('claudio', 8, 14, 10);
    hurt(w, c, 9);
    for (let t = 10; t < 70; t++) {
      stabilizeTurn(w.at(t), eragin, c);
      endOfTurnFor(w.at(t), c);
    }
    const r = w.events.find((e) => e.type === 'stabilize-roll');
    expect(r?.type === 'stabilize-roll' && [r.turn, r.dice.total, r.total, r.success, r.woundsAfter]).toEqual([
      69,
      4,
      12,
      true,
      7,
    ]);
    expect(rolls(w.events, 'claudio')).toHaveLength(0);
    expect(statusOf(c, O).state).toBe('unconscious');
    expect(w.dice.remaining).toBe(0);
  });

  it('R-T3: a medic who failed may not try again; another medic may', () => {
    const w = world([6, 6, 6, 6, 6, 6, 6]);
    const a = medic('a', 9);
    const b = medic('b', 13, ['Physicker']);
    const p = fig('p', 10, 10, 11);
    hurt(w, p, 1);
    stabilizeTurn(w.env, a, p);
    passTurnsOutOfCombat(w.env, [p], new Map([['a', a]]), 59, 'test');
    expect(bagOf(p).failedMedics).toEqual(['a']);
    expect(statusOf(p, O).state).toBe('dying');
    expect(() => stabilizeTurn(w.at(2), a, p)).toThrow(CommandRejected);
    expect(() => stabilizeTurn(w.at(2), b, p)).not.toThrow();
  });

  it('R-T3: one die fewer with a Healing Potion, which the medic must carry and uses up', () => {
    const w = world([4, 4, 4]);
    const doc = medic('doc', 12, ['Physicker']);
    const p = fig('p', 10, 10, 12);
    hurt(w, p, 1);
    expect(() => stabilizeTurn(w.env, doc, p, true)).toThrow(/Healing Potion/);
    bagOf(doc).potions = 1;
    stabilizeTurn(w.env, doc, p, true);
    expect(bagOf(doc).potions).toBe(0);
    passTurnsOutOfCombat(w.env, [p], new Map([['doc', doc]]), 59, 'test');
    const r = w.events.find((e) => e.type === 'stabilize-roll');
    expect(r?.type === 'stabilize-roll' && [r.dice.total, r.total, r.success]).toEqual([3, 12, true]);
  });

  it('R-T3: the GM runs the 5 minutes at once; other dying figures roll for every turn of it', () => {
    // x: 1 die (1), 2 dice (1,1), 3 dice (6,6,6) -> dead; at the 60th turn Eragin's 4 dice
    const w = world([1, 1, 1, 6, 6, 6, 3, 3, 3, 3]);
    const eragin = medic('eragin', 13, ['Physicker']);
    const c = fig('claudio', 8, 14, 10);
    const x = fig('x', 10, 10, 12);
    hurt(w, c, 10);
    hurt(w, x, 10);
    stabilizeTurn(w.at(10), eragin, c);
    passTurnsOutOfCombat(w.env, [c, x], new Map([['eragin', eragin]]), 59, 'finish');
    expect(rolls(w.events, 'x').map((r) => r.dice.total)).toEqual([1, 2, 3]);
    expect(statusOf(x, O).state).toBe('dead');
    const r = w.events.find((e) => e.type === 'stabilize-roll');
    expect(r?.type === 'stabilize-roll' && [r.dice.total, r.total, r.success]).toEqual([4, 12, true]);
    expect(c.wounds).toBe(7);
    expect(w.dice.remaining).toBe(0);
  });

  it('Malken keeps his 6 fatigue after stabilization: wounds 7, dyST 1, remST -5 [82345e2a fatigue]', () => {
    const w = world([3, 3, 3, 3]);
    const m = fig('malken', 8, 12, 9, 6);
    hurt(w, m, 1);
    expect(statusOf(m, O).state).toBe('dying');
    const doc = medic('doc', 12, ['Physicker']);
    stabilizeTurn(w.env, doc, m);
    passTurnsOutOfCombat(w.env, [m], new Map([['doc', doc]]), 59, 'finish');
    const s = statusOf(m, O);
    expect([m.wounds, m.fatigue, s.dyST.total, s.remST.total, s.state]).toEqual([7, 6, 1, -5, 'unconscious']);
  });

  it('R-T3 without the fatigue rules (threadFatigue combined): a stabilized patient is at ST 1, unconscious: wounds ST - 1 - fatigue, remST = dyST = 1, no more thread rolls [82345e2a]', () => {
    const C = { separateFatigue: false };
    const events: ThreadEvent[] = [];
    const env = pureEnv(1, C, new ScriptedDice([3, 3, 3, 3, 4]), (e) => events.push(e));
    const p = fig('p', 8, 10, 8, 2); // remST = dyST = -2: dying
    observe(p, 1, C, env.emit, 'damage');
    expect(statusOf(p, C).state).toBe('dying');
    const doc = medic('doc', 13, ['Physicker']);
    stabilizeTurn(env, doc, p);
    passTurnsOutOfCombat(env, [p], new Map([['doc', doc]]), 59, 'finish');
    const r = events.find((e) => e.type === 'stabilize-roll');
    expect(r?.type === 'stabilize-roll' && [r.total, r.success, r.woundsBefore, r.woundsAfter]).toEqual([12, true, 8, 5]);
    const s = statusOf(p, C);
    expect([p.wounds, p.fatigue, s.remST.total, s.dyST.total, s.state]).toEqual([5, 2, 1, 1, 'unconscious']);
    expect(bagOf(p).dying).toBeNull();
    endOfTurnFor(env, p);
    expect(rolls(events, 'p')).toEqual([]);
  });

  it('R-T4: ST 8 with 9 wounds healed 3 by a Master Physicker is reeling (remST and dyST 2), no roll', () => {
    const w = world();
    const p = fig('p', 8, 10, 9);
    hurt(w, p, 1);
    firstAid(w.env, medic('m', 14, ['Physicker', 'Master Physicker']), p);
    const s = statusOf(p, O);
    expect([p.wounds, s.remST.total, s.dyST.total, s.state]).toEqual([6, 2, 2, 'reeling']);
    const fa = w.events.find((e) => e.type === 'first-aid');
    expect(fa?.type === 'first-aid' && fa.replacesStabilization).toBe(true);
    expect(bagOf(p).dying).toBeNull();
  });

  it('R-T4: first aid that cannot bring remST to 1 is refused; first aid and stabilization do not stack', () => {
    const w = world();
    const deep = fig('d', 8, 10, 12); // dyST -4; +2 gives -2
    hurt(w, deep, 1);
    expect(() => firstAid(w.env, medic('m', 12, ['Physicker']), deep)).toThrow(/remST/);
    const lenny = fig('lenny', 14, 10, 13);
    hurt(w, lenny, 6);
    firstAid(w.env, medic('e', 13, ['Physicker']), lenny);
    expect([lenny.wounds, statusOf(lenny, O).state]).toEqual([11, 'reeling']);
    expect(() => firstAid(w.env, medic('e', 13, ['Physicker']), lenny)).toThrow(/already/);
    expect(() => firstAid(w.env, medic('n', 13), fig('q', 10, 10, 3))).toThrow(/Physicker/);
  });
});
