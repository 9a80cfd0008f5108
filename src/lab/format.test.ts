// The text report of `fray sim` / `fray compare` (also on the HTML page).
import { describe, expect, it } from 'vitest';
import { formatSim } from './format.ts';
import type { SimReport, VariantReport } from './summary.ts';

const i = (est: number) => ({ est, lo: est - 0.05, hi: est + 0.05 });
const variant = (name: string): VariantReport => ({ name, system: 'tft', fights: 100, unfinished: 0, wins: [{ side: 'north', ...i(0.6) }], draw: i(0), turns: i(5), figures: [] });

describe('formatSim', () => {
  it('differences that are all zero say so instead of an empty table', () => {
    const r: SimReport = { seed: 1, fights: 100, events: false, variants: [variant('base'), variant('same')], diffs: [{ variant: 'same', baseline: 'base', key: 'win:north', est: 0, lo: 0, hi: 0 }] };
    const t = formatSim(r);
    expect(t).toMatch(/== differences from base[^\n]*\nnone: every quantity compared came out the same in every fight/);
    expect(t).not.toMatch(/variant\s+quantity\s+difference/);
    const moved = formatSim({ ...r, diffs: [{ variant: 'same', baseline: 'base', key: 'win:north', est: 0.1, lo: 0.05, hi: 0.15 }] });
    expect(moved).toMatch(/same\s+win:north\s+10\.0% \[5\.0%, 15\.0%\]/);
  });

  it('damage taken and dealt say their unit: TFT hits, AD&D hit points (the same "taken" column read alike for both)', () => {
    const r = (system: string): SimReport => ({ seed: 1, fights: 100, events: true, variants: [{ ...variant('base'), system }], diffs: [] });
    expect(formatSim(r('tft'))).toMatch(/figure\s+side\s+hits taken \[95%\]\s+hits dealt \[95%\]\s+dealt\/turn/);
    expect(formatSim(r('adnd'))).toMatch(/figure\s+side\s+hp taken \[95%\]\s+hp dealt \[95%\]\s+dealt\/round/);
  });
});
