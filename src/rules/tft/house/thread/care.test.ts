import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../../core/dice/source.ts';
import { seedRng } from '../../../../core/rng.ts';
import { runToEnd } from '../../../../engine/run.ts';
import { runInline } from '../../../../lab/arena.ts';
import type { Sums } from '../../../../lab/arena.ts';
import { planAction, planMove } from '../../ai.ts';
import type { TftEvent } from '../../model.ts';
import { core } from '../../core.ts';
import { hooksOf } from '../../registry.ts';
import { tftSystem } from '../../system.ts';
import { beginTurn, fig, play, setup } from '../../testing.ts';
import { DANGER_ROLLS, STABILIZE_HOPE, THREAD_DANGER, threadDeath } from './care.ts';
import { stabilizationDice } from './medic.ts';
import { stabilizeOdds } from './odds.ts';

type Spec = Record<string, unknown> & { id: string; side: string };

/** A medic beside a dying friend (ST 12; 13 wounds: first aid can save it, 14: it cannot), an enemy at `enemyAt`. */
function ward(medic: Partial<Spec>, wounds: number, enemyAt: [number, number], enemyFacing = 3) {
  return setup(
    [
      { id: 'medic', side: 'A', dx: 13, iq: 12, weapons: ['shortsword'], at: [2, 3], facing: 0, ...medic },
      { id: 'pat', side: 'A', st: 12, iq: 8, wounds, at: [3, 3], facing: 0 },
      { id: 'b', side: 'B', st: 12, at: enemyAt, facing: enemyFacing, armor: 'plate' },
    ],
    { thread: 'on' },
  );
}

/** The action the AI takes for the medic this turn after both sides stood still. */
function medicAction(s: ReturnType<typeof ward>) {
  beginTurn(s, 'A');
  play(s, [{ type: 'move', figure: 'medic', path: [] }, { type: 'move', figure: 'b', path: [] }]);
  return planAction(s, fig(s, 'medic'));
}

describe('the AI medic in combat (Hanging by a Thread [82345e2a])', () => {
  it('R-T4 [82345e2a]: a Physicker not engaged beside a dying friend stays and gives the first aid that saves it while the fight goes on', () => {
    const s = ward({ talents: ['physicker'] }, 13, [12, 3]);
    beginTurn(s, 'A');
    expect(planMove(s, fig(s, 'medic')).path).toEqual([]); // it stays beside its friend
    play(s, [{ type: 'move', figure: 'medic', path: [] }, { type: 'move', figure: 'b', path: [] }]);
    const c = planAction(s, fig(s, 'medic'));
    expect(c).toMatchObject({ type: 'first-aid', figure: 'medic', target: 'pat' });
    play(s, [c]);
    expect(fig(s, 'pat')).toMatchObject({ wounds: 11, state: 'unconscious' }); // remST 1: no longer dying (R-T4)
    expect(fig(s, 'b').woundFx.canAct).toBe(true); // the fight goes on
  });

  it('R-T3 [82345e2a]: a Physicker no enemy can reach starts stabilizing a dying friend in danger and keeps at it; no thread roll meanwhile', () => {
    // 14 wounds: first aid (2) cannot bring remST to 1, so it must be stabilized (R-T4).
    const s = ward({ talents: ['physicker'] }, 14, [14, 3]);
    const pat = fig(s, 'pat');
    // The danger (R-T2): dying within the next DANGER_ROLLS thread rolls, 1, 2 and 3 dice against
    // ST 12: 1 - P(1d6 <= 12) P(2d6 <= 12) P(3d6 <= 12) = 56/216, 26 times in 100.
    expect(DANGER_ROLLS).toBe(3);
    expect(threadDeath(pat)).toBeCloseTo(56 / 216, 12);
    expect(threadDeath(pat)).toBeGreaterThanOrEqual(THREAD_DANGER);
    const events: TftEvent[] = [];
    runToEnd(tftSystem, s, new SeededDice(seedRng(3)), (e) => events.push(e), { maxSteps: 20_000 });
    const work = events.filter((e) => e.type === 'stabilize' && (e as { figure?: string }).figure === 'medic') as unknown as { turn: number; phase: string }[];
    expect(work.slice(0, 2).map((e) => [e.turn, e.phase])).toEqual([
      [1, 'start'],
      [2, 'continue'],
    ]);
    // It keeps at it every turn until the enemy engages it: no turn skipped, no thread roll for its patient meanwhile.
    const turns = work.map((e) => e.turn);
    expect(turns).toEqual(turns.map((_t, i) => i + 1));
    const rolls = events.filter((e) => e.type === 'thread-roll' && (e as { figure?: string }).figure === 'pat' && e.turn <= turns[turns.length - 1]);
    expect(rolls).toEqual([]);
  });

  it('R-T3/R-T4 [82345e2a]: an engaged medic fights (its attack, not first aid or stabilization); the same medic not engaged tends its friend', () => {
    // b stands in the medic's front facing it: the medic is engaged (tft-core), and attacks.
    const engaged = ward({ talents: ['physicker'] }, 13, [2, 4], 4);
    expect(medicAction(engaged)).toMatchObject({ type: 'attack', figure: 'medic', target: 'b' });
    const engagedWork = ward({ talents: ['physicker'] }, 14, [2, 4], 4);
    expect(medicAction(engagedWork).type).toBe('attack');
    // b far off: first aid (13 wounds), stabilization (14 wounds).
    expect(medicAction(ward({ talents: ['physicker'] }, 13, [12, 3])).type).toBe('first-aid');
    expect(medicAction(ward({ talents: ['physicker'] }, 14, [12, 3])).type).toBe('stabilize');
  });

  it('R-T3 [82345e2a]: a medic with no medical talent (7 dice against IQ) does not lock itself into a hopeless stabilization in combat; a Physicker in its place does start', () => {
    const odds = (talents: string[]) => stabilizeOdds(stabilizationDice(talents, false).total, 12).toNumber();
    expect(odds([])).toBeLessThan(STABILIZE_HOPE); // 7d6 <= 12: 1 in 357
    expect(odds(['physicker'])).toBeGreaterThan(STABILIZE_HOPE); // 4d6 <= 12: 1 in 3
    const none = ward({}, 14, [12, 3]);
    beginTurn(none, 'A');
    expect(planMove(none, fig(none, 'medic')).path.length).toBeGreaterThan(0); // off to fight
    expect(medicAction(ward({}, 14, [12, 3])).type).not.toBe('stabilize');
    expect(medicAction(ward({ talents: ['physicker'] }, 14, [12, 3])).type).toBe('stabilize');
  });

  it('R-T3/R-T4 [82345e2a], the lab: with Doc the Physicker the AI party leaves Ann and Bo dead less often than with Doc untrained (runInline, seed 1)', () => {
    const party = (talents: string[]) => ({
      system: 'tft',
      name: 'Ann, Bo and Doc against two orcs',
      map: { width: 12, height: 8 },
      options: { thread: 'on' },
      figures: [
        { id: 'ann', name: 'Ann', side: 'party', st: 10, dx: 12, iq: 10, weapons: ['club'], armor: 'leather', at: [4, 3], facing: 0 },
        { id: 'bo', name: 'Bo', side: 'party', st: 12, dx: 12, iq: 9, weapons: ['broadsword'], armor: 'leather', at: [4, 4], facing: 0 },
        { id: 'doc', name: 'Doc', side: 'party', st: 10, dx: 11, iq: 13, talents, weapons: ['dagger'], at: [2, 3], facing: 0 },
        { id: 'o1', name: 'Orc 1', race: 'orc', side: 'orcs', st: 12, dx: 11, iq: 7, weapons: ['broadsword'], at: [8, 2], facing: 3 },
        { id: 'o2', name: 'Orc 2', race: 'orc', side: 'orcs', st: 12, dx: 11, iq: 7, weapons: ['broadsword'], at: [8, 3], facing: 3 },
      ],
    });
    const r = runInline({ variants: [{ name: 'untrained', raw: party([]) }, { name: 'Physicker', raw: party(['physicker']) }], seed: 1, fights: 2000, events: false });
    const diff = r.variants[1].diff as Sums;
    for (const who of ['ann', 'bo']) {
      // The paired difference (Physicker - untrained) of "ends dead", and its standard error.
      const k = diff.keys.indexOf(`state:${who}=dead`);
      const mean = diff.sum[k] / diff.n;
      const se = Math.sqrt((diff.sumSq[k] / diff.n - mean * mean) / diff.n);
      expect(mean).toBeLessThan(-4 * se);
    }
  });
});

