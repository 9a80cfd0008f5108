import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDice } from '../../core/dice/notation.ts';
import { DEX_ROWS, WEAPONS, dexRow, needToHit, parseScore, saveNeed, strengthRow, toHitAC0 } from './tables.ts';

describe('AD&D tables', () => {
  it('parses 18/xx scores (18/00 = 100)', () => {
    expect(parseScore('18/00')).toEqual({ score: 18, pct: 100 });
    expect(parseScore('18/95')).toEqual({ score: 18, pct: 95 });
    expect(parseScore(17)).toEqual({ score: 17, pct: 0 });
    expect(parseScore('17/50')).toBeNull();
    expect(parseScore('high')).toBeNull();
    expect(parseScore(26)).toBeNull();
  });

  it('strength to hit / damage (1e PHB, adnd-1e reference)', () => {
    const s = (v: string | number) => strengthRow(parseScore(v)!);
    expect([s(3).hit, s(3).dmg]).toEqual([-3, -1]);
    expect([s(16).hit, s(16).dmg]).toEqual([0, 1]);
    expect([s(18).hit, s(18).dmg]).toEqual([1, 2]);
    expect([s('18/50').hit, s('18/50').dmg]).toEqual([1, 3]);
    expect([s('18/51').hit, s('18/51').dmg]).toEqual([2, 3]);
    expect([s('18/90').hit, s('18/90').dmg]).toEqual([2, 4]);
    expect([s('18/99').hit, s('18/99').dmg]).toEqual([2, 5]);
    expect([s('18/00').hit, s('18/00').dmg]).toEqual([3, 6]);
  });

  it("R-A4: the seed's dexterity table, 18/xx rows included [3380eb42]", () => {
    const d = (v: string | number) => dexRow(parseScore(v)!);
    expect(d(3)).toMatchObject({ hand: -3, missile: -3, primary: null, ac: -4 });
    expect(d(5)).toMatchObject({ hand: -1, missile: -3, ac: -3 });
    expect(d(12)).toMatchObject({ ambi: 3, hand: 0, missile: 0, primary: -6, secondary: -8, ac: 0 });
    expect(d(17)).toMatchObject({ ambi: 5, hand: 1, missile: 2, primary: -4, secondary: -6, ac: 2 });
    expect(d('18/50')).toMatchObject({ hand: 1, missile: 3, primary: -3, secondary: -5, ac: 3 });
    expect(d('18/75')).toMatchObject({ hand: 2, primary: -2, secondary: -4, ac: 3 });
    expect(d('18/90')).toMatchObject({ ambi: 10, hand: 2, primary: -1, secondary: -3, ac: 4 });
    expect(d('18/95')).toMatchObject({ ambi: 100, hand: 2, missile: 3, primary: 0, secondary: -2, ac: 4 });
    expect(d('18/00')).toMatchObject({ hand: 3, primary: 0, secondary: -1 });
    expect(d(18).label).toBe('18/01-50');
    expect(d(20)).toMatchObject({ hand: 3, missile: 4, secondary: 0, ac: 4 });
    expect(d(25)).toMatchObject({ hand: 5, missile: 6, ac: 6 });
    expect(DEX_ROWS).toHaveLength(20);
  });

  it('R-A11: "to hit AC 0" by class group and level, monsters by hit dice', () => {
    const c = (cls: string, level: number) => toHitAC0({ cls: cls as never, level, monster: false, hd: 0 }).value;
    expect([c('fighter', 0), c('fighter', 1), c('ranger', 5), c('paladin', 17)]).toEqual([21, 20, 16, 4]);
    expect([c('cleric', 3), c('druid', 4), c('monk', 19)]).toEqual([20, 18, 9]);
    expect([c('thief', 4), c('assassin', 5), c('thief', 21)]).toEqual([21, 19, 10]);
    expect([c('magic-user', 5), c('illusionist', 6), c('magic-user', 21)]).toEqual([21, 19, 11]);
    const m = (hd: number) => toHitAC0({ cls: null, level: 0, monster: true, hd }).value;
    expect([m(0.5), m(0.9), m(1), m(1.5), m(2), m(6.5), m(16)]).toEqual([21, 20, 19, 18, 16, 13, 7]);
  });

  it('R-A11: the six-20s band of the matrix', () => {
    // fighter 1-2 (20 vs AC 0): AC 0..-5 need 20, AC -6 needs 21
    expect([0, -1, -2, -3, -4, -5, -6, -7].map((ac) => needToHit(20, ac))).toEqual([20, 20, 20, 20, 20, 20, 21, 22]);
    // magic-user 1-5 (21 vs AC 0): AC 1 needs 20, AC -4 is the last 20, AC -5 needs 21
    expect([2, 1, -4, -5].map((ac) => needToHit(21, ac))).toEqual([19, 20, 20, 21]);
    expect(needToHit(16, 6)).toBe(10);
  });

  it('R-A11: need never drops as AC improves (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 21 }), fc.integer({ min: -10, max: 10 }), (ac0, ac) => {
        expect(needToHit(ac0, ac - 1)).toBeGreaterThanOrEqual(needToHit(ac0, ac));
      }),
    );
  });

  it('R-A11: saving throws (paladin 2 better, monsters as fighters of their hit dice)', () => {
    const f = (cls: string, level: number, k: string) => saveNeed({ cls: cls as never, level, monster: false, hd: 0 }, k).value;
    expect(f('fighter', 5, 'petrification')).toBe(12);
    expect(f('paladin', 5, 'petrification')).toBe(10);
    expect(f('magic-user', 1, 'spell')).toBe(12);
    expect(f('cleric', 7, 'paralysis')).toBe(7);
    expect(f('thief', 13, 'rod')).toBe(8);
    expect(saveNeed({ cls: null, level: 0, monster: true, hd: 6.5 }, 'breath').value).toBe(13);
  });

  it('weapons: PHB speed factors and the seed launcher form (longbow 2 + arrow 3)', () => {
    expect(WEAPONS.longsword.sf).toBe(5);
    expect(WEAPONS.dagger.sf).toBe(2);
    expect(WEAPONS['two-handed-sword'].damage).toEqual({ sm: '1d10', l: '3d6' });
    expect(WEAPONS.longbow.sf).toBe(2);
    expect(WEAPONS[WEAPONS.longbow.missile!].sf).toBe(3);
    for (const w of Object.values(WEAPONS)) {
      // Every damage text reads in the core notation (no private parser).
      expect(() => parseDice(w.damage.sm), w.id).not.toThrow();
      expect(() => parseDice(w.damage.l), w.id).not.toThrow();
      if (w.kind === 'launcher') expect(WEAPONS[w.missile!]?.kind).toBe('missile');
    }
  });
});
