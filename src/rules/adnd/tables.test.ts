import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diceBounds, parseDice } from '../../core/dice/notation.ts';
import { InputError } from '../../core/errors.ts';
import { adndSystem as sys } from './system.ts';
import { QueueDice } from './testing.ts';
import { CLASSES, CRITICALS, canBeProficient, DEX_ROWS, SCORE_RANGES, SPELLS, WEAPONS, dexRow, needToHit, parseScore, saveNeed, scoreRangeText, strengthRow, toHitAC0 } from './tables.ts';

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

// Audit of the data against the seed (3380eb42) and /work/shared/reference/adnd-1e.md, number by
// number: every value either gives is asserted here as printed there (typed from the texts, not
// from the data).
describe('AD&D data against the seed and the adnd-1e reference (audit)', () => {
  it('adnd-1e reference: "to hit AC 0" for every class group and level band, and every monster hit-dice band', () => {
    const c = (cls: string, level: number) => toHitAC0({ cls: cls as never, level, monster: false, hd: 0 }).value;
    const bands: [string, [number, number, number][]][] = [
      ['fighter', [[0, 0, 21], [1, 2, 20], [3, 4, 18], [5, 6, 16], [7, 8, 14], [9, 10, 12], [11, 12, 10], [13, 14, 8], [15, 16, 6], [17, 30, 4]]],
      ['cleric', [[1, 3, 20], [4, 6, 18], [7, 9, 16], [10, 12, 14], [13, 15, 12], [16, 18, 10], [19, 30, 9]]],
      ['thief', [[1, 4, 21], [5, 8, 19], [9, 12, 16], [13, 16, 14], [17, 20, 12], [21, 30, 10]]],
      ['magic-user', [[1, 5, 21], [6, 10, 19], [11, 15, 16], [16, 20, 13], [21, 30, 11]]],
    ];
    const groups: Record<string, string[]> = { fighter: ['fighter', 'paladin', 'ranger'], cleric: ['cleric', 'druid', 'monk'], thief: ['thief', 'assassin'], 'magic-user': ['magic-user', 'illusionist'] };
    for (const [group, rows] of bands) {
      for (const cls of groups[group]) for (const [lo, hi, v] of rows) for (let l = lo; l <= hi; l++) expect(c(cls, l), `${cls} ${l}`).toBe(v);
    }
    const m = (hd: number) => toHitAC0({ cls: null, level: 0, monster: true, hd }).value;
    // up to 1-1, 1-1, 1, 1+, 2-3+, 4-5+, 6-7+, 8-9+, 10-11+, 12-13+, 14-15+, 16+
    const hd = [0.5, 0.9, 1, 1.5, 2, 3.5, 4, 5.5, 6, 7.5, 8, 9.5, 10, 11.5, 12, 13.5, 14, 15.5, 16, 20];
    expect(hd.map(m)).toEqual([21, 20, 19, 18, 16, 16, 15, 15, 13, 13, 12, 12, 10, 10, 9, 9, 8, 8, 7, 7]);
  });

  it('adnd-1e reference: every saving throw row (paralysis / petrification / rod / breath / spell), paladins 2 better', () => {
    const tables: [string[], [number, number, number[]][]][] = [
      [['fighter', 'ranger'], [[0, 0, [16, 17, 18, 20, 19]], [1, 2, [14, 15, 16, 17, 17]], [3, 4, [13, 14, 15, 16, 16]], [5, 6, [11, 12, 13, 13, 14]], [7, 8, [10, 11, 12, 12, 13]], [9, 10, [8, 9, 10, 9, 11]], [11, 12, [7, 8, 9, 8, 10]], [13, 14, [5, 6, 7, 5, 8]], [15, 16, [4, 5, 6, 4, 7]], [17, 30, [3, 4, 5, 4, 6]]]],
      [['cleric', 'druid'], [[1, 3, [10, 13, 14, 16, 15]], [4, 6, [9, 12, 13, 15, 14]], [7, 9, [7, 10, 11, 13, 12]], [10, 12, [6, 9, 10, 12, 11]], [13, 15, [5, 8, 9, 11, 10]], [16, 18, [4, 7, 8, 10, 9]], [19, 30, [2, 5, 6, 8, 7]]]],
      [['magic-user', 'illusionist'], [[1, 5, [14, 13, 11, 15, 12]], [6, 10, [13, 11, 9, 13, 10]], [11, 15, [11, 9, 7, 11, 8]], [16, 20, [10, 7, 5, 9, 6]], [21, 30, [8, 5, 3, 7, 4]]]],
      [['thief', 'assassin'], [[1, 4, [13, 12, 14, 16, 15]], [5, 8, [12, 11, 12, 15, 13]], [9, 12, [11, 10, 10, 14, 11]], [13, 16, [10, 9, 8, 13, 9]], [17, 20, [9, 8, 6, 12, 7]], [21, 30, [8, 7, 4, 11, 5]]]],
    ];
    const kinds = ['paralysis', 'petrification', 'rod', 'breath', 'spell'];
    const sv = (cls: string, level: number) => kinds.map((k) => saveNeed({ cls: cls as never, level, monster: false, hd: 0 }, k).value);
    for (const [classes, rows] of tables) {
      for (const cls of classes) for (const [lo, hi, want] of rows) for (let l = Math.max(lo, 1); l <= hi; l++) expect(sv(cls, l), `${cls} ${l}`).toEqual(want);
      for (const [lo, hi, want] of rows) if (classes[0] === 'fighter') for (let l = Math.max(lo, 1); l <= hi; l++) expect(sv('paladin', l), `paladin ${l}`).toEqual(want.map((v) => v - 2));
    }
    expect(saveNeed({ cls: null, level: 0, monster: true, hd: 0.9 }, 'breath').value).toBe(20); // a monster below 1 HD: fighter level 0
  });

  it('adnd-1e reference: strength to hit / damage for every score 3-18 and 18/01..18/00', () => {
    const want: [(string | number)[], number, number][] = [
      [[3], -3, -1],
      [[4, 5], -2, -1],
      [[6, 7], -1, 0],
      [[8, 9, 10, 11, 12, 13, 14, 15], 0, 0],
      [[16], 0, 1],
      [[17], 1, 1],
      [[18], 1, 2],
      [['18/01', '18/50'], 1, 3],
      [['18/51', '18/75'], 2, 3],
      [['18/76', '18/90'], 2, 4],
      [['18/91', '18/99'], 2, 5],
      [['18/00'], 3, 6],
    ];
    for (const [scores, hit, dmg] of want) for (const v of scores) expect([strengthRow(parseScore(v, 'str')!).hit, strengthRow(parseScore(v, 'str')!).dmg], `strength ${v}`).toEqual([hit, dmg]);
  });

  it('adnd-1e reference: every weapon of the reference table (speed factor, damage S-M and L as ranges); the seed: long sword SF 5, longbow 2 + arrow 3 [3380eb42]', () => {
    const REF: [string, number, string, string][] = [
      ['dagger', 2, '1-4', '1-3'],
      ['short-sword', 3, '1-6', '1-8'],
      ['longsword', 5, '1-8', '1-12'],
      ['broadsword', 5, '2-8', '2-7'],
      ['bastard-sword', 6, '2-8', '2-16'],
      ['two-handed-sword', 10, '1-10', '3-18'],
      ['scimitar', 4, '1-8', '1-8'],
      ['footmans-mace', 7, '2-7', '1-6'],
      ['horsemans-mace', 6, '1-6', '1-4'],
      ['footmans-flail', 7, '2-7', '2-8'],
      ['morning-star', 7, '2-8', '2-7'],
      ['war-hammer', 4, '2-5', '1-4'],
      ['battle-axe', 7, '1-8', '1-8'],
      ['hand-axe', 4, '1-6', '1-4'],
      ['club', 4, '1-6', '1-3'],
      ['spear', 7, '1-6', '1-8'],
      ['halberd', 9, '1-10', '2-12'],
      ['open-hand', 1, '1-2', '1-2'],
    ];
    const range = (t: string) => {
      const b = diceBounds(parseDice(t));
      return `${b.min}-${b.max}`;
    };
    for (const [id, sf, sm, l] of REF) expect([WEAPONS[id].sf, range(WEAPONS[id].damage.sm), range(WEAPONS[id].damage.l)], id).toEqual([sf, sm, l]);
    expect([WEAPONS.longbow.kind, WEAPONS.longbow.sf, WEAPONS.longbow.missile, WEAPONS.arrow.sf]).toEqual(['launcher', 2, 'arrow', 3]);
  });

  it('adnd-1e reference: classes (hit die, non-proficiency, matrix and save groups); seed 3380eb42: surprise 33%, ranger 17%; R-A5 fighter subclasses', () => {
    const want: Record<string, [number, number, string, string, number]> = {
      fighter: [10, -2, 'fighter', 'fighter', 33],
      paladin: [10, -2, 'fighter', 'fighter', 33],
      ranger: [8, -2, 'fighter', 'fighter', 17],
      cleric: [8, -3, 'cleric', 'cleric', 33],
      druid: [8, -4, 'cleric', 'cleric', 33],
      thief: [6, -3, 'thief', 'thief', 33],
      assassin: [6, -3, 'thief', 'thief', 33],
      'magic-user': [4, -5, 'magic-user', 'magic-user', 33],
      illusionist: [4, -5, 'magic-user', 'magic-user', 33],
      monk: [4, -3, 'cleric', 'thief', 33],
    };
    expect(Object.keys(CLASSES).sort()).toEqual(Object.keys(want).sort());
    for (const [cls, [hitDie, np, attack, saves, surprise]] of Object.entries(want)) {
      const c = CLASSES[cls as keyof typeof CLASSES];
      expect([c.hitDie, c.nonProficiency, c.attack, c.saves, c.surprise], cls).toEqual([hitDie, np, attack, saves, surprise]);
      expect([c.fighterSubclass, c.trueFighter, c.saveBonus], cls).toEqual([['fighter', 'paladin', 'ranger'].includes(cls), cls === 'fighter', cls === 'paladin' ? 2 : 0]);
    }
  });

  it('adnd-1e reference: casting times in segments (R-A7: the spell\'s speed factor) [3380eb42]', () => {
    const want: Record<string, number> = { 'magic-missile': 1, sleep: 1, shield: 1, web: 2, fireball: 3, 'lightning-bolt': 3, haste: 3, slow: 3, 'cure-light-wounds': 5, 'hold-person': 5 };
    expect(Object.fromEntries(Object.values(SPELLS).map((sp) => [sp.id, sp.castingTime]))).toEqual(want);
  });

  it("R-A10: the seed's critical table, third roll 1-20 [3380eb42]", () => {
    const mult = (r: number) => CRITICALS.find((row) => r >= row.min && r <= row.max)!.multiplier;
    expect(Array.from({ length: 20 }, (_, i) => mult(i + 1))).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 5, 5]);
    expect(CRITICALS.filter((r) => r.special).map((r) => [r.min, r.max])).toEqual([[20, 20]]);
  });
});

