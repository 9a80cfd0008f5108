// The core's narration (`fray run`, the table's log) in the table's words: facings by the compass
// names the table shows (core/hex DIRECTION_NAMES), the events keeping their numbers.
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../core/dice/source.ts';
import { DIRECTION_NAMES } from '../../core/hex/coords.ts';
import { seedRng } from '../../core/rng.ts';
import { runToEnd } from '../../engine/run.ts';
import type { TftEvent, TftState } from './model.ts';
import { tftSystem } from './system.ts';
import { beginTurn, play, scenario, setup } from './testing.ts';

describe('TFT narration', () => {
  it('tft-core: a move reads its facing by the compass name the table shows ("facing E", not "facing 0"), for each of the six directions', () => {
    for (let d = 0; d < 6; d++) {
      const s = setup([
        { id: 'a', side: 'A', at: [2, 3], facing: 0 },
        { id: 'b', side: 'B', at: [9, 3], facing: 3 },
      ]);
      beginTurn(s, 'A');
      const move = play(s, [{ type: 'move', figure: 'a', path: [{ q: 3, r: 3 }], facing: d }]).find((e) => e.type === 'move')!;
      // The event keeps the number; the line names it.
      expect(move.facing).toBe(d);
      expect(tftSystem.describe(move)).toBe(`[turn 1] a moves 1 hex to (3,3), facing ${DIRECTION_NAMES[d]}.`);
    }
  });

  it('tft-core: no line of a fight played by the AI shows a facing as a number, or counts with "(s)"', () => {
    const s = setup(
      [
        { id: 'bjorn', side: 'north', st: 12, dx: 12, weapons: ['broadsword', 'dagger'], armor: 'leather', shield: 'small-shield', at: [2, 3], facing: 0 },
        { id: 'cedric', side: 'south', st: 13, dx: 11, weapons: ['war-ax'], armor: 'leather', shield: 'small-shield', at: [5, 3], facing: 3 },
      ],
      { thread: 'on' },
    ) as TftState;
    const events: TftEvent[] = [];
    runToEnd(tftSystem, s, new SeededDice(seedRng(7)), (e) => events.push(e), { maxSteps: 5_000 });
    const lines = events.map((e) => tftSystem.describe(e));
    const moves = lines.filter((l) => / (moves|stays) /.test(l));
    expect(moves.length).toBeGreaterThan(2);
    for (const l of moves) expect(l).toMatch(new RegExp(`, facing (${DIRECTION_NAMES.join('|')})[ .]`));
    for (const l of lines) expect(l).not.toMatch(/facing \d|\((s|es)\)/);
  });
  it('R-T1 [82345e2a]: a state change under the thread rule reads the reason its ledger gives (dyST decides dying and dead, not remST); without the rule the core band (tft-core)', () => {
    const lineFor = (thread: 'on' | 'off', to: string): string | undefined => {
      for (let seed = 1; seed <= 60; seed++) {
        const s = setup(
          [
            { id: 'bjorn', side: 'north', st: 12, dx: 13, weapons: ['broadsword'], at: [2, 3], facing: 0 },
            { id: 'cedric', side: 'south', st: 12, dx: 13, weapons: ['broadsword'], at: [3, 3], facing: 3 },
          ],
          { thread },
        ) as TftState;
        const events: TftEvent[] = [];
        runToEnd(tftSystem, s, new SeededDice(seedRng(seed)), (e) => events.push(e), { maxSteps: 5_000 });
        const e = events.find((x) => x.type === 'state' && x.to === to);
        if (e) return tftSystem.describe(e);
      }
      return undefined;
    };
    expect(lineFor('on', 'dying')).toMatch(/is now DYING \(was \w+\): dyST -?\d+ is between -ST \(-12\) and 0 \(R-T1\)\.$/);
    expect(lineFor('off', 'dead')).toMatch(/is now DEAD \(was \w+\): ST - wounds -?\d+ is 0 or less \(tft-core\)\.$/);
  });
  it('tft-core armor: the damage ledger names what stopped the hit (armor, the ready shield, or both), not "armor and shield" for a figure with no shield', () => {
    const stops = (shield: boolean): string[] => {
      const out = new Set<string>();
      for (let seed = 1; seed <= 20 && out.size === 0; seed++) {
        const s = setup(
          [
            { id: 'bjorn', side: 'north', st: 14, dx: 14, weapons: ['broadsword'], armor: 'leather', ...(shield ? { shield: 'small-shield' } : {}), at: [2, 3], facing: 0 },
            { id: 'cedric', side: 'south', st: 14, dx: 14, weapons: ['broadsword'], armor: 'leather', ...(shield ? { shield: 'small-shield' } : {}), at: [3, 3], facing: 3 },
          ],
          {},
        ) as TftState;
        const events: TftEvent[] = [];
        runToEnd(tftSystem, s, new SeededDice(seedRng(seed)), (e) => events.push(e), { maxSteps: 2_000 });
        for (const e of events) if (e.type === 'damage') for (const l of e.ledger as { source: string; delta: number }[]) if (l.delta < 0) out.add(l.source);
      }
      return [...out];
    };
    expect(stops(false)).toEqual(['leather armor stops']);
    expect(stops(true)).toEqual(['leather armor and small shield stop']);
  });
  it('tft-core initiative: sides the scenario names (sides[].name) are narrated by their names, with no verb to agree; without names, by id as before', () => {
    const figures = [
      { id: 'bjorn', side: 'north', st: 12, dx: 13, weapons: ['broadsword'], at: [2, 3] as [number, number], facing: 0 },
      { id: 'cedric', side: 'south', st: 12, dx: 13, weapons: ['broadsword'], at: [5, 3] as [number, number], facing: 3 },
    ];
    const lines = (extra: Record<string, unknown>) => {
      const s = tftSystem.setup({ ...scenario(figures), ...extra }) as TftState;
      const events: TftEvent[] = [];
      runToEnd(tftSystem, s, new SeededDice(seedRng(3)), (e) => events.push(e), { maxSteps: 2_000 });
      return { s, text: events.map((e) => tftSystem.describe(e)).filter((l) => /Initiative|[Mm]ove (first|last)|fight is over/.test(l)) };
    };
    const named = lines({ sides: [{ id: 'north', name: 'The Northmen' }, { id: 'south', name: 'Two orcs' }] });
    expect(named.s.sideNames).toEqual({ north: 'The Northmen', south: 'Two orcs' });
    expect(named.text[0]).toMatch(/^\[turn 1\] Initiative: (The Northmen|Two orcs) \d+; (The Northmen|Two orcs) \d+\. Won by (The Northmen|Two orcs)\.$/);
    expect(named.text[1]).toMatch(/^\[turn 1\] Move (first|last), chosen by (The Northmen|Two orcs); order (The Northmen|Two orcs) then (The Northmen|Two orcs)\.$/);
    expect(named.text.at(-1)).toMatch(/won by (The Northmen|Two orcs)/);
    for (const l of named.text) expect(l).not.toMatch(/\b(north|south)\b/);
    const plain = lines({});
    expect(plain.s.sideNames).toBeUndefined();
    expect(plain.text[0]).toMatch(/\. (north|south) wins\.$/);
  });
});

