// To-hit: the attacker's bonus ledger (strength, the seed's dexterity columns, two weapons,
// proficiency, magic: seed 3380eb42 Frito/Rocky tables, R-A4) and the d20 needed against the
// target's armour class from the 1e matrices (R-A11), with every step in a ledger.
//
// Each number is computed once, by one function that returns the total and, when handed an
// array, also writes the ledger entries into it (`out`). The lab and the AI pass null: no
// strings, no entries, no allocation; `explain` and the event log pass an array.
import { CommandRejected } from '../../core/errors.ts';
import { type Ledger, type LedgerEntry, ledger } from '../../core/ledger.ts';
import type { Figure, Score, WeaponItem } from './model.ts';
import { CLASSES, DEX_ROWS, WEAPONS, dexRow, dexRowIndex, formatScore, needToHit, strengthRow, toHitAC0, toHitAC0Value } from './tables.ts';

export type Role = 'alone' | 'primary' | 'secondary';

/** The dexterity table row used for two weapons (R-A4): the score's row, or the next better one with the skill; -1 when not allowed. */
function twoWeaponRow(dex: Score, skill: boolean): number {
  let i = dexRowIndex(dex);
  if (skill && i + 1 < DEX_ROWS.length) i += 1;
  const row = DEX_ROWS[i];
  return row.primary === null || row.secondary === null ? -1 : i;
}

/** The figure's two-weapon row (R-A4); -1 when its dexterity does not allow two weapons. */
export function twoWeaponRowIndex(f: Figure): number {
  return twoWeaponRow(f.dex, f.twoWeaponsSkill);
}

/** Dexterity modifiers for two weapons (R-A4), with the label explain shows. */
export function twoWeaponDex(f: Figure): { primary: number; secondary: number; label: string } | null {
  const i = twoWeaponRowIndex(f);
  if (i < 0) return null;
  const row = DEX_ROWS[i];
  return { primary: row.primary!, secondary: row.secondary!, label: twoWeaponLabel(f.dex, i) };
}

/** Which row a two-weapon modifier came from: the score's own, or the next better with the skill. */
function twoWeaponLabel(dex: Score, i: number): string {
  const own = dexRowIndex(dex);
  return i !== own ? `dexterity ${formatScore(dex)} two weapons, Two Weapons skill: row ${DEX_ROWS[i].label}` : `dexterity ${formatScore(dex)} two weapons, row ${DEX_ROWS[i].label}`;
}

/**
 * The seed's dexterity to-hit for one hand (R-A4): the hand or missile column alone, the primary
 * or secondary column with two weapons (the next better row with the Two Weapons skill); its
 * ledger entry into `out` when given. Null when the dexterity does not allow two weapons. The
 * engine's swings and `fray odds --hand` both count it here.
 */
export function dexToHitInto(dex: Score, skill: boolean, role: Role, missile: boolean, out: LedgerEntry[] | null): number | null {
  if (role === 'alone') {
    const row = dexRow(dex);
    const d = missile ? row.missile : row.hand;
    if (out) out.push({ source: `dexterity ${formatScore(dex)} (${missile ? 'missile' : 'hand'})`, delta: d, rule: 'R-A4' });
    return d;
  }
  const i = twoWeaponRow(dex, skill);
  if (i < 0) return null;
  const d = role === 'primary' ? DEX_ROWS[i].primary! : DEX_ROWS[i].secondary!;
  if (out) out.push({ source: `${twoWeaponLabel(dex, i)} (${role})`, delta: d, rule: 'R-A4' });
  return d;
}

export function isMissile(w: WeaponItem): boolean {
  return w.kind === 'launcher';
}

/**
 * The attack bonus of `f` swinging `w` in `role` (seed 3380eb42 example tables; R-A4), and its
 * ledger entries into `out` when given. Disarm attempts count only dexterity and weapon plusses
 * (seed 3380eb42, disarming).
 */
export function attackBonusInto(f: Figure, w: WeaponItem, role: Role, disarm: boolean, out: LedgerEntry[] | null): number {
  let t = 0;
  const natural = w.kind === 'natural';
  const missile = isMissile(w);
  if (!natural && !missile && !disarm) {
    const d = strengthRow(f.str).hit;
    t += d;
    if (out) out.push({ source: `strength ${formatScore(f.str)}`, delta: d, rule: 'adnd-phb-strength' });
  }
  if (!natural || f.dexGiven) {
    const d = dexToHitInto(f.dex, f.twoWeaponsSkill, role, missile, out);
    if (d === null) throw new CommandRejected('weapon', `${f.name} cannot fight with two weapons at dexterity ${formatScore(f.dex)} (R-A4)`);
    t += d;
  }
  if (!natural && f.cls !== null && !disarm) {
    const prof = (f.proficiencies[w.weapon ?? ''] ?? 0) > 0;
    const d = prof ? 0 : CLASSES[f.cls].nonProficiency;
    t += d;
    if (out) out.push(prof ? { source: `proficient with ${w.name}`, delta: 0, rule: 'R-A4' } : { source: `not proficient with ${w.name} (${f.cls})`, delta: d, rule: 'R-A4' });
  }
  if (!natural) {
    t += w.magicHit;
    if (out) out.push({ source: `weapon magic ${w.name}`, delta: w.magicHit, rule: 'adnd-phb' });
  }
  return t;
}

/** The attack bonus as a ledger (explain, the log). */
export function attackBonus(f: Figure, w: WeaponItem, role: Role, disarm = false): Ledger {
  const e: LedgerEntry[] = [];
  attackBonusInto(f, w, role, disarm, e);
  return ledger(e);
}

