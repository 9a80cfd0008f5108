// The dice tray from the real engine's events: every roll of the last command shows.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice } from '../../../src/core/dice/source.ts';
import { systems } from '../../../src/rules/index.ts';
import { trayGroups } from '../model/log.ts';
import { DiceTray } from './Dice.tsx';

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
    expect(groups.map((g) => g.label)).toEqual(['attack', 'damage', 'north', 'south']);
    const html = renderToStaticMarkup(createElement(DiceTray, { groups, stamp: 1, label: 'step 9' }));
    const shown = [...html.matchAll(/<span class="dice-label">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(shown).toEqual(['attack', 'damage', 'north', 'south', 'step 9']);
  });
});
