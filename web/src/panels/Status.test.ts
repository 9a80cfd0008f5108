// The Status panel from the real engine's state and explain(): AD&D's combatants table with the
// clock in rounds and segments as the header has it, and figures named as the table names them
// (two "Gnoll"s); TFT's roster with what a GM needs beside each wound state (down, a dropped weapon).
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice, SeededDice } from '../../../src/core/dice/source.ts';
import { seedRng } from '../../../src/core/rng.ts';
import { systems } from '../../../src/rules/index.ts';
import { FIREARMS } from '../../../src/rules/tft/house/hitech/data.ts';
import { DEFAULT_SPARE_CLIPS } from '../../../src/rules/tft/house/hitech/gear.ts';
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { medicEvening, toActionOf } from '../model/thread.test-util.ts';
import { type Obj, clockView, distinctNames, figureViews } from '../model/view.ts';
import { Actions } from './Actions.tsx';
import { Status, type StatusProps } from './Status.tsx';

const adnd = systems.adnd;
const tft = systems.tft;

/** The page's text of the Status panel for this state (AD&D unless told), with its log and the GM's notes. */
function statusText(state: unknown, system: 'adnd' | 'tft' = 'adnd', entries: LogEntryView[] = [], notes: StatusNotes = []): string {
  return statusHtml(state, system, entries, notes)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

/** The Status panel's markup for this state (`extra`: more props, such as the GM's onAdjust). */
function statusHtml(state: unknown, system: 'adnd' | 'tft' = 'adnd', entries: LogEntryView[] = [], notes: StatusNotes = [], extra: Partial<StatusProps> = {}): string {
  const report = systems[system].explain(state as never) as unknown as Obj;
  return renderToStaticMarkup(
    createElement(Status, {
      system,
      entries,
      clock: clockView(state, report),
      state: state as Obj,
      figures: distinctNames(figureViews(state, report)),
      report,
      sideColors: {},
      selected: null,
      onSelect: () => undefined,
      notes,
      ...extra,
    }),
  );
}
type StatusNotes = NonNullable<Parameters<typeof Status>[0]['notes']>;

describe('AD&D combatants', () => {
  it('say Round and Segment (not Turn), and name a declared target and a parried attacker as the table does', () => {
    const s = adnd.setup(parse(readFileSync(new URL('../../../examples/adnd/surprise.yaml', import.meta.url), 'utf8'))) as unknown as { figures: Obj[] };
    adnd.apply(s, adnd.parseCommand({ type: 'begin' }), new ScriptedDice([25]), null);
    adnd.apply(s, adnd.parseCommand({ type: 'attack', figure: 'strider', target: 'gnoll2', weapon: 'longsword' }), new ScriptedDice(Array(50).fill(10)), null);
    // Gorm parrying the second gnoll (set on the state: the table only reads it).
    s.figures.find((f) => f.id === 'gorm')!.parry = { against: 'gnoll2', ac: 2, at: 1, keepsAttack: false };
    const text = statusText(s);
    expect(text).toMatch(/^ Round 1 Phase declare /);
    expect(text).not.toMatch(/Turn/);
    // Two figures are called Gnoll: told apart (was ambiguous; and "parry vs gnoll2", the id); the weapon by its table name.
    expect(text).toMatch(/attack Gnoll \(gnoll2\) with long sword, lands in round 1 segment 5/);
    expect(text).toContain('parry vs Gnoll (gnoll2)');
    // Played on (the AI, fixed dice) into the round: the segment shows beside the round.
    const dice = new ScriptedDice(Array(400).fill(4));
    for (let i = 0; i < 40 && (s as unknown as { now: number }).now < 3; i++) adnd.apply(s, adnd.decide(adnd.clone(s)), dice, null);
    expect(statusText(s)).toMatch(/^ Round 1 Segment 3 Phase /);
  });
});

describe("AD&D combatants' Next column", () => {
  it('says when a declared action lands in rounds and segments (it read "@14", a segment count), and a fallen figure is not "free" (a dead one read so)', () => {
    const s = adnd.setup(parse(readFileSync(new URL('../../../examples/adnd/melee.yaml', import.meta.url), 'utf8'))) as unknown as { figures: Obj[] };
    const dice = new ScriptedDice(Array(40).fill(3));
    adnd.apply(s, adnd.parseCommand({ type: 'begin' }), dice, null);
    adnd.apply(s, adnd.parseCommand({ type: 'attack', figure: 'brenna', target: 'orc1' }), dice, null);
    // Mirela dead (set on the state: the table only reads it).
    s.figures.find((f) => f.id === 'mirela')!.hp = -11;
    const html = statusHtml(s);
    const next = (id: string) => new RegExp(`data-testid="next-${id}">([^<]*)<`).exec(html)?.[1];
    expect(next('brenna')).toBe('attack Orc sergeant with battle axe, lands in round 1 segment 7');
    expect(next('mirela')).toBe('–');
    expect(next('aldric')).toBe('free');
  });
});

describe('reasons on the page, not in tooltips', () => {
  it('AD&D: each AC is a button that opens its ledger (source, delta, rule) in a row of its own, closed at first; surprise says why; no reason is left in a title', () => {
    const s = adnd.setup(parse(readFileSync(new URL('../../../examples/adnd/surprise.yaml', import.meta.url), 'utf8')));
    adnd.apply(s, adnd.parseCommand({ type: 'begin' }), new ScriptedDice([25]), null);
    const html = statusHtml(s);
    // Pip: AC 7, dexterity 17 takes 2 off (R-A4).
    const button = /<button type="button" class="linkish ac-why" aria-expanded="false" aria-controls="([^"]+)" aria-label="Ledger: Pip&#x27;s AC 5" data-ac="pip">5/.exec(html);
    expect(button).not.toBeNull();
    const row = new RegExp(`<tr id="${button![1]}" class="ledger-row" hidden="" data-ac-ledger="pip">(.*?)</tr></tbody></table></td></tr>`).exec(html);
    expect(row).not.toBeNull();
    const ledger = row![1].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(ledger).toBe(' Pip: armour class 7 armour class 7 adnd-phb −2 dexterity 17 AC adjustment R-A4 = 5 ');
    // Gorm is surprised 3 segments: the pill opens the reason, said as its description too.
    expect(html).toMatch(/<button type="button" class="pill small why" aria-expanded="false" aria-controls="([^"]+)" aria-describedby="\1">surprised 3<\/button><span id="\1" class="why-text" hidden="">it cannot act in segments 1 to 3 of the first round \(R-A3\)<\/span>/);
    expect(html).not.toMatch(/ title=/);
  });

  it("TFT: the roster's columns say what they are under it (remST, dyST: R-T1), each header described by its words, and a condition's rule opens under it", () => {
    const s = tft.setup(parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8'))) as unknown as { figures: Obj[] };
    s.figures[0].prone = true;
    const html = statusHtml(s, 'tft');
    for (const [th, words] of [
      ['ST', 'ST: basic ST'],
      ['remST', 'remST = ST − wounds − fatigue'],
      ['dyST', 'dyST = ST − wounds'],
    ]) {
      const id = new RegExp(`<th aria-describedby="([^"]+)">${th}</th>`).exec(html)?.[1];
      expect(id, th).toBeDefined();
      expect(html).toContain(`<span id="${id}">${words}</span>`);
    }
    expect(html).toMatch(/<button type="button" class="pill small why" aria-expanded="false" aria-controls="([^"]+)" aria-describedby="\1">prone<\/button><span id="\1" class="why-text" hidden="">down: it may only stand up, in the action phase \(tft-core\)<\/span>/);
    expect(html).not.toMatch(/ title=/);
  });
});