describe('TFT narration of the GM adjustment (gm)', () => {
  const adjusted = (cmd: Record<string, unknown>, faces: number[] = [], wounds = 0): string[] => {
    const s = setup([
      { id: 'bjorn', name: 'Bjorn', side: 'north', at: [2, 3], facing: 0 },
      { id: 'cedric', side: 'south', at: [9, 3], facing: 3 },
    ]);
    beginTurn(s, 'north');
    s.figures[0].wounds = wounds;
    return play(s, [{ type: 'adjust', figure: 'bjorn', ...cmd }], faces).map((e) => tftSystem.describe(e, new Map([['bjorn', 'Bjorn']])));
  };
  it('gm: a hit reads as the GM\'s with the reason and the dice, then the core\'s damage line (armor, wounds now) naming the GM', () => {
    expect(adjusted({ damage: '2d', reason: 'Fireball' }, [4, 3]).slice(0, 2)).toEqual([
      '[turn 1] GM: Bjorn is hit (Fireball; 2d = 4+3 = 7).',
      '[turn 1] Bjorn takes 7 damage (GM: Fireball = 7); wounds now 7.',
    ]);
    expect(adjusted({ damage: '1d+1', reason: 'fall' }, [5])[0]).toBe('[turn 1] GM: Bjorn is hit (fall; 1d+1 = 5+1 = 6).');
    expect(adjusted({ damage: 1, reason: 'trap' })[0]).toBe('[turn 1] GM: Bjorn is hit (trap).');
  });
  it('gm: healing reads the wounds removed and the wounds left; fatigue taken or recovered, and the fatigue now', () => {
    expect(adjusted({ heal: 2, reason: 'healing potion' }, [], 5)).toEqual(['[turn 1] GM: Bjorn heals 2 wounds (healing potion); wounds now 3.']);
    expect(adjusted({ heal: '1d', reason: 'healing potion' }, [4], 5)).toEqual(['[turn 1] GM: Bjorn heals 4 wounds (healing potion; 1d = 4); wounds now 1.']);
    expect(adjusted({ fatigue: 3, reason: 'casting Fireball' })).toEqual(['[turn 1] GM: Bjorn takes 3 fatigue (casting Fireball); fatigue now 3.']);
    expect(adjusted({ damage: 2, fatigue: -1, reason: 'rest' })[0]).toBe('[turn 1] GM: Bjorn is hit and recovers 0 fatigue (rest); fatigue now 0.');
    // An event without what was applied (a view that drops those fields): still a sentence.
    expect(tftSystem.describe({ type: 'adjust', turn: 1, figure: 'bjorn', reason: 'trap' })).toBe('[turn 1] GM: adjusts bjorn (trap).');
  });
});

