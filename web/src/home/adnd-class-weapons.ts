// The weapons each AD&D class may be proficient with, and the one a new figure of that kind or
// class carries, for the editor: a magic-user takes a dagger, not the spear a new monster holds.
// From the 1e PHB's class descriptions ("weapons permitted"), mapped onto the weapon table
// (src/data/adnd/weapons.json has no staff, jo stick or oil). The engine does not refuse a weapon
// outside the list: the figure fights with it non-proficient, at the class's penalty (R-A4), and
// the editor says so. `undefined`: any weapon (fighters and their subclasses, assassins).
import type { CLASSES } from '../../../src/rules/adnd/tables.ts';

type ClassId = keyof typeof CLASSES;

const CLERIC = ['club', 'footmans-flail', 'war-hammer', 'footmans-mace', 'horsemans-mace'];
const ARCANE = ['dagger', 'dart'];

/** 1e PHB, weapons permitted per class (none listed: any weapon). */
export const CLASS_WEAPONS: Partial<Record<ClassId, readonly string[]>> = {
  cleric: CLERIC,
  druid: ['club', 'dagger', 'dart', 'war-hammer', 'scimitar', 'sling', 'spear'],
  'magic-user': ARCANE,
  illusionist: ARCANE,
  thief: ['club', 'dagger', 'dart', 'sling', 'broadsword', 'longsword', 'short-sword'],
  monk: ['club', 'light-crossbow', 'heavy-crossbow', 'dagger', 'hand-axe', 'javelin', 'halberd', 'guisarme', 'spear'],
};

/** The weapon a new figure carries: a monster's spear, a class's own (a cleric's mace, a magic-user's dagger). */
const CLASS_DEFAULT: Partial<Record<ClassId, string>> = {
  cleric: 'footmans-mace',
  druid: 'scimitar',
  'magic-user': 'dagger',
  illusionist: 'dagger',
  thief: 'short-sword',
  assassin: 'short-sword',
  monk: 'club',
};

export function defaultWeapon(kind: 'character' | 'monster', cls: string): string {
  return kind === 'monster' ? 'spear' : (CLASS_DEFAULT[cls as ClassId] ?? 'longsword');
}

/** Whether class `cls` may be proficient with `weapon` (1e PHB); a punch (open hand) is no weapon to be denied. */
export function canBeProficient(cls: string, weapon: string): boolean {
  const allowed = CLASS_WEAPONS[cls as ClassId];
  return !allowed || weapon === 'open-hand' || allowed.includes(weapon);
}
