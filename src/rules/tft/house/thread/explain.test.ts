// What explain tells the table about a medic's work and first aid before they are done
// [82345e2a]: whether this turn's work on a stabilization counts (R-T3 "doing nothing else"), and
// what first aid will leave the patient at (R-T4). Each is checked against what the engine then does.
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../../core/dice/source.ts';
import { seedRng } from '../../../../core/rng.ts';
import type { TftCommand, TftEvent, TftState } from '../../model.ts';
import { tftSystem } from '../../system.ts';
import { medicScenario } from './medic.test-util.ts';

/** Doc (a Physicker) beside Pat (ST 10, `wounds`), Mara (a Master Physicker) two hexes off, an orc far away. */
function evening(patWounds = 11) {
  const state = tftSystem.setup(medicScenario({ patWounds }));
  const dice = new SeededDice(seedRng(7));
  const events: TftEvent[] = [];
  const apply = (c: Record<string, unknown>) => tftSystem.apply(state, c as TftCommand, dice, (e) => events.push(e));
  apply({ type: 'begin' });
  /** Plays on, nobody moving and everyone else passing, to `who`'s action. */
  const toAction = (who: string) => {
    for (let i = 0; i < 40; i++) {
      const p = tftSystem.pending(state)!;
      if (p.kind === 'action' && p.figures[0] === who) return;
      const f = p.figures[0];
      if (p.kind === 'initiative') apply({ type: 'initiative', figure: f, choice: f === 'orc' ? 'last' : 'first' });
      else if (p.kind === 'move') apply({ type: 'move', figure: f, path: [] });
      else apply({ type: 'pass', figure: f });
    }
    throw new Error(`never reached ${who}'s action`);
  };
  return { state, apply, toAction, events };
}

type Work = { work: string; why: string; reason: string };
const threadOf = (state: TftState, id: string) =>
  (tftSystem.explain(state).figures.find((f) => f.id === id)!.house as { thread: { stabilizing?: { thisTurn?: Work }; summary: string } }).thread;

describe("explain: this turn's work on a stabilization (R-T3 \"doing nothing else\") [82345e2a]", () => {
  it('done once the medic worked this turn; open at its next action; stops once it acted otherwise, and the end of that turn does interrupt the work', () => {
    const { state, apply, toAction, events } = evening();
    toAction('doc');
    apply({ type: 'stabilize', figure: 'doc', target: 'pat' });
    expect(threadOf(state, 'pat').stabilizing?.thisTurn).toEqual({ work: 'done', why: 'Doc worked on Pat this turn', reason: 'Doc worked on Pat this turn: it counts (R-T3)' });
    const turn = state.turn;
    toAction('doc');
    expect(state.turn).toBe(turn + 1);
    expect(threadOf(state, 'pat').stabilizing?.thisTurn?.work).toBe('open');
    expect(threadOf(state, 'pat').summary).toMatch(/^next thread roll if the stabilization is interrupted 1d6 <= ST 10; this turn counts if Doc stabilizes Pat; /);
    // Doc passes (as after a rewind to the middle of a turn in which Doc attacked): the work stops.
    apply({ type: 'pass', figure: 'doc' });
    const stops = threadOf(state, 'pat');
    expect(stops.stabilizing?.thisTurn).toEqual({
      work: 'stops',
      why: 'Doc has already acted this turn',
      reason: 'Doc has already acted this turn: the work stops at the end of this turn (R-T3 "doing nothing else")',
    });
    expect(stops.summary).toMatch(/^next thread roll at the end of this turn, when the stabilization stops, 1d6 <= ST 10; Doc has already acted this turn: /);
    // What it said is what the engine does at the turn's end: interrupted, then the thread roll.
    toAction('doc');
    const ended = events.filter((e) => e.turn === turn + 1).map((e) => e.type);
    expect(ended).toContain('stabilize-interrupted');
    expect(ended.indexOf('thread-roll')).toBeGreaterThan(ended.indexOf('stabilize-interrupted'));
    expect(threadOf(state, 'pat').stabilizing).toBeUndefined();
  });

  it('stops for a medic who cannot act, and says nothing of this turn once the fight is over', () => {
    const { state, apply, toAction } = evening();
    toAction('doc');
    apply({ type: 'stabilize', figure: 'doc', target: 'pat' });
    toAction('doc');
    // The GM's adjustment: Doc worn out to remST 1 before its action (fatigue: unconscious, R-T1).
    apply({ type: 'adjust', figure: 'doc', fatigue: 9, reason: 'exhausted' });
    expect(threadOf(state, 'pat').stabilizing?.thisTurn).toMatchObject({ work: 'stops', why: 'Doc is unconscious and cannot work' });
    apply({ type: 'end', winner: 'a', reason: 'the orc runs' });
    expect(threadOf(state, 'pat').stabilizing).toMatchObject({ medic: 'doc', turnsDone: 1 });
    expect(threadOf(state, 'pat').stabilizing?.thisTurn).toBeUndefined();
  });
});

describe('explain: what first aid will leave the patient at (R-T4) [82345e2a]', () => {
  type Result = { wounds: number; remST: number; dyST: number; state: string; text: string };
  const firstAidOption = (state: TftState, medic: string) =>
    (tftSystem.explain(state).figures.find((f) => f.id === medic)!.options as { command: { type: string }; result?: Result }[]).find((o) => o.command.type === 'first-aid');

  it('a dying Pat given first aid by Doc: 9 wounds, remST 1, unconscious and stable; the engine then does exactly that', () => {
    const { state, apply, toAction } = evening(11);
    toAction('doc');
    const o = firstAidOption(state, 'doc')!;
    expect(o.result).toEqual({
      wounds: 9,
      remST: 1,
      dyST: 1,
      state: 'unconscious',
      text: 'Pat after it: 9 wounds, remST 1, unconscious and stable: no more thread rolls (R-T4, in place of stabilization)',
    });
    apply({ type: 'first-aid', figure: 'doc', target: 'pat' });
    const pat = state.figures.find((f) => f.id === 'pat')!;
    expect([pat.wounds, pat.state]).toEqual([o.result!.wounds, o.result!.state]);
  });

  it('a reeling patient: its state after it, not the wounds healed alone', () => {
    const { state, toAction } = evening(7);
    toAction('doc');
    expect(firstAidOption(state, 'doc')!.result).toMatchObject({ wounds: 5, remST: 5, state: 'healthy', text: 'Pat after it: 5 wounds, remST 5, healthy (R-T1)' });
    const reeling = evening(9); // remST 1 now (unconscious); 2 wounds healed leave remST 3: reeling
    reeling.toAction('doc');
    expect(firstAidOption(reeling.state, 'doc')!.result).toMatchObject({ wounds: 7, remST: 3, state: 'reeling', text: 'Pat after it: 7 wounds, remST 3, reeling: -3 DX, half MA (R-T1)' });
  });
});
