// The text report of `fray sim` / `fray compare` (also on the HTML page).
import { describe, expect, it } from 'vitest';
import { formatSim } from './format.ts';
import type { SimReport, VariantReport } from './summary.ts';

const i = (est: number) => ({ est, lo: est - 0.05, hi: est + 0.05 });
const variant = (name: string): VariantReport => ({ name, system: 'tft', fights: 100, unfinished: 0, wins: [{ side: 'north', ...i(0.6) }], draw: i(0), turns: i(5), figures: [] });

describe('formatSim', () => {
  it('differences that are all zero say so instead of an empty table; the others are signed, as in the grid', () => {
    const r: SimReport = { seed: 1, fights: 100, events: false, variants: [variant('base'), variant('same')], diffs: [{ variant: 'same', baseline: 'base', key: 'win:north', est: 0, lo: 0, hi: 0 }] };
    const t = formatSim(r);
    expect(t).toMatch(/== differences from base[^\n]*\nnone: every quantity compared came out the same in every fight/);
    expect(t).not.toMatch(/variant\s+quantity\s+difference/);
    const moved = formatSim({ ...r, diffs: [{ variant: 'same', baseline: 'base', key: 'win:north', est: 0.1, lo: 0.05, hi: 0.15 }] });
    expect(moved).toMatch(/same\s+win:north\s+\+10\.0% \[5\.0%, 15\.0%\]/);
    const down = formatSim({ ...r, diffs: [{ variant: 'same', baseline: 'base', key: 'turns', est: -0.44, lo: -0.57, hi: -0.31 }] });
    expect(down).toMatch(/same\s+turns\s+-0\.440 \[-0\.570, -0\.310\]/);
  });

  it('damage taken and dealt say their unit: TFT hits, AD&D hit points (the same "taken" column read alike for both)', () => {
    const r = (system: string): SimReport => ({ seed: 1, fights: 100, events: true, variants: [{ ...variant('base'), system }], diffs: [] });
    expect(formatSim(r('tft'))).toMatch(/figure\s+side\s+hits taken \[95%\]\s+hits dealt \[95%\]\s+dealt\/turn/);
    expect(formatSim(r('adnd'))).toMatch(/figure\s+side\s+hp taken \[95%\]\s+hp dealt \[95%\]\s+dealt\/round/);
  });
  it('damage dealt per turn carries its 95% interval like the other estimates', () => {
    const states = { healthy: i(1), reeling: i(0), unconscious: i(0), dying: i(0), dead: i(0) };
    const fig = { id: 'bjorn', name: 'Bjorn', side: 'north', taken: i(3), dealt: i(10), dealtPerTurn: i(2.5), states };
    const t = formatSim({ seed: 1, fights: 100, events: false, variants: [{ ...variant('base'), figures: [fig] }], diffs: [] });
    expect(t).toMatch(/hits dealt \[95%\]\s+dealt\/turn \[95%\]/);
    expect(t).toMatch(/Bjorn\s+north\s+3\.000 \[2\.950, 3\.050\]\s+10\.000 \[9\.950, 10\.050\]\s+2\.500 \[2\.450, 2\.550\]\s+100\.0%/);
  });
});
