// The text report of `fray sim` / `fray compare` (also on the HTML page).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runInline } from './arena.ts';
import { formatSim } from './format.ts';
import { statesChart } from './report.ts';
import { type SimReport, type VariantReport, summarize } from './summary.ts';

const i = (est: number) => ({ est, lo: est - 0.05, hi: est + 0.05 });
const variant = (name: string): VariantReport => ({ name, system: 'tft', fights: 100, unfinished: 0, wins: [{ side: 'north', ...i(0.6) }], draw: i(0), turns: i(5), figures: [], ends: [] });

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
  it('R-T1 is a TFT rule: an AD&D table and states chart have no reeling column, which could never move (AD&D figureState)', () => {
    const states = { healthy: i(1), reeling: i(0), unconscious: i(0), dying: i(0), dead: i(0) };
    const fig = { id: 'kay', name: 'Kay', side: 'north', taken: i(3), states };
    const r = (system: string): SimReport => ({ seed: 1, fights: 100, events: false, variants: [{ ...variant('base'), system, figures: [fig] }], diffs: [] });
    expect(formatSim(r('adnd'))).toMatch(/hp taken \[95%\]\s+healthy\s+uncon\.\s+dying\s+dead\n/);
    expect(formatSim(r('tft'))).toMatch(/hits taken \[95%\]\s+healthy\s+reeling\s+uncon\.\s+dying\s+dead\n/);
    const scale = (system: string) => ((statesChart(r(system)) as unknown as { encoding: unknown }).encoding as { color: { scale: { domain: string[]; range: string[] } } }).color.scale;
    expect(scale('adnd')).toEqual({ domain: ['healthy', 'unconscious', 'dying', 'dead'], range: ['#4c9f70', '#8d99ae', '#d1495b', '#2b2d42'] });
    expect(scale('tft').domain).toEqual(['healthy', 'reeling', 'unconscious', 'dying', 'dead']);
  });
  it('damage dealt per turn carries its 95% interval like the other estimates', () => {
    const states = { healthy: i(1), reeling: i(0), unconscious: i(0), dying: i(0), dead: i(0) };
    const fig = { id: 'bjorn', name: 'Bjorn', side: 'north', taken: i(3), dealt: i(10), dealtPerTurn: i(2.5), states };
    const t = formatSim({ seed: 1, fights: 100, events: false, variants: [{ ...variant('base'), figures: [fig] }], diffs: [] });
    expect(t).toMatch(/hits dealt \[95%\]\s+dealt\/turn \[95%\]/);
    expect(t).toMatch(/Bjorn\s+north\s+3\.000 \[2\.950, 3\.050\]\s+10\.000 \[9\.950, 10\.050\]\s+2\.500 \[2\.450, 2\.550\]\s+100\.0%/);
  });

  it('R-A4, R-A10 [3380eb42]: an AD&D report says, per figure and hand, the to-hit and the critical threshold it started with (dexterity 13 and 14 differ by the threshold alone)', () => {
    const raw = parse(readFileSync('examples/lab/two-weapons-duel.yaml', 'utf8'));
    const at = (dex: number) => ({ ...raw, figures: [{ ...raw.figures[0], dex, wield: ['longsword', 'dagger'] }, raw.figures[1]] });
    const text = formatSim(summarize(runInline({ variants: [{ name: 'dex 13', raw: at(13) }, { name: 'dex 14', raw: at(14) }], seed: 1, fights: 2, events: false })));
    const [d13, d14] = text.split('== dex 14');
    for (const [part, dex, faces] of [[d13, 13, 8], [d14, 14, 9]] as const) {
      expect(part).toContain('At the start, each hand: d20 + to-hit >= need (R-A4, R-A11); critical hits (R-A10):');
      expect(part).toContain(`  Garrick: long sword (primary) d20 - 6 [- 6 dexterity ${dex} two weapons, row 10-15 (primary) [R-A4]]; dagger (secondary) d20 - 8 [`);
      expect(part).toContain('    against Gnoll champion: needs 14 [18 to hit AC 0, fighter level 4 [R-A11] - 4 target armour class 4 [R-A11]]: hits long sword (primary) 5%, dagger (secondary) 5%');
      expect(part).toContain(`    critical: a natural 20 that hits, then d20 <= ${faces} (threshold ${dex / 2} half of dexterity ${dex} [R-A10] + 2 half of level 4 [R-A10] = ${(dex + 4) / 2})`);
    }
    // TFT reports have no such section.
    expect(formatSim({ seed: 1, fights: 100, events: false, variants: [variant('base')], diffs: [] })).not.toContain('At the start');
  });
});
