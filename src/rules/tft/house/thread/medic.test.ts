import { describe, expect, it } from 'vitest';
import { bestMedicTalent, firstAidWounds, stabilizationDice, stabilizationDiceCount, talentKey, woundsWhenStabilized } from './medic.ts';

describe('medics [82345e2a]', () => {
  it('R-T3: stabilization dice by talent: Master Physicker 3, Physicker 4, Veterinarian or Scholar 5, anyone 7', () => {
    expect(stabilizationDice(['Master Physicker', 'Physicker'], false).total).toBe(3);
    expect(stabilizationDice(['Physicker'], false).total).toBe(4);
    expect(stabilizationDice(['Veterinarian'], false).total).toBe(5);
    expect(stabilizationDice(['Scholar'], false).total).toBe(5);
    expect(stabilizationDice(['Sword'], false).total).toBe(7);
    expect(stabilizationDice([], false).total).toBe(7);
  });

  it('R-T3: the dice count without a ledger (the AI, the aftermath) is the ledger\'s total, for every talent with and without a Healing Potion', () => {
    for (const talents of [['master-physicker'], ['physicker'], ['veterinarian'], ['scholar'], ['sword'], [], ['Physicker', 'Scholar']]) {
      for (const potion of [false, true]) expect(stabilizationDiceCount(talents, potion)).toBe(stabilizationDice(talents, potion).total);
    }
  });

  it('R-T3: one die fewer with a Healing Potion', () => {
    const l = stabilizationDice(['physicker'], true);
    expect(l.total).toBe(3);
    expect(l.entries.map((e) => [e.delta, e.rule])).toEqual([
      [4, 'R-T3'],
      [-1, 'R-T3'],
    ]);
    expect(stabilizationDice([], true).total).toBe(6);
  });

  it('talent names in any spelling', () => {
    expect(talentKey('Master Physicker')).toBe('master-physicker');
    expect(talentKey('masterPhysicker')).toBe('master-physicker');
    expect(talentKey('master_physicker')).toBe('master-physicker');
    expect(bestMedicTalent(['Scholar', 'Physicker'])).toBe('physicker');
  });

  it('R-T4: first aid heals 2 (Physicker) or 3 (Master Physicker); none without the talent', () => {
    expect(firstAidWounds(['Physicker'])?.total).toBe(2);
    expect(firstAidWounds(['Physicker', 'Master Physicker'])?.total).toBe(3);
    expect(firstAidWounds(['Scholar'])).toBeNull();
  });

  it('R-T3: stabilized wounds are ST - 1', () => {
    expect(woundsWhenStabilized(8)).toBe(7);
    expect(woundsWhenStabilized(8, 6)).toBe(7); // Malken keeps his fatigue [82345e2a fatigue]
    // without the fatigue rules dyST is remST: ST 1 means wounds ST - 1 - fatigue
    expect(woundsWhenStabilized(8, 2, false)).toBe(5);
    expect(woundsWhenStabilized(8, 9, false)).toBe(0);
  });
});