describe('TFT status', () => {
  it('a fallen figure reads prone beside "healthy" (only the map showed it), and a fumbled weapon reads dropped', () => {
    const scenario = parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8'));
    // Cedric a hex off Bjorn, face to face: he steps in this turn, so Bjorn, not engaged when the
    // turn began, may still drop to the ground (tft-core options: an option of a disengaged figure).
    scenario.figures[1].at = [4, 3];
    const s = tft.setup(scenario);
    const entries: LogEntryView[] = [];
    // Bjorn wins the initiative (6 to 1); Cedric's 3d6 of 17 drops his axe (tft-core 17); then the next turn's initiative.
    const dice = new ScriptedDice([6, 1, 6, 6, 5, 4, 2]);
    const play = (command: Obj) => {
      const events: Record<string, unknown>[] = [];
      tft.apply(s, tft.parseCommand(command), dice, (e) => events.push(e as unknown as Record<string, unknown>));
      entries.push({ seq: entries.length + 1, kind: 'command', at: '', by: { role: 'gm', tokenId: 't' }, command, events });
    };
    play({ type: 'begin' });
    play({ type: 'initiative', figure: 'bjorn', choice: 'first' });
    play({ type: 'move', figure: 'bjorn', path: [] });
    play({ type: 'move', figure: 'cedric', path: [{ q: 3, r: 3 }] });
    play({ type: 'drop', figure: 'bjorn' });
    play({ type: 'attack', figure: 'cedric', target: 'bjorn' });
    const text = statusText(s, 'tft', entries);
    expect(text).toMatch(/Bjorn healthy prone /);
    expect(text).toMatch(/Cedric healthy dropped War ax /);
  });
});

