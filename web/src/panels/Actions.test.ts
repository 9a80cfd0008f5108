// The move card from the real engine's movement preview: the hint says what the figure may do;
// the "Not now" list from the real engine's explain report; reasons on the page, not in tooltips.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice } from '../../../src/core/dice/source.ts';
import { systems } from '../../../src/rules/index.ts';
import { movePreview } from '../model/move.ts';
import { type OptionView, SCORE_WHY, groupOptions, optionView, optionsOf } from '../model/options.ts';
import { medicEvening } from '../model/thread.test-util.ts';
import { figureViews } from '../model/view.ts';
import { Actions, INITIATIVE_KEYS, InitiativeChoice, NotNow, declaredOf, notNowOf } from './Actions.tsx';

const tft = systems.tft;

/** The move card's hint for `figure` in the duel's first movement phase, Cedric standing at `cedricAt`. */
function hint(cedricAt: [number, number], figure: string): string {
  const scenario = parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8'));
  scenario.figures[1].at = cedricAt;
  const s = tft.setup(scenario);
  const dice = new ScriptedDice([6, 1]);
  tft.apply(s, tft.parseCommand({ type: 'begin' }), dice, () => undefined);
  tft.apply(s, tft.parseCommand({ type: 'initiative', figure: 'bjorn', choice: 'first' }), dice, () => undefined);
  const preview = movePreview(s, figure)!;
  const html = renderToStaticMarkup(
    createElement(Actions, {
      figure: figureViews(s).find((f) => f.id === figure),
      options: [],
      canAct: true,
      waitingFor: [figure],
      pendingKind: 'move',
      armed: null,
      onChoose: () => undefined,
      onArm: () => undefined,
      figureName: (id) => id,
      move: {
        chosen: null,
        ma: preview.ma,
        engaged: preview.engaged,
        hexes: [...preview.reach.values()].filter((r) => r.maUsed > 0).length,
        facing: 0,
        after: [],
        onFacing: () => undefined,
        onConfirm: () => undefined,
        onStay: () => undefined,
        onClear: () => undefined,
      },
    }),
  );
  return /data-testid="move-hint">([^<]*)</.exec(html)?.[1] ?? '';
}

describe('the move card', () => {
  it('a free figure: drag or click a lit hex', () => {
    expect(hint([5, 3], 'bjorn')).toMatch(/^Drag the figure or click a lit hex/);
  });

  it('an engaged figure may only shift or stay, and is told so (it read "Drag the figure or click a lit hex.")', () => {
    expect(hint([3, 3], 'bjorn')).toBe('Engaged: it may only shift 1 hex to a lit hex still next to a foe, or stay. To break away, disengage in the action phase.');
  });
});

describe("the initiative winner's choice", () => {
  it("a figure the GM took out of the fight says so and why, not 'not its turn' (a player whose own figure left kept it shown)", () => {
    const sys = systems.tft;
    const s = sys.setup({ system: 'tft', name: 'leave', figures: [
      { id: 'a', name: 'Ada', side: 'x', st: 12, dx: 12, weapons: ['broadsword'], at: { q: 2, r: 2 }, facing: 0 },
      { id: 'b', name: 'Bryn', side: 'y', st: 12, dx: 12, weapons: ['broadsword'], at: { q: 3, r: 2 }, facing: 3 },
      { id: 'c', name: 'Cob', side: 'y', st: 12, dx: 12, weapons: ['broadsword'], at: { q: 4, r: 2 }, facing: 3 },
    ] });
    const dice = new ScriptedDice([6, 1]);
    for (const c of [{ type: 'begin' }, { type: 'leave', figure: 'b', reason: 'flees' }]) sys.apply(s, sys.parseCommand(c), dice, null);
    const bryn = figureViews(s, sys.explain(s)).find((f) => f.id === 'b');
    expect(bryn?.left?.reason).toBe('flees');
    const html = renderToStaticMarkup(createElement(Actions, { figure: bryn, options: [], notNow: [], canAct: false, waitingFor: ['a'], armed: null, onChoose: () => undefined, onArm: () => undefined, figureName: (id: string) => id }));
    expect(html).toContain('<span class="pill">out of the fight</span>');
    expect(html).toContain('Bryn has left the fight (flees): nothing more for it to do.');
    expect(html).not.toContain('not its turn');
  });

  it('shows its keys on the buttons and says them (aria-keyshortcuts), f and w (l is the log), the names unchanged', () => {
    const html = renderToStaticMarkup(createElement(InitiativeChoice, { side: 'north', busy: false, onChoose: () => undefined }));
    expect(INITIATIVE_KEYS).toEqual({ first: 'f', last: 'w' });
    expect([...html.matchAll(/data-testid="initiative-(\w+)"[^>]*aria-keyshortcuts="(\w)">(Move \w+) <span class="key-hint" aria-hidden="true"><kbd>(\w)<\/kbd>/g)].map((m) => m.slice(1))).toEqual([
      ['first', 'f', 'Move first', 'f'],
      ['last', 'w', 'Move last', 'w'],
    ]);
    expect(html).toContain('<strong>north won the initiative</strong>');
  });
});

