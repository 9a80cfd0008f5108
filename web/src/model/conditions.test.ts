import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { systems } from '../../../src/rules/index.ts';
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { tftConditions } from './conditions.ts';
import type { Obj } from './view.ts';

/** Bjorn of the duel as the engine sets him up (healthy, broadsword ready). */
function bjorn(): Obj {
  const s = systems.tft.setup(parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8'))) as unknown as { figures: Obj[] };
  return s.figures[0];
}
const by = { role: 'gm' as const, tokenId: 't' };
const entry = (seq: number, events: Record<string, unknown>[]): LogEntryView => ({ seq, kind: 'command', at: '', by, events });
const labels = (f: Obj, log?: LogEntryView[]) => tftConditions(f, log).map((c) => c.label);

describe('TFT conditions at a glance', () => {
  it('a fresh figure has none', () => {
    expect(labels(bjorn())).toEqual([]);
  });

  it('down: prone, or knocked down by 8 hits this turn', () => {
    const f = bjorn();
    f.prone = true;
    expect(labels(f)).toEqual(['prone']);
    (f.turn as Obj).knockedDown = true;
    expect(labels(f)).toEqual(['knocked down']);
  });

  it("this turn's stance", () => {
    const f = bjorn();
    (f.turn as Obj).stance = 'defend';
    expect(labels(f)).toEqual(['defending']);
    (f.turn as Obj).stance = 'dodge';
    expect(labels(f)).toEqual(['dodging']);
  });

  it('the 5-hit DX penalty while it is owed: Legacy on the next action, classic this turn or next', () => {
    const f = bjorn();
    f.dxPenalty = { amount: -2, turnsLeft: 0, actionsLeft: 1 };
    expect(labels(f)).toEqual(['-2 DX next action']);
    f.dxPenalty = { amount: -2, turnsLeft: 2, actionsLeft: 0 };
    expect(labels(f)).toEqual(['-2 DX next turn']);
    f.dxPenalty = { amount: -2, turnsLeft: 3, actionsLeft: 0 };
    expect(labels(f)).toEqual(['-2 DX this turn']);
    f.dxPenalty = { amount: 0, turnsLeft: 0, actionsLeft: 0 };
    expect(labels(f)).toEqual([]);
  });

  it('an empty hand says why from the line of play: dropped, broken; readied again or rewound, gone', () => {
    const f = bjorn();
    f.ready = null;
    expect(labels(f)).toEqual(['no weapon ready']);
    const dropped = entry(1, [{ type: 'weapon-dropped', figure: 'bjorn', weapon: 'bjorn.broadsword', name: 'Broadsword' }]);
    expect(labels(f, [dropped])).toEqual(['dropped Broadsword']);
    const broken = entry(2, [{ type: 'weapon-broken', figure: 'bjorn', weapon: 'bjorn.dagger', name: 'Dagger' }]);
    expect(labels(f, [dropped, broken])).toEqual(['Dagger broken']);
    // Rewound to before the break: the drop is the last word.
    expect(labels(f, [dropped, broken, { seq: 3, kind: 'rewind', at: '', by, to: 1 }])).toEqual(['dropped Broadsword']);
    // Another figure's events say nothing of Bjorn's hand.
    expect(labels(f, [entry(1, [{ type: 'weapon-dropped', figure: 'cedric', name: 'War ax' }])])).toEqual(['no weapon ready']);
    f.ready = 'bjorn.broadsword';
    expect(labels(f, [dropped])).toEqual([]);
  });

  it('a figure that cannot act shows none (its state says it: down, out of the fight)', () => {
    const f = bjorn();
    f.prone = true;
    f.ready = null;
    f.state = 'unconscious';
    f.woundFx = { dx: 0, maFactor: 0, canAct: false };
    expect(labels(f)).toEqual([]);
    // Hidden enemy stats (no woundFx): the state word decides.
    delete f.woundFx;
    expect(labels(f)).toEqual([]);
    f.state = 'reeling';
    expect(labels(f)).toEqual(['prone', 'no weapon ready']);
  });
});
