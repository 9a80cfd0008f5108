import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../core/errors.ts';
import { FIREARMS, GRENADES, HITECH_ARMOR, HITECH_TALENTS, ammoOf, firearm, grenadeDice, hitechArmor, talentForClass } from './data.ts';

describe('HiTech data tables [f04d4dae]', () => {
  it('f04d4dae Ranged Weapons: damage dice, autofire bonus and clip of each row', () => {
    const row = (id: string) => {
      const w = firearm(id);
      return [w.ammo.map((a) => a.dice), w.autofireBonus ?? null, w.clipSizes];
    };
    expect(row('light-pistol')).toEqual([[1], null, [6, 10]]);
    expect(row('heavy-pistol')).toEqual([[2], null, [6, 10]]);
    expect(row('assault-rifle')).toEqual([[2], 1, [20]]);
    expect(row('auto-rifle')).toEqual([[3], 1, [30]]);
    expect(row('submachinegun')).toEqual([[2], 3, [20]]);
    expect(row('acr')).toEqual([[3, 2, 3], 1, [40]]);
    expect(row('gauss-rifle')).toEqual([[4], 2, [60]]);
    expect(row('heavy-machinegun')).toEqual([[3], 7, [20]]);
    expect(row('autocannon')).toEqual([[3], 10, [20]]);
    expect(row('vrf-gauss-gun')).toEqual([[4], 12, [20]]);
    expect(FIREARMS.filter((w) => w.class === 'energy').map((w) => w.ammo[0].dice)).toEqual([2, 3, 4, 6, 7, 8, 9, 10]);
  });

  it('f04d4dae Ranged Weapons, cell by cell: every row\'s damage dice per ammunition (* explosive, AP), autofire bonus, clip and its unit, and the notes gyrostab, Grenade Lchr, ** heavy, *** crew-served', () => {
    // The seed's table, one row per weapon: [id, [ammo, dice, flags][], autofire, clip, unit, notes].
    // Ammunition flags: '*' explosive, 'AP'; notes: 'gyro', 'GL', '**', '***', 'autoshotgun'.
    type Row = [string, [string, number, string][], number | null, number[], 'rounds' | 'bursts', string[]];
    const seed: Row[] = [
      ['light-pistol', [['standard', 1, '']], null, [6, 10], 'rounds', []],
      ['heavy-pistol', [['standard', 2, '']], null, [6, 10], 'rounds', []],
      ['light-rifle', [['standard', 1, '']], null, [20], 'rounds', []],
      ['medium-rifle', [['standard', 2, '']], null, [20], 'rounds', []],
      ['heavy-rifle', [['standard', 3, '']], null, [20], 'rounds', []],
      ['assault-rifle', [['standard', 2, '']], 1, [20], 'rounds', []],
      ['auto-rifle', [['standard', 3, '']], 1, [30], 'rounds', []],
      ['submachinegun', [['standard', 2, '']], 3, [20], 'rounds', []],
      ['acr', [['slug', 3, ''], ['he', 2, '*'], ['apds', 3, 'AP']], 1, [40], 'rounds', ['gyro', 'GL']],
      ['gauss-rifle', [['standard', 4, 'AP']], 2, [60], 'rounds', ['gyro', 'GL']],
      ['snub-pistol', [['he', 2, '*'], ['heap', 2, '* AP']], null, [6, 10], 'rounds', []],
      ['shotgun', [['pellets', 1, ''], ['bullets', 2, '']], null, [10], 'rounds', []],
      ['autoshotgun', [['pellets', 1, ''], ['bullets', 2, '']], null, [10], 'rounds', ['autoshotgun']],
      ['laser-pistol', [['standard', 2, 'AP']], null, [50], 'rounds', []],
      ['laser-carbine', [['standard', 3, 'AP']], null, [50], 'rounds', []],
      ['laser-rifle', [['standard', 4, 'AP']], null, [50], 'rounds', []],
      ['pg-12', [['standard', 6, 'AP']], null, [20], 'rounds', []],
      ['pg-13', [['standard', 7, 'AP']], null, [20], 'rounds', []],
      ['pg-14', [['standard', 8, 'AP']], null, [20], 'rounds', []],
      ['fg-14', [['standard', 9, 'AP']], null, [20], 'rounds', []],
      ['fg-15', [['standard', 10, 'AP']], null, [20], 'rounds', []],
      ['lt-machinegun', [['standard', 3, '']], 5, [10], 'bursts', ['**']],
      ['ht-machinegun', [['standard', 3, 'AP']], 5, [20], 'bursts', ['**']],
      ['rocket-launcher', [['rocket', 12, '*']], null, [4], 'rounds', ['**']],
      ['heavy-machinegun', [['standard', 3, '']], 7, [20], 'bursts', ['***']],
      ['autocannon', [['standard', 3, 'AP']], 10, [20], 'bursts', ['***']],
      ['vrf-gauss-gun', [['standard', 4, 'AP']], 12, [20], 'bursts', ['***']],
    ];
    const flags = (a: { explosive: boolean; ap: boolean; blast: boolean }) => [a.explosive || a.blast ? '*' : '', a.ap ? 'AP' : ''].filter((x) => x).join(' ');
    const notes = (w: ReturnType<typeof firearm>) =>
      [w.gyrostab && 'gyro', w.grenadeLauncher && 'GL', w.heavy && '**', w.crewServed && '***', w.autoshotgun && 'autoshotgun'].filter((x): x is string => typeof x === 'string');
    const data: Row[] = FIREARMS.map((w) => [w.id, w.ammo.map((a) => [a.id, a.dice, flags(a)]), w.autofireBonus ?? null, w.clipSizes, w.clipUnit, notes(w)]);
    expect(data).toEqual(seed);
  });

  it('f04d4dae notes: explosive (*), AP, gyrostab, grenade launcher, heavy (**) and crew-served (***)', () => {
    const acr = firearm('acr');
    expect(acr.gyrostab && acr.grenadeLauncher).toBe(true);
    expect(ammoOf(acr, 'he').explosive).toBe(true);
    expect(ammoOf(acr, 'apds').ap).toBe(true);
    expect(ammoOf(firearm('snub-pistol'), 'heap')).toMatchObject({ explosive: true, ap: true });
    expect(FIREARMS.filter((w) => w.heavy).map((w) => w.id)).toEqual(['lt-machinegun', 'ht-machinegun', 'rocket-launcher']);
    expect(FIREARMS.filter((w) => w.crewServed).map((w) => w.id)).toEqual(['heavy-machinegun', 'autocannon', 'vrf-gauss-gun']);
    expect(ammoOf(firearm('rocket-launcher'), undefined)).toMatchObject({ dice: 12, blast: true });
    // R-H2: rocket launchers use the rifle table; R-H3: pistols and SMGs the pistol table.
    expect(firearm('rocket-launcher').rangeTable).toBe('rifle');
    expect([firearm('submachinegun').rangeTable, firearm('heavy-pistol').rangeTable]).toEqual(['pistol', 'pistol']);
  });

  it('R-H11: shotgun pellets +3, bullets +2 [f04d4dae]', () => {
    const sg = firearm('shotgun');
    expect(sg.ammo.map((a) => [a.id, a.dice, a.shotgunBonus])).toEqual([
      ['pellets', 1, 3],
      ['bullets', 2, 2],
    ]);
    expect(firearm('autoshotgun').ammo).toEqual(sg.ammo);
  });

  it('f04d4dae Grenades: 3, 4, 6, 8 dice by TL', () => {
    expect([5, 6, 7, 8, 9, 10, 11, 12].map((tl) => grenadeDice(tl))).toEqual([3, 3, 4, 4, 6, 6, 8, 8]);
    expect(GRENADES).toHaveLength(4);
    expect(() => grenadeDice(13)).toThrow(InputError);
  });

  it('f04d4dae Armor: protection per die; R-H14 battle armor ST x2 / x3; R-H13 knockback for flak and nylon', () => {
    expect(HITECH_ARMOR.map((a) => a.protection)).toEqual([2, 3, 4, 5, 6, 6, 7, 7]);
    expect(hitechArmor('battle-tl13').stMultiplier).toBe(2);
    expect(hitechArmor('battle-tl14').stMultiplier).toBe(3);
    expect(HITECH_ARMOR.filter((a) => a.knockback).map((a) => a.id)).toEqual(['flak-jacket', 'nylon']);
  });

  it('f04d4dae Armor and Grenades, cell by cell: each armor row\'s name, protection and note (ST x2, x3); each grenade row\'s tech levels and dice', () => {
    expect(HITECH_ARMOR.map((a) => [a.name, a.protection, a.stMultiplier])).toEqual([
      ['flak jacket', 2, 1],
      ['nylon', 3, 1],
      ['combat TL11', 4, 1],
      ['combat TL12', 5, 1],
      ['combat TL13', 6, 1],
      ['battle TL13', 6, 2],
      ['combat TL14', 7, 1],
      ['battle TL14', 7, 3],
    ]);
    expect(GRENADES.map((g) => [g.label, g.dice])).toEqual([
      ['6-', 3],
      ['7-8', 4],
      ['9-10', 6],
      ['11-12', 8],
    ]);
    expect([0, 1, 6, 7, 8, 9, 10, 11, 12].map((tl) => grenadeDice(tl))).toEqual([3, 3, 3, 4, 4, 6, 6, 8, 8]);
  });

  it('R-H5: each weapon class maps to its talent', () => {
    expect(talentForClass('rifle')?.name).toBe('Rifle');
    expect(talentForClass('pistol')?.name).toBe('Pistol');
    expect(talentForClass('shotgun')?.id).toBe('rifle');
    expect(talentForClass('smg')?.id).toBe('pistol');
    expect(talentForClass('energy')?.id).toBe('energy-weapons');
    expect(talentForClass('heavy-auto')?.id).toBe('heavy-auto-weapon');
    expect(talentForClass('rocket-launcher')?.id).toBe('rocket-launcher');
    expect(talentForClass('tac-missile')?.id).toBe('tac-missile');
  });

  it('f04d4dae R-H5: the six firearm talents are "available at IQ 8" for 1 point each; Expert levels IQ 10, 2 points, +2 DX', () => {
    const row = (id: string) => {
      const t = HITECH_TALENTS.find((x) => x.id === id)!;
      return [t.name, t.iq, t.cost, t.covers ?? null];
    };
    expect(row('rifle')).toEqual(['Rifle', 8, 1, ['rifle', 'shotgun']]);
    expect(row('pistol')).toEqual(['Pistol', 8, 1, ['pistol', 'smg']]);
    expect(row('energy-weapons')).toEqual(['Energy Weapons', 8, 1, ['energy']]);
    expect(row('heavy-auto-weapon')).toEqual(['Heavy Auto Weapon', 8, 1, ['heavy-auto']]);
    expect(row('rocket-launcher')).toEqual(['Rocket Launcher', 8, 1, ['rocket-launcher']]);
    expect(row('tac-missile')).toEqual(['Tac Missile', 8, 1, ['tac-missile']]);
    const experts = HITECH_TALENTS.filter((t) => t.expertOf !== undefined).map((t) => [t.expertOf, t.iq, t.cost, t.dx]);
    expect(experts).toEqual(['rifle', 'pistol', 'energy-weapons', 'heavy-auto-weapon', 'rocket-launcher', 'tac-missile'].map((id) => [id, 10, 2, 2]));
  });

  it('bad ids throw InputError naming the field', () => {
    expect(() => firearm('blaster', 'figures[0].weapons[1]')).toThrow(/figures\[0\]\.weapons\[1\]: unknown firearm 'blaster'/);
    expect(() => ammoOf(firearm('acr'), 'heap', 'ammo')).toThrow(/ammo: ACR has no ammunition 'heap'/);
    expect(() => hitechArmor('plate')).toThrow(InputError);
  });
});