describe('the "Not now" list', () => {
  /** The panel for gunner g, its rifle's magazine empty and no spare clip, in the action phase. */
  function panel(): string {
    const s = tft.setup({
      system: 'tft',
      name: 'empty magazine',
      options: { hitech: true },
      figures: [
        { id: 'g', name: 'Gunner', side: 'a', st: 11, dx: 13, talents: ['rifle'], weapons: [{ weapon: 'assault-rifle', house: { hitech: { loaded: 0, spare: {} } } }], at: { q: 2, r: 2 }, facing: 0 },
        { id: 'b', name: 'Brute', side: 'b', st: 12, dx: 11, weapons: ['broadsword'], at: { q: 8, r: 2 }, facing: 3 },
      ],
    });
    const report = tft.explain(s);
    return renderToStaticMarkup(
      createElement(Actions, {
        figure: figureViews(s, report).find((f) => f.id === 'g'),
        options: [],
        notNow: notNowOf(report, 'g'),
        canAct: true,
        waitingFor: ['g'],
        armed: null,
        onChoose: () => undefined,
        onArm: () => undefined,
        figureName: (id) => id,
      }),
    );
  }

  it('shows each choice with the engine reason under the options, in a labelled section, with the rule', () => {
    const html = panel();
    expect(html).toContain('<section class="not-now" aria-label="Not now" data-testid="not-now">');
    const items = [...html.matchAll(/<li data-action="([^"]+)">(.*?)<\/li>/g)].map((m) => [m[1], m[2].replace(/<[^>]+>/g, '')]);
    expect(items).toEqual([
      ['fire', "fire assault rifle: assault rifle&#x27;s magazine is empty: reload first [R-H10]"],
      ['reload', 'reload assault rifle: Gunner has no spare standard clip for the assault rifle [R-H10]'],
      ['overwatch', "overwatch with assault rifle: assault rifle&#x27;s magazine is empty: reload first [R-H10]"],
    ]);
  });

  it('reads only well-formed entries of any report, and shows nothing without them', () => {
    expect(notNowOf(null, 'g')).toEqual([]);
    expect(notNowOf({ figures: [{ id: 'g', notNow: [null, 3, { reason: 'x' }, { action: 'fire', reason: '' }, { action: 'fire', label: 7, reason: 'empty', rule: 5 }] }] }, 'g')).toEqual([
      { key: '4:fire', action: 'fire', label: 'fire', reason: 'empty' },
    ]);
    expect(renderToStaticMarkup(createElement(NotNow, { items: [] }))).toBe('');
  });
});

