// The text report of `fray odds`.
import { describe, expect, it } from 'vitest';
import { fray } from '../testing.ts';

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
});
