// To-hit: the attacker's bonus ledger (strength, the seed's dexterity columns, two weapons,
// proficiency, magic: seed 3380eb42 Frito/Rocky tables, R-A4) and the d20 needed against the
// target's armour class from the 1e matrices (R-A11), with every step in a ledger.
import { type Ledger, type LedgerEntry, ledger } from '../../core/ledger.ts';
import { CommandRejected } from '../../core/errors.ts';
import type { Figure, WeaponItem } from './model.ts';
import { CLASSES, DEX_ROWS, WEAPONS, dexRow, dexRowIndex, formatScore, needToHit, strengthRow, toHitAC0 } from './tables.ts';

export type Role = 'alone' | 'primary' | 'secondary';

/** Dexterity modifiers for two weapons (R-A4): the row's columns, or the next better row with the skill. */
export function twoWeaponDex(f: Figure): { primary: number; secondary: number; label: string } | null {
  let i = dexRowIndex(f.dex);
  let label = `dexterity ${formatScore(f.dex)} two weapons`;
  if (f.twoWeaponsSkill && i + 1 < DEX_ROWS.length) {
    i += 1;
    label = `dexterity ${formatScore(f.dex)} two weapons, Two Weapons skill: row ${DEX_ROWS[i].label}`;
  }
  const row = DEX_ROWS[i];
  if (row.primary === null || row.secondary === null) return null;
  return { primary: row.primary, secondary: row.secondary, label };
}

export function isMissile(w: WeaponItem): boolean {
  return w.kind === 'launcher';
}

/**
 * The attack bonus of `f` swinging `w` in `role` (seed 3380eb42 example tables; R-A4).
 * Disarm attempts count only dexterity and weapon plusses (seed 3380eb42, disarming).
 */
export function attackBonus(f: Figure, w: WeaponItem, role: Role, disarm = false): Ledger {
  const e: LedgerEntry[] = [];
  const natural = w.kind === 'natural';
  if (!natural && !isMissile(w) && !disarm) {
    const s = strengthRow(f.str);
    e.push({ source: `strength ${formatScore(f.str)}`, delta: s.hit, rule: 'adnd-phb-strength' });
  }
  if (!natural || f.dexGiven) {
    if (role === 'alone') {
      const row = dexRow(f.dex);
      const missile = isMissile(w);
      e.push({
        source: `dexterity ${formatScore(f.dex)} (${missile ? 'missile' : 'hand'})`,
        delta: missile ? row.missile : row.hand,
        rule: 'R-A4',
      });
    } else {
      const tw = twoWeaponDex(f);
      if (!tw) throw new CommandRejected('weapon', `${f.name} cannot fight with two weapons at dexterity ${formatScore(f.dex)} (R-A4)`);
      e.push({ source: `${tw.label} (${role})`, delta: role === 'primary' ? tw.primary : tw.secondary, rule: 'R-A4' });
    }
  }
  if (!natural && f.cls !== null && !disarm) {
    const key = w.weapon ?? '';
    const prof = (f.proficiencies[key] ?? 0) > 0;
    e.push(
      prof
        ? { source: `proficient with ${w.name}`, delta: 0, rule: 'R-A4' }
        : { source: `not proficient with ${w.name} (${f.cls})`, delta: CLASSES[f.cls].nonProficiency, rule: 'R-A4' },
    );
  }
  if (!natural) e.push({ source: `weapon magic ${w.name}`, delta: w.magicHit, rule: 'adnd-phb' });
  return ledger(e);
}

/** The target's armour class against one attacker: armour, dexterity, two weapons, parry. */
export function armourClass(t: Figure, attackerId: string | null): Ledger {
  const e: LedgerEntry[] = [{ source: `armour class ${t.ac}`, delta: t.ac, rule: 'adnd-phb' }];
  if (!t.monster || t.dexGiven) {
    const adj = dexRow(t.dex).ac;
    if (adj !== 0) e.push({ source: `dexterity ${formatScore(t.dex)} AC adjustment`, delta: -adj, rule: 'R-A4' });
  }
  if (t.hands.length >= 2 && t.hands.every((h) => (t.weapons.find((w) => w.id === h)?.hands ?? 0) === 1)) {
    e.push({ source: 'fighting with two weapons', delta: 1, rule: 'R-A4' });
  }
  if (t.parry && attackerId !== null && t.parry.against === attackerId) {
    e.push({ source: 'parrying this attacker', delta: -t.parry.ac, rule: 'R-A8' });
  }
  return ledger(e);
}

/** The d20 face needed: "to hit AC 0" minus the AC, with the six-20s band (R-A11). */
export function needLedger(a: Figure, acTotal: number, vsAC0 = false): Ledger {
  const base = toHitAC0(a);
  const ac = vsAC0 ? 0 : acTotal;
  const e: LedgerEntry[] = [
    { source: `to hit AC 0, ${base.label}`, delta: base.value, rule: 'R-A11' },
    { source: vsAC0 ? 'disarm: against AC 0' : `target armour class ${ac}`, delta: -ac, rule: vsAC0 ? '3380eb42' : 'R-A11' },
  ];
  const need = needToHit(base.value, ac);
  const raw = base.value - ac;
  if (need !== raw) e.push({ source: 'six-20s band of the matrix', delta: need - raw, rule: 'R-A11' });
  return ledger(e);
}

/** Probability that d20 + bonus >= need, with natural 20 hit / natural 1 miss when `naturals` (R-A11). */
export function hitChance(bonus: number, need: number, naturals: boolean): number {
  let n = 0;
  for (let f = 1; f <= 20; f++) if (hits(f, bonus, need, naturals)) n++;
  return n / 20;
}

export function hits(face: number, bonus: number, need: number, naturals: boolean): boolean {
  if (naturals && face === 20) return true;
  if (naturals && face === 1) return false;
  return face + bonus >= need;
}

/** Every way `f` could hold its melee weapons: each alone, each ordered pair of one-handers. */
export function wieldings(f: Figure): { primary: string; secondary: string | null }[] {
  const melee = f.weapons.filter((w) => (w.kind === 'melee' || w.kind === 'natural') && !w.dropped);
  const out: { primary: string; secondary: string | null }[] = melee.map((w) => ({ primary: w.id, secondary: null }));
  if (twoWeaponDex(f) === null) return out;
  for (const p of melee)
    for (const s of melee)
      if (p.id !== s.id && p.hands === 1 && s.hands === 1 && p.kind === 'melee' && s.kind === 'melee') out.push({ primary: p.id, secondary: s.id });
  return out;
}

/** The to-hit table of the seed's Frito/Rocky example for one wielding. */
export function wieldingTable(f: Figure, primary: string, secondary: string | null): { weapon: string; role: Role; bonus: Ledger }[] {
  const w1 = f.weapons.find((w) => w.id === primary)!;
  if (secondary === null) return [{ weapon: primary, role: 'alone', bonus: attackBonus(f, w1, 'alone') }];
  const w2 = f.weapons.find((w) => w.id === secondary)!;
  return [
    { weapon: primary, role: 'primary', bonus: attackBonus(f, w1, 'primary') },
    { weapon: secondary, role: 'secondary', bonus: attackBonus(f, w2, 'secondary') },
  ];
}

export function weaponRow(w: WeaponItem) {
  return w.weapon ? WEAPONS[w.weapon] : undefined;
}
