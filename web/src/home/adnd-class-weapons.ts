// The weapon a new figure of a kind or class carries, for the editor: a magic-user takes a dagger,
// not the spear a new monster holds. Which weapons a class may be proficient with is the rules'
// (src/rules/adnd/tables.ts canBeProficient, from the 1e PHB).
import type { CLASSES } from '../../../src/rules/adnd/tables.ts';

type ClassId = keyof typeof CLASSES;

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
