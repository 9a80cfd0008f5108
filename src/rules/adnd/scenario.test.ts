// Hit dice as scenario files write them, read against the 1e DMG monster attack matrix
// (adnd-1e reference bands; audit of seed 3380eb42).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { InputError } from '../../core/errors.ts';
import { criticalThresholdValue } from './combat.ts';
import { parseCommand, parseHd, setupScenario } from './scenario.ts';
import { saveNeed, toHitAC0 } from './tables.ts';
import type { AdndState, Command } from './model.ts';
import { adndSystem as sys } from './system.ts';
import { fighter, QUIET, QueueDice, refusal } from './testing.ts';

const monster = (hd: string) => ({ cls: null, level: 0, monster: true, hd: parseHd(hd)! });

describe('monster hit dice (R-A11)', () => {
  it('R-A11 / adnd-1e reference: "1-1", "1", "1+1", "4+1" fall in the matrix bands 1-1, 1, 1+, 4-5+', () => {
    expect(['1-1', '1', '1+1', '1+', '2', '3+3', '4+1', '6+3'].map((h) => toHitAC0(monster(h)).value)).toEqual([20, 19, 18, 18, 16, 16, 15, 13]);
  });

  it('R-A11 / adnd-1e reference (1e DMG monster matrix): a plus above +3 is another hit die: 6+6 is 7 HD, 3+4 reads the 4-5+ row, 1+4 the 2-3+ row [3380eb42]', () => {
    expect([parseHd('6+6'), parseHd('3+4'), parseHd('1+4'), parseHd('3+3')]).toEqual([7, 4, 2, 3.5]);
    // "to hit AC 0": 3+4 -> 4 HD (15, not the 2-3+ row's 16); 1+4 -> 2 HD (16, not the 1+ row's 18)
    expect([toHitAC0(monster('3+4')).value, toHitAC0(monster('1+4')).value]).toEqual([15, 16]);
    // 6+4 saves as a fighter of level 7 (paralysis 10 on the 7-8 row, not 11 on the 5-6 row)
    expect(saveNeed(monster('6+4'), 'paralysis').value).toBe(10);
    // the critical threshold reads the same hit dice (seed: average of hit dice and dexterity 11)
    expect(criticalThresholdValue({ ...monster('6+6'), dex: { score: 11, pct: 0 }, dexGiven: false } as never)).toBe(9);
  });
});

describe('the surprise roll (R-A3)', () => {
  const fighter = (id: string, side: string) => ({ id, side, class: 'fighter', level: 1, hp: 10, ac: 5, weapons: [{ weapon: 'longsword' }] });
  const raw = (surprise: unknown[]) => ({ system: 'adnd', surprise, figures: [fighter('a', 'party'), fighter('b', 'foes')] });

  it('3380eb42 R-A3: one roll for the entire party: a side listed twice under surprise is refused, naming the entry', () => {
    // Before: the second entry silently rolled again for the same party and replaced the first roll.
    let err: unknown;
    try {
      setupScenario(raw([{ side: 'party', roll: 5 }, { side: 'party', roll: 90 }]));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).issues).toEqual([
      { path: 'surprise[1].side', message: "side 'party' already rolls for surprise: one d100 roll for the whole party (R-A3)" },
    ]);
    // One roll per side, each side its own, is fine.
    expect(setupScenario(raw([{ side: 'party', roll: 5 }, { side: 'foes', roll: 90 }])).surprise).toEqual([
      { side: 'party', roll: 5 },
      { side: 'foes', roll: 90 },
    ]);
  });
});

describe('hit points', () => {
  const fighter = (id: string, side: string, hp: Record<string, number>) => ({ id, side, class: 'fighter', level: 1, ...hp, ac: 5, weapons: [{ weapon: 'longsword' }] });

  it('hp above maxHp is refused at setup, naming figures[i].hp (a cure would have lowered the figure to maxHp); hp up to maxHp, or maxHp left out, is fine', () => {
    let err: unknown;
    try {
      setupScenario({ system: 'adnd', figures: [fighter('a', 'party', { hp: 10 }), fighter('b', 'foes', { hp: 30, maxHp: 20 })] });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).issues).toEqual([
      { path: 'figures[1].hp', message: '30 is more than maxHp 20: a figure starts with at most its maximum hp (healing stops at maxHp); raise maxHp or leave it out (it defaults to hp)' },
    ]);
    const s = setupScenario({ system: 'adnd', figures: [fighter('a', 'party', { hp: 10 }), fighter('b', 'foes', { hp: 20, maxHp: 20 }), fighter('c', 'foes', { hp: 5, maxHp: 20 })] });
    expect(s.figures.map((f) => [f.hp, f.maxHp])).toEqual([
      [10, 10],
      [20, 20],
      [5, 20],
    ]);
  });
});