describe('TFT narration of a blow from a figure hidden from the viewer', () => {
  // Cedric's blow on Bjorn as the server sends it to Bjorn's player with Cedric hidden (src/server/views.ts
  // unseenFigure): the striker "an unseen figure", marked `unseen`, without its faces, roll, adjDX and ledger.
  const blow = { type: 'attack', turn: 1, figure: 'an unseen figure', unseen: ['figure'], target: 'bjorn', weapon: 'War ax', mode: 'melee', dice: 3, outcome: 'hit', multiplier: 1 };
  const names = new Map([['bjorn', 'Bjorn']]);

  it("tft-core: reads 'An unseen figure attacks Bjorn with War ax (melee): hit.', each outcome in the rules' words, no roll (it threw: the player's log read the bare 'attack')", () => {
    expect(tftSystem.describe(blow, names)).toBe('[turn 1] An unseen figure attacks Bjorn with War ax (melee): hit.');
    expect(tftSystem.describe({ ...blow, outcome: 'double' }, names)).toBe('[turn 1] An unseen figure attacks Bjorn with War ax (melee): DOUBLE damage.');
    expect(tftSystem.describe({ ...blow, outcome: 'auto-miss', mode: 'missile' })).toBe('[turn 1] An unseen figure attacks bjorn with War ax (missile): automatic miss.');
    // The player's own blow on an unseen figure keeps its roll: the line reads it, the target as sent.
    const own = { ...blow, figure: 'bjorn', target: 'an unseen figure', unseen: ['target'], faces: [2, 3, 4], roll: 9, adjDX: 12, ledger: [{ source: 'DX', delta: 12, rule: 'tft-core' }] };
    expect(tftSystem.describe(own, names)).toBe('[turn 1] Bjorn attacks an unseen figure with War ax (melee): 3d6 = 2+3+4 = 9 vs adjDX 12 [12 DX] -> hit.');
  });
});