/** The house actions of the encounter's rules (the thread module's among them). */
const tftSystemActions = (s: ReturnType<typeof setup>) => [...hooksOf(s).actions.values()].map((a) => a.spec);

describe("the medic's options in the AI's cheap mode [82345e2a]", () => {
  it("R-T3/R-T4: the AI's stabilize and first-aid options carry no label or ledger, with the same commands, scores and tend as explain's (the AI and the lab read no more)", () => {
    // A Master Physicker beside a friend whose first aid would save (13 wounds of ST 12, heal 3) and
    // one it cannot (16 wounds): first aid for one, stabilization (with and without a potion) for both.
    const s = setup(
      [
        { id: 'medic', side: 'A', dx: 13, iq: 14, talents: ['physicker', 'master-physicker'], weapons: ['shortsword'], at: [2, 3], facing: 0, house: { thread: { potions: 1 } } },
        { id: 'pat', side: 'A', st: 12, iq: 8, wounds: 13, at: [3, 3], facing: 0 },
        { id: 'pat2', side: 'A', st: 12, iq: 8, wounds: 16, at: [1, 3], facing: 0 },
        { id: 'b', side: 'B', st: 12, at: [12, 3], facing: 3 },
      ],
      { thread: 'on' },
    );
    const m = fig(s, 'medic');
    for (const type of ['stabilize', 'first-aid', 'finish-stabilization']) {
      const spec = [...tftSystemActions(s)].find((a) => a.type === type)!;
      const ai = spec.options({ state: s, core, mode: 'ai' }, m);
      const ex = spec.options({ state: s, core, mode: 'explain' }, m);
      expect(ai.map((o) => [o.command, o.score, o.tend])).toEqual(ex.map((o) => [o.command, o.score, o.tend]));
      for (const o of ai) expect([o.label, o.ledger]).toEqual(['', undefined]);
      for (const o of ex) expect(o.label).not.toBe('');
    }
    const offered = (type: string) => [...tftSystemActions(s)].find((a) => a.type === type)!.options({ state: s, core, mode: 'ai' }, m).length;
    expect([offered('stabilize'), offered('first-aid')]).toEqual([4, 1]);
  });
});