describe('reasons on the page, not in tooltips', () => {
  /** The action panel of figure `id` with these options, its player able to act. */
  function render(s: unknown, id: string, options: OptionView[]): string {
    return renderToStaticMarkup(
      createElement(Actions, {
        figure: figureViews(s).find((f) => f.id === id),
        options,
        canAct: true,
        waitingFor: [id],
        armed: null,
        onChoose: () => undefined,
        onArm: () => undefined,
        figureName: (x) => x.toUpperCase(),
      }),
    );
  }
  const duel = () => tft.setup(parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8')));

  it("a number key is shown only on an option the key takes: not on a preview, another's turn, nor an option of several choices (the '1' of the initiative's preview did nothing)", () => {
    const options = groupOptions([
      optionView({ type: 'defend', label: 'defend', command: { type: 'defend', figure: 'bjorn' } }, 'bjorn.0', 'bjorn'),
      optionView({ type: 'fire', label: 'fire (single)', command: { type: 'fire', figure: 'bjorn', target: 'cedric', burst: 'single' } }, 'bjorn.1', 'bjorn'),
      optionView({ type: 'fire', label: 'fire (four)', command: { type: 'fire', figure: 'bjorn', target: 'cedric', burst: 'four' } }, 'bjorn.2', 'bjorn'),
    ]);
    const keys = (canAct: boolean, preview: boolean) => {
      const html = renderToStaticMarkup(
        createElement(Actions, { figure: figureViews(duel()).find((f) => f.id === 'bjorn'), options, canAct, preview, waitingFor: ['bjorn'], armed: null, onChoose: () => undefined, onArm: () => undefined, figureName: (x) => x }),
      );
      return { kbd: [...html.matchAll(/<kbd>(\d)<\/kbd>/g)].map((m) => m[1]), said: [...html.matchAll(/aria-keyshortcuts="(\d)"/g)].map((m) => m[1]) };
    };
    expect(keys(true, false)).toEqual({ kbd: ['1'], said: ['1'] });
    expect(keys(false, true)).toEqual({ kbd: [], said: [] });
    expect(keys(false, false)).toEqual({ kbd: [], said: [] });
  });

  it("a note every choice shares is said once above them, each choice's own notes under it (overwatch's paragraph was repeated under each of its four bursts)", () => {
    const when = 'It fires once at the first enemy in view (R-H7).';
    const options = groupOptions(
      ['single', 'four'].map((burst, i) =>
        optionView({ type: 'overwatch', label: `overwatch (${burst})`, command: { type: 'overwatch', figure: 'bjorn', burst }, notes: [when, `uses ${burst}`] }, `bjorn.${i}`, 'bjorn'),
      ),
    );
    expect(options.map((o) => o.choices.length)).toEqual([2]);
    const html = render(duel(), 'bjorn', options);
    expect(html.split(when).length).toBe(2);
    expect(html).toContain(`<p class="note shared-note">${when}</p>`);
    expect(html).toContain('<span class="note">uses single</span>');
    expect(html).toContain('<span class="note">uses four</span>');
  });

  it("the engine's score of a grenade's best hex opens what it means (closed at first, its chip's description); the other chips open the card's ledger", () => {
    const s = tft.setup({
      system: 'tft',
      name: 'grenade',
      options: { hitech: true },
      figures: [
        { id: 't', name: 'Thrower', side: 'a', st: 12, dx: 13, iq: 10, weapons: ['grenade-tl9'], at: { q: 2, r: 4 }, facing: 0 },
        { id: 'x', name: 'Xan', side: 'b', st: 12, dx: 11, weapons: ['broadsword'], at: { q: 7, r: 4 }, facing: 3 },
        { id: 'y', name: 'Yor', side: 'b', st: 12, dx: 11, weapons: ['broadsword'], at: { q: 7, r: 5 }, facing: 3 },
      ],
    });
    const options = groupOptions(optionsOf(tft.explain(s), 't'));
    const html = render(s, 't', options);
    const chip = /<button type="button" class="chip n why" aria-expanded="false" aria-controls="([^"]+)" aria-describedby="\1" data-odds="score">best hex 7,4: score <strong>[\d.]+<\/strong><\/button><span id="\1" class="why-text" hidden="">([^<]*)<\/span>/.exec(html);
    expect(chip).not.toBeNull();
    expect(chip![2]).toBe(SCORE_WHY);
    // The other chips open the card's ledger (its ▸'s list), not words of their own.
    expect(html).toMatch(/<button type="button" class="chip p why" data-odds="hit" aria-expanded="false" aria-controls="([^"]+)">hit <strong>[\d.]+%<\/strong><\/button>/);
    expect(html.replaceAll(' title="Show the ledger"', '')).not.toMatch(/ title=/);
  });

  it("first aid says what it will leave the patient at, on the card (R-T4: it showed 'first aid to Pat' and the wounds healed only)", () => {
    const s = medicEvening();
    const report = tft.explain(s as never);
    const options = optionsOf(report, 'doc', (x) => x.toUpperCase());
    const html = render(s, 'doc', options);
    const card = html.split('<li class="option').find((c) => c.includes('data-option="first-aid"')) ?? '';
    expect(card).toContain('<span class="option-result" data-testid="option-result">Pat after it: 9 wounds, remST 1, unconscious and stable: no more thread rolls (R-T4, in place of stabilization)</span>');
    // Only first aid says one: an attack's card has none.
    expect(html.split('data-testid="option-result"')).toHaveLength(2);
  });

  it("a player's own dying figure says it cannot act, not 'nothing to do' (R-T1)", () => {
    const s = medicEvening();
    const html = renderToStaticMarkup(
      createElement(Actions, { figure: figureViews(s).find((f) => f.id === 'pat'), options: [], canAct: false, waitingFor: ['doc'], armed: null, onChoose: () => undefined, onArm: () => undefined, figureName: (x) => x }),
    );
    expect(html).toContain('Pat is dying and cannot act now.');
    expect(html).not.toContain('Nothing for');
  });

  it("a sweep's arc order opens why it is in that order (R-S4), closed at first", () => {
    const option = optionView({ type: 'sweep', label: 'sweep', command: { type: 'sweep', figure: 'bjorn', arc: 1 }, targets: ['cedric', 'dorn'] }, 'bjorn.0', 'bjorn');
    expect(option.targets).toEqual(['cedric', 'dorn']);
    const html = render(duel(), 'bjorn', [option]);
    expect(html).toMatch(
      /<button type="button" class="linkish arc-order why" aria-expanded="false" aria-controls="([^"]+)" aria-describedby="\1">arc order: CEDRIC → DORN<\/button><span id="\1" class="why-text" hidden="">targets in the order the attacks are rolled \(R-S4\)<\/span>/,
    );
    expect(html.replaceAll(' title="Show the ledger"', '')).not.toMatch(/ title=/);
  });
});