describe('sides by their scenario names', () => {
  it("the initiative's side and the result read the scenario's side names, not their ids", () => {
    const raw = parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8'));
    const s = tft.setup({ ...raw, sides: [{ id: 'north', name: 'House Bjorn' }, { id: 'south', name: 'the ford keepers' }] }) as unknown as Obj;
    s.initiativeWinner = 'north';
    expect(statusText(s, 'tft')).toContain('Initiative House Bjorn');
    s.phase = 'over';
    s.winner = 'south';
    expect(statusText(s, 'tft')).toContain('over: the ford keepers won');
  });
});

describe('the thread card (R-T2)', () => {
  it('says what the thread roll is made against once, in the engine\'s words (it read "(IQ 14, the higher of ST and IQ (R-T2 default)) R-T2")', () => {
    // The seed's example played with its own dice until Claudio (ST 8, IQ 14) is dying.
    const scenario = parse(readFileSync(new URL('../../../examples/tft/hanging-by-a-thread.yaml', import.meta.url), 'utf8'));
    const s = tft.setup(scenario);
    const dice = new ScriptedDice(scenario.dice);
    const claudio = () => (tft.explain(s) as unknown as { figures: Obj[] }).figures.find((f) => f.id === 'claudio')!;
    for (let i = 0; i < 60 && claudio().state !== 'dying'; i++) tft.apply(s, tft.decide(tft.clone(s)), dice, null);
    expect(claudio().state).toBe('dying');
    const text = statusText(s, 'tft');
    expect(text).toContain('Thread roll at the end of the turn: 1d6 ≤ 14: IQ 14, the higher of ST and IQ (R-T2 default) Survives');
    expect(text).not.toMatch(/\(R-T2 default\)\)|default\) R-T2/);
  });

  it("marks the choice in force among ST, IQ and the higher, pressed and with a check mark (only the text line said which; its button was not there)", () => {
    const scenario = parse(readFileSync(new URL('../../../examples/tft/hanging-by-a-thread.yaml', import.meta.url), 'utf8'));
    const s = tft.setup(scenario);
    const dice = new ScriptedDice(scenario.dice);
    const claudio = () => (tft.explain(s) as unknown as { figures: Obj[] }).figures.find((f) => f.id === 'claudio')!;
    for (let i = 0; i < 60 && claudio().state !== 'dying'; i++) tft.apply(s, tft.decide(tft.clone(s)), dice, null);
    const buttons = () =>
      [...statusHtml(s, 'tft', [], [], { mine: new Set(['claudio']), onCommand: () => undefined }).matchAll(/<button([^>]*data-choice="[^"]*"[^>]*)>(.*?)<\/button>/g)].map((m) => ({
        choice: /data-choice="([^"]*)"/.exec(m[1])?.[1],
        pressed: /aria-pressed="([^"]*)"/.exec(m[1])?.[1],
        text: m[2].replace(/<[^>]+>/g, ''),
      }));
    // Claudio (ST 8, IQ 14): the default, the higher, is in force.
    expect(buttons()).toEqual([
      { choice: 'st', pressed: 'false', text: 'roll against ST 8' },
      { choice: 'iq', pressed: 'false', text: 'roll against IQ 14' },
      { choice: 'best', pressed: 'true', text: '✓ roll against the higher of ST and IQ' },
    ]);
    tft.apply(s, tft.parseCommand({ type: 'thread-attribute', figure: 'claudio', attribute: 'st' }), dice, null);
    expect(buttons().map((b) => `${b.choice} ${b.pressed}`)).toEqual(['st true', 'iq false', 'best false']);
  });
});

