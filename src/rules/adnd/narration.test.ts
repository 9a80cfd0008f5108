// The attack narration (`fray run`, the table's log) shows every to-hit number with its
// derivation and rule ids, as the TFT lines do: the bonus entry by entry (strength, dexterity
// R-A4, proficiency R-A4, magic), the d20 needed from the 1e matrix (class/level or hit dice
// "to hit AC 0" less the target's AC, R-A11) and the target's AC opened into its parts
// (armour, dexterity R-A4, two weapons R-A4, parry R-A8). The terms printed sum to the numbers printed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { Ledger } from '../../core/ledger.ts';
import { describeEvent } from './describe.ts';
import type { AdndEvent } from './model.ts';

const ex = (name: string) => new URL(`../../../examples/adnd/${name}`, import.meta.url).pathname;

async function run(file: string, seed: string, json: boolean): Promise<string[]> {
  const out: string[] = [];
  const code = await main(['node', 'fray', 'run', ex(file), '--seed', seed, ...(json ? ['--json'] : [])], { out: (t) => out.push(t), err: () => {}, readFile: (p) => readFileSync(p, 'utf8') });
  expect(code).toBe(0);
  return out.join('\n').split('\n').filter((l) => l.length > 0);
}

/** Sum of a printed derivation: a leading number, then "+ N" / "- N" terms. */
function sumTerms(text: string): number {
  const lead = /^(-?\d+) /.exec(text);
  let t = lead ? Number(lead[1]) : 0;
  for (const m of text.matchAll(/(?:^|\] )([+-]) (\d+) /g)) t += (m[1] === '-' ? -1 : 1) * Number(m[2]);
  return t;
}

/** The attack lines, checked against their events: the terms shown sum to the numbers shown, and each entry's rule id is there. */
function checkAttacks(events: AdndEvent[], lines: string[]): number {
  let n = 0;
  for (const e of events) {
    if (e.type !== 'attack') continue;
    const x = e as unknown as { roll: number; bonus: Ledger; need: Ledger; ac: Ledger };
    const line = describeEvent(e);
    expect(lines).toContain(line);
    const m = /d20 (\d+) ([+-]) (\d+) \[(.*?)\] = (-?\d+) vs (-?\d+) needed \[(.*?\])\](?::|$)/.exec(line);
    expect(m, line).not.toBeNull();
    const [, roll, sign, bonus, bonusWhy, sum, need, needWhy] = m!;
    const shownBonus = (sign === '-' ? -1 : 1) * Number(bonus);
    expect(shownBonus).toBe(x.bonus.total);
    expect(Number(roll) + shownBonus).toBe(Number(sum));
    if (!bonusWhy.startsWith('nothing from') && bonusWhy !== 'no modifiers') expect(sumTerms(bonusWhy), line).toBe(shownBonus);
    for (const b of x.bonus.entries) if (b.delta !== 0) expect(bonusWhy).toContain(`${Math.abs(b.delta)} ${b.source} [${b.rule}]`);
    expect(x.bonus.entries.reduce((t, b) => t + b.delta, 0)).toBe(x.bonus.total);
    // The needed number: "to hit AC 0" [R-A11] less the target's AC [R-A11], its parts in parentheses.
    expect(Number(need)).toBe(x.need.total);
    expect(needWhy).toMatch(/to hit AC 0, .* \[R-A11\]/);
    const ac = /target AC (-?\d+) \((.*)\) \[R-A11\]/.exec(needWhy);
    const top = ac ? needWhy.replace(ac[0], `target AC ${ac[1]} [R-A11]`) : needWhy;
    expect(sumTerms(top), line).toBe(x.need.total);
    if (ac) {
      expect(Number(ac[1])).toBe(x.ac.total);
      expect(sumTerms(ac[2])).toBe(x.ac.total);
      for (const a of x.ac.entries) expect(ac[2]).toContain(`${a.source} [${a.rule}]`);
    }
    n++;
  }
  return n;
}

describe('attack narration: the to-hit ledger, rule by rule', () => {
  it('melee.yaml --seed 7: a known miss and a known hit read with their derivations', async () => {
    const lines = await run('melee.yaml', '7', false);
    expect(lines).toContain(
      '[r1 s3] mirela strikes at orc5 with dagger: d20 13 + 0 [nothing from strength 10 [adnd-phb-strength], dexterity 16 (hand) [R-A4], proficient with dagger [R-A4]] = 13 vs 14 needed [21 to hit AC 0, magic-user level 5 [R-A11] - 7 target armour class 7 [R-A11]]: miss',
    );
    expect(lines).toContain(
      '[r1 s5] aldric strikes at ogre with longsword: d20 1 + 2 [+ 1 strength 18/40 [adnd-phb-strength] + 1 weapon magic long sword [adnd-phb]] = 3 vs 13 needed [18 to hit AC 0, paladin level 4 [R-A11] - 5 target armour class 5 [R-A11]]: miss (natural 1)',
    );
    // A monster's need by hit dice, against a target whose AC has a dexterity part.
    expect(lines).toContain(
      '[r1 s4] orc1 strikes at mirela with scimitar: d20 5 + 0 [nothing from strength 10 [adnd-phb-strength], dexterity 11 (hand) [R-A4]] = 5 vs 12 needed [19 to hit AC 0, monster 1 HD [R-A11] - 7 target AC 7 (8 armour class 8 [adnd-phb] - 1 dexterity 16 AC adjustment [R-A4]) [R-A11]]: miss',
    );
  });

  it('R-A8: a parried blow shows the parry in the target AC', async () => {
    const lines = await run('frito-parries.yaml', '3', false);
    expect(lines).toContain(
      '[r2 s3] minotaur strikes at frito with butt: d20 7 + 0 [no modifiers] = 7 vs 16 needed [13 to hit AC 0, monster 6-7+ HD [R-A11] + 3 target AC -3 (2 armour class 2 [adnd-phb] - 2 dexterity 17 AC adjustment [R-A4] - 3 parrying this attacker [R-A8]) [R-A11]]: miss',
    );
  });

  for (const [file, seed] of [
    ['melee.yaml', '7'],
    ['frito-and-rocky.yaml', '3'],
    ['frito-parries.yaml', '3'],
    ['surprise.yaml', '5'],
  ] as const) {
    it(`${file} --seed ${seed}: every attack line's terms sum to its numbers, each with its rule id`, async () => {
      const events = (await run(file, seed, true)).map((l) => JSON.parse(l)).filter((e) => e.type !== 'summary') as AdndEvent[];
      const lines = await run(file, seed, false);
      expect(checkAttacks(events, lines)).toBeGreaterThan(0);
    });
  }
});
