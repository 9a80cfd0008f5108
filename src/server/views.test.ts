// The one filter of what each role sees, on real TFT states, events and explain reports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordingDice } from '../core/dice/source.ts';
import { diceForSeq, step } from '../engine/encounter.ts';
import type { GameEvent } from '../engine/types.ts';
import { getSystem } from '../rules/index.ts';
import { ApiError } from './errors.ts';
import { EncounterSettings } from './protocol.ts';
import { EXAMPLES_DIR, parseScenarioText } from './scenario.ts';
import { acting, setup as setupTft } from '../rules/tft/testing.ts';
import { TEST_SEED, duelScenario, swordDropScenario, swordDropStep, tft } from './test-helpers.ts';
import { EVENTS, eventSubject } from './visibility.ts';
import {
  type CommandEntry,
  type Viewer,
  backFromStandIns,
  commandFromViewer,
  viewCommandEntry,
  viewEvents,
  viewExplain,
  viewRefusal,
  viewSettings,
  viewSideName,
  viewState,
  viewValue,
} from './views.ts';

/** The duel after `n` AI steps, with every event. */
function played(n: number) {
  let state = tft.setup(duelScenario());
  const events: GameEvent[] = [];
  for (let i = 1; i <= n && tft.pending(state); i++) {
    const r = step(tft, state, tft.decide(state), diceForSeq(TEST_SEED, i));
    state = r.state;
    events.push(...r.events);
  }
  return { state, events: events as unknown as Record<string, unknown>[] };
}

const settings = (o: Partial<EncounterSettings> = {}) => EncounterSettings.parse(o);
const gm: Viewer = { role: 'gm', figures: [] };
const bjornSeat: Viewer = { role: 'player', figures: ['bjorn'] };
const spectator: Viewer = { role: 'spectator', figures: [] };

