// The text report of `fray odds`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adndAttackOdds, diceOdds, tftAttackOdds } from '../../lab/odds.ts';
import { renderSvg } from '../../lab/report.ts';
import { fray } from '../testing.ts';
import { oddsChart } from './odds.ts';

/** The decimals of every percentage in `text`. */
const decimals = (text: string) => new Set([...text.matchAll(/\d+(?:\.(\d+))?%/g)].map((m) => m[1]?.length ?? 0));

describe('fray odds text', () => {
  it('every probability of a report has three decimals, beside its exact fraction (tables read 2, headlines 3 and criticals 4)', async () => {
    const reports = [
      ['odds', '3d6<=12'],
      ['odds', '--adjdx', '13', '--damage', '2d+1', '--armor', '2', '--st', '12', '--burst', 'four'],
      ['odds', '--need', '14', '--damage', '1d8+3', '--hp', '8', '--death-at', '-10'],
    ];
    for (const args of reports) {
      const r = await fray(args);
      expect(r.code, r.err).toBe(0);
      expect([...decimals(r.out)], args.join(' ')).toEqual([3]);
    }
    const swing = (await fray(reports[2])).out;
    // The exact fractions stay: the headline, a critical's row, a damage row (value, P, P(<=), P(>=), exact).
    expect(swing).toMatch(/P\(hit\) = 35\.000% \(7\/20\)/);
    expect(swing).toMatch(/quadruple maximum damage +0\.075% +3\/4000/);
    expect(swing).toMatch(/\n +4 +4\.188% +69\.188% +35\.000% +67\/1600\n/);
  });
  it('a TFT attack says under its adjDX how the damage meets the armor (R-H8 per die, R-H9 AP)', async () => {
    const r = await fray(['odds', '--adjdx', '15', '--damage', '2d', '--armor', '2', '--per-die', '--ap']);
    expect(r.code, r.err).toBe(0);
    expect(r.out.split('\n')[1]).toBe('Damage: 2d per hit; armor off each die (R-H8): 2, half against AP, round up (R-H9): 1');
  });
  it('R-S3: a sweep says that its damage table and chart are per target (its total is on the expectation line)', async () => {
    const r = await fray(['odds', '--adjdx', '17', '--damage', '3d+1', '--armor', '1', '--sweep', 'new', '--targets', '3']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('\nDamage after armor to each target of the sweep (0 = miss or all stopped):\n');
    const title = oddsChart(tftAttackOdds({ adjDX: 17, damage: '3d+1', armor: 1, sweep: { variant: 'new', targets: 3 } })).title;
    expect((title as { text?: string }).text).toBe('TFT attack, adjDX 9 on 3d6: P(hit) 37.5%, expected damage 1.82 per target (3 targets)');
  });
  it('an AD&D swing says under its headline how it hits: the naturals and the critical rule in use (R-A10, R-A11)', async () => {
    const r = await fray(['odds', '--need', '14', '--damage', '1d8+3', '--no-crits']);
    expect(r.code, r.err).toBe(0);
    expect(r.out.split('\n')[1]).toBe('Damage: 1d8+3 per hit, at least 1 (adnd-phb); natural 20 hits, natural 1 misses (R-A11); no critical hits: a natural 20 just hits (criticals: off, R-A10)');
  });
  it("the chart's subtitle is the text's Damage: line (and a sweep's adjDX ledger), for TFT and AD&D alike", async () => {
    /** The subtitle's lines as one text (they are wrapped at spaces). */
    const subtitle = (c: ReturnType<typeof oddsChart>) => (c.title as { subtitle?: string[] }).subtitle?.join(' ');
    const hitech = oddsChart(tftAttackOdds({ adjDX: 15, damage: '2d', armor: 2, perDie: true, ap: true }));
    expect(subtitle(hitech)).toBe('Damage: 2d per hit; armor off each die (R-H8): 2, half against AP, round up (R-H9): 1');
    const svg = await renderSvg(hitech);
    expect(svg).toContain('half against AP');
    const sweep = oddsChart(tftAttackOdds({ adjDX: 17, damage: '3d+1', armor: 1, sweep: { variant: 'new', targets: 3 } }));
    expect(subtitle(sweep)).toBe('adjDX 9 on 3d6 = +17 adjDX as given [tft-core] -8 sweeping blow, 2 extra targets x -4 [R-S2] Damage: 3d+1 per hit; halved, round down, before armor (R-S3); armor once per hit: 1');
    const swing = oddsChart(adndAttackOdds({ need: 14, damage: '1d8+3', dex: 16, level: 5 }));
    expect(subtitle(swing)).toBe("Damage: 1d8+3 per hit, at least 1 (adnd-phb); natural 20 hits, natural 1 misses (R-A11); critical: a natural 20 that hits, confirmed by d20 <= 10 (threshold 10.5), does maximum damage times the third roll's multiplier (R-A10)");
    expect(oddsChart(diceOdds('3d6')).title).toBe('3d6');
  });
  it('R-A4, R-A10 [3380eb42]: an AD&D swing shows the ledger of its to-hit (--hand reads the dexterity column) and of its critical threshold', async () => {
    const r = await fray(['odds', '--need', '14', '--damage', '1d8', '--dex', '13', '--level', '4', '--hand', 'primary']);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe('AD&D swing: d20 -6 >= 14: P(hit) = 5.000% (1/20)');
    expect(lines[2]).toBe('To hit: 0 other to-hit bonuses as given [R-A11] - 6 dexterity 13 two weapons, row 10-15 (primary) [R-A4] = -6');
    // (13 + 4) / 2 = 8.5: a d20 of 8 or less confirms, as at dexterity 12.
    expect(lines[3]).toBe('P(critical) = 2.000% (1/50): a natural 20 that hits, then d20 <= 8 (threshold 8.5): 8 of 20 faces');
    expect(lines[4]).toBe('Critical threshold: 6.5 half of dexterity 13 [R-A10] + 2 half of level or hit dice 4 [R-A10] = 8.5');
    const skill = await fray(['odds', '--need', '14', '--damage', '1d8', '--dex', '18/95', '--hand', 'secondary', '--two-weapons-skill']);
    expect(skill.out.split('\n')[2]).toBe('To hit: 0 other to-hit bonuses as given [R-A11] - 1 dexterity 18/95 two weapons, Two Weapons skill: row 18/00 (secondary) [R-A4] = -1');
    // --hand reads --dex's row: the two go together, and --dex then counts with --no-crits.
    expect((await fray(['odds', '--need', '14', '--damage', '1d8', '--hand', 'primary'])).err).toContain("--hand: reads the seed's dexterity table (R-A4): give the attacker's --dex too");
    expect((await fray(['odds', '--need', '14', '--damage', '1d8', '--dex', '13', '--hand', 'primary', '--no-crits'])).code).toBe(0);
    expect((await fray(['odds', '--need', '14', '--damage', '1d8', '--dex', '13', '--no-crits'])).code).toBe(1);
  });
  it('R-A10 off: no critical line with a threshold that counts for nothing, and no empty table', async () => {
    const r = await fray(['odds', '--need', '14', '--damage', '1d8', '--no-crits']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('\nP(critical) = 0: no critical hits: a natural 20 just hits (criticals: off, R-A10)\n');
    expect(r.out).not.toContain('confirm');
    expect(r.out).not.toMatch(/^critical +P +exact$/m);
    // A natural 20 that misses (R-A11 off) makes no critical either: it says why.
    const miss = await fray(['odds', '--need', '14', '--damage', '1d8', '--no-naturals', '--bonus', '-7']);
    expect(miss.out).toContain('\nP(critical) = 0: a natural 20 misses here (d20 -7 reaches 13 < 14; no natural 20 rule, R-A11 off)\n');
    expect(miss.out).not.toMatch(/^critical +P +exact$/m);
  });
});

describe('docs/LAB.md "Which HiTech round against heavy armor": the quoted expectations', () => {
  it('R-H8, R-H9 [f04d4dae]: against 7 a die HEAP (AP, doubled) beats APDS, HE and the slug, as a hand count gives', async () => {
    const doc = readFileSync('docs/LAB.md', 'utf8');
    // Hand count for HEAP at adjDX 11: armor 7 halved up to 4 a die (R-H9). An ordinary hit (3d6 of
    // 5..11: 131/216) passes (1 + 2) / 6 a die, 1 for 2 dice, doubled 2. A double (4: 3/216) makes
    // each die 2d: 2, 4, 6, 8 past the 4 for 3..6, 20/3 for two dice, doubled 40/3. A triple (3:
    // 1/216): 3d - 4 = 2, 5, 8, 11, 14 for 2..6, 40/3, doubled 80/3.
    // 131/216 * 2 + 3/216 * 40/3 + 1/216 * 80/3 = (786 + 120 + 80) / 648 = 493/324.
    const rounds: [string[], string][] = [
      [['--adjdx', '11', '--damage', '2d', '--he'], '0.1636 (53/324)'],
      [['--adjdx', '11', '--damage', '2d', '--ap', '--he'], '1.5216 (493/324)'],
      [['--adjdx', '12', '--damage', '3d'], '0.1227 (53/432)'],
      [['--adjdx', '12', '--damage', '3d', '--ap'], '1.3148 (71/54)'],
    ];
    for (const [flags, quoted] of rounds) {
      const r = await fray(['odds', ...flags, '--armor', '7', '--per-die']);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain(`Expected damage ${quoted}`);
      expect(doc).toContain(`| \`${flags.join(' ')}\` | ${quoted} |`);
    }
  });
  it('R-H9 [f04d4dae]: --ap --he is a HEAP round, said so, with no blast ("There is no blast radius as with HE rounds"); HE alone leaves its blast out', async () => {
    const heap = await fray(['odds', '--adjdx', '11', '--damage', '2d', '--armor', '7', '--per-die', '--ap', '--he']);
    expect(heap.out).toContain('Damage: 2d per hit; armor off each die (R-H8): 7, half against AP, round up (R-H9): 4; what passes the armor doubled (HEAP, R-H9; it has no blast)\n');
    const he = await fray(['odds', '--adjdx', '11', '--damage', '2d', '--armor', '7', '--per-die', '--he']);
    expect(he.out).toContain('what passes the armor doubled (HE, R-H9; not the blast on the adjacent hexes)\n');
    expect((await fray(['odds', '--help'])).out.replace(/\s+/g, ' ')).toContain('--he TFT: high explosive (damage through armor doubled, R-H9); with --ap, a HEAP round');
  });
});
