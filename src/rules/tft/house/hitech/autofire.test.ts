import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { burstHits, burstModifiers, burstProblem, burstsOf, clipUse, roundsFired } from './autofire.ts';
import { ammoOf, firearm } from './data.ts';

const total = (xs: { delta: number }[]) => xs.reduce((t, e) => t + e.delta, 0);

describe('autofire [f04d4dae]', () => {
  it('R-H10: the seed example: adjDX 13, roll 9 gives two hits', () => {
    expect(burstHits(13, 9, 4)).toBe(2);
  });

  it('R-H10: one more hit per full 3 below adjDX, capped at the rounds fired', () => {
    expect(burstHits(13, 13, 4)).toBe(1);
    expect(burstHits(13, 11, 4)).toBe(1);
    expect(burstHits(13, 10, 4)).toBe(2);
    expect(burstHits(13, 7, 4)).toBe(3);
    expect(burstHits(20, 3, 4)).toBe(4);
    expect(burstHits(20, 3, 20)).toBe(6);
    expect(burstHits(20, 3, 1)).toBe(1);
    expect(burstHits(4, 5, 4)).toBe(1); // automatic hit on 5 above adjDX
  });

  it('R-H10: hits stay between 1 and the rounds fired', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 40 }), fc.integer({ min: 3, max: 24 }), fc.integer({ min: 1, max: 60 }), (dx, roll, n) => {
        const h = burstHits(dx, roll, n);
        expect(h).toBeGreaterThanOrEqual(1);
        expect(h).toBeLessThanOrEqual(n);
      }),
    );
  });

  it('R-H10: bursts and the rounds they use (single, 4, half clip, full clip)', () => {
    const ar = firearm('assault-rifle');
    expect(burstsOf(ar)).toEqual(['single', 'four', 'half', 'full']);
    expect(['single', 'four', 'half', 'full'].map((b) => clipUse(b as never, 20))).toEqual([1, 4, 10, 20]);
    expect(burstsOf(firearm('heavy-rifle'))).toEqual(['single']);
    expect(burstsOf(firearm('heavy-machinegun'))).toEqual(['burst']);
    expect(roundsFired(firearm('heavy-machinegun'), 'burst', 20)).toBe(10);
  });

  it('R-H10: a weapon cannot fire more rounds than it holds', () => {
    const ar = firearm('assault-rifle');
    expect(burstProblem(ar, 'four', 20, 3)).toMatch(/holds 3 rounds, the 'four' burst needs 4/);
    expect(burstProblem(ar, 'full', 20, 19)).toMatch(/needs 20/);
    expect(burstProblem(ar, 'half', 20, 10)).toBeNull();
    expect(burstProblem(firearm('heavy-rifle'), 'four', 20, 20)).toMatch(/cannot fire a 'four' burst/);
    // A half-clip burst from a 1-round clip (a scenario's own weapon) would fire nothing.
    expect(burstProblem(ar, 'half', 1, 1)).toMatch(/too small for a 'half' burst: it would fire no round/);
  });

  it('R-H10: autofire bonus +table on 4-shot, +1 more half clip, +2 more full clip; gyrostab +1 on auto; scope +2', () => {
    const ar = firearm('assault-rifle');
    const a = ammoOf(ar, undefined);
    expect(total(burstModifiers(ar, a, 'single', false))).toBe(0);
    expect(total(burstModifiers(ar, a, 'four', false))).toBe(1);
    expect(total(burstModifiers(ar, a, 'half', false))).toBe(2);
    expect(total(burstModifiers(ar, a, 'full', false))).toBe(3);
    expect(total(burstModifiers(ar, a, 'single', true))).toBe(2);
    const acr = firearm('acr');
    expect(total(burstModifiers(acr, ammoOf(acr, 'slug'), 'four', false))).toBe(2);
    expect(total(burstModifiers(acr, ammoOf(acr, 'slug'), 'single', false))).toBe(0);
    expect(total(burstModifiers(firearm('submachinegun'), ammoOf(firearm('submachinegun'), undefined), 'full', false))).toBe(5);
    expect(burstModifiers(firearm('heavy-machinegun'), ammoOf(firearm('heavy-machinegun'), undefined), 'burst', false)).toEqual([
      { source: 'Heavy Machinegun burst', delta: 7, rule: 'R-H10' },
    ]);
  });

  it('R-H11: shotgun bonus on every shot; an autoshotgun on auto doubles it', () => {
    const sg = firearm('shotgun');
    expect(total(burstModifiers(sg, ammoOf(sg, 'pellets'), 'single', false))).toBe(3);
    expect(total(burstModifiers(sg, ammoOf(sg, 'bullets'), 'single', false))).toBe(2);
    expect(burstsOf(sg)).toEqual(['single']);
    const auto = firearm('autoshotgun');
    expect(total(burstModifiers(auto, ammoOf(auto, 'pellets'), 'single', false))).toBe(3);
    expect(total(burstModifiers(auto, ammoOf(auto, 'pellets'), 'four', false))).toBe(6);
    expect(total(burstModifiers(auto, ammoOf(auto, 'bullets'), 'four', false))).toBe(4);
  });
});
