// The GM ends the fight (`end`, gm): a rout or a surrender, at any decision once begun, with the
// winning side (or none) and the reason; no dice, no time, every figure left as it is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice, SeededDice } from '../../core/dice/source.ts';
import { seedRng } from '../../core/rng.ts';
import { replay, } from '../../engine/encounter.ts';
import { runToEnd } from '../../engine/run.ts';
import type { AdndEvent, AdndState, Command } from './model.ts';
import { parseCommand, setupScenario } from './scenario.ts';
import { adndSystem as sys } from './system.ts';
import { fighter, QueueDice, QUIET, recording, refusal } from './testing.ts';

/** Two level-10 fighters (an extra attack in segment 3: see `at`). */
const raw = (script?: object[]) => ({ system: 'adnd', figures: [fighter('gorm', 'party', { level: 10 }), fighter('orc', 'foes', { level: 10, ...(script ? { script } : {}) })] });

/** Sets up, begins, and lets the AI decide until `kind` is pending (a level-10 fighter's extra attack in segment 3: d100 1, d10 3). */
function at(kind: string): AdndState {
  const s = sys.setup(raw());
  const dice = new QueueDice({ 100: [1], 10: [3] }, QUIET);
  for (let i = 0; i < 500 && sys.pending(s) && sys.pending(s)!.kind !== kind; i++) sys.apply(s, sys.decide(s), dice, null);
  expect(sys.pending(s)?.kind).toBe(kind);
  return s;
}

/** Applies `c` (parsed) with no die to roll; returns its events. */
function send(s: AdndState, c: object): AdndEvent[] {
  const events: AdndEvent[] = [];
  sys.apply(s, sys.parseCommand(c), new ScriptedDice([]), (e) => events.push(e));
  return events;
}