describe('the thread card while a medic works (R-T3)', () => {
  it("says there is no thread roll while Doc works, and the roll and odds if the work stops (the odds read as if the rolls went on); a medic not beside the patient is marked", () => {
    const s = medicEvening();
    expect(statusText(s, 'tft')).toContain('Mara stabilizes 90.7% (3d6 ≤ IQ 14) · not beside Pat');
    tft.apply(s as never, tft.parseCommand({ type: 'stabilize', figure: 'doc', target: 'pat' }), new SeededDice(seedRng(4)), null);
    const text = statusText(s, 'tft');
    expect(text).toContain('No thread roll while Doc works; if the work stops: 1d6 ≤ ST 10 at the end of that turn. R-T3');
    expect(text).toContain('If the work stops, survives 1 turn 100.0%');
    expect(text).not.toContain('Thread roll at the end of the turn');
    expect(text).toContain('Stabilizing (medic Doc): 1/60 turns R-T3');
  });

  it('says the work stops at the end of this turn once Doc has acted otherwise (R-T3 "doing nothing else"), and the odds are no longer "if"', () => {
    const s = medicEvening();
    const dice = new SeededDice(seedRng(4));
    tft.apply(s as never, tft.parseCommand({ type: 'stabilize', figure: 'doc', target: 'pat' }), dice, null);
    toActionOf(s, 'doc', dice);
    tft.apply(s as never, tft.parseCommand({ type: 'pass', figure: 'doc' }), dice, null);
    const text = statusText(s, 'tft');
    expect(text).toContain('Doc has already acted this turn: the work stops at the end of this turn; then 1d6 ≤ ST 10. R-T3');
    expect(text).not.toContain('No thread roll while Doc works');
    expect(text).toContain('Survives 1 turn 100.0%');
    expect(text).not.toContain('If the work stops');
  });
});

describe('the thread card once the fight is over', () => {
  it('says no more thread rolls are made and what a medic can do, with no dice nor odds of turns that will not be played (it read "Thread roll at the end of the turn")', () => {
    const s = medicEvening();
    s.phase = 'over';
    const text = statusText(s, 'tft');
    expect(text).toContain('The fight is over: no more thread rolls. Pat stays dying until a medic stabilizes it; a medic beside Pat can run the 5 minutes at once (finish stabilizing) or give first aid. R-T3');
    expect(text).not.toMatch(/Thread roll at the end of the turn|Survives/);
    expect(text).toContain('Doc stabilizes 33.6% (4d6 ≤ IQ 12)');
  });
});

describe('the roster under the rules in force', () => {
  it('R-T1: dyST and its key only with Hanging by a Thread on; with it off (standard TFT) the roster has no dyST column', () => {
    const raw = parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8'));
    const on = statusHtml(tft.setup(raw), 'tft');
    expect(on).toContain('>dyST</th>');
    expect(statusText(tft.setup(raw), 'tft')).toContain('dyST = ST − wounds');
    const offState = tft.setup({ ...raw, options: { ...raw.options, thread: 'off' } });
    const off = statusHtml(offState, 'tft');
    expect(off).not.toContain('dyST');
    expect(statusText(offState, 'tft')).toContain('remST = ST − wounds − fatigue');
    // One cell per column in every row.
    const cells = (html: string) => [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) => (m[1].match(/<t[hd][ >]/g) ?? []).length);
    expect(new Set(cells(off))).toEqual(new Set([6]));
  });
});

