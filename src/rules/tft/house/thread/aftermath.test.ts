// The aftermath of a fight under Hanging by a Thread [82345e2a] (option threadAftermath): the
// tracker's part on pure figures (R-T2, R-T3, R-T4); the engine's in scenario.test.ts.
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../../core/dice/source.ts';
import { playAftermath } from './aftermath.ts';
import { STABILIZATION_TURNS } from './medic.ts';
import { DEFAULT_STATE_OPTIONS as O } from './states.ts';
import { type MedicView, type ThreadEvent, type ThreadSubject, bagOf, observe, pureEnv, stateOf } from './tracker.ts';

const fig = (id: string, st: number, iq: number, wounds = 0, talents: string[] = []): ThreadSubject & MedicView => ({
  id,
  name: id,
  st,
  iq,
  wounds,
  fatigue: 0,
  talents,
  house: {},
});

/** Plays the aftermath of `figs` (the first `medics` tend everyone else) on scripted faces. */
function aftermath(figs: (ThreadSubject & MedicView)[], medics: string[], faces: number[]) {
  const events: ThreadEvent[] = [];
  const dice = new ScriptedDice(faces);
  const env = pureEnv(5, O, dice, (e) => events.push(e));
  for (const f of figs) observe(f, 5, O, env.emit, 'damage');
  events.length = 0;
  const turns = playAftermath(env, figs, (p) => figs.filter((m) => medics.includes(m.id) && m.id !== p.id));
  return { events, turns, dice, states: figs.map((f) => stateOf(f, O)) };
}
const of = <T extends ThreadEvent['type']>(events: ThreadEvent[], type: T) => events.filter((e) => e.type === type) as Extract<ThreadEvent, { type: T }>[];

describe('the aftermath: the dying after the fight, until stable or dead [82345e2a]', () => {
  it('R-T2: a dying figure no medic tends rolls one die more each turn until it fails (IQ 13: 6, 12, then 18 dies)', () => {
    const { events, turns, states, dice } = aftermath([fig('lone', 10, 13, 11)], [], [6, 6, 6, 6, 6, 6]);
    expect(of(events, 'thread-roll').map((e) => [e.dice.total, e.total, e.survived])).toEqual([
      [1, 6, true],
      [2, 12, true],
      [3, 18, false],
    ]);
    expect([turns, states, dice.remaining]).toEqual([3, ['dead'], 0]);
  });

  it('R-T3: the medic stabilizes; no thread roll while it works; the roll after 60 turns; success leaves it at ST 1', () => {
    const doc = fig('doc', 10, 12, 0, ['physicker']);
    const pat = fig('pat', 10, 9, 12);
    const { events, turns, states, dice } = aftermath([doc, pat], ['doc'], [3, 3, 3, 3]);
    expect(of(events, 'thread-roll')).toEqual([]);
    expect(of(events, 'stabilize').map((e) => e.turnsDone)).toEqual(Array.from({ length: STABILIZATION_TURNS }, (_, i) => i + 1));
    expect(of(events, 'stabilize-roll').map((e) => [e.figure, e.dice.total, e.total, e.success])).toEqual([['doc', 4, 12, true]]);
    expect([turns, states, pat.wounds, dice.remaining]).toEqual([STABILIZATION_TURNS, ['healthy', 'unconscious'], 9, 0]);
  });

  it('R-T3: a medic who fails may not try again; the patient resumes at half its last dice (none yet: 1) and rolls until dead with no other medic', () => {
    const doc = fig('doc', 10, 12, 0, ['physicker']);
    const pat = fig('pat', 10, 9, 12);
    // 4d6 = 24 fails at the 60th turn's work; that turn's end rolls 1 die (4), the next 2 dice (12 > 9): dead.
    const { events, turns, states } = aftermath([doc, pat], ['doc'], [6, 6, 6, 6, 4, 6, 6]);
    expect(of(events, 'stabilize-roll').map((e) => e.success)).toEqual([false]);
    expect(bagOf(pat).failedMedics).toEqual(['doc']);
    expect(of(events, 'thread-roll').map((e) => [e.dice.total, e.survived])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect([turns, states]).toEqual([STABILIZATION_TURNS + 1, ['healthy', 'dead']]);
  });

  it('R-T4 before R-T3: first aid that brings remST to 1 saves at once (no roll); a medic tends one patient a turn, the other waits its turn with a thread roll', () => {
    const doc = fig('doc', 10, 14, 0, ['physicker', 'master-physicker']);
    const a = fig('a', 12, 8, 13); // heal 3: remST 2
    const b = fig('b', 12, 8, 16); // heal 3 leaves remST -1: stabilize
    // Turn 1: first aid to a; b rolls 1 die (2). Turn 2 on: doc stabilizes b; 3d6 = 3 at the end.
    const { events, turns, states } = aftermath([doc, a, b], ['doc'], [2, 1, 1, 1]);
    expect(of(events, 'first-aid').map((e) => [e.patient, e.woundsAfter, e.replacesStabilization])).toEqual([['a', 10, true]]);
    expect(of(events, 'thread-roll').map((e) => [e.figure, e.dice.total])).toEqual([['b', 1]]);
    expect(of(events, 'stabilize-roll').map((e) => [e.patient, e.dice.total, e.success])).toEqual([['b', 3, true]]);
    expect([turns, states]).toEqual([1 + STABILIZATION_TURNS, ['healthy', 'reeling', 'unconscious']]);
  });

  it('R-T3: of two free medics the one with the better chance works; the other takes the next patient', () => {
    const vet = fig('vet', 10, 15, 0, ['veterinarian']); // 5d6 <= 15
    const doc = fig('doc', 10, 12, 0, ['physicker']); // 4d6 <= 12: better
    const a = fig('a', 10, 9, 12);
    const b = fig('b', 10, 9, 12);
    const { events } = aftermath([vet, doc, a, b], ['vet', 'doc'], Array(9).fill(1));
    const starts = of(events, 'stabilize').filter((e) => e.phase === 'start');
    expect(starts.map((e) => [e.figure, e.patient])).toEqual([
      ['doc', 'a'],
      ['vet', 'b'],
    ]);
  });

  it('nothing to play when no one is dying: no turn, no event, no die', () => {
    const { events, turns, dice } = aftermath([fig('doc', 10, 12), fig('sore', 10, 9, 9)], ['doc'], []);
    expect([events, turns, dice.remaining]).toEqual([[], 0, 0]);
  });
});
