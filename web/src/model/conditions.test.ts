import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { systems } from '../../../src/rules/index.ts';
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { QUIET, QueueDice, playUntil } from '../../../src/rules/adnd/testing.ts';
import { adndConditions, tftConditions } from './conditions.ts';
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

  it('HiTech overwatch declared and not yet fired, with its trigger in words (R-H7); gone once fired or lapsed', () => {
    const f = bjorn();
    f.house = { hitech: { overwatch: { trigger: { targets: 'any-enemy', on: 'enter', beforeAction: true }, turn: 1, burst: 'single', weaponSlot: 0 } } };
    expect(tftConditions(f)).toEqual([
      {
        label: 'overwatch',
        title:
          "on overwatch: it fires once at the first enemy in view, just before it acts in the rest of this action phase or as it enters a hex in the next turn's movement phase; an overwatcher that moves gives it up (R-H7)",
      },
    ]);
    f.house = { hitech: {} };
    expect(labels(f)).toEqual([]);
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

describe('AD&D conditions at a glance (R-A2, R-A9)', () => {
  const labels = (f: unknown) => adndConditions(f as Obj).map((c) => c.label);
  const fighter = (id: string, over: Record<string, unknown>) => ({ id, name: id, side: id, class: 'fighter', level: 5, hp: 40, ac: 5, dex: 16, ...over });

  it("3380eb42 R-A9: after a hit to disarm, the weapon knocked away is said by name (the roster said nothing: which of the foe's two weapons was gone?)", () => {
    const hugo = fighter('hugo', { proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }], script: [{ type: 'attack', target: 'duelist', mode: 'disarm' }] });
    const duelist = fighter('duelist', { level: 1, proficiencies: {}, weapons: [{ weapon: 'footmans-mace' }, { weapon: 'main-gauche' }], wield: ['footmans-mace', 'main-gauche'], script: [{ type: 'wait', until: 20 }] });
    const raw = { system: 'adnd', figures: [hugo, duelist] };
    expect(labels(playUntil(raw, new QueueDice({}, QUIET), 0).s.figures[1])).toEqual([]);
    // The long sword binds the main gauche, not the mace: d20 18 hits AC 0, the save's d20 5 fails.
    const { s } = playUntil(raw, new QueueDice({ 20: [18, 5] }, QUIET), 6);
    expect(s.figures[1].hands).toEqual(['footmans-mace']);
    expect(labels(s.figures[1])).toEqual(['main gauche on the floor']);
    expect(adndConditions(s.figures[1] as unknown as Obj)[0].title).toMatch(/hit to disarm.*R-A9/);
  });

  it('3380eb42 R-A9: an entangled figure says so, with what it may do; R-A2: a figure with no weapon in hand says so, never a monster of natural attacks', () => {
    const whip = fighter('hero', { level: 1, proficiencies: { whip: 1 }, weapons: [{ weapon: 'whip' }] });
    const foe = fighter('foe', { level: 1, dex: 16, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }], script: [] });
    // whip SF 4: d20 18 hits; the save's d20 10 + 1 fails (system.test.ts's entangle).
    const { s } = playUntil({ system: 'adnd', figures: [whip, foe] }, new QueueDice({ 20: [18, 10] }, QUIET), 4);
    expect(labels(s.figures[1])).toEqual(['entangled']);
    const archer = fighter('dara', { proficiencies: { longbow: 1 }, weapons: [{ weapon: 'longbow', ammo: 10 }], wield: [] });
    const ogre = { id: 'ogre', side: 'b', hd: '4+1', size: 'L', hp: 25, ac: 5, weapons: [{ id: 'club', sf: 6, damage: '1d10' }] };
    const start = systems.adnd.setup({ system: 'adnd', figures: [archer, ogre] }) as unknown as { figures: Obj[] };
    expect(start.figures.map(labels)).toEqual([['no weapon in hand'], []]);
  });
});
