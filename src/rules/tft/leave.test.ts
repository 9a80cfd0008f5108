// The GM takes one figure out of the fight (gm): it flees, surrenders or is carried off while
// the others fight on. No dice, no game time, not its action; it is out of every list the rules
// walk, kept in state.gone with its wounds, weapons and why it left.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SeededDice } from '../../core/dice/source.ts';
import { seedRng } from '../../core/rng.ts';
import { replay, startEncounter, submit } from '../../engine/encounter.ts';
import { runToEnd } from '../../engine/run.ts';
import type { TftCommand, TftEvent, TftState } from './model.ts';
import { cloneTft, tftSystem } from './system.ts';
import { type FigureSpec, beginTurn, commandIssues, play, refusal, scenario, setup } from './testing.ts';

/** One of side A against two of side B; dx apart, so the action order needs no roll-off: a, b, c. */
const trio = (): FigureSpec[] => [
  { id: 'a', name: 'Bjorn', side: 'A', dx: 14, at: [2, 3], facing: 0 },
  { id: 'b', name: 'Goblin', side: 'B', dx: 12, at: [3, 3], facing: 3 },
  { id: 'c', name: 'Hob', side: 'B', dx: 10, at: [6, 6], facing: 3 },
];

/** Sends the GM's leave (parsed) with no dice to roll (ScriptedDice([]) throws on any die); returns its events. */
const leave = (s: TftState, figure: string, reason: string): TftEvent[] => play(s, [{ type: 'leave', figure, reason }]);

const ids = (s: TftState) => [s.figures.map((f) => f.id), (s.gone ?? []).map((g) => g.id)];