describe('weapons permitted (1e PHB class descriptions; the editor warns, the engine fights non-proficient, R-A4)', () => {
  it('a magic-user may be proficient with a dagger or dart only, a cleric with no edged weapon, a fighter or an assassin with any; an open hand is never denied', () => {
    expect(['dagger', 'dart', 'longsword', 'spear'].filter((w) => canBeProficient('magic-user', w))).toEqual(['dagger', 'dart']);
    expect(['footmans-mace', 'war-hammer', 'longsword', 'dagger'].filter((w) => canBeProficient('cleric', w))).toEqual(['footmans-mace', 'war-hammer']);
    expect(canBeProficient('fighter', 'halberd')).toBe(true);
    expect(canBeProficient('assassin', 'longsword')).toBe(true);
    expect(canBeProficient('magic-user', 'open-hand')).toBe(true);
    // A class not in the table (a monster's kind) is denied nothing.
    expect(canBeProficient('ogre', 'longsword')).toBe(true);
  });

  it("R-A4 with the 1e PHB: each class's weapons permitted, as its class description lists them, less those not in the weapon table (staff, jo and bo stick, oil)", () => {
    const permitted = (cls: string) => [...(CLASSES[cls as keyof typeof CLASSES].weaponsPermitted ?? [])].sort();
    // PHB: club, flail, hammer, mace, staff (no edged weapon); flail, hammer and mace as the table has them.
    expect(permitted('cleric')).toEqual(['club', 'footmans-flail', 'footmans-mace', 'horsemans-mace', 'war-hammer']);
    // PHB: club, dagger, dart, hammer, scimitar, sling, spear, staff.
    expect(permitted('druid')).toEqual(['club', 'dagger', 'dart', 'scimitar', 'sling', 'spear', 'war-hammer']);
    // PHB: dagger, dart, staff (the illusionist's are the magic-user's).
    expect(permitted('magic-user')).toEqual(['dagger', 'dart']);
    expect(permitted('illusionist')).toEqual(['dagger', 'dart']);
    // PHB: club, dagger, dart, sling, sword (broad, long, short).
    expect(permitted('thief')).toEqual(['broadsword', 'club', 'dagger', 'dart', 'longsword', 'short-sword', 'sling']);
    // PHB: bo stick, club, crossbow, dagger, hand axe, javelin, jo stick, pole arm, spear, staff (both crossbows, the table's pole arms).
    expect(permitted('monk')).toEqual(['club', 'dagger', 'guisarme', 'halberd', 'hand-axe', 'heavy-crossbow', 'javelin', 'light-crossbow', 'spear']);
    // Fighters, paladins, rangers and assassins: any weapon (no list).
    for (const cls of ['fighter', 'paladin', 'ranger', 'assassin']) expect(CLASSES[cls as keyof typeof CLASSES].weaponsPermitted, cls).toBeUndefined();
  });

  it('every weapon a class permits is in the weapon table', () => {
    for (const [cls, info] of Object.entries(CLASSES)) {
      for (const w of info.weaponsPermitted ?? []) expect(WEAPONS[w], `${cls}: ${w}`).toBeDefined();
    }
  });
});
