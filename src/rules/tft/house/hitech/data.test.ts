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