describe("the GM's leave: a figure leaves the fight (gm)", () => {
  it('gm leave: parse errors name the field (figure missing or empty, reason empty or over 200, unknown fields); the reason is trimmed', () => {
    const ok = { type: 'leave', figure: 'b', reason: 'flees' };
    expect(commandIssues(ok)).toEqual([]);
    expect(tftSystem.parseCommand({ ...ok, reason: '  flees  ' })).toEqual(ok);
    expect(commandIssues({ type: 'leave', reason: 'flees' })).toEqual([expect.stringMatching(/^command\.figure: required/)]);
    expect(commandIssues({ ...ok, figure: '' })).toEqual([expect.stringMatching(/^command\.figure: /)]);
    expect(commandIssues({ ...ok, reason: '   ' })).toEqual([expect.stringMatching(/^command\.reason: needs at least 1 character/)]);
    expect(commandIssues({ ...ok, reason: 'x'.repeat(201) })).toEqual([expect.stringMatching(/^command\.reason: may have at most 200 character/)]);
    expect(commandIssues({ type: 'leave', figure: 'b' })).toEqual(['command.reason: required: text']);
    expect(commandIssues({ ...ok, winner: 'A' })).toEqual(["command.winner: unknown field 'winner'"]);
    expect(tftSystem.gmCommands).toContain('leave');
  });

  it('gm leave: at a move decision the figure goes to state.gone with its reason, the event and its line, no die rolled; the decision passes to the next figure when it was its own', () => {
    const s = setup(trio());
    beginTurn(s, 'B');
    expect(tftSystem.pending(s)).toEqual({ figures: ['b', 'c'], kind: 'move' });
    const b = JSON.stringify(s.figures[1]);
    const events = leave(s, 'b', '  flees  ');
    expect(events).toEqual([{ type: 'leave', turn: 1, figure: 'b', reason: 'flees' }]);
    expect(tftSystem.describe(events[0], new Map([['b', 'Goblin']]))).toBe('[turn 1] GM: Goblin leaves the fight (flees).');
    expect(ids(s)).toEqual([['a', 'c'], ['b']]);
    // As it was, wounds and weapons taken along, with when and why it left.
    expect(s.gone?.[0]).toEqual({ ...JSON.parse(b), left: { turn: 1, reason: 'flees' } });
    expect(tftSystem.pending(s)).toEqual({ figures: ['c'], kind: 'move' });
    // The last of its side: side A moves next.
    leave(s, 'c', 'carried off');
    expect(tftSystem.pending(s)).toEqual({ figures: ['a'], kind: 'move' });
    expect(s.phase).toBe('move');
  });

  it('gm leave: at an action decision the action order loses the figure and the index keeps its place: one that acted, then the actor itself (the next acts)', () => {
    const s = setup([...trio(), { id: 'd', side: 'A', dx: 8, at: [2, 8], facing: 0 }]);
    beginTurn(s, 'A');
    play(s, ['a', 'd', 'b', 'c'].map((figure) => ({ type: 'move', figure, path: [] })));
    expect([s.actionOrder, tftSystem.pending(s)]).toEqual([['a', 'b', 'c', 'd'], { figures: ['a'], kind: 'action' }]);
    play(s, [{ type: 'pass', figure: 'a' }]);
    expect(tftSystem.pending(s)).toEqual({ figures: ['b'], kind: 'action' });
    leave(s, 'a', 'falls back');
    expect([s.actionOrder, s.actionIndex, tftSystem.pending(s)]).toEqual([['b', 'c', 'd'], 0, { figures: ['b'], kind: 'action' }]);
    leave(s, 'b', 'surrenders');
    expect([s.actionOrder, s.actionIndex, tftSystem.pending(s)]).toEqual([['c', 'd'], 0, { figures: ['c'], kind: 'action' }]);
    // Not a target any more, nor named by any command.
    expect(refusal(s, { type: 'attack', figure: 'c', target: 'b' })).toMatch(/^invalid command: command\.target: /);
    expect(refusal(s, { type: 'pass', figure: 'b' })).toBe('invalid command: command.figure: Goblin has left the fight (surrenders)');
    expect(ids(s)).toEqual([['c', 'd'], ['a', 'b']]);
  });

  it('gm leave: the last enemy leaving ends the fight by the end test at the end of the turn, the other side winning; summary and tallies list the gone last with why', () => {
    const s = setup(trio());
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'a', path: [] }]);
    leave(s, 'b', 'flees');
    leave(s, 'c', 'flees after him');
    expect(tftSystem.pending(s)).toEqual({ figures: ['a'], kind: 'action' });
    const events = play(s, [{ type: 'pass', figure: 'a' }]);
    expect(events.at(-1)).toEqual({ type: 'over', turn: 1, winner: 'A', reason: 'one side left standing' });
    expect(tftSystem.pending(s)).toBeNull();
    const sum = tftSystem.summary(s);
    expect(sum.winner).toBe('A');
    expect(sum.figures.map((f) => [f.id, f.state, f.left])).toEqual([
      ['a', 'healthy', undefined],
      ['b', 'healthy', 'flees'],
      ['c', 'healthy', 'flees after him'],
    ]);
    expect(tftSystem.tallies?.(s)).toHaveLength(3);
    // explain: no options for a figure gone (it is not listed).
    expect(tftSystem.explain(s).figures.map((f) => f.id)).toEqual(['a']);
  });

  it('gm leave + R-T2 [82345e2a]: a dying figure carried off makes no thread roll at the turn\'s end; it keeps its wounds and state', () => {
    const s = setup(trio(), { thread: 'on' });
    beginTurn(s, 'A');
    play(s, [{ type: 'adjust', figure: 'b', damage: 14, reason: 'a boulder' }]);
    expect(s.figures[1].state).toBe('dying');
    leave(s, 'b', 'carried off');
    // The turn plays out with the initiative dice of turn 2 only: a thread roll would take one.
    const events = play(s, [{ type: 'move', figure: 'a', path: [] }, { type: 'move', figure: 'c', path: [] }, { type: 'pass', figure: 'a' }, { type: 'pass', figure: 'c' }], [6, 1]);
    expect(events.filter((e) => e.type.startsWith('thread'))).toEqual([]);
    expect([s.turn, s.phase]).toEqual([2, 'initiative']);
    expect(s.gone?.map((g) => [g.id, g.state, g.wounds])).toEqual([['b', 'dying', 14]]);
  });

  it('gm leave: refused before the begin, for an unknown, gone or dead figure and once over, naming the field; the state unchanged', () => {
    const s = setup(trio());
    const refused = (cmd: unknown): string => {
      const before = JSON.stringify(s);
      const why = refusal(s, tftSystem.parseCommand(cmd));
      expect(JSON.stringify(s)).toBe(before);
      return why;
    };
    expect(refused({ type: 'leave', figure: 'b', reason: 'flees' })).toMatch(/^invalid command: command\.type: the fight has not begun/);
    beginTurn(s, 'A');
    expect(refused({ type: 'leave', figure: 'x', reason: 'flees' })).toBe("invalid command: command.figure: no figure 'x'");
    leave(s, 'c', 'flees');
    expect(refused({ type: 'leave', figure: 'c', reason: 'again' })).toBe('invalid command: command.figure: Hob has left the fight (flees)');
    expect(refused({ type: 'adjust', figure: 'c', damage: 3, reason: 'arrow' })).toBe('invalid command: command.figure: Hob has left the fight (flees)');
    play(s, [{ type: 'adjust', figure: 'b', damage: 30, reason: 'a rock falls' }]);
    expect(s.figures[1].state).toBe('dead');
    expect(refused({ type: 'leave', figure: 'b', reason: 'carried off' })).toBe('invalid command: command.figure: Goblin is dead: dead is final (a body does not leave the fight)');
    play(s, [{ type: 'end', winner: 'A', reason: 'done' }]);
    expect(refused({ type: 'leave', figure: 'a', reason: 'goes home' })).toBe('invalid command: command.type: the fight is over already (done)');
  });

  it('gm leave: a fight played with seeded dice, one figure leaving midway, replays from its record to the same state; the AI never sends it', () => {
    let { encounter, state } = startEncounter(tftSystem, scenario(trio(), { thread: 'on' }), 11);
    const send = (raw: unknown) => {
      const r = submit(tftSystem, encounter, state, raw);
      encounter = r.encounter;
      state = r.state;
    };
    send({ type: 'begin' });
    for (let i = 0; i < 6 && tftSystem.pending(state); i++) send(tftSystem.decide(state));
    send({ type: 'leave', figure: 'c', reason: 'runs for help' });
    for (let i = 0; i < 200 && tftSystem.pending(state); i++) send(tftSystem.decide(state));
    expect(encounter.commands.filter((c) => (c.command as TftCommand).type === 'leave').map((c) => c.command)).toEqual([{ type: 'leave', figure: 'c', reason: 'runs for help' }]);
    expect(state.gone?.map((g) => g.id)).toEqual(['c']);
    expect(JSON.stringify(replay(tftSystem, encounter))).toBe(JSON.stringify(state));
  });

  it('gm leave: the clone copies state.gone, sharing nothing; a state saved before `gone` existed clones as it is and plays on', () => {
    const s = setup(trio());
    beginTurn(s, 'A');
    leave(s, 'b', 'flees');
    const c = cloneTft(s);
    expect(JSON.stringify(c)).toBe(JSON.stringify(s));
    expect(c.gone).not.toBe(s.gone);
    expect(c.gone?.[0]).not.toBe(s.gone?.[0]);
    expect(c.gone?.[0].left).not.toBe(s.gone?.[0].left);
    expect(c.gone?.[0].weapons[0]).not.toBe(s.gone?.[0].weapons[0]);
    const old = setup(trio());
    delete old.gone;
    beginTurn(old, 'A');
    expect(JSON.stringify(cloneTft(old))).toBe(JSON.stringify(old));
    expect(tftSystem.summary(old).figures).toHaveLength(3);
    expect(tftSystem.tallies?.(old)).toHaveLength(3);
    leave(old, 'c', 'flees');
    expect(ids(old)).toEqual([['a', 'b'], ['c']]);
    const dice = new SeededDice(seedRng('old', 1));
    for (let i = 0; i < 300 && tftSystem.pending(old); i++) tftSystem.apply(old, tftSystem.decide(old), dice, null);
    expect(old.phase).toBe('over');
  });

  it("gm leave: a script may hold it (played at its turn's first decision); a figure gone keeps no entry waiting: the fight ends, or its entries are dropped at the turn's end", () => {
    const run = (script: unknown[]) => {
      const s = setup(trio(), {}, { script });
      const events: TftEvent[] = [];
      runToEnd(tftSystem, s, new SeededDice(seedRng('script', 1)), (e) => events.push(e), { maxSteps: 300 });
      return { s, events };
    };
    // Both goblins flee in turn 1; Hob's entry for later waits for no one: the end test ends the fight.
    const both = run([
      { turn: 1, type: 'leave', figure: 'c', reason: 'flees' },
      { type: 'pass', figure: 'c' },
      { turn: 1, type: 'leave', figure: 'b', reason: 'flees too' },
    ]);
    expect(both.events.filter((e) => e.type === 'leave').map((e) => [e.turn, e.figure, e.reason])).toEqual([
      [1, 'c', 'flees'],
      [1, 'b', 'flees too'],
    ]);
    expect(both.events.at(-1)).toEqual({ type: 'over', turn: 1, winner: 'A', reason: 'one side left standing' });
    expect(both.s.scriptUsed).toEqual([true, false, true]);
    // Hob flees, the Goblin fights on: Hob's entry is dropped at the end of turn 1, saying why.
    const one = run([
      { turn: 1, type: 'leave', figure: 'c', reason: 'flees' },
      { type: 'pass', figure: 'c' },
    ]);
    expect(one.events.filter((e) => e.type === 'script-skipped').map((e) => [e.turn, e.index, e.reason])).toEqual([[1, 1, 'Hob has left the fight, none of its entries can be played']]);
    expect(one.s.phase).toBe('over');
    expect(one.s.turn).toBeLessThan(one.s.options.maxTurns);
  });

  it("gm leave: examples/tft/gm-leave.yaml: Snaga, reeling with 6 wounds, flees at turn 3's first decision; the Goblin fights on alone and is knocked out in turn 5; the Party wins by the end test", () => {
    const raw = parse(readFileSync(new URL('../../../examples/tft/gm-leave.yaml', import.meta.url), 'utf8'));
    const s = tftSystem.setup(raw) as TftState;
    const events: TftEvent[] = [];
    // The scenario's own seed, as `fray run` takes it.
    runToEnd(tftSystem, s, new SeededDice(seedRng(raw.seed)), (e) => events.push(e), { maxSteps: 300 });
    const left = events.findIndex((e) => e.type === 'leave');
    expect(events[left]).toEqual({ type: 'leave', turn: 3, figure: 'gob2', reason: 'flees, hurt' });
    expect(tftSystem.describe(events[left], new Map([['gob2', 'Snaga']]))).toBe('[turn 3] GM: Snaga leaves the fight (flees, hurt).');
    expect(events[left - 1].type).toBe('initiative');
    // Snaga struck once and was struck once before it left; no blow after.
    expect(events.filter((e) => e.type === 'attack').map((e) => [e.turn, e.figure, e.target, e.outcome])).toEqual([
      [1, 'gob1', 'bjorn', 'hit'],
      [1, 'gob2', 'bjorn', 'hit'],
      [1, 'bjorn', 'gob1', 'miss'],
      [2, 'gob1', 'bjorn', 'hit'],
      [2, 'gob2', 'bjorn', 'miss'],
      [2, 'bjorn', 'gob2', 'hit'],
      [3, 'gob1', 'bjorn', 'hit'],
      [3, 'bjorn', 'gob1', 'miss'],
      [4, 'gob1', 'bjorn', 'hit'],
      [4, 'bjorn', 'gob1', 'miss'],
      [5, 'gob1', 'bjorn', 'hit'],
      [5, 'bjorn', 'gob1', 'hit'],
    ]);
    expect(events.at(-1)).toEqual({ type: 'over', turn: 5, winner: 'party', reason: 'one side left standing', sideNames: { party: 'The Party', goblins: 'The goblins' } });
    expect(tftSystem.summary(s)).toEqual({
      type: 'summary',
      winner: 'party',
      turns: 5,
      figures: [
        expect.objectContaining({ id: 'bjorn', state: 'healthy', wounds: 5 }),
        expect.objectContaining({ id: 'gob1', state: 'unconscious', wounds: 10 }),
        expect.objectContaining({ id: 'gob2', state: 'reeling', wounds: 6, weapon: 'dagger', left: 'flees, hurt' }),
      ],
    });
    expect(s.gone?.map((g) => [g.id, g.left])).toEqual([['gob2', { turn: 3, reason: 'flees, hurt' }]]);
    expect(s.scriptUsed).toEqual([true]);
  });
});
