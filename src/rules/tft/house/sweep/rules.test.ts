import { describe, expect, it } from 'vitest';
import { CommandRejected } from '../../../../core/errors.ts';
import { builtinRows } from '../../tables.ts';
import { MULTIPLE_SWING, MULTIPLE_SWING_COST, MULTIPLE_SWING_IQ, friendSpared, multipleSwingIssues, sweepDamage, sweepPenalty, sweepRefusal } from './rules.ts';

const greatsword = { name: 'greatsword', kind: 'melee', cutting: true, twoHanded: true };
const broadsword = { name: 'broadsword', kind: 'melee', cutting: true, twoHanded: false };
const mace = { name: 'mace', kind: 'melee', cutting: false, twoHanded: false };
const greatHammer = { name: 'great hammer', kind: 'melee', cutting: false, twoHanded: true };

describe('which weapons sweep (R-S1, 931c742c)', () => {
  it('R-S1: a two-handed cutting weapon may always sweep [931c742c]', () => {
    expect(sweepRefusal(greatsword, false, 'new')).toBeNull();
  });
  it('R-S1/R-S7: a one-handed weapon cannot sweep without Multiple Swing [931c742c]', () => {
    expect(sweepRefusal(broadsword, false, 'new')).toMatch(/Multiple Swing/);
    expect(sweepRefusal(broadsword, true, 'new')).toBeNull();
  });
  it('R-S1: a mace (not cutting) cannot sweep, even two-handed or with the talent [931c742c]', () => {
    expect(sweepRefusal(mace, true, 'new')).toMatch(/not a cutting weapon/);
    expect(sweepRefusal(greatHammer, false, 'new')).toMatch(/not a cutting weapon/);
  });
  it('R-S6: the classic rule sweeps with two-handed cutting weapons only', () => {
    expect(sweepRefusal(greatsword, false, 'classic')).toBeNull();
    expect(sweepRefusal(broadsword, true, 'classic')).toMatch(/R-S6/);
  });
  it('R-S6: sweep: off refuses every sweep; no weapon refuses', () => {
    expect(sweepRefusal(greatsword, true, 'off')).toMatch(/off/);
    expect(sweepRefusal(null, true, 'new')).toMatch(/no weapon/);
    expect(sweepRefusal({ ...greatsword, kind: 'missile' }, false, 'new')).toMatch(/melee/);
  });
});

describe('the sweep penalty (R-S2, R-S7, R-S6)', () => {
  it('R-S2: one target is not a sweep [931c742c]', () => {
    expect(() => sweepPenalty(1, 'new', false)).toThrow(CommandRejected);
    expect(() => sweepPenalty(1, 'new', false)).toThrow(/targets/);
  });
  it('R-S2: -4 DX per extra target on every attack; 4 targets = -12 (Jemmueb) [931c742c]', () => {
    expect(sweepPenalty(2, 'new', false).reduce((t, e) => t + e.delta, 0)).toBe(-4);
    expect(sweepPenalty(3, 'new', false)[0].delta).toBe(-8);
    const jemmueb = sweepPenalty(4, 'new', false);
    expect(jemmueb[0].delta).toBe(-12);
    expect(jemmueb[0].rule).toBe('R-S2');
  });
  it('R-S7: -2 per extra target with Multiple Swing [931c742c]', () => {
    const p = sweepPenalty(4, 'new', true);
    expect(p[0].delta).toBe(-6);
    expect(p[0].rule).toBe('R-S7');
  });
  it("R-S6: the classic rule's flat -4 whatever the number of targets", () => {
    expect(sweepPenalty(2, 'classic', false)[0].delta).toBe(-4);
    expect(sweepPenalty(3, 'classic', true)[0].delta).toBe(-4);
    expect(sweepPenalty(3, 'classic', false)[0].rule).toBe('R-S6');
  });
});

describe('sweep damage (R-S3)', () => {
  it('R-S3: half damage, rounding down, before armor [931c742c]', () => {
    expect(sweepDamage(11, 'new').amount).toBe(5);
    expect(sweepDamage(10, 'new').amount).toBe(5);
    expect(sweepDamage(1, 'new').amount).toBe(0);
    expect(sweepDamage(11, 'new').entry).toEqual({ source: 'sweeping blow: half damage, round down', delta: -6, rule: 'R-S3' });
  });
  it('R-S3: a critical multiplies first, then the hit is halved', () => {
    // a 4 (double damage) on 3d+1 rolling 7: 7 x 2 = 14, halved 7
    expect(sweepDamage(7 * 2, 'new').amount).toBe(7);
    // a 3 (triple damage) on 2d rolling 5: 15, halved 7 (not 3 x floor(5/2) = 6)
    expect(sweepDamage(5 * 3, 'new').amount).toBe(7);
  });
  it('R-S6: the classic rule does full damage', () => {
    expect(sweepDamage(11, 'classic')).toEqual({ amount: 11, entry: null });
  });
});

describe('friends in the arc (R-S5)', () => {
  it('R-S5: 3d6 at most the adjDX spares the friend, more hits it [931c742c]', () => {
    expect(friendSpared([3, 3, 2], 8)).toBe(true);
    expect(friendSpared([3, 3, 3], 8)).toBe(false);
  });
  it('R-S5: no automatic results: a 3 or 4 still needs adjDX, a 16 can spare', () => {
    expect(friendSpared([1, 1, 1], 2)).toBe(false);
    expect(friendSpared([1, 1, 2], 3)).toBe(false);
    expect(friendSpared([6, 5, 5], 16)).toBe(true);
    expect(friendSpared([6, 6, 6], 18)).toBe(true);
  });
});

describe('Multiple Swing prerequisites (R-S7)', () => {
  const fig = { iq: 12, dx: 14, ma: 10, talents: ['multiple-swing'] };
  it('931c742c R-S7: Multiple Swing is "IQ 12", cost "(3)": the constants and the talents.json entry the engine loads', () => {
    expect([MULTIPLE_SWING, MULTIPLE_SWING_IQ, MULTIPLE_SWING_COST]).toEqual(['multiple-swing', 12, 3]);
    const entry = builtinRows.talents.find((t) => t.id === MULTIPLE_SWING)!;
    expect([entry.name, entry.iq, entry.cost]).toEqual(['Multiple Swing', 12, 3]);
  });
  it('R-S7: IQ 12 and basic DX 14 pass', () => {
    expect(multipleSwingIssues(fig, 'dx', 'figures[0]')).toEqual([]);
  });
  it('R-S7: too little IQ is an error that says so', () => {
    const issues = multipleSwingIssues({ ...fig, iq: 11 }, 'dx', 'figures[1]');
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toBe('figures[1].talents[0]');
    expect(issues[0].message).toMatch(/IQ 12.*IQ 11/);
  });
  it('R-S7: speed 14+ read as basic DX by default, as basic MA with multipleSwingPrereq: ma', () => {
    expect(multipleSwingIssues({ ...fig, dx: 13 }, 'dx', 'f')[0].message).toMatch(/basic DX 14\+.*basic DX 13/);
    expect(multipleSwingIssues({ ...fig, dx: 13 }, 'ma', 'f')[0].message).toMatch(/basic MA 14\+.*basic MA 10/);
    expect(multipleSwingIssues({ ...fig, dx: 9, ma: 14 }, 'ma', 'f')).toEqual([]);
  });
  it('figures without the talent are not checked', () => {
    expect(multipleSwingIssues({ iq: 8, dx: 8, ma: 10, talents: [] }, 'dx', 'f')).toEqual([]);
  });
});
