// The AD&D timeline places each action in its segment with the reason it is there (seed
// 3380eb42, R-A1 clock, R-A2 first attack in segment SF, R-A3 surprise), from the real AD&D
// system's explain() schedule and its events.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice } from '../../../src/core/dice/source.ts';
import { systems } from '../../../src/rules/index.ts';
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { type Obj, distinctNames, figureViews } from '../model/view.ts';
import { Segments, legendWords, rowWords, timelineCells } from './Segments.tsx';

const adnd = systems.adnd;

describe('AD&D segment timeline', () => {
  it('a declared long sword attack (SF 5) of an unsurprised ranger lands in segment 5 of round 1, with its reason', () => {
    const scenario = parse(readFileSync(new URL('../../../examples/adnd/surprise.yaml', import.meta.url), 'utf8'));
    const s = adnd.setup(scenario);
    const events: Obj[] = [];
    adnd.apply(s, adnd.parseCommand({ type: 'begin' }), new ScriptedDice([25]), (e: Obj) => events.push(e));
    const pending = adnd.pending(s)!;
    expect(pending.figures).toContain('strider');
    adnd.apply(s, adnd.parseCommand({ type: 'attack', figure: 'strider', target: 'gnoll1', weapon: 'longsword' }), new ScriptedDice(Array(50).fill(10)), null);
    const report = adnd.explain(s) as unknown as Obj;
    const entry: LogEntryView = { seq: 1, kind: 'command', at: '', by: { role: 'gm', tokenId: null }, events: events as LogEntryView['events'], descriptions: events.map((e) => String(e.type)) };
    const cells = timelineCells([entry], (s as unknown as { figures: Obj[] }).figures, (s as unknown as { now: number }).now, report.schedule);
    const strider = cells.filter((c) => c.figure === 'strider' && !c.projected);
    expect(strider.map((c) => [c.round, c.segment])).toEqual([[1, 5]]);
    expect(strider[0].text).toMatch(/in round 1 segment 5 \(.*\[R-A2\]/);
    // Projected follow-up attacks every 5 segments: 10, then segment 5 of round 2 (R-A1 clock runs on).
    const next = cells.filter((c) => c.figure === 'strider' && c.projected).map((c) => [c.round, c.segment]);
    expect(next.slice(0, 2)).toEqual([
      [1, 10],
      [2, 5],
    ]);
  });

  it('without a schedule, a declared action and its timing ledger place the cell', () => {
    const figs = [{ id: 'a', next: 12, declared: { kind: 'attack' }, timing: { entries: [{ source: 'speed factor 5', delta: 5, rule: 'R-A2' }], total: 12 } }];
    const [c] = timelineCells([], figs, 3);
    expect(c).toMatchObject({ figure: 'a', round: 2, segment: 2, kind: 'attack', future: true });
    expect(c.text).toMatch(/lands in round 2 segment 2: speed factor 5 \+5 \[R-A2\]/);
  });

  it('the grid\'s glyphs are said in words under it ("ex" and "de" meant nothing on the page), each glyph one kind, with what dashed and dotted cells are', () => {
    const by = { role: 'gm' as const, tokenId: null };
    const events = [{ type: 'extra-roll', figure: 'a', segment: 1 }, { type: 'declare', figure: 'a', segment: 2 }, { type: 'extra-attack', figure: 'a', segment: 2 }, { type: 'attack', attacker: 'a', segment: 2 }];
    const entry: LogEntryView = { seq: 3, kind: 'command', at: '', by, events, descriptions: events.map((e) => e.type) };
    const figures = distinctNames(figureViews({ figures: [{ id: 'a', name: 'Ann', side: 'x', hp: 5, maxHp: 5 }] }));
    const schedule = [{ figure: 'a', segment: 7, action: 'attack Bob', why: [] }, { figure: 'a', segment: 9, action: 'attack Bob', why: [], projected: true }];
    const html = renderToStaticMarkup(createElement(Segments, { state: { now: 3 }, figures, entries: [entry], schedule }));
    const key = /data-testid="seg-glyphs"[^>]*>([^<]*)</.exec(html)?.[1];
    // The extra attack's d100 and the extra attack itself, both "ex", are told apart.
    expect(key).toBe('% extra roll · de declare · + extra attack · ⚔ attack; dashed: declared, to come; dotted: projected');
  });

  it("drawn from the state before the step's report (no timing ledger yet), a cell says its timing follows (it ended at the segment, silent on why)", () => {
    const [c] = timelineCells([], [{ id: 'a', next: 5, declared: { kind: 'attack' } }], 1);
    expect(c.text).toBe('attack declared, lands in round 1 segment 5 (its timing follows)');
  });

  it("an unseen figure's blow (its striker hidden from the viewer, the server's mark `unseen`) sits in the row of the figure it strikes, in the server's words: it sat in a row of no figure, under the bare 'attack'", () => {
    const blow = { type: 'attack', turn: 2, segment: 12, round: 2, segmentOfRound: 2, attacker: 'an unseen figure', unseen: ['attacker'], target: 'frito', weapon: 'club', role: 'alone', mode: 'normal', hit: true, critical: null, damage: { entries: [], total: 3 }, save: null };
    // Narrated as the server narrates what it sends (room.ts describe, with the names the player sees).
    const said = adnd.describe(blow as never, new Map([['frito', 'Frito the Fighter']]));
    const entry: LogEntryView = { seq: 4, kind: 'command', at: '', by: { role: 'player', tokenId: null }, events: [blow], descriptions: [said] };
    const cells = timelineCells([entry], [], 12, []);
    expect(cells).toEqual([{ figure: 'frito', round: 2, segment: 2, kind: 'attack', text: '[r2 s2] An unseen figure strikes at Frito the Fighter with club: hit, 3 damage' }]);
    expect(legendWords('Frito the Fighter', cells[0].text)).toBe('An unseen figure strikes at Frito the Fighter with club: hit, 3 damage');
  });

  it("says when a coming action lands in the grid's own terms, round and segment 1-10 (said 'segment 13' under a grid numbered 1-10)", () => {
    // Frito parries a minotaur: in round 2 the minotaur's butt lands in absolute segment 13.
    const schedule = [
      { segment: 13, round: 2, segmentOfRound: 3, figure: 'minotaur', action: 'attack Frito the Fighter with butt', why: [{ source: 'wait ended in round 1 segment 8', delta: 8, rule: 'R-A1' }, { source: 'butt speed factor 5', delta: 5, rule: 'R-A2' }] },
      { segment: 20, round: 2, segmentOfRound: 10, figure: 'frito', action: 'attack Minotaur with long sword', why: [] },
    ];
    const cells = timelineCells([], [], 12, schedule);
    expect(cells.map((c) => [c.figure, c.round, c.segment])).toEqual([
      ['minotaur', 2, 3],
      ['frito', 2, 10],
    ]);
    expect(cells[0].text).toMatch(/^attack Frito the Fighter with butt in round 2 segment 3 \(/);
    expect(cells[1].text).toBe('attack Minotaur with long sword in round 2 segment 10');
    expect(cells.some((c) => /segment 1[1-9]|segment 20/.test(c.text.split(' (')[0]))).toBe(false);
  });

  it('names the attacker a figure parries as the table names it (two "Gnoll"s; it showed the id)', () => {
    const state = { system: 'adnd', now: 4, figures: [{ id: 'gorm', name: 'Gorm', side: 'party', parry: { against: 'gnoll2' } }, { id: 'gnoll2', name: 'Gnoll', side: 'gnolls' }, { id: 'gnoll3', name: 'Gnoll', side: 'gnolls' }] };
    const html = renderToStaticMarkup(createElement(Segments, { state, figures: distinctNames(figureViews(state)), entries: [] }));
    expect(html).toContain('parrying Gnoll (gnoll2)');
  });

  it("each row in words for a screen reader (the grid's glyphs and hatching say nothing aloud): state, round-1 surprise (R-A3), a parry; a dead row's state shows as a word too", () => {
    const state = {
      system: 'adnd',
      now: 2,
      figures: [
        { id: 'gorm', name: 'Gorm', side: 'party', surprised: 3, parry: { against: 'gnoll2' } },
        { id: 'gnoll2', name: 'Gnoll', side: 'gnolls', state: 'dead' },
        { id: 'gnoll3', name: 'Gnoll', side: 'gnolls' },
      ],
    };
    const figures = distinctNames(figureViews(state));
    expect(figures.map((f) => rowWords(f, figures, 1))).toEqual(['Gorm: healthy, surprised, segments 1 to 3 [R-A3], parrying Gnoll (gnoll2)', 'Gnoll (gnoll2): dead', 'Gnoll (gnoll3): healthy']);
    // Surprise is of round 1 only.
    expect(rowWords(figures[0], figures, 2)).toBe('Gorm: healthy, parrying Gnoll (gnoll2)');
    const html = renderToStaticMarkup(createElement(Segments, { state, figures, entries: [] }));
    expect(html).toMatch(/<div class="seg-grid" aria-hidden="true"/);
    expect(html).toMatch(/Gnoll \(gnoll2\)<span class="pill small">dead<\/span>/);
  });
});

describe('AD&D timeline: what the grid shows only by look or by tooltip, in words on the page', () => {
  it('names the surprised with their segments under the grid (R-A3), and lists the projected blows with their reasons in a disclosure, closed at first', () => {
    const s = adnd.setup(parse(readFileSync(new URL('../../../examples/adnd/surprise.yaml', import.meta.url), 'utf8')));
    adnd.apply(s, adnd.parseCommand({ type: 'begin' }), new ScriptedDice([25]), null);
    adnd.apply(s, adnd.parseCommand({ type: 'attack', figure: 'strider', target: 'gnoll1', weapon: 'longsword' }), new ScriptedDice(Array(50).fill(10)), null);
    const report = adnd.explain(s) as unknown as Obj;
    const state = s as unknown as Obj;
    const figures = distinctNames(figureViews(state, report));
    const html = renderToStaticMarkup(createElement(Segments, { state, figures, entries: [], schedule: report.schedule }));
    const text = (re: RegExp) => (re.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
    expect(text(/data-testid="seg-surprise">(.*?)<\/p>/)).toBe('surprised, no action in its first segments (R-A3): Gorm 1–3, Brother Anselm 1–3, Zara 1–3, Pip 1–3');
    // Strider's next blow, if it keeps attacking: segment 10, after its attack in 5 and its speed factor (R-A2).
    const projected = /<details class="seg-projected" data-testid="seg-projected">(.*?)<\/details>/.exec(html)?.[1] ?? '';
    expect(projected).toMatch(/^<summary>\d+ projected \(if each keeps attacking, or declares now\)<\/summary>/);
    expect(projected.replace(/<[^>]+>/g, ' ')).toMatch(/10\s+Strider: attack Gnoll chief with long sword \(if it keeps attacking\) in round 1 segment 10 \(previous attack in round 1 segment 5 \[R-A2\]; speed factor 5 \[R-A2\]\)/);
    // Not open: the list stays short until asked.
    expect(html).not.toMatch(/<details[^>]* open/);
  });

  it("lists each action once named, without the log's [r1 s2] (was 'Frito the Fighter: [r1 s2] Frito the Fighter strikes')", () => {
    const state = { system: 'adnd', now: 2, figures: [{ id: 'frito', name: 'Frito the Fighter', side: 'heroes' }, { id: 'ogre', name: 'Ogre', side: 'monsters' }] };
    const entry: LogEntryView = {
      seq: 2,
      kind: 'command',
      at: '',
      by: { role: 'gm', tokenId: null },
      events: [
        { type: 'attack', segment: 2, attacker: 'frito', target: 'ogre' },
        { type: 'dead', segment: 2, figure: 'ogre' },
        { type: 'extra-roll', segment: 2, figure: 'frito' },
      ],
      descriptions: ['[r1 s2] Frito the Fighter strikes at Ogre with long sword: d20 17 + 6 = 23 vs 11 needed: hit', '[r1 s2] Ogre is dead (hp -14)', '[r1 s2] rolls 8 for an extra attack'],
    };
    const html = renderToStaticMarkup(createElement(Segments, { state, figures: distinctNames(figureViews(state)), entries: [entry] }));
    const lines = [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((m) => m[1].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()).filter((l) => /^\d/.test(l));
    expect(lines).toEqual(['2 Frito the Fighter strikes at Ogre with long sword: d20 17 + 6 = 23 vs 11 needed: hit', '2 Ogre is dead (hp -14)', '2 Frito the Fighter: rolls 8 for an extra attack']);
  });

  it("names a spell's target once, where it is the target (examples/adnd/melee.yaml read 'Ogre brute: magic missile hits Ogre brute for 2'), and a status its figure once", () => {
    const state = {
      system: 'adnd',
      now: 1,
      figures: [
        { id: 'mirela', name: 'Mirela', side: 'party' },
        { id: 'ogre', name: 'Ogre', side: 'orcs' },
        { id: 'ogre2', name: 'Ogre brute', side: 'orcs' },
      ],
    };
    // As the AD&D system emits them: the spell's damage is filed under its target (its only figure).
    const entry: LogEntryView = {
      seq: 3,
      kind: 'command',
      at: '',
      by: { role: 'gm', tokenId: null },
      events: [
        { type: 'cast', segment: 1, figure: 'mirela', spell: 'magic-missile', target: 'ogre2' },
        { type: 'spell-damage', segment: 1, figure: 'ogre2', spell: 'magic-missile' },
        { type: 'status', segment: 1, figure: 'ogre', status: 'held' },
      ],
      descriptions: ['[r1 s1] Mirela casts magic missile at Ogre brute', '[r1 s1] magic missile hits Ogre brute for 2 (2 missile 3: 1d4+1 [1] [adnd-phb] = 2)', '[r1 s1] Ogre: held through round 3 segment 1'],
    };
    const html = renderToStaticMarkup(createElement(Segments, { state, figures: distinctNames(figureViews(state)), entries: [entry] }));
    const lines = [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((m) => m[1].replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()).filter((l) => /^\d/.test(l));
    expect(lines).toEqual(['1 Mirela casts magic missile at Ogre brute', '1 magic missile hits Ogre brute for 2 (2 missile 3: 1d4+1 [1] [adnd-phb] = 2)', '1 Ogre: held through round 3 segment 1']);
    // "Ogre" inside "Ogre brute" is not the ogre named: its line still says whose it is.
    expect(legendWords('Ogre', '[r1 s3] parries Ogre brute with club', ['Mirela', 'Ogre', 'Ogre brute'])).toBe('Ogre: parries Ogre brute with club');
  });
});

describe('AD&D timeline on a filtered view', () => {
  // A player's view where the parried attacker is hidden (settings.hiddenFigures): the server
  // drops the field naming it (server/views.ts), so the parry record has no `against`.
  const frito = distinctNames(figureViews({ system: 'adnd', figures: [{ id: 'frito', name: 'Frito', side: 'hobbits', state: 'healthy', parry: { ac: 3, at: 13, keepsAttack: false } }] }));

  it('a parry against a figure the viewer may not see reads "parrying", not "parrying undefined"', () => {
    expect(rowWords(frito[0], frito, 2)).toBe('Frito: healthy, parrying');
    const html = renderToStaticMarkup(createElement(Segments, { state: { now: 13 }, figures: frito, entries: [] }));
    expect(html).toContain('parrying');
    expect(html).not.toContain('undefined');
  });

  it('a scheduled action or a declaration that is not a word, and a ledger entry without its rule, are not shown as [object Object] or [undefined]', () => {
    const cells = timelineCells([], [{ id: 'frito', next: 15, declared: { kind: {} }, timing: [{ source: 'speed factor', delta: 5 }] }], 12);
    expect(cells.map((c) => c.text)).toEqual(['action declared, lands in round 2 segment 5: speed factor +5']);
    const scheduled = timelineCells([], [], 12, [{ figure: 'frito', segment: 15, action: {}, why: [{ source: 'previous attack', delta: 5 }] }]);
    expect(scheduled.map((c) => [c.kind, c.text])).toEqual([['action', 'action in round 2 segment 5 (previous attack)']]);
  });
});