describe('HiTech ammunition (R-H10)', () => {
  it("each figure's rounds loaded of the clip and its spare clips show in Status and in its action panel, and go down as it fires (shown nowhere)", () => {
    const s = tft.setup(parse(readFileSync(new URL('../../../examples/tft/hitech-firefight.yaml', import.meta.url), 'utf8'))) as unknown as { figures: Obj[] };
    const clip = (id: string) => FIREARMS.find((w) => w.id === id)!.clipSizes[0];
    const before = statusText(s, 'tft');
    // The grenadier's scenario gives its ACR slugs, a spare slug and APDS clip and two rifle grenades.
    expect(before).toContain(`ACR: ${clip('acr')}/${clip('acr')} rounds slug; spare clips: 1 slug, 1 APDS; 2 rifle grenades`);
    expect(before).toContain(`assault rifle: ${clip('assault-rifle')}/${clip('assault-rifle')} rounds standard; spare clips: ${DEFAULT_SPARE_CLIPS} standard`);

    // The AI plays until someone fires: the rounds that burst used (explain's ammoUsed) are gone from the clip.
    const dice = new SeededDice(seedRng(1));
    let fired: { figure: string; used: number } | null = null;
    for (let i = 0; i < 200 && !fired; i++) {
      const c = tft.decide(tft.clone(s as never)) as unknown as Obj;
      if (c.type === 'fire') {
        const report = tft.explain(s as never) as unknown as { figures: { id: string; options: { command: Obj; ammoUsed?: number }[] }[] };
        const o = report.figures.find((f) => f.id === c.figure)!.options.find((x) => JSON.stringify(x.command) === JSON.stringify(c))!;
        fired = { figure: String(c.figure), used: o.ammoUsed! };
      }
      tft.apply(s as never, tft.parseCommand(c), dice, null);
    }
    expect(fired).not.toBeNull();
    const firer = s.figures.find((f) => f.id === fired!.figure)!;
    const gun = (firer.weapons as { def: { hitechFirearm?: string } }[]).find((w) => w.def.hitechFirearm)!.def.hitechFirearm!;
    const left = `${clip(gun) - fired!.used}/${clip(gun)} rounds`;
    expect(fired!.used).toBeGreaterThan(0);
    expect(statusText(s, 'tft')).toMatch(new RegExp(`${String(firer.name)} .*: ${left} `));
    const panel = renderToStaticMarkup(
      createElement(Actions, {
        figure: figureViews(s).find((f) => f.id === fired!.figure),
        options: [],
        canAct: false,
        waitingFor: [],
        armed: null,
        onChoose: () => undefined,
        onArm: () => undefined,
        figureName: (id) => id,
      }),
    ).replace(/<[^>]+>/g, ' ');
    expect(panel).toContain(`: ${left} `);
  });
});

