// The text report of `fray odds`.
import { describe, expect, it } from 'vitest';
import { tftAttackOdds } from '../../lab/odds.ts';
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
    expect(title).toBe('TFT attack, adjDX 9 on 3d6: P(hit) 37.5%, expected damage 1.82 per target (3 targets)');
  });
});
