import { describe, expect, it } from 'vitest';
import { quickdraw, talentModifiers, validateTalents } from './talents.ts';

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

  it('R-H5: talents need IQ 8, Expert IQ 10 and the basic talent', () => {
    expect(validateTalents(['rifle'], 8, 'talents')).toEqual([]);
    expect(validateTalents(['rifle'], 7, 'talents')[0].message).toMatch(/Rifle needs IQ 8/);
    expect(validateTalents(['rifle', 'rifle-expert'], 9, 't')[0]).toEqual({ path: 't[1]', message: 'Rifle Expert needs IQ 10, the figure has IQ 9' });
    expect(validateTalents(['rifle-expert'], 12, 't')[0].message).toMatch(/needs the Rifle talent first/);
    expect(validateTalents(['broadsword'], 5, 't')).toEqual([]);
  });

  it('R-H6: Quickdraw readies the pistol either way and fires only on 3d6 <= adjDX', () => {
    expect(quickdraw(12, 12)).toEqual({ readied: true, fires: true, roll: 12 });
    expect(quickdraw(13, 12)).toEqual({ readied: true, fires: false, roll: 13 });
  });
});