describe('Status without colour alone, and by keyboard', () => {
  it("an empty gun says so in a word (the chip's red alone told it), a loaded one does not", () => {
    const s = tft.setup(parse(readFileSync(new URL('../../../examples/lab/hitech-duel.yaml', import.meta.url), 'utf8'))) as unknown as { figures: Obj[] };
    const gun = (s.figures[0].weapons as { house: { hitech: { loaded: number; clip: number } } }[])[0].house.hitech;
    gun.loaded = 0;
    const text = statusText(s, 'tft');
    expect(text).toContain(`Red rifleman healthy`);
    expect(text).toMatch(new RegExp(`empty: assault rifle: 0/${gun.clip} rounds`));
    expect(text.match(/empty:/g)).toHaveLength(1);
  });

  it("each roster name is a button that selects its figure (the row took only a click), pressed for the selected one; the initiative's side is not written in its colour", () => {
    const s = tft.setup(parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8'))) as unknown as Obj;
    s.initiativeWinner = 'north';
    const report = tft.explain(s as never) as unknown as Obj;
    const html = renderToStaticMarkup(
      createElement(Status, { system: 'tft', clock: clockView(s, report), state: s, figures: figureViews(s, report), report, sideColors: { north: '#3f7cc4', south: '#c0533a' }, selected: 'bjorn', onSelect: () => undefined }),
    );
    expect(html).toMatch(/<button type="button" class="linkish" aria-pressed="true">Bjorn<\/button>/);
    expect(html).toMatch(/<button type="button" class="linkish" aria-pressed="false">Cedric<\/button>/);
    expect(html).toMatch(/<strong>north<\/strong>/);
    expect(html).not.toMatch(/style="color:/);
  });
});

describe("the GM's notes", () => {
  it('show in Status with the figure they are about, hidden ones marked "GM only"', () => {
    const s = tft.setup(parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8')));
    const text = statusText(s, 'tft', [], [
      { id: 'n1', text: 'The ford is slippery', hidden: false },
      { id: 'n2', text: 'Cedric flees at half ST', figure: 'cedric', hidden: true },
    ]);
    expect(text).toMatch(/Notes The ford is slippery Cedric GM only Cedric flees at half ST/);
    expect(statusText(s, 'tft')).not.toMatch(/Notes/);
  });
});

describe('Status on a view of an unusual shape', () => {
  /** The panel's markup for a state and a report as the server sent them (no engine involved). */
  const markup = (system: 'adnd' | 'tft', state: Obj, report: Obj): string =>
    renderToStaticMarkup(
      createElement(Status, {
        system,
        clock: clockView(state, report),
        state,
        figures: distinctNames(figureViews(state, report)),
        report,
        sideColors: {},
        selected: null,
        onSelect: () => undefined,
        mine: new Set(['frito']),
        onCommand: () => undefined,
      }),
    );

  it("AD&D: a parry against a figure hidden from this player reads 'parrying', and an AC ledger entry without its rule no '[undefined]'", () => {
    // The player's view of examples/adnd/frito-parries.yaml at step 7, Rocky hidden: the server drops `against` (server/views.ts).
    const state = { system: 'adnd', now: 13, figures: [{ id: 'frito', name: 'Frito', side: 'hobbits', state: 'healthy', parry: { ac: 3, at: 13, keepsAttack: false } }] };
    const report = { system: 'adnd', pending: null, figures: [{ id: 'frito', parry: { ac: 3, at: 13, keepsAttack: false }, ac: { entries: [{ source: 'base AC', delta: 7, rule: 'R-A1' }, { source: 'shield', delta: -1 }], total: 6 } }] };
    const html = markup('adnd', state, report);
    expect(html).toContain('parrying');
    expect(html).toMatch(/<td class="src">base AC<\/td><td class="rule"><code class="rule-id">R-A1<\/code><\/td>/);
    expect(html).toMatch(/<td class="src">shield<\/td><td class="rule"><\/td>/);
    expect(html).not.toMatch(/undefined/);
  });

  it('TFT: an action order holding something other than figure ids is drawn without it (fast-check counterexample: actionOrder [{entries: [], total: 0}] crashed React)', () => {
    const state = { system: 'tft', phase: 'action', actionOrder: [{ entries: [], total: 0 }, 'frito'], actionIndex: 0, figures: [{ id: 'frito', name: 'Frito', side: 'a', state: 'healthy' }] };
    expect(markup('tft', state, { pending: null })).toContain('Frito');
  });

  it("TFT thread card: a medic without its IQ and a choice without its label read no 'undefined' (R-T2, R-T3)", () => {
    const state = { system: 'tft', figures: [{ id: 'frito', name: 'Frito', side: 'a', state: 'dying' }, { id: 'sam', name: 'Sam', side: 'a', state: 'healthy' }] };
    const thread = {
      nextThreadDice: 2,
      medics: [{ medic: 'sam', dice: [{ source: 'IQ roll', delta: 3, rule: 'R-T3' }], stabilize: { p: 0.5 } }, { stabilize: { p: 0.25 } }],
      choices: [{ command: { type: 'thread-attribute', figure: 'frito', attribute: 'IQ' } }, { command: { type: 'thread-attribute', figure: 'frito', attribute: {} } }],
    };
    const html = markup('tft', state, { figures: [{ id: 'frito', house: { thread } }] });
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Sam stabilizes 50.0% (3d6)');
    expect(text).toContain('roll against IQ');
    expect(html).not.toMatch(/undefined|\[object Object\]/);
  });
});

describe("the GM's adjustment of a figure", () => {
  const duel = () => tft.setup(parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8'))) as unknown as { figures: Obj[] };
  const onAdjust = async () => ({ ok: true as const });

  it("each living figure's row has an Adjust button for the GM (given onAdjust), named for the figure; none for a dead one, none without onAdjust (players, spectators)", () => {
    const s = duel();
    s.figures[1].state = 'dead';
    const html = statusHtml(s, 'tft', [], [], { onAdjust });
    expect(html).toContain('<button type="button" class="small ghost adjust" aria-expanded="false" aria-label="Adjust Bjorn" data-adjust="bjorn">Adjust</button>');
    expect(html).not.toContain('data-adjust="cedric"');
    expect(statusHtml(duel(), 'tft')).not.toMatch(/data-adjust|>Adjust</);
    // AD&D's combatants too.
    const a = adnd.setup(parse(readFileSync(new URL('../../../examples/adnd/surprise.yaml', import.meta.url), 'utf8')));
    expect(statusHtml(a, 'adnd', [], [], { onAdjust })).toContain('aria-label="Adjust Gorm" data-adjust="gorm">Adjust</button>');
    expect(statusHtml(a, 'adnd')).not.toContain('data-adjust');
  });
});

describe("the GM's end of the fight", () => {
  it('the GM (given onEnd) has an "End the fight…" button, closed at first; players and spectators (no onEnd) have none', () => {
    const s = tft.setup(parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8')));
    const html = statusHtml(s, 'tft', [], [], { onEnd: async () => ({ ok: true as const }) });
    expect(html).toContain('<button type="button" class="small ghost" aria-expanded="false" data-testid="end-open">End the fight…</button>');
    expect(html).not.toContain('data-testid="end-form"');
    expect(statusHtml(s, 'tft')).not.toContain('End the fight');
  });
});

describe('a figure out of the fight (the GM\'s leave)', () => {
  const onAdjust = async () => ({ ok: true as const });
  /** `id` taken out of the fight as the engines do it: moved from figures to gone, with when and why. */
  const leave = (s: { figures: Obj[]; gone?: Obj[] }, id: string, left: Obj) => {
    const f = s.figures.splice(
      s.figures.findIndex((x) => x.id === id),
      1,
    )[0];
    s.gone = [...(s.gone ?? []), { ...f, left }];
    return s;
  };

  it('the GM (given onLeave) has "Leaves…" beside Adjust on each living figure\'s row, named for the figure; none for a dead one, none without onLeave', () => {
    const s = tft.setup(parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8'))) as unknown as { figures: Obj[] };
    s.figures[1].state = 'dead';
    const html = statusHtml(s, 'tft', [], [], { onAdjust, onLeave: onAdjust });
    expect(html).toContain('data-adjust="bjorn">Adjust</button><button type="button" class="small ghost leave" aria-expanded="false" aria-label="Bjorn leaves…" data-leave="bjorn">Leaves…</button>');
    expect(html).not.toContain('data-leave="cedric"');
    expect(statusHtml(s, 'tft', [], [], { onAdjust })).not.toMatch(/data-leave|Leaves…/);
  });

  it('TFT: stands under "Left the fight" after those in it, with its last state and "left: flees" (when, a tap away); no Adjust, no Leaves…, no thread card', () => {
    const s = tft.setup(parse(readFileSync(new URL('../../../examples/tft/hanging-by-a-thread.yaml', import.meta.url), 'utf8'))) as unknown as { figures: Obj[] };
    const id = String(s.figures[0].id);
    s.figures[0].state = 'dying';
    leave(s, id, { turn: 3, reason: 'carried off' });
    const html = statusHtml(s, 'tft', [], [], { onAdjust, onLeave: onAdjust });
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    const gone = /<tbody class="gone" data-testid="gone">(.*?)<\/tbody>/.exec(html)?.[1] ?? '';
    expect(gone).toMatch(/^<tr class="gone-head"><th colSpan="\d+" scope="colgroup">Left the fight<\/th><\/tr><tr class="" data-roster="[^"]+">/);
    expect(gone.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toMatch(/dying left: carried off the GM took .* out of the fight in turn 3/);
    expect(html.indexOf('data-testid="gone"')).toBeGreaterThan(html.indexOf(`data-roster="${String(s.figures.at(-1)?.id)}"`));
    expect(html).not.toContain(`data-adjust="${id}"`);
    expect(html).not.toContain(`data-leave="${id}"`);
    expect(html).not.toContain(`data-thread="${id}"`);
    expect(text).toContain('Left the fight');
  });

  it('AD&D: an orc that surrendered stands under "Left the fight" with its hp and "left: surrenders" (in segment 4); nothing declared', () => {
    const s = adnd.setup(parse(readFileSync(new URL('../../../examples/adnd/melee.yaml', import.meta.url), 'utf8'))) as unknown as { figures: Obj[] };
    leave(s, 'orc2', { segment: 4, reason: 'surrenders' });
    const html = statusHtml(s, 'adnd', [], [], { onAdjust, onLeave: onAdjust });
    const gone = (/<tbody class="gone" data-testid="gone">(.*?)<\/tbody>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(gone).toMatch(/^ Left the fight Orc \(orc2\) healthy left: surrenders the GM took Orc \(orc2\) out of the fight in segment 4: .* 6\/6 .* – $/);
    expect(html).toContain('data-leave="orc3"');
    expect(html).not.toContain('data-leave="orc2"');
  });
});
