// The GM ends the fight (gm): a rout or a surrender, at any decision once begun, with the
// winning side (or none) and the reason; no dice, no game time, every figure left as it is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SeededDice } from '../../core/dice/source.ts';
import { InputError } from '../../core/errors.ts';
import { seedRng } from '../../core/rng.ts';
import { replay, startEncounter, submit } from '../../engine/encounter.ts';
import { runToEnd } from '../../engine/run.ts';
import type { TftCommand, TftEvent, TftState } from './model.ts';
import { tftSystem } from './system.ts';
import { type FigureSpec, acting, beginTurn, commandIssues, play, refusal, scenario, setup } from './testing.ts';

const duo = (): FigureSpec[] => [
  { id: 'a', side: 'A', at: [2, 3], facing: 0 },
  { id: 'b', side: 'B', at: [3, 3], facing: 3 },
];

/** Sends the GM's end (parsed) with no dice to roll; returns its events. */
const end = (s: TftState, winner: string | null, reason: string): TftEvent[] => play(s, [{ type: 'end', winner, reason }]);

describe("the GM's end of the fight (gm)", () => {
  it('gm end: parse errors name the field (winner missing or not a side id or null, reason empty or over 200, unknown fields)', () => {
    const ok = { type: 'end', winner: 'A', reason: 'they flee' };
    expect(commandIssues(ok)).toEqual([]);
    expect(commandIssues({ ...ok, winner: null })).toEqual([]);
    expect(commandIssues({ ...ok, reason: ` ${'x'.repeat(200)} ` })).toEqual([]);
    expect(commandIssues({ type: 'end', reason: 'they flee' })).toEqual([expect.stringMatching(/^command\.winner: required/)]);
    expect(commandIssues({ ...ok, winner: 3 })).toEqual([expect.stringMatching(/^command\.winner: /)]);
    expect(commandIssues({ ...ok, winner: '' })).toEqual([expect.stringMatching(/^command\.winner: /)]);
    expect(commandIssues({ ...ok, reason: '   ' })).toEqual([expect.stringMatching(/^command\.reason: needs at least 1 character/)]);
    expect(commandIssues({ ...ok, reason: 'x'.repeat(201) })).toEqual([expect.stringMatching(/^command\.reason: may have at most 200 character/)]);
    expect(commandIssues({ type: 'end', winner: 'A' })).toEqual(['command.reason: required: text']);
    expect(commandIssues({ ...ok, figure: 'a' })).toEqual(["command.figure: unknown field 'figure'"]);
  });

  it('gm end: at a move, an initiative and an action decision the fight is over at once: the winner and the reason in the over event (by gm) and the summary, no die rolled, every figure as it was', () => {
    const atMove = setup(duo());
    beginTurn(atMove, 'A');
    expect(tftSystem.pending(atMove)).toEqual({ figures: ['a'], kind: 'move' });
    const atInitiative = setup(duo());
    play(atInitiative, [{ type: 'begin' }], [6, 1]);
    expect(tftSystem.pending(atInitiative)?.kind).toBe('initiative');
    const atAction = setup(duo());
    beginTurn(atAction, 'A');
    acting(atAction, 'b');
    expect(tftSystem.pending(atAction)).toEqual({ figures: ['b'], kind: 'action' });
    for (const s of [atMove, atInitiative, atAction]) {
      const figures = JSON.stringify(s.figures);
      // ScriptedDice([]) throws on any die asked for.
      const events = end(s, 'A', '  B flees  ');
      expect(events).toEqual([{ type: 'over', turn: 1, winner: 'A', reason: 'B flees', gm: true }]);
      expect(tftSystem.pending(s)).toBeNull();
      expect([s.phase, s.winner, s.endReason, s.turn]).toEqual(['over', 'A', 'B flees', 1]);
      expect(tftSystem.summary(s)).toMatchObject({ winner: 'A', turns: 1 });
      expect(JSON.stringify(s.figures)).toBe(figures);
    }
  });

  it('gm end: winner null ends the fight with no winner', () => {
    const s = setup(duo());
    beginTurn(s, 'A');
    expect(end(s, null, 'both sides part')).toEqual([{ type: 'over', turn: 1, winner: null, reason: 'both sides part', gm: true }]);
    expect(tftSystem.pending(s)).toBeNull();
    expect(tftSystem.summary(s).winner).toBeNull();
  });

  it('gm end: refused for a side not in the scenario (naming command.winner and the sides), before the begin and once over; the state unchanged', () => {
    const s = setup(duo());
    const refused = (cmd: unknown): string => {
      const before = JSON.stringify(s);
      const why = refusal(s, tftSystem.parseCommand(cmd));
      expect(JSON.stringify(s)).toBe(before);
      return why;
    };
    expect(refused({ type: 'end', winner: 'A', reason: 'rout' })).toBe('invalid command: command.type: the fight has not begun: an encounter that never began is deleted, not ended');
    beginTurn(s, 'A');
    expect(refused({ type: 'end', winner: 'C', reason: 'rout' })).toBe("invalid command: command.winner: no side 'C' in this encounter (sides: A, B; null for no winner)");
    expect(refused({ type: 'end', winner: 'a', reason: 'rout' })).toMatch(/^invalid command: command\.winner: no side 'a'/);
    end(s, 'B', 'A surrenders');
    expect(refused({ type: 'end', winner: 'A', reason: 'again' })).toBe('invalid command: command.type: the fight is over already (A surrenders)');
    expect(refused({ type: 'end', winner: null, reason: 'again' })).toMatch(/^invalid command: command\.type: the fight is over already/);
  });

  it('gm end: a scripted end naming a side not in the scenario is refused at setup, naming its winner field', () => {
    const script = [{ turn: 2, type: 'end', winner: 'C', reason: 'rout' }];
    let err: unknown;
    try {
      setup(duo(), {}, { script });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).issues).toEqual([{ path: 'script[0].winner', message: "no side 'C' (sides: A, B)" }]);
    expect(() => setup(duo(), {}, { script: [{ ...script[0], winner: 'B' }] })).not.toThrow();
  });

  it('gm end: a fight played with seeded dice, then ended, replays from its record to the same state; the AI never sends it', () => {
    let { encounter, state } = startEncounter(tftSystem, scenario(duo(), { thread: 'on' }), 11);
    const send = (raw: unknown) => {
      const r = submit(tftSystem, encounter, state, raw);
      encounter = r.encounter;
      state = r.state;
    };
    send({ type: 'begin' });
    for (let i = 0; i < 5 && tftSystem.pending(state); i++) send(tftSystem.decide(state));
    expect(encounter.commands.every((c) => (c.command as TftCommand).type !== 'end')).toBe(true);
    expect(tftSystem.pending(state)).not.toBeNull();
    send({ type: 'end', winner: 'B', reason: 'A is routed' });
    expect(encounter.commands.at(-1)).toMatchObject({ command: { type: 'end', winner: 'B', reason: 'A is routed' }, faces: [] });
    expect([state.phase, state.winner]).toEqual(['over', 'B']);
    expect(JSON.stringify(replay(tftSystem, encounter))).toBe(JSON.stringify(state));
  });

  it('gm end: the line reads "GM ends the fight: <reason>. Won by <side name>." (by id without names; no winner)', () => {
    const named = { type: 'over', turn: 3, winner: 'party', reason: 'the orcs flee', gm: true, sideNames: { party: 'The Party', orcs: 'Two orcs' } };
    expect(tftSystem.describe(named)).toBe('*** GM ends the fight: the orcs flee. Won by The Party. ***');
    expect(tftSystem.describe({ ...named, reason: 'they flee!' })).toBe('*** GM ends the fight: they flee! Won by The Party. ***');
    expect(tftSystem.describe({ type: 'over', turn: 2, winner: 'red', reason: 'blue surrenders', gm: true })).toBe('*** GM ends the fight: blue surrenders. Red wins. ***');
    expect(tftSystem.describe({ ...named, winner: null, reason: 'both sides part' })).toBe('*** GM ends the fight: both sides part. No winner. ***');
    // The end test's own end reads as before.
    expect(tftSystem.describe({ type: 'over', turn: 3, winner: 'party', reason: 'one side left standing', sideNames: named.sideNames })).toBe('*** The fight is over after turn 3: won by The Party (one side left standing). ***');
  });

  it('gm end: explain after it waits for nothing and offers no fighting options', () => {
    const s = setup(duo());
    beginTurn(s, 'A');
    end(s, 'A', 'B flees');
    const r = tftSystem.explain(s);
    expect([r.phase, r.pending]).toEqual(['over', null]);
    expect(r.figures.map((f) => [f.id, f.pending, f.options])).toEqual([
      ['a', false, []],
      ['b', false, []],
    ]);
  });

  it("gm end: examples/tft/gm-end.yaml: after two turns the goblin, reeling with 7 wounds, flees at turn 3's first decision; the Party wins and no one dies", () => {
    const raw = parse(readFileSync(new URL('../../../examples/tft/gm-end.yaml', import.meta.url), 'utf8'));
    const s = tftSystem.setup(raw) as TftState;
    const events: TftEvent[] = [];
    // The scenario's own seed, as `fray run` takes it.
    runToEnd(tftSystem, s, new SeededDice(seedRng(raw.seed)), (e) => events.push(e), { maxSteps: 200 });
    const over = events.at(-1) as TftEvent;
    expect(over).toEqual({ type: 'over', turn: 3, winner: 'party', reason: 'the goblin flees', gm: true, sideNames: { party: 'The Party', goblins: 'The goblin' } });
    expect(tftSystem.describe(over)).toBe('*** GM ends the fight: the goblin flees. Won by The Party. ***');
    // Two turns of blows, then turn 3's initiative, then the GM.
    expect(events.filter((e) => e.type === 'attack').map((e) => [e.turn, e.figure, e.outcome])).toEqual([
      [1, 'gob', 'hit'],
      [1, 'bjorn', 'miss'],
      [2, 'gob', 'double'],
      [2, 'bjorn', 'hit'],
    ]);
    expect(events.at(-2)?.type).toBe('initiative');
    expect(tftSystem.summary(s)).toMatchObject({
      winner: 'party',
      turns: 3,
      figures: [
        { id: 'bjorn', state: 'healthy', wounds: 3 },
        { id: 'gob', state: 'reeling', wounds: 7 },
      ],
    });
    expect(s.scriptUsed).toEqual([true]);
  });
});
