import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveProtection, heSplashDamage, hitechDamage, knockdownBasis, protectionAfter, shieldThrough } from './damage.ts';

const sumLedger = (d: ReturnType<typeof hitechDamage>) => d.ledger.reduce((t, e) => t + e.delta, 0);

describe('HiTech armor and ammunition [f04d4dae]', () => {
  it('R-H8 Biff: assault rifle 6 and 1 through a flak jacket does 4 (a die cannot go below 0)', () => {
    const d = hitechDamage({ faces: [6, 1], mode: 'missile', protection: 2, armorName: 'flak jacket' });
    expect(d.damage).toBe(4);
    expect(sumLedger(d)).toBe(4);
  });

  it('R-H8 [f04d4dae, tft-core shields]: with HiTech armor a ready shield stops its hits once per missile hit, after the per-die armor; halved against AP (round up) and in the impact hex (round down)', () => {
    // 6 and 5 through flak (2 per die): 4 + 3 = 7; a large shield (2) stops 2 more: 5.
    const d = hitechDamage({ faces: [6, 5], mode: 'missile', protection: 2, armorName: 'Flak jacket', shield: 2, shieldName: 'Large shield' });
    expect(d.damage).toBe(5);
    expect(sumLedger(d)).toBe(5);
    expect(d.ledger.at(-1)).toMatchObject({ rule: 'tft-core shields', delta: -2 });
    expect(d.ledger.at(-1)?.source).toMatch(/^Large shield stops 2 once, after the per-die armor/);
    // HEAP (AP, explosive) 5 and 5: flak 1 per die (8), the shield 1 (7), doubled: 14.
    expect(hitechDamage({ faces: [5, 5], mode: 'missile', protection: 2, shield: 2, ap: true, explosive: true }).damage).toBe(14);
    // In the impact hex: flak 1 per die (4 x 5 = 20), a tower shield 3 -> 1: 19.
    expect(hitechDamage({ faces: [6, 6, 6, 6], mode: 'missile', protection: 2, shield: 3, impactHex: true }).damage).toBe(19);
    // Never below 0; the shield does not touch a hit the armor stopped.
    expect(hitechDamage({ faces: [2, 1], mode: 'missile', protection: 2, shield: 2 }).damage).toBe(0);
    // In melee armor and shield stop once together (tft-core): 8 - 2 - 2.
    expect(hitechDamage({ faces: [5, 3], mode: 'melee', protection: 2, shield: 2 }).damage).toBe(4);
    expect(shieldThrough(7, 2, false, false)).toBe(5);
    expect(shieldThrough(7, 3, true, false)).toBe(5);
    expect(shieldThrough(7, 3, false, true)).toBe(6);
    expect(shieldThrough(1, 2, false, false)).toBe(0);
    expect(shieldThrough(4, 0, true, true)).toBe(4);
    for (let p = 0; p <= 9; p++)
      for (const ap of [false, true]) for (const hex of [false, true]) expect(protectionAfter(p, ap, hex)).toBe(effectiveProtection(p, ap, hex).protection);
  });

  it('R-H8 Biff: a broadsword rolling 8 against a flak jacket does 6 (armor once per melee attack)', () => {
    const d = hitechDamage({ faces: [5, 3], mode: 'melee', protection: 2 });
    expect(d.damage).toBe(6);
  });

  it('R-H9 Biff: the HE snub pistol rolling 3 and 4 through a flak jacket does 6', () => {
    const d = hitechDamage({ faces: [3, 4], mode: 'missile', protection: 2, explosive: true });
    expect(d.damage).toBe(6);
    expect(sumLedger(d)).toBe(6);
    expect(d.ledger.at(-1)).toMatchObject({ rule: 'R-H9', delta: 3 });
  });

  it('R-H13 Biff: 3 and 5 through a flak jacket does 4, but 8 counts for knockdown', () => {
    const d = hitechDamage({ faces: [3, 5], mode: 'missile', protection: 2 });
    expect(d.damage).toBe(4);
    expect(knockdownBasis(d.beforeArmor, d.damage, true)).toBe(8);
    expect(knockdownBasis(d.beforeArmor, d.damage, false)).toBe(4);
  });

  it('R-H13, R-H9: through flak an HE round counts the larger of the damage before armor and the damage taken (6 and 6: 12 before, 16 taken)', () => {
    const d = hitechDamage({ faces: [6, 6], mode: 'missile', protection: 2, explosive: true });
    expect([d.beforeArmor, d.damage]).toEqual([12, 16]);
    expect(knockdownBasis(d.beforeArmor, d.damage, true)).toBe(16);
    const low = hitechDamage({ faces: [3, 4], mode: 'missile', protection: 2, explosive: true });
    expect(knockdownBasis(low.beforeArmor, low.damage, true)).toBe(7);
  });

  it('R-H9: AP halves armor rounding up (5 -> 3, 3 -> 2, 2 -> 1)', () => {
    expect(effectiveProtection(5, true, false).protection).toBe(3);
    expect(effectiveProtection(3, true, false).protection).toBe(2);
    expect(effectiveProtection(2, true, false).protection).toBe(1);
    expect(hitechDamage({ faces: [6, 2, 3], mode: 'missile', protection: 5, ap: true }).damage).toBe(3 + 0 + 0);
  });

  it('R-H9: HEAP is AP and doubled', () => {
    const d = hitechDamage({ faces: [3, 4], mode: 'missile', protection: 3, ap: true, explosive: true });
    expect(d.damage).toBe((1 + 2) * 2);
  });

  it('R-H12: armor halved, round down, in the impact hex', () => {
    expect(effectiveProtection(5, false, true).protection).toBe(2);
    expect(hitechDamage({ faces: [4, 4], mode: 'missile', protection: 3, impactHex: true }).damage).toBe(6);
  });

  it('R-H10: a critical multiplies each die before the armor', () => {
    expect(hitechDamage({ faces: [2, 3], mode: 'missile', protection: 2, multiplier: 3 }).damage).toBe(4 + 7);
  });

  it('R-H9: HE splash 1 point per die, unreduced by armor by default (option)', () => {
    expect(heSplashDamage(2, 'unarmored', 5)).toBe(2);
    expect(heSplashDamage(4, 'armored', 3)).toBe(1);
    expect(heSplashDamage(2, 'off')).toBe(0);
  });

  it('R-H8: damage through armor never exceeds the dice and the ledger adds up', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        fc.constantFrom('missile' as const, 'melee' as const),
        (faces, p, ap, mode) => {
          const d = hitechDamage({ faces, protection: p, ap, mode });
          const raw = faces.reduce((a, b) => a + b, 0);
          expect(d.damage).toBeGreaterThanOrEqual(0);
          expect(d.damage).toBeLessThanOrEqual(raw);
          expect(sumLedger(d)).toBe(d.damage);
          if (mode === 'missile') expect(d.damage).toBeLessThanOrEqual(hitechDamage({ faces, protection: p, ap, mode: 'melee' }).damage);
        },
      ),
    );
  });
});
