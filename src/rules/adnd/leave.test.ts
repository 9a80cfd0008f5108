// The GM takes one figure out of the fight (`leave`, gm): it flees, surrenders or is carried off
// while the others fight on. No dice, no time, not its action; it is out of every list the rules
// walk, kept in s.gone with its hp, weapons and why it left; every blow aimed at it is void.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice, SeededDice } from '../../core/dice/source.ts';
import type { InputError } from '../../core/errors.ts';
import { seedRng } from '../../core/rng.ts';
import { replay, } from '../../engine/encounter.ts';
import { runToEnd } from '../../engine/run.ts';
import { cloneState } from './clone.ts';
import type { AdndEvent, AdndState, Command } from './model.ts';
import { parseCommand, setupScenario } from './scenario.ts';
import { adndSystem as sys } from './system.ts';
import { fighter, QueueDice, QUIET, recording, refusal } from './testing.ts';

/** Three level-1 fighters with long swords (speed factor 5): every blow of the three lands together. */
const raw = (script?: object[]) => ({ system: 'adnd', figures: [fighter('gorm', 'party'), fighter('orc', 'foes'), fighter('grok', 'foes', script ? { script } : {})] });

/** Applies `c` (parsed) with no die to roll (ScriptedDice([]) throws on any); returns its events. */
function send(s: AdndState, c: object): AdndEvent[] {
  const events: AdndEvent[] = [];
  sys.apply(s, sys.parseCommand(c), new ScriptedDice([]), (e) => events.push(e));
  return events;
}

/** Begun, at the first declarations (segment 0): Gorm, the orc and Grok to declare. */
function begun(): AdndState {
  const s = sys.setup(raw());
  send(s, { type: 'begin' });
  expect(sys.pending(s)).toEqual({ figures: ['gorm', 'orc', 'grok'], kind: 'action' });
  return s;
}

/** Gorm attacks the orc, both orcs attack Gorm; quiet dice up to the segment they land in (5): its parries. */
function atTheBlows(): AdndState {
  const s = begun();
  send(s, { type: 'attack', figure: 'gorm', target: 'orc' });
  send(s, { type: 'attack', figure: 'orc', target: 'gorm' });
  const dice = new QueueDice({}, QUIET);
  sys.apply(s, sys.parseCommand({ type: 'attack', figure: 'grok', target: 'gorm' }), dice, null);
  expect([s.now, sys.pending(s)]).toEqual([5, { figures: ['gorm', 'orc'], kind: 'parry' }]);
  return s;
}

const ids = (s: AdndState) => [s.figures.map((f) => f.id), (s.gone ?? []).map((g) => g.id)];

