// Firearm talents (seed f04d4dae; RULINGS R-H5) and Quickdraw Pistol (R-H6).
import type { LedgerEntry } from '../../../../core/ledger.ts';
import { HITECH_TALENTS, type WeaponClass, expertOf, talentForClass } from './data.ts';

/**
 * The talent entries of the to-hit ledger for firing a weapon of class `cls`: -2 without the
 * covering talent, +2 with its Expert level, nothing with the plain talent (R-H5). Thrown
 * grenades need no talent (they are thrown like any thrown weapon, R-H12).
 */
export function talentModifiers(talents: readonly string[], cls: WeaponClass): LedgerEntry[] {
  if (cls === 'grenade') return [];
  const t = talentForClass(cls);
  if (!t) return [];
  const expert = expertOf(t.id);
  if (expert && talents.includes(expert.id)) return [{ source: `${expert.name} talent`, delta: expert.dx ?? 2, rule: 'R-H5' }];
  if (talents.includes(t.id)) return [];
  return [{ source: `no ${t.name} talent`, delta: -2, rule: 'R-H5' }];
}

export const HITECH_TALENT_IDS: readonly string[] = HITECH_TALENTS.map((t) => t.id);

export interface QuickdrawResult {
  /** The pistol is ready either way (R-H6). */
  readied: true;
  /** Whether the shot is fired this turn (3d6 roll <= adjDX). */
  fires: boolean;
  roll: number;
}

/** R-H6: ready and fire in one turn after 3d6 <= adjDX; on failure the pistol is only readied. */
export function quickdraw(roll: number, adjDx: number): QuickdrawResult {
  return { readied: true, fires: roll <= adjDx, roll };
}