describe('an AD&D figure that has declared', () => {
  it("says what it declared and when it lands, not 'not its turn' (a player who had just declared saw only that, over greyed options)", () => {
    const sys = systems.adnd;
    const scenario = parse(readFileSync(new URL('../../../examples/adnd/melee.yaml', import.meta.url), 'utf8'));
    const s = sys.setup(scenario);
    const dice = new ScriptedDice(Array.from({ length: 40 }, () => 3));
    for (const c of [{ type: 'begin' }, { type: 'attack', figure: 'brenna', target: 'orc1' }]) sys.apply(s, sys.parseCommand(c), dice, null);
    const report = sys.explain(s);
    expect(declaredOf(report, 'brenna')).toBe('attack Orc sergeant with battle axe, lands in round 1 segment 7');
    expect(declaredOf(report, 'aldric')).toBeNull();
    expect(declaredOf({ figures: [{ id: 'x', declared: 3 }] }, 'x')).toBeNull();
    const html = renderToStaticMarkup(
      createElement(Actions, {
        figure: figureViews(s, report).find((f) => f.id === 'brenna'),
        options: [],
        canAct: false,
        declared: declaredOf(report, 'brenna'),
        waitingFor: ['aldric'],
        armed: null,
        onChoose: () => undefined,
        onArm: () => undefined,
        figureName: (id) => id,
      }),
    );
    expect(html).toContain('<span class="pill">declared</span>');
    expect(html).toContain('Declared: attack Orc sergeant with battle axe, lands in round 1 segment 7.');
    expect(html).not.toContain('not its turn');
  });
});