describe('views', () => {
  const { state, events } = played(12);

  it('the GM sees everything unchanged', () => {
    const s = settings({ hiddenFigures: ['cedric'], hideEnemyStats: true, notes: [{ id: 'n', text: 'x', hidden: true }] });
    expect(viewState(state, s, gm)).toBe(state);
    expect(viewEvents(events, state, s, gm)).toEqual(events);
    expect(viewSettings(s, gm)).toBe(s);
  });

  it('with nothing hidden, players and spectators see the same state as the GM', () => {
    expect(viewState(state, settings(), bjornSeat)).toEqual(state);
    expect(viewState(state, settings(), spectator)).toEqual(state);
    expect(viewEvents(events, state, settings(), spectator)).toEqual(events);
  });

  it('a hidden figure vanishes from state, events, summary and explain for other roles', () => {
    const s = settings({ hiddenFigures: ['cedric'] });
    const v = viewState(state, s, bjornSeat) as { figures: { id: string }[] };
    expect(v.figures.map((f) => f.id)).toEqual(['bjorn']);
    const ev = viewEvents(events, state, s, spectator);
    expect(events.some((e) => JSON.stringify(e).includes('cedric'))).toBe(true);
    expect(ev.length).toBeLessThan(events.length);
    expect(JSON.stringify(ev)).not.toContain('cedric');
    const sum = viewValue(tft.summary(state), state, s, spectator) as { figures: { id: string }[] };
    expect(sum.figures.map((f) => f.id)).toEqual(['bjorn']);
    const ex = viewExplain(tft.explain(state) as unknown as Record<string, unknown>, state, s, spectator);
    expect(JSON.stringify(ex)).not.toContain('cedric');
  });

  it("a player always sees its own figure, even when the GM marks it hidden", () => {
    const s = settings({ hiddenFigures: ['bjorn', 'cedric'] });
    const v = viewState(state, s, bjornSeat) as { figures: { id: string }[] };
    expect(v.figures.map((f) => f.id)).toEqual(['bjorn']);
    expect(viewSettings(s, bjornSeat).hiddenFigures).toEqual(['bjorn']);
  });

  it("hideEnemyStats removes the other side's ST, wounds and fatigue but keeps one's own", () => {
    const s = settings({ hideEnemyStats: true });
    const v = viewState(state, s, bjornSeat) as { figures: Record<string, unknown>[] };
    const [b, c] = ['bjorn', 'cedric'].map((id) => v.figures.find((f) => f.id === id) as Record<string, unknown>);
    expect(b.st).toBe(12);
    expect('wounds' in b).toBe(true);
    expect(c.st).toBeUndefined();
    expect(c.wounds).toBeUndefined();
    expect(c.fatigue).toBeUndefined();
    expect(c.dx).toBe(11);
    // Spectators have no side: nobody's stats.
    const sv = viewState(state, s, spectator) as { figures: Record<string, unknown>[] };
    expect(sv.figures.every((f) => f.st === undefined)).toBe(true);
  });

  it('players see only their own figures options in explain', () => {
    const ex = viewExplain(tft.explain(state) as unknown as Record<string, unknown>, state, settings(), bjornSeat) as {
      figures: { id: string; options: unknown[] }[];
    };
    const full = tft.explain(state) as unknown as { figures: { id: string; options: unknown[] }[] };
    expect(ex.figures.find((f) => f.id === 'cedric')?.options).toEqual([]);
    expect(ex.figures.find((f) => f.id === 'bjorn')?.options).toEqual(full.figures.find((f) => f.id === 'bjorn')?.options);
  });

  it("hideEnemyStats: the viewer's own option tells nothing of a target's hidden ST and wounds (TFT's P(down), the Thread's first-aid result, R-T4); on its own side's figures it does", () => {
    // Doc (a Physicker) stands by a dying orc and a dying friend, a fresh goblin in front of him.
    const s = setupTft(
      [
        { id: 'doc', side: 'a', st: 12, dx: 12, iq: 12, at: [3, 3], facing: 0, talents: ['physicker'], weapons: ['broadsword'] },
        { id: 'pat', side: 'a', st: 10, at: [2, 3], wounds: 11, weapons: ['dagger'] },
        { id: 'orc', side: 'b', st: 10, at: [3, 4], wounds: 11, weapons: ['dagger'] },
        { id: 'gob', side: 'b', st: 9, at: [4, 3], facing: 3, weapons: ['club'] },
      ],
      { thread: 'on' },
    );
    acting(s, 'doc');
    const report = tft.explain(s) as unknown as Record<string, unknown>;
    type Opt = { command: { type: string; target?: string }; hit?: number; downChance?: number; downChanceExact?: string; result?: unknown };
    const optionsOf = (ex: Record<string, unknown>) => (ex.figures as { id: string; options: Opt[] }[]).find((f) => f.id === 'doc')!.options;
    const find = (os: Opt[], type: string, target: string) => os.find((o) => o.command.type === type && o.command.target === target)!;
    const full = optionsOf(report);
    // What the engine gives (the GM, and a player without hideEnemyStats, read it).
    expect(find(full, 'attack', 'gob').downChance).toBeGreaterThan(0);
    expect(find(full, 'first-aid', 'orc').result).toBeDefined();
    const docSeat: Viewer = { role: 'player', figures: ['doc'] };
    expect(optionsOf(viewExplain(report, s, settings(), docSeat))).toEqual(full);
    const seen = viewExplain(report, s, settings({ hideEnemyStats: true }), docSeat);
    const mine = optionsOf(seen);
    expect(mine.map((o) => o.command)).toEqual(full.map((o) => o.command));
    for (const [type, target] of [['attack', 'gob'], ['first-aid', 'orc']]) {
      const o = find(mine, type, target);
      expect([o.downChance, o.downChanceExact, o.result], `${type} ${target}`).toEqual([undefined, undefined, undefined]);
    }
    expect(find(mine, 'attack', 'gob')).toMatchObject({ hit: find(full, 'attack', 'gob').hit });
    expect(find(mine, 'first-aid', 'pat').result).toEqual(find(full, 'first-aid', 'pat').result);
    // The pending decision lists the same choices: cut the same way.
    const choices = ((seen.decision as { figures: { figure: string; choices: Opt[] }[] }).figures.find((d) => d.figure === 'doc')?.choices ?? []);
    expect(choices.length).toBeGreaterThan(0);
    for (const o of choices) if (o.command.target === 'orc' || o.command.target === 'gob') expect([o.downChance, o.result]).toEqual([undefined, undefined]);
  });

  it("players see no other figure's reasons why not (notNow: an enemy's empty magazine is its owner's to know)", () => {
    const report = tft.explain(state) as unknown as { figures: { id: string; notNow?: unknown }[] };
    for (const f of report.figures) f.notNow = [{ action: 'fire', label: 'fire', reason: `${f.id}'s magazine is empty: reload first` }];
    const ex = viewExplain(report as unknown as Record<string, unknown>, state, settings(), bjornSeat) as { figures: { id: string; notNow?: unknown }[] };
    expect(ex.figures.find((f) => f.id === 'cedric')).not.toHaveProperty('notNow');
    expect(ex.figures.find((f) => f.id === 'bjorn')?.notNow).toEqual([{ action: 'fire', label: 'fire', reason: "bjorn's magazine is empty: reload first" }]);
  });

  it('an option whose command names a hidden figure is no choice for the viewer: a sweep across a hidden goblin is dropped, not redrawn at fewer targets under the old label', () => {
    const sweep = tft.setup(parseScenarioText(readFileSync(join(EXAMPLES_DIR, 'tft/sweeping-blows.yaml'), 'utf8')));
    const s = settings({ hiddenFigures: ['g2'] });
    const seat: Viewer = { role: 'player', figures: ['jemmueb'] };
    type Opt = { command: { type: string; targets?: string[] }; label: string };
    const full = tft.explain(sweep) as unknown as { figures: { id: string; options: Opt[] }[] };
    const mine = (x: { figures: { id: string; options: Opt[] }[] }) => x.figures.find((f) => f.id === 'jemmueb')?.options ?? [];
    expect(mine(full).some((o) => o.command.targets?.includes('g2'))).toBe(true);
    const seen = viewExplain(full as unknown as Record<string, unknown>, sweep, s, seat) as unknown as { figures: { id: string; options: Opt[] }[] };
    const sweeps = mine(seen).filter((o) => o.command.type === 'sweep');
    expect(sweeps.length).toBeGreaterThan(0);
    // Every option shown is one the engine offered, unchanged.
    for (const o of mine(seen)) expect(mine(full)).toContainEqual(o);
  });

  it("the pending decision (TFT explain's decision, what each figure may send now): a player reads its own figures' part only, without a choice naming a hidden figure, and without its moves while a figure is hidden from it (they would show where it stands); a spectator none; the GM all", () => {
    type Part = { figure: string; choices: { command: { type: string; targets?: string[] } }[]; moves?: unknown[] };
    const decision = (report: unknown) => (report as { decision: { kind: string; figures: Part[] } }).decision;
    let state = tft.setup(duelScenario());
    const upTo = (done: (p: { kind: string; figures: string[] }) => boolean) => {
      for (let i = 1; !done(tft.pending(state)!); i++) state = step(tft, state, tft.decide(state), diceForSeq(TEST_SEED, i)).state;
    };
    // Bjorn's movement: Bjorn's player reads its moves; Cedric's, nothing.
    upTo((p) => p.kind === 'move' && p.figures.includes('bjorn'));
    const moving = tft.explain(state) as unknown as Record<string, unknown>;
    expect(viewExplain(moving, state, settings(), gm)).toBe(moving);
    const full = decision(moving).figures.find((d) => d.figure === 'bjorn')!;
    const mine = decision(viewExplain(moving, state, settings(), bjornSeat));
    expect(mine.kind).toBe('move');
    expect(mine.figures).toEqual([full]);
    expect(full.moves?.length).toBeGreaterThan(0);
    expect(decision(viewExplain(moving, state, settings(), { role: 'player', figures: ['cedric'] })).figures).toEqual([]);
    expect(decision(viewExplain(moving, state, settings(), spectator)).figures).toEqual([]);
    // With a figure hidden from it, no moves: which hexes they reach would show where it stands.
    const unseen = decision(viewExplain(moving, state, settings({ hiddenFigures: ['cedric'] }), bjornSeat)).figures;
    expect(unseen).toEqual([{ figure: 'bjorn', asked: true, choices: [{ command: { type: 'move', figure: 'bjorn', path: [] }, label: 'stay put', rule: 'tft-core' }] }]);
    state = tft.setup(parseScenarioText(readFileSync(join(EXAMPLES_DIR, 'tft/sweeping-blows.yaml'), 'utf8')));
    const seat: Viewer = { role: 'player', figures: ['jemmueb'] };
    const s = settings({ hiddenFigures: ['g2'] });
    // Jemmueb's action: its sweeps across the hidden goblin are no choice, as in its options.
    upTo((p) => p.kind === 'action' && p.figures[0] === 'jemmueb');
    const acting = tft.explain(state) as unknown as Record<string, unknown>;
    const all = decision(acting).figures[0].choices;
    expect(all.some((c) => c.command.targets?.includes('g2'))).toBe(true);
    const seen = viewExplain(acting, state, s, seat);
    const choices = decision(seen).figures[0].choices;
    expect(choices.some((c) => c.command.type === 'sweep')).toBe(true);
    expect(JSON.stringify(decision(seen))).not.toContain('g2');
    for (const c of choices) expect(all).toContainEqual(c);
    expect(choices).toEqual((seen.figures as { id: string; options: unknown[] }[]).find((f) => f.id === 'jemmueb')?.options);
    // A goblin's player: nothing to send at Jemmueb's action.
    expect(decision(viewExplain(acting, state, s, { role: 'player', figures: ['g1'] })).figures).toEqual([]);
  });

  it('a figure that left the fight (state.gone) is filtered as one in it: hidden when the GM hides it (its own player still sees it), its numbers hidden from the other side, what it is and why it left shown', () => {
    // Cedric taken out of the fight as the engines do it: moved from figures to gone, with when and why.
    const [bjorn, cedric] = ['bjorn', 'cedric'].map((id) => (state as unknown as { figures: Record<string, unknown>[] }).figures.find((f) => f.id === id));
    const left = { ...state, figures: [bjorn], gone: [{ ...cedric, wounds: 5, left: { turn: 2, reason: 'flees' } }] };
    const summary = { figures: [{ id: 'bjorn', side: 'north', state: 'healthy', st: 12, wounds: 0 }, { id: 'cedric', side: 'south', state: 'reeling', st: 12, wounds: 5, left: 'flees' }] };
    const leave = [{ type: 'leave', turn: 2, figure: 'cedric', reason: 'flees', wounds: 5 }];
    const cedricSeat: Viewer = { role: 'player', figures: ['cedric'] };
    const hidden = settings({ hiddenFigures: ['cedric'] });
    expect(JSON.stringify([viewState(left, hidden, bjornSeat), viewValue(summary, left, hidden, spectator), viewEvents(leave, left, hidden, bjornSeat)])).not.toContain('cedric');
    expect((viewState(left, hidden, cedricSeat) as { gone: { id: string }[] }).gone.map((f) => f.id)).toEqual(['cedric']);
    const stats = settings({ hideEnemyStats: true });
    const gone = (viewState(left, stats, bjornSeat) as { gone: Record<string, unknown>[] }).gone[0];
    expect(gone).toMatchObject({ id: 'cedric', side: 'south', left: { turn: 2, reason: 'flees' } });
    expect(gone.st).toBeUndefined();
    expect(gone.wounds).toBeUndefined();
    expect((viewValue(summary, left, stats, bjornSeat) as typeof summary).figures[1]).toEqual({ id: 'cedric', side: 'south', state: 'reeling', left: 'flees' });
    expect(viewEvents(leave, left, stats, bjornSeat)).toEqual([{ type: 'leave', turn: 2, figure: 'cedric', reason: 'flees' }]);
    // Cedric's own player reads its numbers.
    expect((viewState(left, stats, cedricSeat) as { gone: Record<string, unknown>[] }).gone[0].wounds).toBe(5);
  });

  it('hidden notes, and notes about hidden figures, are removed', () => {
    const s = settings({
      hiddenFigures: ['cedric'],
      notes: [
        { id: 'a', text: 'open', hidden: false },
        { id: 'b', text: 'secret', hidden: true },
        { id: 'c', text: 'about cedric', figure: 'cedric', hidden: false },
      ],
    });
    expect(viewSettings(s, spectator).notes.map((n) => n.id)).toEqual(['a']);
    expect(viewSettings(s, spectator).hiddenFigures).toEqual([]);
  });

  it('property: whatever the GM hides, the hidden ids appear nowhere in what others receive', () => {
    const ids = ['bjorn', 'cedric'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.subarray(ids, { minLength: 1 }),
        fc.constantFrom<Viewer>(spectator, bjornSeat, { role: 'player', figures: ['cedric'] }),
        (n, hidden, viewer) => {
          const p = played(n);
          const s = settings({ hiddenFigures: hidden });
          const out = JSON.stringify([
            viewState(p.state, s, viewer),
            viewEvents(p.events, p.state, s, viewer),
            viewValue(tft.summary(p.state), p.state, s, viewer),
            viewExplain(tft.explain(p.state) as unknown as Record<string, unknown>, p.state, s, viewer),
            viewSettings(s, viewer),
          ]);
          for (const id of hidden) if (!viewer.figures.includes(id)) expect(out).not.toContain(`"${id}"`);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("TFT: a list of many figures loses a hidden figure's entries and the event stays (the action order, a sweep's arc, a blast's victims); its step's dice are not shown", () => {
    expectListsCut('tft/skirmish', 'grim', 'ada', 'action-order', 'order', 'rolls');
    expectListsCut('tft/sweeping-blows', 'g2', 'jemmueb', 'sweep', 'order');
    expectListsCut('tft/hitech-firefight', 'b-rifle', 'r-rifle', 'blast', 'victims');
  });

  it("TFT: a roll-off that held a hidden figure reads as one among the visible figures alone (a goblin rolling on with no visible partner told that a hidden one tied with it)", () => {
    const { state } = playExample('tft/sweeping-blows', 1, 0);
    const entry = (figure: string, adjDX: number, rolls: number[]) => ({ figure, adjDX, rolls, ledger: null });
    const order = [entry('jemmueb', 14, []), entry('g5', 9, [5, 4]), entry('g3', 9, [5, 2]), entry('g4', 9, [3]), entry('g1', 8, [6]), entry('g2', 8, [1])];
    const event = { type: 'action-order', turn: 1, order, rule: 'tft-core action order' };
    const seat: Viewer = { role: 'player', figures: ['jemmueb'] };
    const seen = (hidden: string[]) => (viewEvents([event], state, settings({ hiddenFigures: hidden }), seat)[0] as { order: { figure: string; rolls: number[] }[] }).order.map((o) => [o.figure, o.rolls]);
    // g3 hidden: g5 and g4 part at the first round (5 against 3); g5's second die was against g3 only.
    expect(seen(['g3'])).toEqual([['jemmueb', []], ['g5', [5]], ['g4', [3]], ['g1', [6]], ['g2', [1]]]);
    // g4 hidden: g5 and g3 rolled on together (5 and 5, then 4 and 2): both rounds stay.
    expect(seen(['g4'])).toEqual([['jemmueb', []], ['g5', [5, 4]], ['g3', [5, 2]], ['g1', [6]], ['g2', [1]]]);
    // g2 hidden: g1 is alone at adjDX 8: no roll-off left to show.
    expect(seen(['g2'])).toEqual([['jemmueb', []], ['g5', [5, 4]], ['g3', [5, 2]], ['g4', [3]], ['g1', []]]);
    // Nothing hidden: as rolled.
    expect(seen([])).toEqual(order.map((o) => [o.figure, o.rolls]));
  });

  it('AD&D: with a figure hidden, a player reads "the fight begins" and the surprise roll without it, and a segment without it; a segment only it acts in is not shown', () => {
    expect(expectListsCut('adnd/surprise', 'kwan', 'gorm', 'begin', 'figures').narration).toEqual(['Ambush at the ford: the fight begins']);
    expectListsCut('adnd/surprise', 'kwan', 'gorm', 'surprise', 'results');
    const segments = expectListsCut('adnd/surprise', 'kwan', 'gorm', 'segment', 'actors');
    expect(segments.dropped).toBeGreaterThan(0);
  });

  it("AD&D: a hidden Ogre's blow on Frito reaches Frito's player with the striker 'an unseen figure': the weapon, the hit and the damage dealt, not its to-hit roll, bonus, needed number nor damage dice (they tell its hit dice and strength); nor the step's dice; the GM reads it whole", () => {
    const { state, entries } = playExample('adnd/frito-and-rocky', 1, 80);
    const s = settings({ hiddenFigures: ['ogre'] });
    const frito: Viewer = { role: 'player', figures: ['frito'] };
    const entry = entries.find((x) => x.events.some((e) => e.type === 'attack' && e.attacker === 'ogre' && e.target === 'frito' && e.hit === true)) as CommandEntry;
    const blow = entry.events.find((e) => e.type === 'attack' && e.attacker === 'ogre') as Record<string, unknown>;
    const seen = viewCommandEntry(entry, state, s, frito);
    const shown = seen.events.find((e) => e.type === 'attack') as Record<string, unknown>;
    expect(shown).toMatchObject({ attacker: 'an unseen figure', unseen: ['attacker'], target: 'frito', weapon: blow.weapon, hit: true, dealt: blow.dealt });
    expect(shown.damage).toEqual({ entries: [], total: (blow.damage as { total: number }).total });
    for (const k of ['roll', 'bonus', 'need']) expect(shown).not.toHaveProperty(k);
    expect(JSON.stringify(seen)).not.toMatch(/ogre|monster|HD/i);
    expect(seen.faces).toBeUndefined();
    expect(viewCommandEntry(entry, state, s, gm)).toEqual({ command: entry.command, faces: entry.faces, entered: false, events: entry.events });
    // A blow of the Ogre on a figure hidden too is nobody's business but the GM's.
    expect(viewEvents([blow], state, settings({ hiddenFigures: ['ogre', 'frito'] }), spectator)).toEqual([]);
  });

  it("TFT: Cedric hidden, his blow on Bjorn reaches Bjorn's player as an unseen figure's attack (weapon and outcome, not the 3d6, adjDX or its ledger) and the damage Bjorn takes, dice and armour (from 'an unseen figure'); before, both were dropped and Bjorn's wounds rose unexplained", () => {
    const { events, state } = played(30);
    const s = settings({ hiddenFigures: ['cedric'] });
    const hit = events.findIndex((e) => e.type === 'attack' && e.figure === 'cedric' && e.outcome === 'hit');
    expect(hit).toBeGreaterThanOrEqual(0);
    const damage = events.slice(hit).find((e) => e.type === 'damage' && e.from === 'cedric') as Record<string, unknown>;
    const [attack, hurt] = viewEvents([events[hit], damage], state, s, bjornSeat);
    expect(attack).toEqual({ type: 'attack', turn: events[hit].turn, figure: 'an unseen figure', unseen: ['figure'], target: 'bjorn', weapon: 'War ax', mode: 'melee', dice: 3, outcome: 'hit', multiplier: 1 });
    expect(hurt).toEqual({ ...damage, from: 'an unseen figure', unseen: ['from'] });
    expect(tft.describe(hurt as unknown as GameEvent)).toMatch(/^\[turn \d+\] bjorn takes \d+ damage/);
    // With hideEnemyStats too: the damage keeps what it keeps of Bjorn for his own side, and its mark.
    expect(viewEvents([damage], state, settings({ hiddenFigures: ['cedric'], hideEnemyStats: true }), spectator)[0]).toMatchObject({ from: 'an unseen figure', unseen: ['from'] });
  });

  it("TFT: Bjorn's own blow on a hidden Cedric reaches Bjorn's player whole but for the target, 'an unseen figure' (his roll, adjDX and ledger are his); the damage it deals is Cedric's, not shown; a blow between two hidden figures is not shown at all (the blow was dropped, leaving his step empty in the log)", () => {
    const { events, state } = played(30);
    const s = settings({ hiddenFigures: ['cedric'] });
    const blow = events.find((e) => e.type === 'attack' && e.figure === 'bjorn' && e.outcome === 'hit') as Record<string, unknown>;
    const damage = events.find((e) => e.type === 'damage' && e.figure === 'cedric') as Record<string, unknown>;
    expect(viewEvents([blow, damage], state, s, bjornSeat)).toEqual([{ ...blow, target: 'an unseen figure', unseen: ['target'] }]);
    expect(tft.describe(viewEvents([blow], state, s, bjornSeat)[0] as unknown as GameEvent)).toMatch(/^\[turn \d+\] bjorn attacks an unseen figure with Broadsword \(melee\): 3d6 = /);
    expect(viewEvents([blow], state, settings({ hiddenFigures: ['cedric', 'bjorn'] }), spectator)).toEqual([]);
  });

  it("HiTech: a hidden rifleman's burst reaches the figure it hits as an unseen figure's fire (no 3d6, adjDX, ledgers nor rounds left in its magazine), its hits and their damage; a hidden grenadier's blast as an unseen figure's, with the victims a player sees", () => {
    const { state, events } = playExample('tft/hitech-firefight', 3, 60);
    const hits = events.find((e) => e.type === 'hits' && Number(e.rounds) > 1) as Record<string, unknown>;
    const fire = events.findLast((e, i) => i < events.indexOf(hits) && e.type === 'fire') as Record<string, unknown>;
    const [shooter, target] = [String(hits.figure), String(hits.target)];
    expect(fire).toMatchObject({ figure: shooter, target });
    const [f, h] = viewEvents([fire, hits], state, settings({ hiddenFigures: [shooter] }), { role: 'player', figures: [target] });
    expect(f).toMatchObject({ type: 'fire', figure: 'an unseen figure', unseen: ['figure'], target, weapon: fire.weapon, outcome: fire.outcome, burst: fire.burst });
    for (const k of ['faces', 'roll', 'adjDX', 'ledger', 'loadedLeft']) expect(f).not.toHaveProperty(k);
    expect(h).toEqual({ type: 'hits', turn: hits.turn, figure: 'an unseen figure', unseen: ['figure'], target, hits: hits.hits, rounds: hits.rounds });
    const blast = events.find((e) => e.type === 'blast' && (e.victims as { figure: string }[]).some((v) => v.figure !== e.figure)) as Record<string, unknown>;
    const victim = (blast.victims as { figure: string }[]).find((v) => v.figure !== blast.figure)?.figure as string;
    const [b] = viewEvents([blast], state, settings({ hiddenFigures: [String(blast.figure)] }), { role: 'player', figures: [victim] });
    expect(b).toEqual({ ...blast, figure: 'an unseen figure', unseen: ['figure'] });
    expect(tft.describe(b as unknown as GameEvent)).toMatch(/\(an unseen figure\) explodes/);
  });

  it("a hidden striker's blow reaches the player narrated in the rules' words (room.ts describes each event it sends): AD&D 'An unseen figure strikes at Frito the Fighter with club: hit, N damage', TFT 'An unseen figure attacks Bjorn with War ax (melee): hit.', HiTech fire and hits without a number they lack (the describers threw, or read '= ? = undefined' and 'NaN rounds left')", () => {
    const adnd = playExample('adnd/frito-and-rocky', 1, 80);
    const frito: Viewer = { role: 'player', figures: ['frito'] };
    const fritoNames = new Map([['frito', 'Frito the Fighter'], ['rocky', 'Rocky the Ranger']]);
    const blow = adnd.events.find((e) => e.type === 'attack' && e.attacker === 'ogre' && e.target === 'frito' && e.hit === true && e.critical === null) as Record<string, unknown>;
    const [shown] = viewEvents([blow], adnd.state, settings({ hiddenFigures: ['ogre'] }), frito);
    const damage = (blow.damage as { total: number }).total;
    expect(adnd.system.describe(shown as unknown as GameEvent, fritoNames)).toBe(`[r${blow.round} s${blow.segmentOfRound}] An unseen figure strikes at Frito the Fighter with club: hit, ${damage} damage`);
    const duel = played(30);
    const cut = duel.events.find((e) => e.type === 'attack' && e.figure === 'cedric' && e.outcome === 'hit') as Record<string, unknown>;
    const [attack] = viewEvents([cut], duel.state, settings({ hiddenFigures: ['cedric'] }), bjornSeat);
    expect(tft.describe(attack as unknown as GameEvent, new Map([['bjorn', 'Bjorn']]))).toBe(`[turn ${cut.turn}] An unseen figure attacks Bjorn with War ax (melee): hit.`);
    const fight = playExample('tft/hitech-firefight', 3, 60);
    const hits = fight.events.find((e) => e.type === 'hits' && Number(e.rounds) > 1) as Record<string, unknown>;
    const fire = fight.events.findLast((e, i) => i < fight.events.indexOf(hits) && e.type === 'fire') as Record<string, unknown>;
    const seen = viewEvents([fire, hits], fight.state, settings({ hiddenFigures: [String(hits.figure)] }), { role: 'player', figures: [String(hits.target)] });
    const [f, h] = seen.map((e) => tft.describe(e as unknown as GameEvent));
    expect(f).toMatch(new RegExp(`^\\[turn \\d+\\] An unseen figure fires at ${hits.target} with the ${fire.weapon} \\(.*\\): (hit|miss|DOUBLE damage|TRIPLE damage|automatic hit) \\[R-H10\\]\\.$`));
    expect(h).toBe(`[turn ${hits.turn}] An unseen figure's burst hits ${hits.target} ${hits.hits} times; each hit rolls its own damage [R-H10].`);
    for (const line of [f, h]) expect(line).not.toMatch(/undefined|NaN|\?|\(\)/);
  });

  it("AD&D: a hidden striker's critical lands (its third roll, what it does) without its confirmation roll, threshold or why ('average of hit dice 4 and dexterity 11': the striker's numbers), and reads so", () => {
    const { system, state } = playExample('adnd/frito-and-rocky', 1, 4);
    const critical = { confirm: 3, threshold: 7.5, why: 'average of hit dice 4 and dexterity 11', third: 5, parryMinus: 0, multiplier: 2, special: false, label: 'double damage' };
    const blow = { type: 'attack', turn: 1, segment: 6, round: 1, segmentOfRound: 6, attacker: 'ogre', target: 'frito', weapon: 'club', role: 'alone', mode: 'normal', roll: 20, hit: true, natural: 'hit', critical, damage: { entries: [{ source: 'club 1d10 rolled [4]', delta: 8, rule: 'adnd-phb' }], total: 8 }, save: null };
    const [shown] = viewEvents([blow], state, settings({ hiddenFigures: ['ogre'] }), { role: 'player', figures: ['frito'] });
    expect(shown.critical).toEqual({ third: 5, parryMinus: 0, multiplier: 2, special: false, label: 'double damage' });
    expect(blow.critical).toBe(critical);
    expect(system.describe(shown as unknown as GameEvent, new Map([['frito', 'Frito the Fighter']]))).toBe('[r1 s6] An unseen figure strikes at Frito the Fighter with club: hit; CRITICAL (third roll 5: double damage), 8 damage');
  });

  it("AD&D: a player's own declaration and spell aimed at a hidden figure reach it with the target 'an unseen figure' (a field inside the declaration, `unseen: ['action.target']`; the cast's `target`), narrated so; they were dropped whole, and a hidden figure's own declaration (its plan) still is", () => {
    const { system, state, events } = playExample('adnd/melee', 1, 60);
    const s = settings({ hiddenFigures: ['ogre2'] });
    const mirela: Viewer = { role: 'player', figures: ['mirela'] };
    const declare = events.find((e) => e.type === 'declare' && e.figure === 'mirela' && (e.action as { target?: string }).target === 'ogre2') as Record<string, unknown>;
    const cast = events.find((e) => e.type === 'cast' && e.figure === 'mirela' && e.target === 'ogre2') as Record<string, unknown>;
    const [d, c] = viewEvents([declare, cast], state, s, mirela);
    expect(d).toEqual({ ...declare, action: { ...(declare.action as object), target: 'an unseen figure' }, unseen: ['action.target'] });
    expect((declare.action as { target: string }).target).toBe('ogre2');
    expect(c).toEqual({ ...cast, target: 'an unseen figure', unseen: ['target'] });
    const names = new Map([['mirela', 'Mirela']]);
    expect(system.describe(d as unknown as GameEvent, names)).toMatch(/^\[before r1 s1\] Mirela declares: cast magic missile at an unseen figure; acts in round 1 segment 1 /);
    expect(system.describe(c as unknown as GameEvent, names)).toMatch(/^\[r1 s1\] Mirela casts magic missile at an unseen figure; pause /);
    const its = events.find((e) => e.type === 'declare' && e.figure === 'ogre2') as Record<string, unknown>;
    expect(viewEvents([its], state, s, mirela)).toEqual([]);
  });

  it("AD&D explain: a schedule's words name no hidden figure (Frito's coming 'attack ogre with long sword' read the Ogre's id on his player's timeline); they read 'an unseen figure'", () => {
    const { system, state } = playExample('adnd/frito-and-rocky', 1, 4);
    const s = settings({ hiddenFigures: ['ogre'] });
    const frito: Viewer = { role: 'player', figures: ['frito'] };
    // As the room builds it for the player: names of the figures it sees only (room.ts namesFor).
    const names = new Map([['frito', 'Frito the Fighter'], ['rocky', 'Rocky the Ranger']]);
    const report = system.explain(state, names) as unknown as Record<string, unknown>;
    expect(JSON.stringify(report.schedule)).toContain('attack ogre');
    const seen = viewExplain(report, state, s, frito);
    expect(JSON.stringify(seen)).not.toMatch(/\bogre\b/i);
    expect(JSON.stringify(seen.schedule)).toContain('attack an unseen figure with long sword');
  });

  it("a side's name is read as the narration reads it: the hidden figures it names 'an unseen figure' (state.sideNames, viewSideName: the winner's), with the article of a common noun ('A brigand': 'An unseen figure'), a visible figure's and the GM's as written", () => {
    const { state } = playExample('tft/sweeping-blows', 1, 2);
    const s = settings({ hiddenFigures: ['bobjo'] });
    const jemmueb: Viewer = { role: 'player', figures: ['jemmueb'] };
    expect((viewState(state, s, jemmueb) as { sideNames: unknown }).sideNames).toEqual({ heroes: 'Jemmueb and an unseen figure', goblins: 'Goblins' });
    expect(viewSideName('Jemmueb and Bobjo', state, s, jemmueb)).toBe('Jemmueb and an unseen figure');
    expect(viewSideName('Jemmueb and Bobjo', state, s, { role: 'player', figures: ['bobjo'] })).toBe('Jemmueb and Bobjo');
    expect(viewSideName('Jemmueb and Bobjo', state, s, gm)).toBe('Jemmueb and Bobjo');
    expect(viewSideName(null, state, s, jemmueb)).toBeNull();
    // A common noun's article goes with it: "A brigand" (the brigand hidden) reads "An unseen figure", not "A an unseen figure".
    const malken = playExample('tft/thread-malken', 1, 1).state;
    const brigand = settings({ hiddenFigures: ['brigand'] });
    expect(viewSideName('A brigand', malken, brigand, spectator)).toBe('An unseen figure');
    expect(viewSideName('Malken and the brigand', malken, brigand, spectator)).toBe('Malken and an unseen figure');
    expect((viewState(state, s, gm) as { sideNames: unknown }).sideNames).toEqual({ heroes: 'Jemmueb and Bobjo', goblins: 'Goblins' });
  });

  it("a hidden figure's weapon out of its hands reads by an alias from its place among the hidden figures, sorted ('unseen-1.broadsword', never 'bjorn.broadsword'), in the state, options and refusals; a scenario's own uid naming it ('bjorn-blade') too, any other uid as it is; the alias a viewer sends is read back as the uid", () => {
    const dropped = (weapons?: unknown[]) => {
      let state = tft.setup(swordDropScenario(weapons));
      for (let i = 1, c = swordDropStep(state); c !== null; i++, c = swordDropStep(state)) state = step(tft, state, tft.parseCommand(c), diceForSeq(TEST_SEED, i)).state;
      return state;
    };
    const kay: Viewer = { role: 'player', figures: ['kay'] };
    const ground = (state: unknown, hidden: string[], viewer: Viewer) => (viewState(state, settings({ hiddenFigures: hidden }), viewer) as { items: { weapon: { uid: string } }[] }).items.map((i) => i.weapon.uid);
    const state = dropped();
    expect(ground(state, ['bjorn'], kay)).toEqual(['unseen-1.broadsword']);
    expect(ground(state, ['bjorn'], spectator)).toEqual(['unseen-1.broadsword']);
    expect(ground(state, ['cedric', 'bjorn'], kay)).toEqual(['unseen-1.broadsword']);
    expect(ground(state, ['bjorn'], gm)).toEqual(['bjorn.broadsword']);
    expect(ground(state, ['cedric'], kay)).toEqual(['bjorn.broadsword']);
    expect(ground(dropped([{ weapon: 'broadsword', id: 'bjorn-blade' }, 'dagger']), ['bjorn'], kay)).toEqual(['unseen-1-blade']);
    expect(ground(dropped([{ weapon: 'broadsword', id: 'old-blade' }, 'dagger']), ['bjorn'], kay)).toEqual(['old-blade']);
    const s = settings({ hiddenFigures: ['bjorn'] });
    const options = (viewExplain(tft.explain(state) as unknown as Record<string, unknown>, state, s, kay).figures as { id: string; options: { command: Record<string, unknown> }[] }[]).find((f) => f.id === 'kay')?.options;
    expect(options?.map((o) => o.command)).toContainEqual({ type: 'pick-up', figure: 'kay', weapon: 'unseen-1.broadsword' });
    const sent = { type: 'pick-up', figure: 'kay', weapon: 'unseen-1.broadsword' };
    expect(commandFromViewer(sent, state, s, kay).command).toEqual({ ...sent, weapon: 'bjorn.broadsword' });
    expect(commandFromViewer(sent, state, s, gm).command).toBe(sent);
    expect(commandFromViewer({ ...sent, weapon: 'unseen-2.axe' }, state, s, kay).command).toEqual({ ...sent, weapon: 'unseen-2.axe' });
    // The real uid, which the viewer never reads, names nothing for it: a stand-in, echoed back as sent.
    const real = commandFromViewer({ ...sent, weapon: 'bjorn.broadsword' }, state, s, kay);
    expect(real.command).not.toMatchObject({ weapon: 'bjorn.broadsword' });
    const standIn = (real.command as { weapon: string }).weapon;
    expect([...real.standIns]).toEqual([[standIn, 'bjorn.broadsword']]);
    const echo = viewRefusal(new ApiError('rejected', `no '${standIn}' lies on the ground`, [{ path: 'command.weapon', message: `no '${standIn}' lies on the ground` }]), state, s, kay, real);
    expect(echo.issues[0].message).toBe("no 'bjorn.broadsword' lies on the ground");
    const refusal = viewRefusal(new ApiError('rejected', "no 'bjorn.broadsword' lies on the ground", [{ path: 'command.weapon', message: "no 'bjorn.broadsword' lies on the ground" }]), state, s, kay);
    expect([refusal.message, refusal.issues[0].message]).toEqual(["no 'unseen-1.broadsword' lies on the ground", "no 'unseen-1.broadsword' lies on the ground"]);
  });

  it("a refusal's stand-ins for what the viewer named go back to what it sent, the longest first: with eleven, '\u2047uid10' is not '\u2047uid1' and a 0", () => {
    const standIns = new Map(Array.from({ length: 11 }, (_, i) => [`\u2047uid${i}`, `bjorn.${'abcdefghijk'[i]}`]));
    expect(backFromStandIns("no '\u2047uid10' nor '\u2047uid1'", standIns)).toBe("no 'bjorn.k' nor 'bjorn.b'");
  });

  it("AD&D: Frito's own blow on a hidden Ogre shows what he brings to the number needed (his 'to hit AC 0'), not the Ogre's armour class: no `ac` ledger, `need` without its armour class entry and band, its total '?'; narrated so", () => {
    const { system, state, events } = playExample('adnd/frito-and-rocky', 1, 80);
    const blow = events.find((e) => e.type === 'attack' && e.attacker === 'frito' && e.target === 'ogre') as Record<string, unknown>;
    const need = blow.need as { entries: { source: string }[] };
    expect(need.entries.map((e) => e.source).join()).toMatch(/target armour class/);
    const [shown] = viewEvents([blow], state, settings({ hiddenFigures: ['ogre'] }), { role: 'player', figures: ['frito'] });
    expect(shown).toMatchObject({ target: 'an unseen figure', unseen: ['target'], roll: blow.roll, bonus: blow.bonus, hit: blow.hit });
    expect(shown).not.toHaveProperty('ac');
    expect(shown.need).toEqual({ entries: [need.entries[0]], total: '?' });
    expect(need.entries[0].source).toMatch(/^to hit AC 0/);
    const line = system.describe(shown as unknown as GameEvent, new Map([['frito', 'Frito the Fighter']]));
    expect(line).toMatch(/strikes at an unseen figure with .* vs \? needed \[\d+ to hit AC 0/);
    expect(line).not.toMatch(/armour class|target AC|undefined/);
  });

  it("AD&D: Frito's disarm attempt and net on a hidden Ogre show whether it saved (it kept its club or was disarmed, slipped the net or not), not its save's d20, number needed, label (its hit dice) nor modifiers (its strength and dexterity); narrated so; the GM reads them whole", () => {
    const { system, state } = playExample('adnd/frito-and-rocky', 1, 4);
    const mods = { entries: [{ source: 'strength 18/50', delta: 2, rule: '3380eb42' }, { source: 'dexterity 11', delta: 0, rule: '3380eb42' }], total: 2 };
    const save = { kind: 'petrification', roll: 9, need: 14, mods, saved: false, label: 'save vs petrification (monster as fighter 4)' };
    const need = { entries: [{ source: 'to hit AC 0, fighter 5', delta: 16, rule: 'R-A11' }, { source: 'disarm: hit on AC 0', delta: 0, rule: '3380eb42' }], total: 16 };
    const bonus = { entries: [{ source: 'strength 17', delta: 1, rule: 'adnd-phb-strength' }], total: 1 };
    const disarm = { type: 'attack', turn: 1, segment: 6, round: 1, segmentOfRound: 6, attacker: 'frito', target: 'ogre', weapon: 'longsword', role: 'alone', mode: 'disarm', bonus, ac: { entries: [], total: 0 }, need, roll: 15, hit: true, natural: null, critical: null, damage: null, dealt: 0, drain: null, save, disarmed: true, entangled: false, aim: 'club' };
    const net = { ...disarm, weapon: 'net', mode: 'normal', damage: { entries: [{ source: 'net 0 rolled []', delta: 0, rule: 'adnd-phb' }], total: 0 }, save: { ...save, saved: true }, disarmed: false };
    const s = settings({ hiddenFigures: ['ogre'] });
    const [d, n] = viewEvents([disarm, net], state, s, { role: 'player', figures: ['frito'] });
    expect(d).toMatchObject({ target: 'an unseen figure', unseen: ['target'], disarmed: true, save: { kind: 'petrification', saved: false } });
    expect(d.save).toEqual({ kind: 'petrification', saved: false });
    // Nor which of its weapons the blow went for (R-A9 aim: it would tell whose they are); the declaration neither.
    expect(d).not.toHaveProperty('aim');
    const declare = { type: 'declare', turn: 1, segment: 0, round: 1, segmentOfRound: 0, figure: 'frito', action: { kind: 'attack', target: 'ogre', mode: 'disarm', twoWeapons: false, weapon: 'longsword', offhand: null, aim: 'club' }, lands: 6, landsRound: 1, landsSegment: 6, timing: { entries: [{ source: 'long sword speed factor 5', delta: 5, rule: 'R-A2' }], total: 6 } };
    const [dd] = viewEvents([declare], state, s, { role: 'player', figures: ['frito'] });
    expect(dd).toEqual({ ...declare, action: { kind: 'attack', target: 'an unseen figure', mode: 'disarm', twoWeapons: false, weapon: 'longsword', offhand: null }, unseen: ['action.target'] });
    expect(system.describe(dd as unknown as GameEvent, new Map([['frito', 'Frito the Fighter']]))).not.toMatch(/club|undefined/);
    expect(n.save).toEqual({ kind: 'petrification', saved: true });
    expect(disarm.save).toBe(save);
    expect(viewEvents([disarm], state, s, gm)[0]).toBe(disarm);
    const names = new Map([['frito', 'Frito the Fighter']]);
    expect(system.describe(d as unknown as GameEvent, names)).toMatch(/^\[r1 s6\] Frito the Fighter tries to disarm an unseen figure with long sword: d20 15 \+ 1 .* vs \? needed .*: hit on AC 0; an unseen figure fails its save vs petrification: disarmed!$/);
    expect(system.describe(n as unknown as GameEvent, names)).toMatch(/: hit, 0 damage .*; an unseen figure saves vs petrification$/);
    for (const e of [d, n]) expect(system.describe(e as unknown as GameEvent, names)).not.toMatch(/undefined|NaN|18\/50|fighter 4/);
  });

  it("AD&D: a hidden caster's spell at a figure the player sees reaches it cast by 'an unseen figure' (it was dropped whole: spell damage from nowhere); its spell damage naming the caster (`caster`) masks it the same way; a spell between two hidden figures is not shown", () => {
    const { system, state, events } = playExample('adnd/melee', 1, 60);
    const cast = events.find((e) => e.type === 'cast' && e.figure === 'mirela' && e.target === 'ogre2') as Record<string, unknown>;
    const ogre2: Viewer = { role: 'player', figures: ['ogre2'] };
    const s = settings({ hiddenFigures: ['mirela'] });
    const [c] = viewEvents([cast], state, s, ogre2);
    expect(c).toEqual({ ...cast, figure: 'an unseen figure', unseen: ['figure'] });
    expect(system.describe(c as unknown as GameEvent, new Map([['ogre2', 'Ogre 2']]))).toMatch(/^\[r1 s1\] an unseen figure casts magic missile at Ogre 2/);
    // Written out, not taken from the engine: the spell damage's `caster` is another engineer's to add.
    const damage = { type: 'spell-damage', turn: 1, segment: 1, round: 1, segmentOfRound: 1, figure: 'ogre2', caster: 'mirela', spell: 'magic-missile', damage: { entries: [], total: 3 } };
    expect(viewEvents([damage], state, s, ogre2)).toEqual([{ ...damage, caster: 'an unseen figure', unseen: ['caster'] }]);
    expect(viewEvents([cast, damage], state, settings({ hiddenFigures: ['mirela', 'ogre2'] }), spectator)).toEqual([]);
  });

  it("the encounter's title is the GM's text, left as it is inside a text (with the vampire hidden, AD&D's opening line of The vampire's touch read: The an unseen figure's touch: the fight begins); the hidden figure is still 'an unseen figure' around it", () => {
    const { system, state, events } = playExample('adnd/vampire', 1, 3);
    const s = settings({ hiddenFigures: ['vampire'] });
    const kay: Viewer = { role: 'player', figures: ['kay'] };
    const begin = events.find((e) => e.type === 'begin') as Record<string, unknown>;
    const [shown] = viewEvents([begin], state, s, kay);
    expect(shown).toEqual({ ...begin, figures: ['kay'] });
    expect(system.describe(shown as unknown as GameEvent)).toBe("The vampire's touch: the fight begins");
    const r = viewRefusal(new ApiError('rejected', "The vampire's touch: vampire is out of reach"), state, s, kay);
    expect(r.message).toBe("The vampire's touch: an unseen figure is out of reach");
  });

  it('every event type the examples emit is listed in visibility.ts EVENTS', () => {
    const unlisted = new Set<string>();
    for (const ex of EXAMPLES) for (const e of playExample(ex, 1, 300).events) if (!(String(e.type) in EVENTS)) unlisted.add(`${ex}: ${e.type}`);
    expect([...unlisted]).toEqual([]);
  });

  it("property: with hideEnemyStats, no ST, wounds or hp of a figure not on the viewer's side reaches it (state, events, narration, summary, explain)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...EXAMPLES), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 5, max: 120 }), fc.boolean(), (ex, seed, n, asSpectator) => {
        const { system, state, events } = playExample(ex, seed, n);
        const s = settings({ hideEnemyStats: true });
        const figures = (system.summary(state) as { figures: { id: string; side: string }[] }).figures;
        const viewer: Viewer = asSpectator ? spectator : { role: 'player', figures: [figures[0].id] };
        const hiddenIds = new Set(figures.filter((f) => asSpectator || f.side !== figures[0].side).map((f) => f.id));
        const shown = viewEvents(events, state, s, viewer);
        const payload = {
          state: viewState(state, s, viewer),
          summary: viewValue(system.summary(state), state, s, viewer),
          explain: viewExplain(system.explain(state) as unknown as Record<string, unknown>, state, s, viewer),
          events: shown,
        };
        const leaks = scanForStats(payload, hiddenIds);
        shown.forEach((e) => {
          const subject = eventSubject(e);
          if (subject === null || !hiddenIds.has(subject)) return;
          // "(dyST 1)": what a stabilized figure is left at by rule (R-T3), not its number.
          const line = system.describe(e as unknown as GameEvent).replace('(dyST 1)', '');
          if (/undefined|NaN|\[object|\b(?:ST|remST|dyST|hp) \d|wounds now|\{"/.test(line)) leaks.push(`narration of ${e.type}: ${line}`);
        });
        expect(leaks).toEqual([]);
        expect('text' in payload.explain).toBe(false);
        // What the table still shows of them: who they are and their state word.
        const other = (payload.summary as { figures: Record<string, unknown>[] }).figures.find((f) => hiddenIds.has(f.id as string));
        expect(other?.name).toBeTypeOf('string');
        expect(other?.state).toBeTypeOf('string');
      }),
      { numRuns: 40 },
    );
  });

  it('hideEnemyStats keeps the numbers of the viewer\'s own side, and AD&D narration of a hidden figure has no "hp undefined"', () => {
    const { system, state, events } = playExample('adnd/frito-parries', 3, 400);
    const s = settings({ hideEnemyStats: true });
    const frito: Viewer = { role: 'player', figures: ['frito'] };
    const v = viewState(state, s, frito) as { figures: Record<string, unknown>[] };
    expect(v.figures.find((f) => f.id === 'frito')?.hp).toBeTypeOf('number');
    expect(v.figures.find((f) => f.id === 'minotaur')?.hp).toBeUndefined();
    const lines = viewEvents(events, state, s, frito).map((e) => system.describe(e as unknown as GameEvent));
    const down = lines.filter((l) => /Minotaur|minotaur/.test(l) && / is (dead|unconscious|dying)/.test(l));
    expect(lines.join('\n')).not.toMatch(/hp undefined/);
    if (down.length > 0) expect(down.every((l) => !/\(hp/.test(l))).toBe(true);
    const gmLines = events.filter((e) => e.type === 'state').map((e) => system.describe(e as unknown as GameEvent));
    expect(gmLines.every((l) => /\(hp -?\d+\)/.test(l))).toBe(true);
  });
});

describe('AD&D explain with hideEnemyStats', () => {
  it("R-A10: a player reads the enemy's critical threshold (half dexterity plus half level or hit dice, both shown) but not its hp", () => {
    const { system, state } = playExample('adnd/frito-parries', 3, 4);
    const frito: Viewer = { role: 'player', figures: ['frito'] };
    const seen = viewExplain(system.explain(state) as unknown as Record<string, unknown>, state, settings({ hideEnemyStats: true }), frito) as { figures: Record<string, unknown>[] };
    const minotaur = seen.figures.find((f) => f.id === 'minotaur')!;
    expect(minotaur.critical).toMatchObject({ faces: expect.any(Number) });
    expect(minotaur.hp).toBeUndefined();
  });
});

const EXAMPLES = ['tft/hanging-by-a-thread', 'tft/hitech-firefight', 'tft/hitech-biff', 'adnd/frito-parries', 'adnd/melee'] as const;

/** An example played `n` steps by its script and AI (seeded dice), with every event and each step as logged. */
function playExample(name: string, seed: number, n: number) {
  const scenario = parseScenarioText(readFileSync(join(EXAMPLES_DIR, `${name}.yaml`), 'utf8')) as { system: string };
  const system = getSystem(scenario.system);
  let state = system.setup(scenario);
  const entries: CommandEntry[] = [];
  for (let i = 1; i <= n && system.pending(state); i++) {
    const command = system.decide(state);
    const dice = new RecordingDice(diceForSeq(seed, i));
    const r = step(system, state, command, dice);
    state = r.state;
    entries.push({ command, faces: dice.faces, entered: false, events: r.events as unknown as Record<string, unknown>[] });
  }
  return { system, state, events: entries.flatMap((e) => e.events), entries };
}

/**
 * Plays `name` (seed 1, 60 steps) and checks what `seat`'s player sees, with `hidden` hidden, of
 * the events of `type` whose `list` names it: each with the hidden figure's entries left out,
 * gone only when nothing else was in the list, and in the log. Returns the narration of what it
 * sees and how many went.
 */
/**
 * `type` events of example `name` with `hidden` hidden from `seat`'s player: list `list` loses the
 * hidden entries, the rest as it was (but for `rolledOff`, a field of the entries that the view
 * may shorten: the action order's roll-off, tested on its own).
 */
function expectListsCut(name: string, hidden: string, seat: string, type: string, list: string, rolledOff?: string) {
  const { system, state, entries } = playExample(name, 1, 60);
  const s = settings({ hiddenFigures: [hidden] });
  const viewer: Viewer = { role: 'player', figures: [seat] };
  const names = (x: unknown) => JSON.stringify(x).includes(`"${hidden}"`);
  const full = entries.flatMap((e) => e.events).filter((e) => e.type === type && names(e[list]));
  expect(full.length).toBeGreaterThan(0);
  const cut = full.map((e) => ({ ...e, [list]: (e[list] as unknown[]).filter((x) => !names(x)) }));
  const expected = cut.filter((e) => (e[list] as unknown[]).length > 0);
  const seen = viewEvents(full, state, s, viewer);
  const unrolled = (es: Record<string, unknown>[]) =>
    rolledOff ? es.map((e) => ({ ...e, [list]: (e[list] as Record<string, unknown>[]).map(({ [rolledOff]: _, ...x }) => x) })) : es;
  expect(unrolled(seen as Record<string, unknown>[])).toEqual(unrolled(expected));
  expect(expected.length).toBeGreaterThan(0);
  // In the log: the step with the first of them shows it cut, without the step's dice (they would show the hidden figure's).
  const entry = entries.find((e) => e.events.includes(full[0])) as CommandEntry;
  const logged = viewCommandEntry(entry, state, s, viewer);
  if (expected[0] === cut[0] && !rolledOff) expect(logged.events).toContainEqual(cut[0]);
  expect(entry.faces.length).toBeGreaterThan(0);
  expect(logged.faces).toBeUndefined();
  return { narration: seen.map((e) => system.describe(e as unknown as GameEvent)), dropped: full.length - expected.length };
}

/** Field names that carry a figure's strength or condition in numbers. */
const STAT_FIELDS = new Set(['st', 'wounds', 'fatigue', 'remST', 'dyST', 'hp', 'maxHp', 'stateLedger', 'woundFx', 'tally', 'stForRequirements', 'woundsBefore', 'woundsAfter']);

/**
 * Every place in `payload` where a node about a hidden figure (its record: id and side; an event
 * reporting on it) carries a stat field with a number or ledger, or text naming a stat's value.
 */
function scanForStats(payload: unknown, hidden: Set<string>): string[] {
  const out: string[] = [];
  const walk = (v: unknown, path: string, about: string | null) => {
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, `${path}[${i}]`, about);
      return;
    }
    if (typeof v === 'string') {
      if (about !== null && /\b(?:ST|remST|dyST|hp) \d/.test(v)) out.push(`${path} (${about}): ${v}`);
      return;
    }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    const record = typeof o.id === 'string' && typeof o.side === 'string' ? o.id : null;
    const subject = record ?? (typeof o.type === 'string' ? eventSubject(o) : null);
    const now = subject !== null && hidden.has(subject) ? subject : subject !== null ? null : about;
    for (const [k, x] of Object.entries(o)) {
      if (now !== null && STAT_FIELDS.has(k) && x !== null && (typeof x === 'number' || typeof x === 'object')) out.push(`${path}.${k} (${now})`);
      walk(x, `${path}.${k}`, now);
    }
  };
  walk(payload, '', null);
  return out;
}

