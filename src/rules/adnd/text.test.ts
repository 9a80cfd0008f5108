// `fray explain` text for AD&D: the seed's to-hit tables readable in a terminal, the AC ledger,
// and the schedule saying who acts in each coming segment and why there [3380eb42].
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { AdndState } from './model.ts';
import { adndSystem as sys } from './system.ts';
import { QueueDice, QUIET } from './testing.ts';

const load = (name: string) => parse(readFileSync(new URL(`../../../examples/adnd/${name}`, import.meta.url), 'utf8'));
const text = (s: AdndState) => sys.explain(s).text as string[];


/** The cells of one row (strength, dexterity, proficiency, magic, total) of a figure's to-hit table. */
function tableRow(lines: string[], figure: string, row: string): string[] {
  const start = lines.findIndex((l) => l.includes(`[${figure},`));
  const l = lines.slice(start).find((x) => x.trimStart().startsWith(`${row} `))!;
  // The row's rule ids ("[R-A4]") follow the last cell.
  return l.trim().slice(row.length).replace(/ {2}\[[^\]]*\]$/, '').split('|').map((c) => c.trim());
}

describe('explain text (AD&D)', () => {
  const s = sys.setup(load('frito-and-rocky.yaml'));
  const lines = text(s);

  it("R-A4: Frito's table in the terminal: rows strength, dexterity, proficiency, magic, total per wielding [3380eb42]", () => {
    // Columns: sword alone, mace alone, sword (1st) + mace (2nd), mace (1st) + sword (2nd).
    expect(tableRow(lines, 'frito', 'strength')).toEqual(['+3', '+3', '+3', '+3', '+3', '+3']);
    expect(tableRow(lines, 'frito', 'dexterity')).toEqual(['+1', '+1', '-4', '-6', '-4', '-6']);
    expect(tableRow(lines, 'frito', 'proficiency')).toEqual(['0', '-2', '0', '-2', '-2', '0']);
    expect(tableRow(lines, 'frito', 'magic')).toEqual(['+2', '+3', '+2', '+3', '+3', '+2']);
    expect(tableRow(lines, 'frito', 'total')).toEqual(['+6', '+5', '+1', '-2', '0', '-1']);
  });

  it("R-A4: Rocky's table in the terminal: +7, +8, +5/+4, +6/+3 [3380eb42]", () => {
    expect(tableRow(lines, 'rocky', 'dexterity')).toEqual(['+2', '+2', '0', '-2', '0', '-2']);
    expect(tableRow(lines, 'rocky', 'total')).toEqual(['+7', '+8', '+5', '+4', '+6', '+3']);
  });

  it('R-A4 / R-A11: each to-hit row names its rules; each attack option shows its bonus and the d20 needed with their derivations', () => {
    const row = (figure: string, name: string) => lines.slice(lines.findIndex((l) => l.includes(`[${figure},`))).find((x) => x.trimStart().startsWith(`${name} `))!;
    expect(row('frito', 'strength')).toMatch(/ {2}\[adnd-phb-strength\]$/);
    expect(row('frito', 'dexterity')).toMatch(/ {2}\[R-A4\]$/);
    expect(row('frito', 'proficiency')).toMatch(/ {2}\[R-A4\]$/);
    expect(row('frito', 'magic')).toMatch(/ {2}\[adnd-phb\]$/);
    // "vs 11": fighter 5 hits AC 0 on 16, less the ogre's AC 5 (R-A11); the ogre's "vs 14" against Rocky opens Rocky's AC.
    expect(lines).toContain(
      "        longsword: +6 [+ 3 strength 18/00 [adnd-phb-strength] + 1 dexterity 17 (hand) [R-A4] + 2 weapon magic long sword [adnd-phb]]; needs 11 [16 to hit AC 0, fighter level 5 [R-A11] - 5 target armour class 5 [R-A11]]",
    );
    expect(lines).toContain(
      '        club: 0 [no modifiers]; needs 14 [15 to hit AC 0, monster 4-5+ HD [R-A11] - 1 target AC 1 (4 armour class 4 [adnd-phb] - 4 dexterity 18/95 AC adjustment [R-A4] + 1 fighting with two weapons [R-A4]) [R-A11]]',
    );
  });

  it('R-A10 [3380eb42]: each figure says how its criticals confirm, the threshold as a sum (Frito 17 and level 5: 11; Rocky 18/95 counts 18: 11.5, still d20 <= 11)', () => {
    expect(lines).toContain('  critical: a natural 20 that hits, then d20 <= 11 (threshold 8.5 half of dexterity 17 [R-A10] + 2.5 half of level 5 [R-A10] = 11)');
    expect(lines).toContain('  critical: a natural 20 that hits, then d20 <= 11 (threshold 9 half of dexterity 18 [R-A10] + 2.5 half of level 5 [R-A10] = 11.5)');
    expect((sys.explain(s).figures[0] as unknown as { critical: { faces: number } }).critical.faces).toBe(11);
  });

  it('R-A4: the AC with its ledger (dexterity, two weapons in hand)', () => {
    expect(lines).toContain('  AC 1: 4 armour class 4 [adnd-phb] - 4 dexterity 18/95 AC adjustment [R-A4] + 1 fighting with two weapons [R-A4] = 1');
  });

  it('R-A2: before the fight the schedule projects each first blow at its speed factor (two weapons: the slower)', () => {
    const i = lines.findIndex((l) => l.includes("Rocky the Ranger attack Ogre with long sword and footman's mace (if declared before segment 1)"));
    expect(lines[i]).toMatch(/^ {2}round 1 segment {2}7 \(7\): /);
    expect(lines[i + 1]).toBe('      why there: start of the encounter [R-A1] + 7 two weapons (slower of long sword 5 / footman\'s mace 7) speed factor 7 [R-A2] = round 1 segment 7');
  });

  it('R-A3: a surprised figure acts later, and the schedule says why (surprise roll 21: 4 segments, long sword first in 9)', () => {
    const t = sys.setup(load('surprise.yaml'));
    sys.apply(t, { type: 'begin' }, new QueueDice({ 100: [21, 100, 100] }, QUIET), null);
    const l = text(t);
    const i = l.findIndex((x) => x.includes('Gorm attack'));
    expect(l[i]).toMatch(/round 1 segment {2}9 \(9\): Gorm attack/);
    expect(l[i + 1]).toBe('      why there: start of the encounter [R-A1] + 4 surprised 4 segments (d100 21 <= 33%) [R-A3] + 5 long sword speed factor 5 [R-A2] = round 1 segment 9');
  });

  it('R-A8: after a parry the declared attack carries the parry delay (parry in 13: next attack 20)', () => {
    const t = sys.setup(load('frito-parries.yaml'));
    const dice = new QueueDice({}, QUIET);
    while (!(t.now === 13 && t.phase === 'declare' && t.figures[0].declared)) sys.apply(t, sys.decide(t), dice, null);
    const l = text(t);
    expect(l).toContain('  declared: attack Minotaur with long sword; lands in round 2 segment 10: parried in round 2 segment 3 [R-A1] + 5 long sword speed factor 5 [R-A2] + 2 parry delay: 1 consecutive parry [R-A8] = round 2 segment 10');
    expect(l).toContain('  consecutive parries: 1 (next action +2 segments) [R-A8]');
  });

  it("R-A8 / R-A7: a parry option shows the ledgers of its AC and delay; a damage spell its expected damage's", () => {
    const t = sys.setup(load('frito-parries.yaml'));
    const dice = new QueueDice({}, QUIET);
    while (!(t.phase === 'react' && t.queue.includes('frito'))) sys.apply(t, sys.decide(t), dice, null);
    const l = text(t);
    const i = l.indexOf('    - parry Minotaur with long sword: AC 3 better against it, next action +2 segments');
    expect(l.slice(i + 1, i + 3)).toEqual([
      '        AC better by: 2 proficiencies in long sword [R-A8] + 1 long sword to-hit magic [R-A8] = 3',
      '        next action later by: 2 parry delay: 1 consecutive parry [R-A8] = 2',
    ]);
    const mage = { id: 'mage', side: 'a', class: 'magic-user', level: 3, hp: 20, ac: 9, weapons: [{ weapon: 'dagger' }], spells: { 'lightning-bolt': 1 } };
    const gnoll = { id: 'gnoll', name: 'Gnoll', side: 'b', hd: 2, hp: 10, ac: 5, weapons: [{ id: 'claw', sf: 5, damage: '1d4' }] };
    const m = text(sys.setup({ system: 'adnd', figures: [mage, gnoll] }));
    const j = m.findIndex((x) => x.startsWith('    - cast lightning bolt at Gnoll'));
    // 3d6: mean 10.5; half rounded down 5 (x and 21 - x: one odd, halves summing to 10); save 17 on 4 faces of 20: 10.5 - 0.2 x 5.5 = 9.4
    expect(m[j]).toBe('    - cast lightning bolt at Gnoll (casting time 3, offensive; 1 left): expected damage 9.4');
    expect(m[j + 1]).toBe('        expected damage: 10.5 mean of 3d6 (caster level 3: a d6 per level) [adnd-phb] - 1.1 save vs spell (monster as fighter 2) 17: 20% to save for half (rounded down, mean 5) [adnd-phb] = 9.4');
  });

  it('R-A6 / R-A2: haste and drawing appear as steps of the sum', () => {
    const hero = { id: 'hero', side: 'a', class: 'fighter', level: 1, hp: 20, ac: 5, hasted: 3, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }], wield: [] };
    const foe = { id: 'foe', side: 'b', hd: 1, hp: 5, ac: 7, weapons: [{ id: 'claw', sf: 4, damage: '1d4' }] };
    const t = sys.setup({ system: 'adnd', figures: [hero, foe] });
    const dice = new QueueDice({}, QUIET);
    sys.apply(t, { type: 'begin' }, dice, null);
    sys.apply(t, { type: 'draw', figure: 'hero', weapons: ['longsword'] }, dice, null);
    const l = text(t);
    expect(l).toContain('      why there: start of the encounter [R-A1] + 1 draw long sword [R-A2] = round 1 segment 1');
    while (!(t.now === 1 && t.phase === 'declare')) sys.apply(t, sys.decide(t), dice, null);
    sys.apply(t, { type: 'attack', figure: 'hero', target: 'foe' }, dice, null);
    expect(text(t)).toContain('  declared: attack foe with long sword; lands in round 1 segment 4: weapon drawn in round 1 segment 1 [R-A1] + 5 long sword speed factor 5 [R-A2] - 2 haste: speed factor 5 -> 3 [R-A6] = round 1 segment 4');
  });
});

describe('explain text (AD&D): the to-hit table head', () => {
  it("R-A4: a figure that holds one weapon heads its column with the weapon's name once, and no line ends in spaces (it read 'longsword alone' over 'longsword')", () => {
    const lines = text(sys.setup(load('melee.yaml')));
    const i = lines.findIndex((l) => l.includes('[aldric,'));
    const head = lines.slice(i).find((l) => l.trimStart().startsWith('to hit'))!;
    expect(head.trim().split(/\s+/)).toEqual(['to', 'hit', 'longsword']);
    expect(lines[lines.indexOf(head) + 1].trimStart()).toMatch(/^strength +\+1 {2}\[adnd-phb-strength\]$/);
    // Two weapons in hand keep the two-line head: the wielding over each weapon's column.
    const two = text(sys.setup(load('frito-and-rocky.yaml')));
    const h = two.findIndex((l) => l.trimStart().startsWith('to hit'));
    expect(two[h]).toMatch(/longsword alone +\| mace alone +\| longsword \+ mace +\| mace \+ longsword$/);
    expect(two[h + 1].trim()).toMatch(/^longsword \| +mace \| +longsword \(1st\) \|/);
    expect([...lines, ...two].filter((l) => / $/.test(l))).toEqual([]);
  });
});
