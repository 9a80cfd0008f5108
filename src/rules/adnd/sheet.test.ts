// What each figure swings at the start, with its ledgers (sheet.ts): the lab prints it under a
// simulation (seed 3380eb42, R-A4, R-A10, R-A11).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatLedger } from '../../core/ledger.ts';
import { displayNames } from '../../engine/names.ts';
import { attackSheets, sheetText } from './sheet.ts';
import { adndSystem as sys } from './system.ts';

/** examples/lab/two-weapons-duel.yaml: Garrick (fighter 4) with longsword and dagger in hand, at `dex`. */
function duel(dex: number, twoWeapons = false) {
  const raw = parse(readFileSync('examples/lab/two-weapons-duel.yaml', 'utf8'));
  raw.figures[0] = { ...raw.figures[0], dex, wield: ['longsword', 'dagger'], twoWeapons };
  return sys.setup(raw);
}

describe('attack sheets (R-A4, R-A10, R-A11)', () => {
  it('R-A4, R-A10 [3380eb42]: at level 4, dexterity 12 to 15 give the same hands and needs; the threshold 8, 8.5, 9, 9.5 confirms on 8, 8, 9, 9 faces', () => {
    const garrick = (dex: number) => attackSheets(duel(dex)).find((x) => x.figure === 'hero')!;
    for (const dex of [12, 13, 14, 15]) {
      const g = garrick(dex);
      // The seed's row 10-15: primary -6, secondary -8; strength 16 and proficiency add nothing.
      expect(g.hands.map((h) => [h.weapon, h.role, h.bonus.total])).toEqual([
        ['longsword', 'primary', -6],
        ['dagger', 'secondary', -8],
      ]);
      // 18 to hit AC 0 (fighter 4) against AC 4: 14; d20 - 6 and d20 - 8 reach it on a natural 20 alone.
      expect(g.foes.map((f) => [f.target, f.need.total, f.hit])).toEqual([['gnoll', 14, [0.05, 0.05]]]);
      expect(formatLedger(g.critical!.threshold)).toBe(`${dex / 2} half of dexterity ${dex} [R-A10] + 2 half of level 4 [R-A10] = ${(dex + 4) / 2}`);
    }
    expect([12, 13, 14, 15].map((d) => garrick(d).critical!.faces)).toEqual([8, 8, 9, 9]);
    // The skill moves the row (R-A4 note 1): 16's -5 / -7.
    expect(attackSheets(duel(13, true))[0].hands.map((h) => h.bonus.total)).toEqual([-5, -7]);
  });

  it("R-A4: the foe's need counts the two-weapon AC (1 worse); a monster's threshold says its dexterity is assumed", () => {
    const s = duel(13);
    const gnoll = attackSheets(s).find((x) => x.figure === 'gnoll')!;
    // 15 to hit AC 0 (monster 4 HD) against AC 4 + 1 for two weapons: 10.
    expect(gnoll.foes[0].need.total).toBe(10);
    expect(gnoll.foes[0].ac.entries.map((e) => [e.source, e.delta])).toEqual([
      ['armour class 4', 4],
      ['fighting with two weapons', 1],
    ]);
    const text = sheetText(attackSheets(s), displayNames(s.figures));
    expect(text).toContain('  Garrick: long sword (primary) d20 - 6 [- 6 dexterity 13 two weapons, row 10-15 (primary) [R-A4]]; dagger (secondary) d20 - 8 [- 8 dexterity 13 two weapons, row 10-15 (secondary) [R-A4]]');
    expect(text).toContain('    critical: a natural 20 that hits, then d20 <= 8 (threshold 6.5 half of dexterity 13 [R-A10] + 2 half of level 4 [R-A10] = 8.5)');
    expect(text).toContain('    critical: a natural 20 that hits, then d20 <= 7 (threshold 5.5 half of dexterity 11 (assumed: not given) [R-A10] + 2 half of hit dice 4 [R-A10] = 7.5)');
  });

  it("R-A2, R-A3, R-A6 [3380eb42]: the speed factor drill: each figure's first action and why there; the surprise roll that delays it", () => {
    const s = sys.setup(parse(readFileSync('examples/adnd/speed-factors.yaml', 'utf8')));
    const sheets = attackSheets(s);
    const first = Object.fromEntries(sheets.map((x) => [x.figure, x.first?.segment]));
    // Long sword 5; a draw 1 (its blow in 6); the bow readied in 2 (a shot in 5); a nocked arrow 1; haste 5 -> 3; slow 3 -> 6; Egon 5 before his surprise.
    expect(first).toMatchObject({ aldo: 5, bera: 1, cato: 2, dara: 1, hale: 3, sten: 6, egon: 5 });
    const text = sheetText(sheets, displayNames(s.figures));
    expect(text).toContain('    first: attack Straw target with long sword (if declared before segment 1): start of the encounter [R-A1] + 5 long sword speed factor 5 [R-A2] - 2 haste: speed factor 5 -> 3 [R-A6] = round 1 segment 3');
    // The seed's four segments for a roll of 21 against 33% (2 + 1 per full 5 under: 12 -> 2), which puts his blow in 9.
    expect(text).toContain("    surprise: its side rolls one d100 at the start; surprised on 33 or less, for 2 segments + 1 per full 5 under, which delay the first action (R-A3); the scenario's roll 21: surprised 4 segments");
    expect(text).toContain("    surprise: its side rolls one d100 at the start; surprise chance 0: never surprised (R-A3); the scenario's roll 21: not surprised");
    expect(sheets.find((x) => x.figure === 'straw')?.surprise).toBeNull();
  });

  it("R-A8 [3380eb42]: Frito's parry: AC 0 becomes -3 against one attacker (two proficiencies and the +1 sword), his next action 2 segments later", () => {
    const s = sys.setup(parse(readFileSync('examples/adnd/frito-parries.yaml', 'utf8')));
    const frito = attackSheets(s).find((x) => x.figure === 'frito')!;
    expect(frito.parry?.ac.total).toBe(3);
    expect(frito.parry?.delay.total).toBe(2);
    expect(sheetText([frito], displayNames(s.figures))).toContain(
      '    parry: with long sword, AC 3 better against one attacker (2 proficiencies in long sword [R-A8] + 1 long sword to-hit magic [R-A8] = 3), next action 2 segments later; the AI parries a blow that could kill it',
    );
    // A monster's natural attack gives no parry (no proficiency, no magic): no line.
    expect(attackSheets(s).find((x) => x.figure === 'minotaur')?.parry).toBeNull();
  });

  it("R-A5 [3380eb42]: a fighter subclass's extra-attack chance, as the log sums it (level 4: 20 + 5 true fighter = 25); none for a monster", () => {
    const s = duel(16);
    const names = displayNames(s.figures);
    const sheets = attackSheets(s, names);
    expect(sheets.map((x) => x.extra && formatLedger(x.extra))).toEqual(['20 level 4 × 5% [R-A5] + 5 true fighter [R-A5] = 25', null]);
    expect(sheetText(sheets, names)).toContain('    extra attack: d100 <= 25 at the start of each round, a d10 for its segment (20 level 4 × 5% [R-A5] + 5 true fighter [R-A5] = 25)');
  });
});
