// The GM's adjustment of a figure (gm): hits, healing and fatigue from what the engine does not
// model, at any moment of the fight, through the core's damage path with its ledger.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice, SeededDice } from '../../core/dice/source.ts';
import { seedRng } from '../../core/rng.ts';
import { replay, startEncounter, submit } from '../../engine/encounter.ts';
import { runToEnd } from '../../engine/run.ts';
import { bagOf } from './house/thread/tracker.ts';
import type { TftCommand, TftEvent, TftState } from './model.ts';
import { decideWithSource, tftSystem, tftTallies } from './system.ts';
import { type FigureSpec, beginTurn, commandIssues, fig, play, refusal, setup } from './testing.ts';

const duo = (extra: Partial<FigureSpec> = {}): FigureSpec[] => [
  { id: 'a', side: 'A', at: [2, 3], facing: 0 },
  { id: 'b', side: 'B', at: [3, 3], facing: 3, ...extra },
];

/** Both figures moved, `order` to act in the action phase of turn 1 (the first pending). */
function actionPhase(s: TftState, order: string[]): void {
  s.phase = 'action';
  s.turn = 1;
  s.actionOrder = order;
  s.actionIndex = 0;
  for (const f of s.figures) f.turn.moved = true;
}

describe('the GM adjustment (gm)', () => {
  it('gm: parse errors name the field (none of damage/heal/fatigue, damage and heal both, reason empty or over 200, damage 0, bad dice, armor without damage, fatigue 0)', () => {
    const ok = { type: 'adjust', figure: 'b', reason: 'Fireball' };
    expect(commandIssues({ ...ok, damage: '2d' })).toEqual([]);
    expect(commandIssues({ ...ok, damage: 7, armor: true, fatigue: -2 })).toEqual([]);
    expect(commandIssues(ok)).toEqual(['command.damage: required: one of damage, heal or fatigue']);
    expect(commandIssues({ ...ok, damage: 3, heal: 2 })).toEqual(['command.heal: damage and heal cannot both be given: send two adjustments']);
    expect(commandIssues({ ...ok, reason: '   ', damage: 3 })).toEqual([expect.stringMatching(/^command\.reason: needs at least 1 character/)]);
    expect(commandIssues({ ...ok, reason: 'x'.repeat(201), damage: 3 })).toEqual([expect.stringMatching(/^command\.reason: may have at most 200 character/)]);
    expect(commandIssues({ ...ok, reason: ` ${'x'.repeat(200)} `, damage: 3 })).toEqual([]);
    expect(commandIssues({ type: 'adjust', figure: 'b', damage: 3 })).toEqual(['command.reason: required: text']);
    expect(commandIssues({ ...ok, damage: 0 })).toEqual(['command.damage: must be at least 1, got 0']);
    expect(commandIssues({ ...ok, damage: 1000 })).toEqual(['command.damage: must be at most 999, got 1000']);
    expect(commandIssues({ ...ok, heal: 1.5 })).toEqual(['command.heal: expected a whole number or TFT dice such as 2d+1, got 1.5']);
    expect(commandIssues({ ...ok, damage: 'a fireball' })).toEqual(["command.damage: 'a fireball' is not a number or TFT dice (e.g. 2d, 3d+1, 1d-1)"]);
    expect(commandIssues({ ...ok, damage: '1d-6' })).toEqual(["command.damage: '1d-6' never comes to 1 or more"]);
    expect(commandIssues({ ...ok, heal: true })).toEqual([expect.stringMatching(/^command\.heal: expected a number or text/)]);
    expect(commandIssues({ ...ok, heal: 2, armor: false })).toEqual(['command.armor: only with damage (whether armor and shield stop its hits)']);
    expect(commandIssues({ ...ok, fatigue: 0 })).toEqual(['command.fatigue: must not be 0 (+ fatigue taken, - fatigue recovered)']);
    expect(commandIssues({ ...ok, fatigue: 100 })).toEqual(['command.fatigue: must be at most 99, got 100']);
    expect(commandIssues({ ...ok, damage: 2, hp: 3 })).toEqual(["command.hp: unknown field 'hp'"]);
  });

  it('gm: refused after the fight, on a dead figure ("dead is final", by name) and on an unknown figure; the state unchanged', () => {
    const s = setup(duo({ name: 'Cedric' }));
    beginTurn(s, 'A');
    play(s, [{ type: 'adjust', figure: 'b', damage: 30, reason: 'lightning' }]);
    expect(fig(s, 'b').state).toBe('dead');
    const refused = (cmd: unknown): string => {
      const before = JSON.stringify(s);
      const why = refusal(s, tftSystem.parseCommand(cmd));
      expect(JSON.stringify(s)).toBe(before);
      return why;
    };
    expect(refused({ type: 'adjust', figure: 'b', heal: 30, reason: 'resurrection' })).toMatch(/^invalid command: command\.figure: Cedric is dead: dead is final$/);
    expect(refused({ type: 'adjust', figure: 'zed', damage: 3, reason: 'trap' })).toBe("invalid command: command.figure: no figure 'zed'");
    runToEnd(tftSystem, s, new SeededDice(seedRng(1)), null, { maxSteps: 100 });
    expect(s.phase).toBe('over');
    expect(refused({ type: 'adjust', figure: 'a', heal: 1, reason: 'potion' })).toMatch(/^invalid command: command\.type: the fight is over/);
  });

  it('gm: damage by number is given whole (armor does not stop it by default), a damage event with delivery gm and the ledger naming the GM', () => {
    const s = setup(duo({ armor: 'leather', shield: 'small-shield' }));
    beginTurn(s, 'A');
    const ev = play(s, [{ type: 'adjust', figure: 'b', damage: 7, reason: 'Fireball' }]);
    expect(fig(s, 'b').wounds).toBe(7);
    expect(ev.map((e) => e.type)).toEqual(['adjust', 'damage', 'hit-penalty']);
    expect(ev[0]).toEqual({ type: 'adjust', turn: 1, figure: 'b', reason: 'Fireball', damage: 7, woundsNow: 7, fatigueNow: 0 });
    expect(ev[1]).toMatchObject({ figure: 'b', from: null, raw: 7, stopped: 0, amount: 7, delivery: 'gm', ledger: [{ source: 'GM: Fireball', delta: 7, rule: 'gm' }] });
  });

  it('gm: damage as dice is rolled with the apply call\'s dice, its faces in the event; armor: true subtracts the armor and ready shield as against a blow', () => {
    const s = setup(duo({ armor: 'leather', shield: 'small-shield' }));
    beginTurn(s, 'A');
    const ev = play(s, [{ type: 'adjust', figure: 'b', damage: '2d+1', armor: true, reason: 'falling rocks' }], [4, 3]);
    // 4+3+1 = 8, leather 2 and small shield 1 stop 3: 5 through.
    expect(ev[0]).toEqual({ type: 'adjust', turn: 1, figure: 'b', reason: 'falling rocks', roll: { dice: '2d+1', faces: [4, 3], total: 8 }, damage: 5, armor: true, woundsNow: 5, fatigueNow: 0 });
    expect(ev[1]).toMatchObject({ type: 'damage', faces: [4, 3], raw: 8, stopped: 3, amount: 5, delivery: 'gm' });
    expect(ev[1].ledger).toEqual([
      { source: 'GM: falling rocks', delta: 8, rule: 'gm' },
      { source: 'leather armor and small shield stop', delta: -3, rule: 'tft-core armor' },
    ]);
    expect(fig(s, 'b').wounds).toBe(5);
  });

  it('gm + tft-core 5-hit and 8-hit: GM damage in the same turn as a blow counts toward them (-2 DX, falls, loses its action)', () => {
    const s = setup(duo());
    actionPhase(s, ['a', 'b']);
    // The blow: 3d6 = 9 hits (adjDX 12), the broadsword's 2d = 4.
    const blow = play(s, [{ type: 'attack', figure: 'a', target: 'b' }], [3, 3, 3, 2, 2]);
    expect(blow.filter((e) => e.type === 'hit-penalty' || e.type === 'falls')).toEqual([]);
    expect(tftSystem.pending(s)).toEqual({ figures: ['b'], kind: 'action' });
    // b falls and loses its action: the turn ends, the next one's initiative is rolled (6, 1).
    const ev = play(s, [{ type: 'adjust', figure: 'b', damage: 4, reason: 'Fireball' }], [6, 1]);
    expect(ev.map((e) => e.type)).toEqual(['adjust', 'damage', 'hit-penalty', 'falls', 'turn-end', 'turn-start', 'initiative']);
    expect(ev[2]).toMatchObject({ figure: 'b', hits: 8, delta: -2, rule: 'tft-core 5-hit' });
    expect(ev[3]).toMatchObject({ figure: 'b', hits: 8, lostAction: true, rule: 'tft-core 8-hit' });
  });

  it('gm + R-T1/R-T2 [82345e2a]: GM damage takes a figure to dying (thread rolls at the turn\'s end); healed back out of dying, it makes none', () => {
    const run = (heal: boolean): TftEvent[] => {
      const s = setup(duo(), { thread: 'on' });
      actionPhase(s, ['a']);
      const ev = play(s, [{ type: 'adjust', figure: 'b', damage: 13, reason: 'Fireball' }]);
      expect(ev.find((e) => e.type === 'state')).toMatchObject({ figure: 'b', to: 'dying' });
      expect(bagOf(fig(s, 'b')).dying).not.toBeNull();
      if (heal) {
        const healed = play(s, [{ type: 'adjust', figure: 'b', heal: '1d', reason: 'healing potion' }], [5]);
        expect(healed[0]).toMatchObject({ heal: 5, woundsNow: 8, roll: { dice: '1d', faces: [5], total: 5 } });
        expect(healed.find((e) => e.type === 'state')).toMatchObject({ figure: 'b', from: 'dying', to: 'healthy' });
        expect(bagOf(fig(s, 'b')).dying).toBeNull();
      }
      const rest: TftEvent[] = [];
      tftSystem.apply(s, { type: 'pass', figure: 'a' }, new SeededDice(seedRng(5)), (e) => rest.push(e));
      return rest;
    };
    expect(run(false).filter((e) => e.type === 'thread-roll')).toHaveLength(1);
    expect(run(true).filter((e) => e.type === 'thread-roll')).toEqual([]);
  });

  it('gm: healing never takes wounds below 0 (the event says what was removed)', () => {
    const s = setup(duo());
    beginTurn(s, 'A');
    fig(s, 'b').wounds = 2;
    const ev = play(s, [{ type: 'adjust', figure: 'b', heal: 5, reason: 'healing potion' }]);
    expect(fig(s, 'b').wounds).toBe(0);
    expect(ev).toEqual([{ type: 'adjust', turn: 1, figure: 'b', reason: 'healing potion', heal: 2, woundsNow: 0, fatigueNow: 0 }]);
  });

  it('gm + R-T1 [82345e2a]: fatigue taken and recovered (never below 0) counts against remST, not dyST: unconscious, not dying', () => {
    const s = setup(duo(), { thread: 'on' });
    beginTurn(s, 'A');
    const b = fig(s, 'b');
    const taken = play(s, [{ type: 'adjust', figure: 'b', fatigue: 9, reason: 'spells' }]);
    expect(b.fatigue).toBe(9);
    expect(taken.map((e) => [e.type, e.to ?? e.fatigue])).toEqual([
      ['adjust', 9],
      ['state', 'reeling'],
    ]);
    play(s, [{ type: 'adjust', figure: 'b', fatigue: 2, reason: 'spells' }]);
    expect([b.state, b.st - b.wounds - b.fatigue]).toEqual(['unconscious', 1]);
    const rested = play(s, [{ type: 'adjust', figure: 'b', fatigue: -20, reason: 'rest' }]);
    expect(b.fatigue).toBe(0);
    expect(rested[0]).toMatchObject({ fatigue: -11, fatigueNow: 0 });
    expect(b.state).toBe('healthy');
  });

  it('gm: the pending decision is the same after an adjustment (it is no one\'s move or action)', () => {
    const s = setup(duo());
    beginTurn(s, 'A');
    const before = tftSystem.pending(s);
    expect(before).toEqual({ figures: ['a'], kind: 'move' });
    play(s, [
      { type: 'adjust', figure: 'a', damage: 2, reason: 'trap' },
      { type: 'adjust', figure: 'b', fatigue: 1, reason: 'spell' },
    ]);
    expect(tftSystem.pending(s)).toEqual(before);
    expect(fig(s, 'a').turn.moved).toBe(false);
  });

  it('gm: GM damage is taken, not dealt by any figure (the tallies)', () => {
    const s = setup(duo());
    beginTurn(s, 'A');
    play(s, [{ type: 'adjust', figure: 'b', damage: '2d', reason: 'Fireball' }], [6, 1]);
    expect(tftTallies(s).map((t) => [t.dealt, t.taken])).toEqual([
      [0, 0],
      [0, 7],
    ]);
  });

  it('gm: an encounter record with adjustments replays to the same state (the dice kept with the command)', () => {
    const scenario = { system: 'tft', name: 'test', map: { width: 16, height: 12 }, options: { thread: 'on' }, figures: duo().map((f) => ({ st: 12, dx: 12, weapons: ['broadsword'], ...f })) };
    let { encounter, state } = startEncounter(tftSystem, scenario, 7);
    const send = (raw: unknown) => {
      const r = submit(tftSystem, encounter, state, raw);
      encounter = r.encounter;
      state = r.state;
    };
    send({ type: 'begin' });
    send({ type: 'adjust', figure: 'b', damage: '3d', reason: 'Fireball' });
    send({ type: 'adjust', figure: 'a', fatigue: 3, reason: 'casting' });
    send({ type: 'adjust', figure: 'b', heal: '1d+1', reason: 'potion' });
    for (let i = 0; i < 6 && tftSystem.pending(state); i++) send(tftSystem.decide(state));
    expect(encounter.commands.slice(1, 4).map((c) => c.faces.length)).toEqual([3, 0, 1]);
    expect(encounter.commands.length).toBeGreaterThan(6);
    expect(JSON.stringify(replay(tftSystem, encounter))).toBe(JSON.stringify(state));
  });

  it('gm: an adjustment in the scenario script is played at its turn, leaving its figure to the AI', () => {
    const s = setup(duo(), {}, { script: [{ turn: 2, commands: [{ type: 'adjust', figure: 'b', damage: 3, reason: 'Fireball' }] }] });
    beginTurn(s, 'B');
    // Turn 1: b has no entry of its own (the GM's names it): the AI moves it.
    expect(tftSystem.pending(s)).toEqual({ figures: ['b'], kind: 'move' });
    expect(decideWithSource(s).source).toBe('ai');
    for (let i = 0; i < 20 && s.turn === 1; i++) tftSystem.apply(s, tftSystem.decide(s), new SeededDice(seedRng(i)), null);
    // Turn 2's first decision is the script's adjustment.
    const c = tftSystem.decide(s) as TftCommand;
    expect(c).toEqual({ type: 'adjust', figure: 'b', damage: 3, reason: 'Fireball', script: 0 });
    const wounds = fig(s, 'b').wounds;
    tftSystem.apply(s, c, new ScriptedDice([]), null);
    expect(fig(s, 'b').wounds).toBe(wounds + 3);
  });

  it('gm: examples/tft/gm-adjust.yaml: the GM gives the Fireball\'s hits (2d-2, armor and shield stop 3) and Merlin\'s fatigue at turn 2, before anyone moves', () => {
    const s = tftSystem.setup(parse(readFileSync(new URL('../../../examples/tft/gm-adjust.yaml', import.meta.url), 'utf8'))) as TftState;
    const events: TftEvent[] = [];
    runToEnd(tftSystem, s, new SeededDice(seedRng(7)), (e) => events.push(e), { maxSteps: 2_000 });
    const adj = events.filter((e) => e.type === 'adjust');
    expect(adj.map((e) => [e.turn, e.figure])).toEqual([
      [2, 'cedric'],
      [2, 'merlin'],
    ]);
    const fireball = adj[0] as TftEvent & { roll: { faces: number[]; total: number }; damage: number };
    expect(fireball.roll.faces).toHaveLength(2);
    expect(fireball.roll.total).toBe(Math.max(0, fireball.roll.faces[0] + fireball.roll.faces[1] - 2));
    expect(fireball.damage).toBe(Math.max(0, fireball.roll.total - 3));
    const i = events.indexOf(fireball);
    expect(events[i + 1]).toMatchObject({ type: 'damage', figure: 'cedric', raw: fireball.roll.total, amount: fireball.damage, delivery: 'gm' });
    expect(adj[1]).toMatchObject({ fatigue: 2, fatigueNow: 2, reason: 'casting a Fireball, 2 ST' });
    // Before turn 2's first move; Merlin (named by the GM's entry only) still played by the AI.
    expect(events.findIndex((e) => e.turn === 2 && e.type === 'move')).toBeGreaterThan(events.indexOf(adj[1]));
    expect(events.some((e) => e.type === 'attack' && e.figure === 'merlin' && e.turn === 1)).toBe(true);
    expect(fig(s, 'merlin').fatigue).toBe(2);
  });
});