describe('damage dice the engine can weigh', () => {
  it('a weapon whose damage is too large to enumerate exactly (100d1000) is refused at setup, naming the field; the AI and explain would weigh its distribution at every decision', () => {
    const fighter = (id: string, side: string, weapons: unknown[]) => ({ id, side, class: 'fighter', level: 1, hp: 10, ac: 5, weapons });
    let err: unknown;
    try {
      setupScenario({ system: 'adnd', figures: [fighter('a', 'party', [{ weapon: 'longsword' }]), fighter('b', 'foes', [{ id: 'club', sf: 4, damage: '100d1000' }])] });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).issues).toEqual([{ path: 'figures[1].weapons[0].damage', message: expect.stringMatching(/^'100d1000' is too large to enumerate exactly \(99,901 possible totals from 100 dice/) }]);
    // 50d100 stays playable.
    expect(() => setupScenario({ system: 'adnd', figures: [fighter('a', 'party', [{ weapon: 'longsword' }]), fighter('b', 'foes', [{ id: 'club', sf: 4, damage: '50d100' }])] })).not.toThrow();
  });
});

describe("a figure's script", () => {
  it("an entry the fight has overtaken (the GM dropped the weapon its attack needs) is passed over: the AI decides (draws the sword), then the entry is played (it was decided and refused, and the fight stuck)", () => {
    const s = sys.setup(parse(readFileSync(new URL('../../../examples/adnd/frito-parries.yaml', import.meta.url), 'utf8'))) as AdndState;
    const dice = new QueueDice({}, QUIET);
    sys.apply(s, sys.decide(s), dice, null);
    sys.apply(s, sys.parseCommand({ type: 'drop', figure: 'frito', weapon: 'longsword' }), dice, null);
    const decisions: Command[] = [];
    for (let i = 0; i < 4; i++) {
      const c = sys.decide(s);
      decisions.push(c);
      sys.apply(s, c, dice, null);
    }
    expect(decisions.filter((c) => 'figure' in c && c.figure === 'frito').map((c) => c.type)).toEqual(['wait', 'draw', 'attack']);
  });
  it("'begin' is refused at setup naming the entry's type, not the figure it is given: the encounter begins by itself", () => {
    const r = { system: 'adnd', figures: [fighter('gorm', 'party'), fighter('orc', 'foes', { script: [{ type: 'begin' }] })] };
    expect(refusal(() => setupScenario(r)).issues).toEqual([{ path: 'figures[1].script[0].type', message: "'begin' is no figure's command: the encounter begins by itself" }]);
  });
});

describe('missing fields', () => {
  const fighter = { id: 'a', side: 'party', class: 'fighter', level: 1, hp: 10, ac: 5, weapons: [{ weapon: 'longsword' }] };
  const monster = (extra: Record<string, unknown>) => ({ id: 'w', side: 'foes', hd: 2, hp: 9, ac: 7, ...extra });

  it('each one reads "required: ..." at its own field: a natural attack\'s sf and damage, a figure\'s class or hd, a command\'s type (they said "needs id, sf and damage", "a figure needs...", "nothing is not one of the known kinds")', () => {
    const natural = refusal(() => setupScenario({ system: 'adnd', figures: [fighter, monster({ weapons: [{ id: 'bite' }] })] }));
    expect(natural.issues).toEqual([
      { path: 'figures[1].weapons[0].sf', message: 'required: its speed factor, 1 to 20 (a natural attack has no `weapon` to take it from)' },
      { path: 'figures[1].weapons[0].damage', message: 'required: its damage, like 2d4 (a natural attack has no `weapon` to take it from)' },
    ]);
    const kind = refusal(() => setupScenario({ system: 'adnd', figures: [fighter, monster({ hd: undefined, weapons: [{ weapon: 'club' }] })] }));
    expect(kind.issues).toEqual([{ path: 'figures[1]', message: 'required: a `class` (a character) or `hd` (a monster)' }]);
    expect(refusal(() => parseCommand({ figure: 'a' })).issues).toEqual([
      { path: 'command.type', message: 'required: one of "begin", "attack", "parry", "pass", "draw", "ready", "drop", "cast", "wait", "struggle", "adjust", "end", "leave"' },
    ]);
  });
});
