// The built-in TFT tables (src/data/tft/*.json) against their sources, cell by cell: the
// reference (../shared/reference/tft-core.md) for the rows it gives, the Melee weapon table for
// the rows marked `extra`. The expected values below are restated from those sources, not read
// from the data.
import { describe, expect, it } from 'vitest';
import { builtinRows, buildTables } from './tables.ts';

const tables = buildTables([]);

/** id -> [damage (one-handed), damage two-handed or null, min ST, hands, cutting] per tft-core.md "Weapons". */
const REFERENCE_WEAPONS: Record<string, [string, string | null, number, 1 | 2 | 'either', boolean | null]> = {
  dagger: ['1d-1', null, 0, 1, false],
  rapier: ['1d', null, 9, 1, false],
  saber: ['2d-2', null, 10, 1, true],
  shortsword: ['2d-1', null, 11, 1, true],
  broadsword: ['2d', null, 12, 1, true],
  'bastard-sword': ['2d+1', '3d-2', 13, 'either', true],
  'two-handed-sword': ['3d-1', null, 14, 2, true],
  greatsword: ['3d+1', null, 16, 2, true],
  mace: ['2d-1', null, 11, 1, false],
  'small-ax': ['1d+2', null, 11, 1, true],
  'war-ax': ['2d', null, 12, 1, true],
  morningstar: ['2d+1', null, 13, 1, false],
  'great-hammer': ['2d+2', null, 14, 2, false],
  battleaxe: ['3d', null, 15, 2, true],
  spear: ['1d', '1d+1', 11, 'either', false],
  halberd: ['2d', null, 13, 2, true],
  'pike-axe': ['2d+2', null, 15, 2, true],
  longbow: ['1d+2', null, 11, 2, null],
  'heavy-crossbow': ['3d', null, 15, 2, null],
};

describe('weapons (src/data/tft/weapons.json)', () => {
  it('tft-core reference: every row of the weapon table, cell by cell (damage, 2H damage, min ST, hands, R-S1 cutting flag)', () => {
    for (const [id, [dmg, dmg2, st, hands, cutting]] of Object.entries(REFERENCE_WEAPONS)) {
      const w = tables.weapons[id];
      expect(w, id).toBeDefined();
      expect({ id, damage: w.damage, damage2H: w.damage2H ?? null, minST: w.minST, hands: w.hands }).toEqual({ id, damage: dmg, damage2H: dmg2, minST: st, hands });
      // Missile weapons have no cutting flag in the reference ('-'): they never sweep.
      expect({ id, cutting: w.cutting }).toEqual({ id, cutting: cutting ?? false });
    }
  });

  it('tft-core reference: the pole weapons (+2 DX set against a charge; the Melee rule of double damage beyond it, see Readings) and missile/thrown kinds', () => {
    const pole = builtinRows.weapons.filter((w) => w.pole === true).map((w) => w.id);
    expect(pole.sort()).toEqual(['halberd', 'javelin', 'pike-axe', 'spear']);
    expect(tables.weapons.longbow.kind).toBe('missile');
    expect(tables.weapons['heavy-crossbow']).toMatchObject({ kind: 'missile', reload: 2, fastReloadDX: 16 });
    for (const id of ['dagger', 'spear', 'small-ax', 'mace']) expect(tables.weapons[id].throwable, id).toBe(true);
  });

  it('tft-core extra rows (Melee weapon table, Legacy 3rd ed.; classic agrees on club and javelin): club 1d ST 9, javelin 1d-1 ST 9, horse bow 1d ST 10', () => {
    expect(tables.weapons.club).toMatchObject({ damage: '1d', minST: 9, hands: 1, kind: 'melee', cutting: false, throwable: true });
    expect(tables.weapons.javelin).toMatchObject({ damage: '1d-1', minST: 9, hands: 1, pole: true, throwable: true });
    expect(tables.weapons['small-bow']).toMatchObject({ damage: '1d-1', minST: 9, hands: 2, kind: 'missile' });
    expect(tables.weapons['horse-bow']).toMatchObject({ damage: '1d', minST: 10, hands: 2, kind: 'missile' });
  });

  it('tft-core extra row (Melee weapon table, Legacy 3rd ed.): a light crossbow 2d ST 12 fires every other turn, every turn at adjDX 14+', () => {
    expect(tables.weapons['light-crossbow']).toMatchObject({ damage: '2d', minST: 12, hands: 2, kind: 'missile', reload: 1, fastReloadDX: 14 });
  });

  it('every row names its source, and rows beyond the reference say so ("extra")', () => {
    for (const w of builtinRows.weapons) {
      const src = (w as { source?: string }).source ?? '';
      expect(src, w.id).toMatch(REFERENCE_WEAPONS[w.id] ? /^tft-core\.md weapons/ : /^extra: /);
    }
  });
});

describe('armor and shields (src/data/tft/armor.json)', () => {
  it('tft-core reference: armor hits stopped / DX / MA for a human, and the classic chainmail -4 DX, plate -6 DX MA 4', () => {
    const rows = builtinRows.armor.map((a) => [a.id, a.stops, a.dx, a.ma]);
    expect(rows).toEqual([
      ['none', 0, 0, 10],
      ['cloth', 1, -1, 10],
      ['leather', 2, -2, 8],
      ['chainmail', 3, -3, 6],
      ['half-plate', 4, -4, 6],
      ['plate', 5, -5, 6],
    ]);
    expect(tables.armor.chainmail.classic).toEqual({ dx: -4 });
    expect(tables.armor.plate.classic).toEqual({ dx: -6, ma: 4 });
  });
  it('tft-core reference: shields small 1 / 0 DX, large 2 / -1, tower 3 / -2', () => {
    expect(builtinRows.shields.map((s) => [s.id, s.stops, s.dx])).toEqual([
      ['small-shield', 1, 0],
      ['large-shield', 2, -1],
      ['tower-shield', 3, -2],
    ]);
  });
});

describe('races and talents (src/data/tft/races.json, talents.json)', () => {
  it('tft-core reference: MA human 10, elf 12, dwarf 10, halfling 10, centaur 12 (24 unencumbered); 3 front hexes', () => {
    const ma = Object.fromEntries(builtinRows.races.map((r) => [r.id, r.ma]));
    expect(ma).toMatchObject({ human: 10, elf: 12, dwarf: 10, halfling: 10, centaur: 12 });
    expect((tables.races.centaur as { unencumberedMA?: number }).unencumberedMA).toBe(24);
    for (const r of builtinRows.races) expect(r.frontHexes, r.id).toBe(3);
  });
  it('tft-core reference, R-S7 [931c742c], R-T4 [82345e2a]: Physicker IQ 11 heals 2, Master Physicker IQ 14 heals 3, Multiple Swing IQ 12 cost 3, Eyes Behind IQ 12 spell with 6 front hexes', () => {
    expect(tables.talents.physicker).toMatchObject({ iq: 11, heals: 2 });
    expect(tables.talents['master-physicker']).toMatchObject({ iq: 14, heals: 3, requires: ['physicker'] });
    expect(tables.talents['multiple-swing']).toMatchObject({ iq: 12, cost: 3 });
    expect(tables.talents['eyes-behind']).toMatchObject({ iq: 12, kind: 'spell', frontHexes: 6 });
  });
});
