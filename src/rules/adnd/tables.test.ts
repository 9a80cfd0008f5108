import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDice } from '../../core/dice/notation.ts';
import { InputError } from '../../core/errors.ts';
import { adndSystem as sys } from './system.ts';
import { QueueDice } from './testing.ts';
import { DEX_ROWS, SCORE_RANGES, WEAPONS, dexRow, needToHit, parseScore, saveNeed, scoreRangeText, strengthRow, toHitAC0 } from './tables.ts';

describe('AD&D tables', () => {
  it('parses 18/xx scores (18/00 = 100)', () => {
    expect(parseScore('18/00', 'str')).toEqual({ score: 18, pct: 100 });
    expect(parseScore('18/95', 'dex')).toEqual({ score: 18, pct: 95 });
    expect(parseScore(17, 'str')).toEqual({ score: 17, pct: 0 });
    expect(parseScore('17/50', 'str')).toBeNull();
    expect(parseScore('high', 'dex')).toBeNull();
    expect(parseScore(26, 'dex')).toBeNull();
  });

  it('3380eb42: a score is accepted only where its table has a row (strength 3-18/00, dexterity 3-25); the message says the same range', () => {
    expect(SCORE_RANGES).toEqual({ str: { min: 3, max: 18, exceptional: true }, dex: { min: 3, max: 25, exceptional: true } });
    expect([scoreRangeText('str'), scoreRangeText('dex')]).toEqual(['3-18 or 18/01..18/00', '3-25 or 18/01..18/00']);
    // The reference's strength table stops at 18/00; the seed's dexterity table runs 3..25.
    expect([parseScore(19, 'str'), parseScore('25', 'str'), parseScore(2, 'str'), parseScore(2, 'dex'), parseScore(1, 'dex')]).toEqual([null, null, null, null, null]);
    expect([parseScore(19, 'dex'), parseScore(3, 'str')]).toEqual([
      { score: 19, pct: 0 },
      { score: 3, pct: 0 },
    ]);
    const issues = (str: unknown, dex: unknown) => {
      const raw = { system: 'adnd', figures: [{ id: 'a', side: 'x', class: 'fighter', hp: 5, ac: 5, str, dex, weapons: [{ weapon: 'dagger' }] }, { id: 'b', side: 'y', hd: 1, hp: 5, ac: 5, weapons: [{ weapon: 'dagger' }] }] };
      try {
        sys.setup(raw);
        return [];
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        return e.issues.map((i) => `${i.path}: ${i.message}`);
      }
    };
    expect(issues(19, 2)).toEqual([
      "figures[0].str: '19' is not a strength score the table covers: 3-18 or 18/01..18/00",
      "figures[0].dex: '2' is not a dexterity score the table covers: 3-25 or 18/01..18/00",
    ]);
    expect(issues('18/00', 25)).toEqual([]);
  });

  it('3380eb42: any score the validator accepts is looked up without throwing (property)', () => {
    const score = fc.oneof(
      fc.integer({ min: -5, max: 40 }),
      fc.integer({ min: -5, max: 40 }).map(String),
      fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => `${a}/${String(b).padStart(2, '0')}`),
      fc.double(),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(score, score, (str, dex) => {
        for (const a of ['str', 'dex'] as const) {
          const v = parseScore(a === 'str' ? str : dex, a);
          if (v) expect(() => (a === 'str' ? strengthRow(v) : dexRow(v))).not.toThrow();
        }
        // Through the validator: either it names the field, or the figure plays (tables, explain, a few steps).
        const raw = {
          system: 'adnd',
          figures: [
            { id: 'a', side: 'x', class: 'fighter', level: 5, hp: 30, ac: 5, str, dex, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }] },
            { id: 'b', side: 'y', class: 'fighter', level: 5, hp: 30, ac: 5, str, dex, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }] },
          ],
        };
        let s: ReturnType<typeof sys.setup>;
        try {
          s = sys.setup(raw);
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
          for (const i of (e as InputError).issues) expect(i.path).toMatch(/^figures\[[01]\]\.(str|dex)$/);
          return;
        }
        sys.explain(s);
        const dice = new QueueDice({}, { 20: 20, 100: 1 });
        for (let k = 0; k < 30 && sys.pending(s); k++) sys.apply(s, sys.decide(s), dice, () => {});
      }),
      { numRuns: 300 },
    );
  });

  it('strength to hit / damage (1e PHB, adnd-1e reference)', () => {
    const s = (v: string | number) => strengthRow(parseScore(v, 'str')!);
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
    // The seed's Dexterity Effects table, every row and column as printed (N = "not allowed"):
    // scores looked up, ambidexterity %, to-hit hand, missile, two weapons primary, secondary, AC.
    const N = null;
    const SEED: [(string | number)[], string, number, number, number, number | null, number | null, number][] = [
      [[3], '3', 1, -3, -3, N, N, -4],
      [[4], '4', 1, -2, -2, N, N, -3],
      [[5], '5', 1, -1, -3, N, N, -3],
      [[6, 7], '6-7', 1, 0, -1, N, N, -2],
      [[8, 9], '8-9', 2, 0, 0, N, N, -1],
      [[10, 11, 12, 13, 14, 15], '10-15', 3, 0, 0, -6, -8, 0],
      [[16], '16', 4, 0, 1, -5, -7, 1],
      [[17], '17', 5, 1, 2, -4, -6, 2],
      [['18/01', '18/25', '18/50', 18], '18/01-50', 6, 1, 3, -3, -5, 3],
      [['18/51', '18/75'], '18/51-75', 7, 2, 3, -2, -4, 3],
      [['18/76', '18/90'], '18/76-90', 10, 2, 3, -1, -3, 4],
      [['18/91', '18/95', '18/99'], '18/91-99', 100, 2, 3, 0, -2, 4],
      [['18/00'], '18/00', 100, 3, 3, 0, -1, 4],
      [[19], '19', 100, 3, 3, 0, -1, 4],
      [[20], '20', 100, 3, 4, 0, 0, 4],
      [[21], '21', 100, 4, 4, 0, 0, 5],
      [[22], '22', 100, 4, 4, 0, 0, 5],
      [[23], '23', 100, 4, 5, 0, 0, 5],
      [[24], '24', 100, 5, 5, 0, 0, 6],
      [[25], '25', 100, 5, 6, 0, 0, 6],
    ];
    expect(DEX_ROWS).toHaveLength(SEED.length);
    SEED.forEach(([scores, label, ambi, hand, missile, primary, secondary, ac], i) => {
      const want = { label, ambi, hand, missile, primary, secondary, ac };
      const r = DEX_ROWS[i];
      expect({ label: r.label, ambi: r.ambi, hand: r.hand, missile: r.missile, primary: r.primary, secondary: r.secondary, ac: r.ac }, `row ${i}`).toEqual(want);
      for (const v of scores) expect(dexRow(parseScore(v, 'dex')!), `dexterity ${v}`).toMatchObject(want);
    });
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
