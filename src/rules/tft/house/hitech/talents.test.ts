import { describe, expect, it } from 'vitest';
import { quickdraw, talentModifiers } from './talents.ts';

describe('firearm talents [f04d4dae]', () => {
  it('R-H5: -2 DX without the talent, 0 with it, +2 at Expert level', () => {
    const total = (t: string[], c: Parameters<typeof talentModifiers>[1]) => talentModifiers(t, c).reduce((s, e) => s + e.delta, 0);
    expect(total([], 'rifle')).toBe(-2);
    expect(total(['rifle'], 'rifle')).toBe(0);
    expect(total(['rifle'], 'shotgun')).toBe(0);
    expect(total(['rifle', 'rifle-expert'], 'rifle')).toBe(2);
    expect(total(['pistol'], 'rifle')).toBe(-2);
    expect(total(['pistol-expert', 'pistol'], 'smg')).toBe(2);
    expect(total(['energy-weapons'], 'energy')).toBe(0);
    expect(total([], 'grenade')).toBe(0);
    expect(talentModifiers([], 'heavy-auto')[0]).toMatchObject({ rule: 'R-H5', delta: -2 });
  });

  it('R-H6: Quickdraw readies the pistol either way and fires only on 3d6 <= adjDX', () => {
    expect(quickdraw(12, 12)).toEqual({ readied: true, fires: true, roll: 12 });
    expect(quickdraw(13, 12)).toEqual({ readied: true, fires: false, roll: 13 });
  });
});
