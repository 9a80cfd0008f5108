// The AD&D combatants table from the real engine's state and explain(): the clock in rounds and
// segments as the header has it, and figures named as the table names them (two "Gnoll"s).
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice } from '../../../src/core/dice/source.ts';
import { systems } from '../../../src/rules/index.ts';
import { type Obj, clockView, distinctNames, figureViews } from '../model/view.ts';
import { Status } from './Status.tsx';

const adnd = systems.adnd;

/** The page's text of the Status panel for this AD&D state. */
function statusText(state: unknown): string {
  const report = adnd.explain(state) as unknown as Obj;
  const html = renderToStaticMarkup(
    createElement(Status, {
      system: 'adnd',
      clock: clockView(state, report),
      state: state as Obj,
      figures: distinctNames(figureViews(state, report)),
      report,
      sideColors: {},
      selected: null,
      onSelect: () => undefined,
    }),
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

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
    // The engine says "attack Gnoll"; two figures are called Gnoll (was ambiguous; and "parry vs gnoll2", the id).
    expect(text).toMatch(/attack Gnoll \(gnoll2\) with longsword @5/);
    expect(text).toContain('parry vs Gnoll (gnoll2)');
    // Played on (the AI, fixed dice) into the round: the segment shows beside the round.
    const dice = new ScriptedDice(Array(400).fill(4));
    for (let i = 0; i < 40 && (s as unknown as { now: number }).now < 3; i++) adnd.apply(s, adnd.decide(adnd.clone(s)), dice, null);
    expect(statusText(s)).toMatch(/^ Round 1 Segment 3 Phase /);
  });
});