describe("the GM's leave: a figure leaves the fight (gm)", () => {
  it('gm leave: a bad leave is refused naming the field: figure missing, reason of 1..200 characters, at; the reason is trimmed', () => {
    const bad = (c: object) => refusal(() => parseCommand({ type: 'leave', figure: 'orc', reason: 'flees', ...c })).issues.map((i) => i.path);
    expect(bad({ figure: undefined })).toEqual(['command.figure']);
    expect(bad({ reason: '   ' })).toEqual(['command.reason']);
    expect(bad({ reason: 'x'.repeat(201) })).toEqual(['command.reason']);
    expect(bad({ at: -1 })).toEqual(['command.at']);
    expect(bad({ winner: 'party' })).toEqual(['command.winner']);
    expect(parseCommand({ type: 'leave', figure: 'orc', reason: ' surrenders ' })).toEqual({ type: 'leave', figure: 'orc', reason: 'surrenders' });
    expect(sys.gmCommands).toContain('leave');
  });

  it('gm leave: at a declaration the figure goes to s.gone with its segment and reason, the event and its line, no die rolled; its decision passes, the others stay', () => {
    const s = begun();
    const orc = JSON.stringify(s.figures[1]);
    const events = send(s, { type: 'leave', figure: 'orc', reason: '  flees  ' });
    expect(events).toEqual([{ type: 'leave', turn: 1, segment: 0, round: 1, segmentOfRound: 0, figure: 'orc', reason: 'flees' }]);
    expect(sys.describe(events[0], new Map([['orc', 'Orc']]))).toBe('[before r1 s1] GM: Orc leaves the fight (flees)');
    expect(ids(s)).toEqual([['gorm', 'grok'], ['orc']]);
    expect(s.gone?.[0]).toEqual({ ...JSON.parse(orc), left: { segment: 0, reason: 'flees' } });
    expect(sys.pending(s)).toEqual({ figures: ['gorm', 'grok'], kind: 'action' });
  });

  it('gm leave: an attack declared at it is void: its attacker is free at once and declares anew in the same segment', () => {
    const s = begun();
    send(s, { type: 'attack', figure: 'gorm', target: 'orc' });
    expect(sys.pending(s)).toEqual({ figures: ['orc', 'grok'], kind: 'action' });
    send(s, { type: 'leave', figure: 'orc', reason: 'flees' });
    const gorm = s.figures[0];
    expect([gorm.declared, gorm.freeAt, gorm.freeReason]).toEqual([null, 0, 'target left']);
    expect(sys.pending(s)).toEqual({ figures: ['gorm', 'grok'], kind: 'action' });
    // Its next declaration's timing says why it was free.
    const events = send(s, { type: 'attack', figure: 'gorm', target: 'grok' });
    expect((events[0].timing as { entries: { source: string }[] }).entries[0].source).toBe('target left before segment 1');
  });

  it('gm leave: in the segment its blows land, the blow at it and its own are void: the parries left are those still struck, and the segment resolves without them', () => {
    const s = atTheBlows();
    const events = send(s, { type: 'leave', figure: 'orc', reason: 'surrenders' });
    expect(events.map((e) => e.type)).toEqual(['leave']);
    expect(s.landing).toEqual([{ attacker: 'grok', target: 'gorm', extra: false, retarget: null, fallen: null }]);
    expect(s.figures[0].freeReason).toBe('target left');
    expect(sys.pending(s)).toEqual({ figures: ['gorm'], kind: 'parry' });
    const rest: AdndEvent[] = [];
    sys.apply(s, sys.parseCommand({ type: 'pass', figure: 'gorm' }), new QueueDice({}, QUIET), (e) => rest.push(e));
    expect(rest.filter((e) => e.type === 'attack' || e.type === 'attack-lost').map((e) => [e.type, e.attacker ?? e.figure])).toEqual([['attack', 'grok']]);
    expect(sys.pending(s)).toEqual({ figures: ['gorm', 'grok'], kind: 'action' });
  });

  it('gm leave: the last enemy leaving ends the fight by the end test, the other side winning; the summary lists the gone last with why; explain lists only those in the fight', () => {
    const s = atTheBlows();
    send(s, { type: 'leave', figure: 'orc', reason: 'surrenders' });
    const events = send(s, { type: 'leave', figure: 'grok', reason: 'runs' });
    expect(events.map((e) => e.type)).toEqual(['leave', 'end']);
    expect(events[1]).toMatchObject({ type: 'end', winner: 'party', rounds: 1 });
    expect(events[1].gm).toBeUndefined();
    expect(sys.pending(s)).toBeNull();
    expect(sys.summary(s).figures.map((f) => [f.id, f.state, f.hp, f.left])).toEqual([
      ['gorm', 'healthy', 30, undefined],
      ['orc', 'healthy', 30, 'surrenders'],
      ['grok', 'healthy', 30, 'runs'],
    ]);
    expect(sys.explain(s).figures.map((f) => f.id)).toEqual(['gorm']);
  });

  it('gm leave: refused before the begin, at another segment, for an unknown, gone or dead figure and once over, naming the field; the state unchanged', () => {
    const s = sys.setup({ ...raw(), figures: [...raw().figures, fighter('bob', 'party')] });
    const refused = (c: object) => {
      const before = JSON.stringify(s);
      try {
        sys.apply(s, sys.parseCommand(c), new ScriptedDice([]), null);
      } catch (e) {
        expect(JSON.stringify(s)).toBe(before);
        return (e as InputError).issues;
      }
      throw new Error('not refused');
    };
    expect(refused({ type: 'leave', figure: 'orc', reason: 'flees' })[0]).toEqual({ path: 'command.type', message: expect.stringMatching(/^the fight has not begun/) });
    send(s, { type: 'begin' });
    expect(refused({ type: 'leave', figure: 'orc', reason: 'flees', at: 4 })).toEqual([{ path: 'command.at', message: 'this command is for segment 4; it is segment 0' }]);
    expect(refused({ type: 'leave', figure: 'troll', reason: 'flees' })).toEqual([{ path: 'command.figure', message: "no figure 'troll'" }]);
    send(s, { type: 'leave', figure: 'orc', reason: 'flees' });
    expect(refused({ type: 'leave', figure: 'orc', reason: 'again' })).toEqual([{ path: 'command.figure', message: 'Orc has left the fight (flees)' }]);
    send(s, { type: 'adjust', figure: 'bob', damage: 99, reason: 'a rock falls' });
    expect(refused({ type: 'leave', figure: 'bob', reason: 'carried off' })).toEqual([{ path: 'command.figure', message: 'Bob is dead: dead is final (a body does not leave the fight)' }]);
    send(s, { type: 'end', winner: null, reason: 'both sides part' });
    expect(refused({ type: 'leave', figure: 'gorm', reason: 'goes home' })).toEqual([{ path: 'command.type', message: 'the fight is over already' }]);
  });

  it('gm leave: a fight played with seeded dice, one figure leaving midway, replays from its record to the same state, with and without events; the AI never sends it', () => {
    const rec = recording(raw(), 5);
    rec.step({ type: 'begin' });
    for (let i = 0; i < 8 && sys.pending(rec.state); i++) rec.step(sys.decide(rec.state));
    rec.step({ type: 'leave', figure: 'grok', reason: 'runs for help', at: rec.state.now });
    for (let i = 0; i < 500 && sys.pending(rec.state); i++) rec.step(sys.decide(rec.state));
    expect(rec.encounter.commands.filter((c) => (c.command as Command).type === 'leave').map((c) => c.command)).toEqual([{ type: 'leave', figure: 'grok', reason: 'runs for help', at: expect.any(Number) }]);
    expect(rec.state.phase).toBe('over');
    expect(JSON.stringify(replay(sys, rec.encounter))).toBe(JSON.stringify(rec.state));
    expect(JSON.stringify(replay(sys, rec.encounter, rec.encounter.commands.length, () => {}))).toBe(JSON.stringify(rec.state));
  });

  it('gm leave: the clone copies s.gone, sharing nothing; a state saved before `gone` existed clones as it is and plays on', () => {
    const s = begun();
    send(s, { type: 'leave', figure: 'orc', reason: 'flees' });
    const c = cloneState(s);
    expect(JSON.stringify(c)).toBe(JSON.stringify(s));
    expect(c.gone).not.toBe(s.gone);
    expect(c.gone?.[0]).not.toBe(s.gone?.[0]);
    expect(c.gone?.[0].left).not.toBe(s.gone?.[0].left);
    expect(c.gone?.[0].weapons[0]).not.toBe(s.gone?.[0].weapons[0]);
    const old = begun();
    delete old.gone;
    expect(JSON.stringify(cloneState(old))).toBe(JSON.stringify(old));
    expect(sys.summary(old).figures).toHaveLength(3);
    send(old, { type: 'leave', figure: 'grok', reason: 'flees' });
    expect(ids(old)).toEqual([['gorm', 'orc'], ['grok']]);
    runToEnd(sys, old, new SeededDice(seedRng('old', 1)), null, { maxSteps: 2000 });
    expect(old.phase).toBe('over');
  });

  it("gm leave: a figure's script may hold it with a segment (its own figure unless it names another): played at the first decision from that segment on; an unknown figure is refused at setup", () => {
    const s = sys.setup(raw([{ type: 'leave', reason: 'surrenders', at: 7 }]));
    expect(s.figures[2].script).toEqual([{ type: 'leave', figure: 'grok', reason: 'surrenders', at: 7 }]);
    const events: AdndEvent[] = [];
    runToEnd(sys, s, new QueueDice({}, QUIET), (e) => events.push(e), { maxSteps: 2000 });
    const left = events.find((e) => e.type === 'leave');
    // The first decision from segment 7 on: the long swords of the second blows land in 10 (parry).
    expect(left).toMatchObject({ segment: 10, figure: 'grok', reason: 'surrenders' });
    expect(s.gone?.map((g) => g.id)).toEqual(['grok']);
    // Grok's script held only the GM's leave: the AI declared for it before.
    expect(events.some((e) => e.type === 'declare' && e.figure === 'grok')).toBe(true);
    expect(refusal(() => setupScenario(raw([{ type: 'leave', figure: 'troll', reason: 'flees' }]))).issues).toEqual([{ path: 'figures[2].script[0].figure', message: "no figure 'troll'" }]);
  });

  it('gm leave: examples/adnd/gm-leave.yaml: Grishnak surrenders at the first decision of round 3 (segment 21); its blow and the one at it are void; Brenna fells the orc in segment 26 and the party wins', () => {
    const r = parse(readFileSync(new URL('../../../examples/adnd/gm-leave.yaml', import.meta.url), 'utf8'));
    const s = sys.setup(r) as AdndState;
    const events: AdndEvent[] = [];
    // `fray run`'s default seed, 1.
    runToEnd(sys, s, new SeededDice(seedRng(1)), (e) => events.push(e), { maxSteps: 2000 });
    const left = events.findIndex((e) => e.type === 'leave');
    expect(events[left]).toEqual({ type: 'leave', turn: 3, segment: 21, round: 3, segmentOfRound: 1, figure: 'orc2', reason: 'throws down its spear and surrenders' });
    // Its spear was to land in segment 21: no blow of it or at it after the leave.
    expect(events[left - 1]).toMatchObject({ type: 'segment', actors: [{ figure: 'orc2', action: 'attack' }] });
    const after = events.slice(left);
    expect(after.some((e) => (e.type === 'attack' || e.type === 'attack-lost') && (e.figure === 'orc2' || e.attacker === 'orc2' || e.target === 'orc2'))).toBe(false);
    expect(after.find((e) => e.type === 'declare' && e.figure === 'brenna')).toMatchObject({ segment: 21, action: { target: 'orc1' } });
    expect(events.at(-1)).toEqual({ type: 'end', turn: 3, segment: 26, round: 3, segmentOfRound: 6, winner: 'party', rounds: 3 });
    expect(sys.summary(s)).toMatchObject({
      winner: 'party',
      turns: 3,
      figures: [
        { id: 'brenna', state: 'healthy', hp: 10 },
        { id: 'orc1', state: 'dead', hp: -1 },
        { id: 'orc2', state: 'healthy', hp: 7, left: 'throws down its spear and surrenders' },
      ],
    });
    expect(s.gone?.map((g) => [g.id, g.left])).toEqual([['orc2', { segment: 21, reason: 'throws down its spear and surrenders' }]]);
  });
});