describe("the GM's end of the fight (gm)", () => {
  it('gm end: a bad end is refused naming the field: winner missing or not a side id or null, reason of 1..200 characters, at', () => {
    const bad = (c: object) => refusal(() => parseCommand({ type: 'end', winner: 'party', reason: 'rout', ...c })).issues.map((i) => i.path);
    expect(bad({ winner: undefined })).toEqual(['command.winner']);
    expect(bad({ winner: 7 })).toEqual(['command.winner']);
    expect(bad({ reason: '   ' })).toEqual(['command.reason']);
    expect(bad({ reason: 'x'.repeat(201) })).toEqual(['command.reason']);
    expect(bad({ at: -1 })).toEqual(['command.at']);
    expect(bad({ figure: 'orc' })).toEqual(['command.figure']);
    expect(parseCommand({ type: 'end', winner: null, reason: ' both sides part ' })).toEqual({ type: 'end', winner: null, reason: 'both sides part' });
    expect(sys.gmCommands).toEqual(['adjust', 'end', 'leave']);
  });

  it('gm end: at an action, an extra-attack and a parry decision the fight is over at once: winner and reason in the end event (by gm) and the summary, no die rolled, every figure as it was', () => {
    for (const kind of ['action', 'extra-attack', 'parry']) {
      const s = at(kind);
      const figures = JSON.stringify(s.figures);
      const now = s.now;
      const events = send(s, { type: 'end', winner: 'party', reason: 'the orc surrenders' });
      expect(events).toEqual([{ type: 'end', turn: 1, segment: now, round: 1, segmentOfRound: now, winner: 'party', rounds: 1, gm: true, reason: 'the orc surrenders' }]);
      expect(sys.pending(s)).toBeNull();
      expect([s.phase, s.winner, s.queue, s.now]).toEqual(['over', 'party', [], now]);
      expect(sys.summary(s)).toMatchObject({ winner: 'party', turns: 1 });
      expect(JSON.stringify(s.figures)).toBe(figures);
    }
  });

  it('gm end: winner null ends the fight with no winner', () => {
    const s = at('action');
    expect(send(s, { type: 'end', winner: null, reason: 'both sides part' })[0]).toMatchObject({ type: 'end', winner: null, gm: true, reason: 'both sides part' });
    expect(sys.pending(s)).toBeNull();
    expect(sys.summary(s).winner).toBeNull();
  });

  it('gm end: refused for a side not in the encounter (naming command.winner and the sides), another segment, before the begin and once over; the state unchanged', () => {
    const refused = (s: AdndState, c: object) => {
      const before = JSON.stringify(s);
      const e = refusal(() => sys.apply(s, sys.parseCommand(c), new ScriptedDice([]), null));
      expect(JSON.stringify(s)).toBe(before);
      return e.issues;
    };
    const fresh = sys.setup(raw());
    expect(refused(fresh, { type: 'end', winner: 'party', reason: 'rout' })).toEqual([{ path: 'command.type', message: 'the fight has not begun: an encounter that never began is deleted, not ended' }]);
    const s = at('action');
    expect(refused(s, { type: 'end', winner: 'orcs', reason: 'rout' })).toEqual([{ path: 'command.winner', message: "no side 'orcs' in this encounter (sides: party, foes; null for no winner)" }]);
    expect(refused(s, { type: 'end', winner: 'gorm', reason: 'rout' })[0].path).toBe('command.winner');
    expect(refused(s, { type: 'end', winner: 'party', reason: 'rout', at: 4 })).toEqual([{ path: 'command.at', message: 'this command is for segment 4; it is segment 0' }]);
    send(s, { type: 'end', winner: 'foes', reason: 'Gorm yields' });
    expect(refused(s, { type: 'end', winner: 'party', reason: 'again' })).toEqual([{ path: 'command.type', message: 'the fight is over already' }]);
  });

  it('gm end: a fight played with seeded dice, then ended, replays from its record to the same state, with and without events; the AI never sends it', () => {
    const rec = recording(raw(), 5);
    rec.step({ type: 'begin' });
    for (let i = 0; i < 8 && sys.pending(rec.state); i++) rec.step(sys.decide(rec.state));
    expect(rec.encounter.commands.every((c) => (c.command as Command).type !== 'end')).toBe(true);
    expect(sys.pending(rec.state)).not.toBeNull();
    rec.step({ type: 'end', winner: 'foes', reason: 'Gorm is routed', at: rec.state.now });
    expect(rec.encounter.commands.at(-1)?.faces).toEqual([]);
    expect([rec.state.phase, rec.state.winner]).toEqual(['over', 'foes']);
    expect(JSON.stringify(replay(sys, rec.encounter))).toBe(JSON.stringify(rec.state));
    expect(JSON.stringify(replay(sys, rec.encounter, rec.encounter.commands.length, () => {}))).toBe(JSON.stringify(rec.state));
  });

  it('gm end: the line reads "GM ends the fight: <reason>. <side> wins after N rounds" (Nobody for no winner); the end test\'s own line as before', () => {
    const e = { type: 'end', turn: 2, segment: 14, round: 2, segmentOfRound: 4, winner: 'party', rounds: 2, gm: true, reason: 'the orc surrenders' };
    expect(sys.describe(e)).toBe('GM ends the fight: the orc surrenders. party wins after 2 rounds');
    expect(sys.describe({ ...e, winner: null, rounds: 1, reason: 'they part!' })).toBe('GM ends the fight: they part! Nobody wins after 1 round');
    const { gm: _gm, reason: _reason, ...plain } = e;
    expect(sys.describe(plain)).toBe('party wins after 2 rounds');
  });

  it('gm end: explain after it waits for nothing and offers no options', () => {
    const s = at('parry');
    send(s, { type: 'end', winner: 'party', reason: 'the orc surrenders' });
    const r = sys.explain(s);
    expect(r.pending).toBeNull();
    expect(r.figures.map((f) => f.options)).toEqual([[], []]);
  });

  it("gm end: a figure's script may hold it with a segment: played at the first decision from that segment on (a made-up decision never); a side not in the encounter is refused at setup", () => {
    const s = sys.setup(raw([{ type: 'end', winner: 'party', reason: 'the orc surrenders', at: 7 }]));
    const events: AdndEvent[] = [];
    runToEnd(sys, s, new QueueDice({}, QUIET), (e) => events.push(e), { maxSteps: 500 });
    const end = events.at(-1)!;
    expect(end).toMatchObject({ type: 'end', winner: 'party', gm: true, reason: 'the orc surrenders' });
    // The first decision from segment 7 on: both long swords land in 10 (parry).
    expect(end.segment).toBe(10);
    expect(events.filter((e) => e.type === 'attack').every((e) => e.segment < 7)).toBe(true);
    // The orc's script holds only the GM's end: the AI still parries and declares for it.
    expect(events.some((e) => e.type === 'declare' && e.figure === 'orc')).toBe(true);
    const r = raw([{ type: 'end', winner: 'orcs', reason: 'rout' }]);
    expect(refusal(() => setupScenario(r)).issues).toEqual([{ path: 'figures[1].script[0].winner', message: "no figure is on side 'orcs'" }]);
  });

  it('gm end: examples/adnd/gm-end.yaml: after two rounds the orc, 4 of its 8 hp gone, surrenders at the first decision of round 3 (segment 24); the party wins and no one dies', () => {
    const r = parse(readFileSync(new URL('../../../examples/adnd/gm-end.yaml', import.meta.url), 'utf8'));
    const s = sys.setup(r) as AdndState;
    const events: AdndEvent[] = [];
    // `fray run`'s default seed, 1.
    runToEnd(sys, s, new SeededDice(seedRng(1)), (e) => events.push(e), { maxSteps: 500 });
    const end = events.at(-1)!;
    expect(end).toEqual({ type: 'end', turn: 3, segment: 24, round: 3, segmentOfRound: 4, winner: 'party', rounds: 3, gm: true, reason: 'the orc surrenders' });
    expect(sys.describe(end)).toBe('GM ends the fight: the orc surrenders. party wins after 3 rounds');
    expect(sys.summary(s)).toMatchObject({
      winner: 'party',
      turns: 3,
      figures: [
        { id: 'brenna', state: 'healthy', hp: 11 },
        { id: 'orc', state: 'healthy', hp: 4 },
      ],
    });
    expect(events.some((e) => e.type === 'state')).toBe(false);
  });
});
