// The dice tray from the real engine's events: every roll of the last command shows.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice } from '../../../src/core/dice/source.ts';
import { systems } from '../../../src/rules/index.ts';
import { trayGroups, trayLabel } from '../model/log.ts';
import { distinctNames, figureViews } from '../model/view.ts';
import { DicePrompt, DiceTray } from './Dice.tsx';

const tft = systems.tft;

describe('the dice tray', () => {
  it("shows every roll of the last command: an attack that ends the turn keeps its to-hit beside its damage and the next initiative (only the last three showed)", () => {
    const scenario = parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8'));
    scenario.figures[1].at = [3, 3]; // Cedric next to Bjorn, face to face
    const s = tft.setup(scenario);
    // Initiative 6 to 1; Cedric hits on 3+3+3 and rolls 4+4 damage; the next turn's initiative 5 to 2.
    const dice = new ScriptedDice([6, 1, 3, 3, 3, 4, 4, 5, 2]);
    const play = (command: Record<string, unknown>) => {
      const events: Record<string, unknown>[] = [];
      tft.apply(s, tft.parseCommand(command), dice, (e) => events.push(e as unknown as Record<string, unknown>));
      return { seq: 9, kind: 'command' as const, at: '', by: { role: 'gm' as const, tokenId: 't' }, command, events };
    };
    play({ type: 'begin' });
    play({ type: 'initiative', figure: 'bjorn', choice: 'first' });
    play({ type: 'move', figure: 'bjorn', path: [] });
    play({ type: 'move', figure: 'cedric', path: [] });
    play({ type: 'pass', figure: 'bjorn' });
    const groups = trayGroups(play({ type: 'attack', figure: 'cedric', target: 'bjorn' }));
    expect(groups.map((g) => g.label)).toEqual(['attack', 'damage', 'north initiative', 'south initiative']);
    const html = renderToStaticMarkup(createElement(DiceTray, { groups, stamp: 1, label: 'step 9' }));
    const shown = [...html.matchAll(/<span class="dice-label">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(shown).toEqual(['attack', 'damage', 'north initiative', 'south initiative', 'step 9']);
  });
});

describe("the tray's names for figures", () => {
  it('names a figure by its name, in the possessive, on a map too: a token beside the verb read as a word ("Do attack")', () => {
    const melee = distinctNames(figureViews(systems.adnd.setup(parse(readFileSync(new URL('../../../examples/adnd/melee.yaml', import.meta.url), 'utf8')))));
    const duel = distinctNames(figureViews(tft.setup(parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8')))));
    for (const figures of [melee, duel]) {
      const f = figures[0];
      const name = (id: string) => figures.find((x) => x.id === id)?.name ?? id;
      const html = renderToStaticMarkup(createElement(DiceTray, { groups: [{ label: trayLabel({ label: 'attack', faces: [4], summed: false, figure: f.id }, name), faces: [4], summed: false }], stamp: 1, label: '' }));
      expect(html).toContain(`<span class="dice-label">${f.name.replace(/'/g, '&#x27;')}&#x27;s attack</span>`);
      if (f.short && f.short !== f.name) expect(html).not.toContain(`>${f.short} attack<`);
    }
  });
});

describe('the physical-dice prompt', () => {
  const said = (what: Parameters<typeof DicePrompt>[0]['what']) =>
    renderToStaticMarkup(createElement(DicePrompt, { sides: 20, index: 0, what, onFace: () => undefined, onCancel: () => undefined }))
      .match(/<p class="dice-for"[^>]*>(.*?)<\/p>/)![1]
      .replace(/<[^>]+>/g, '')
      .replace(/&#x27;/g, "'");

  it("names another figure's roll that a command plays on to by the roll (an AD&D parry's segment said 'For Zara: pass: Strider's attack roll')", () => {
    expect(said({ command: 'Zara: pass', purpose: "Strider's attack roll (d20)", entered: [], playsOn: true })).toBe(
      "For Strider's attack roll (d20), as the fight plays on after Zara: pass",
    );
    // The command's own roll: the command, then the roll.
    expect(said({ command: 'Cedric: attack → Bjorn', purpose: "Cedric's attack roll, die 1 of 3 (d6)", entered: [] })).toBe(
      "For Cedric: attack → Bjorn: Cedric's attack roll, die 1 of 3 (d6)",
    );
  });
});