/**
 * Both hands hold one-handed hand weapons, so the figure fights with two (R-A4: the two-weapon
 * columns; note 3: AC worse by 1). A launcher beside a dagger is not two weapons: the sling never
 * swings beside it (offhandOf's test).
 */
export function twoInHand(f: Figure): boolean {
  if (f.hands.length < 2) return false;
  for (const h of f.hands) {
    const w = weaponById(f, h);
    if (w?.kind !== 'melee' || w.hands !== 1) return false;
  }
  return true;
}

/**
 * The role of a blow struck without its off hand (an extra attack, a hit to disarm): on the
 * two-weapon primary column while the figure holds two weapons (R-A4), else alone.
 */
export function singleBlowRole(f: Figure, w: WeaponItem): Role {
  return twoInHand(f) && w.kind === 'melee' ? 'primary' : 'alone';
}

/** The target's armour class against one attacker: armour, dexterity, two weapons, parry. */
export function armourClassInto(t: Figure, attackerId: string | null, out: LedgerEntry[] | null): number {
  let ac = t.ac;
  if (out) out.push({ source: `armour class ${t.ac}`, delta: t.ac, rule: 'adnd-phb' });
  if (!t.monster || t.dexGiven) {
    const adj = dexRow(t.dex).ac;
    if (adj !== 0) {
      ac -= adj;
      if (out) out.push({ source: `dexterity ${formatScore(t.dex)} AC adjustment`, delta: -adj, rule: 'R-A4' });
    }
  }
  if (twoInHand(t)) {
    ac += 1;
    if (out) out.push({ source: 'fighting with two weapons', delta: 1, rule: 'R-A4' });
  }
  if (t.parry !== null && attackerId !== null && t.parry.against === attackerId) {
    ac -= t.parry.ac;
    if (out) out.push({ source: 'parrying this attacker', delta: -t.parry.ac, rule: 'R-A8' });
  }
  return ac;
}

export function armourClass(t: Figure, attackerId: string | null): Ledger {
  const e: LedgerEntry[] = [];
  armourClassInto(t, attackerId, e);
  return ledger(e);
}

/** The d20 face needed: "to hit AC 0" minus the AC, with the six-20s band (R-A11). */
export function needInto(a: Figure, acTotal: number, vsAC0: boolean, out: LedgerEntry[] | null): number {
  const base = toHitAC0Value(a);
  const ac = vsAC0 ? 0 : acTotal;
  const need = needToHit(base, ac);
  if (out) {
    out.push(
      { source: `to hit AC 0, ${toHitAC0(a).label}`, delta: base, rule: 'R-A11' },
      { source: vsAC0 ? 'disarm: against AC 0' : `target armour class ${ac}`, delta: -ac, rule: vsAC0 ? '3380eb42' : 'R-A11' },
    );
    if (need !== base - ac) out.push({ source: 'six-20s band of the matrix', delta: need - (base - ac), rule: 'R-A11' });
  }
  return need;
}

export function needLedger(a: Figure, acTotal: number, vsAC0 = false): Ledger {
  const e: LedgerEntry[] = [];
  needInto(a, acTotal, vsAC0, e);
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

/** The figure's weapon with this id (a loop: no closure in the hot path). */
export function weaponById(f: Figure, id: string): WeaponItem | undefined {
  for (const w of f.weapons) if (w.id === id) return w;
  return undefined;
}

/**
 * The weapon that swings beside `w` (R-A4 two-weapon columns): the other weapon in hand, when
 * both are one-handed hand weapons; none otherwise.
 */
export function offhandOf(f: Figure, w: WeaponItem): WeaponItem | undefined {
  let ow: WeaponItem | undefined;
  for (const h of f.hands) if (h !== w.id && ow === undefined) ow = weaponById(f, h);
  return w.kind === 'melee' && w.hands === 1 && ow !== undefined && ow.kind === 'melee' && ow.hands === 1 ? ow : undefined;
}

/** Every way `f` could hold its melee weapons: each alone, each ordered pair of one-handers. */
export function wieldings(f: Figure): { primary: string; secondary: string | null }[] {
  const melee = f.weapons.filter((w) => (w.kind === 'melee' || w.kind === 'natural') && !w.dropped);
  const out: { primary: string; secondary: string | null }[] = melee.map((w) => ({ primary: w.id, secondary: null }));
  if (twoWeaponRowIndex(f) < 0) return out;
  for (const p of melee)
    for (const s of melee)
      if (p.id !== s.id && p.hands === 1 && s.hands === 1 && p.kind === 'melee' && s.kind === 'melee') out.push({ primary: p.id, secondary: s.id });
  return out;
}

/** The to-hit table of the seed's Frito/Rocky example for one wielding. */
export function wieldingTable(f: Figure, primary: string, secondary: string | null): { weapon: string; role: Role; bonus: Ledger }[] {
  const w1 = weaponById(f, primary)!;
  if (secondary === null) return [{ weapon: primary, role: 'alone', bonus: attackBonus(f, w1, 'alone') }];
  const w2 = weaponById(f, secondary)!;
  return [
    { weapon: primary, role: 'primary', bonus: attackBonus(f, w1, 'primary') },
    { weapon: secondary, role: 'secondary', bonus: attackBonus(f, w2, 'secondary') },
  ];
}

export function weaponRow(w: WeaponItem) {
  return w.weapon ? WEAPONS[w.weapon] : undefined;
}
