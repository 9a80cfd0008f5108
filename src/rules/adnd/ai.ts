// The AD&D policy for figures without a script: sensible, deterministic, cheap.
// Declare: get free of a net, heal a badly hurt friend, throw the best offensive spell, ready a
// weapon when empty-handed, else strike the enemy where the expected damage is highest (ties:
// the weakest). React: parry a blow that could kill, when the parry improves AC and its own
// blow does not land in the same segment. Extra attack: strike the best target.
//
// The lab runs this for every decision of hundreds of thousands of fights: it works on totals
// only (tohit.ts/combat.ts with a null ledger sink), with loops instead of filter/sort, so a
// decision builds no ledger, no string and no temporary array. Its choices are the same ones
// explain's ledgers show (the same functions compute both).
import { type Ledger, type LedgerEntry, ledger } from '../../core/ledger.ts';
import { parryDelayInto } from './clock.ts';
import { canFight, maxDamageInto, meanDamage } from './combat.ts';
import type { AdndState, Command, Figure, WeaponItem } from './model.ts';
import { SPELLS, WEAPONS } from './tables.ts';
import { armourClassInto, attackBonusInto, hitChance, needInto, weaponById } from './tohit.ts';

/** Standing enemies of `f` (explain; the AI loops over s.figures instead). */
export function enemies(s: AdndState, f: Figure): Figure[] {
  return s.figures.filter((o) => o.side !== f.side && canFight(o));
}

function usable(w: WeaponItem | undefined): w is WeaponItem {
  return !!w?.ready && !w.dropped && (w.kind !== 'launcher' || w.ammo > 0);
}

/** The weapon an attack would use now: the primary in hand, a ready launcher, or a natural form. */
export function firstAttackWeapon(f: Figure): WeaponItem | undefined {
  for (const h of f.hands) {
    const w = weaponById(f, h);
    if (usable(w)) return w;
  }
  for (const w of f.weapons) if (w.kind === 'natural') return w;
  return undefined;
}

/** Every weapon an attack could use now (explain lists an option per weapon). */
export function attackWeapons(f: Figure): WeaponItem[] {
  const out: WeaponItem[] = [];
  for (const h of f.hands) {
    const w = weaponById(f, h);
    if (usable(w)) out.push(w);
  }
  for (const w of f.weapons) if (w.kind === 'natural') out.push(w);
  return out;
}

/** Expected damage of one swing of `w` at `t` (alone), for target choice. */
export function swingValue(a: Figure, t: Figure, w: WeaponItem, naturals: boolean): number {
  const bonus = attackBonusInto(a, w, 'alone', false, null);
  const need = needInto(a, armourClassInto(t, a.id, null), false, null);
  return hitChance(bonus, need, naturals) * meanDamage(a, w, t.size);
}

export function bestTarget(s: AdndState, f: Figure, w: WeaponItem | undefined): Figure | null {
  let best: Figure | null = null;
  let bestScore = -1;
  for (const t of s.figures) {
    if (t.side === f.side || !canFight(t)) continue;
    const v = w ? Math.min(swingValue(f, t, w, s.options.naturalRolls), t.hp) : 0;
    if (v > bestScore + 1e-9 || (Math.abs(v - bestScore) <= 1e-9 && best !== null && t.hp < best.hp)) {
      best = t;
      bestScore = v;
    }
  }
  return best;
}

/** The weapon `f` parries with (R-A8): a parrying weapon (main gauche) beside another, else the first melee weapon in hand. */
export function parryWeapon(f: Figure): WeaponItem | null {
  let first: WeaponItem | null = null;
  let parrying: WeaponItem | null = null;
  let held = 0;
  for (const h of f.hands) {
    const w = weaponById(f, h);
    if (w?.kind !== 'melee' || w.dropped) continue;
    held++;
    if (first === null) first = w;
    if (parrying === null && w.weapon !== null && WEAPONS[w.weapon].parryingWeapon) parrying = w;
  }
  return held === 2 && parrying !== null ? parrying : first;
}

/** A parrying weapon beside an attacking weapon parries without forgoing the attack (seed 3380eb42). */
export function parryKeepsAttack(f: Figure, w: WeaponItem): boolean {
  return f.hands.length === 2 && w.weapon !== null && WEAPONS[w.weapon].parryingWeapon && weaponById(f, f.hands[0] === w.id ? f.hands[1] : f.hands[0])?.kind === 'melee';
}

/**
 * The AC improvement of a parry with `w` (R-A8): proficiencies in it + its to-hit magic (+ a
 * parrying weapon's bonus, R-A9's capability table); each as a ledger entry into `out` when
 * given (the parry event, explain), the total alone for the AI.
 */
export function parryAcInto(f: Figure, w: WeaponItem, out: LedgerEntry[] | null): number {
  const prof = w.weapon ? (f.proficiencies[w.weapon] ?? 0) : 0;
  const bonus = w.weapon ? WEAPONS[w.weapon].parryBonus : 0;
  if (out) {
    out.push({ source: `${prof === 1 ? 'proficiency' : 'proficiencies'} in ${w.name}`, delta: prof, rule: 'R-A8' });
    out.push({ source: `${w.name} to-hit magic`, delta: w.magicHit, rule: 'R-A8' });
    if (bonus !== 0) out.push({ source: 'parrying weapon bonus', delta: bonus, rule: 'R-A9' });
  }
  return prof + w.magicHit + bonus;
}

export function parryAc(f: Figure, w: WeaponItem): number {
  return parryAcInto(f, w, null);
}

/**
 * The delay a parry puts on the next action (R-A8), `consecutive` counting it; none with a
 * parrying weapon beside an attacking one (3380eb42: the parrying-weapon exception).
 */
export function parryDelayLedger(keepsAttack: boolean, consecutive: number): Ledger {
  const e: LedgerEntry[] = [];
  if (keepsAttack) e.push({ source: 'parrying weapon beside an attacking weapon: no delay, not counted', delta: 0, rule: '3380eb42' });
  else parryDelayInto(consecutive, e);
  return ledger(e);
}

/** The parry `f` could make now, for explain: the weapon, the AC gained and the next action's delay, with their ledgers. */
export function parryWith(f: Figure): { weapon: WeaponItem; ac: Ledger; keepsAttack: boolean; delay: Ledger } | null {
  const w = parryWeapon(f);
  if (!w) return null;
  const e: LedgerEntry[] = [];
  parryAcInto(f, w, e);
  const keepsAttack = parryKeepsAttack(f, w);
  return { weapon: w, ac: ledger(e), keepsAttack, delay: parryDelayLedger(keepsAttack, f.parries + 1) };
}

function valuePerSegment(f: Figure, w: WeaponItem): number {
  return meanDamage(f, w, 'M') / Math.max(1, w.sf);
}

function bestMelee(f: Figure): WeaponItem | undefined {
  let best: WeaponItem | undefined;
  let v = -1;
  for (const w of f.weapons) {
    if (w.kind !== 'melee' || w.hands > 2) continue;
    const m = valuePerSegment(f, w);
    if (m > v) {
      v = m;
      best = w;
    }
  }
  return best;
}

function hasSpell(f: Figure, id: string): boolean {
  for (const x of f.spells) if (x.spell === id && x.left > 0) return true;
  return false;
}

const OFFENSIVE_ORDER = ['fireball', 'lightning-bolt', 'magic-missile', 'hold-person', 'slow'];

export function aiDeclare(s: AdndState, f: Figure): Command {
  if (f.entangled) return { type: 'struggle', figure: f.id };
  if (s.now >= f.spellLockUntil && f.spells.length > 0) {
    // The most hurt friend at half hit points or less; the enemy with the most hit points.
    let hurt: Figure | null = null;
    let strongest: Figure | null = null;
    for (const o of s.figures) {
      if (!canFight(o)) continue;
      if (o.side === f.side) {
        if (o.hp * 2 <= o.maxHp && (hurt === null || o.hp < hurt.hp)) hurt = o;
      } else if (strongest === null || o.hp > strongest.hp) strongest = o;
    }
    if (hurt && hasSpell(f, 'cure-light-wounds')) return { type: 'cast', figure: f.id, spell: 'cure-light-wounds', target: hurt.id };
    if (strongest) {
      for (const id of OFFENSIVE_ORDER) if (hasSpell(f, id)) return { type: 'cast', figure: f.id, spell: id, target: strongest.id };
      if (hasSpell(f, 'haste') && !(f.hastedUntil > 0 && s.now <= f.hastedUntil)) return { type: 'cast', figure: f.id, spell: 'haste', target: f.id };
    }
  }
  let weapon = firstAttackWeapon(f);
  if (weapon === undefined) {
    // R-A7: drawing or readying is refused during the pause after an offensive spell; with
    // nothing to attack with, the figure waits for the pause to end (then draws or readies).
    if (s.now < f.spellLockUntil) return { type: 'wait', figure: f.id, until: f.spellLockUntil };
    for (const w of f.weapons) if (w.kind === 'launcher' && w.ammo > 0 && !w.dropped) return { type: 'ready', figure: f.id, weapon: w.id };
    const m = bestMelee(f);
    if (m) return { type: 'draw', figure: f.id, weapons: [m.id] };
    return { type: 'wait', figure: f.id, until: s.now + 1 };
  }
  // Monsters choose their best natural form per segment; characters swing what they hold.
  if (f.hands.length === 0) {
    let v = -1;
    for (const w of f.weapons) {
      if (w.kind !== 'natural') continue;
      const m = valuePerSegment(f, w);
      if (m > v) {
        v = m;
        weapon = w;
      }
    }
  }
  const t = bestTarget(s, f, weapon);
  if (!t) return { type: 'wait', figure: f.id, until: s.now + 1 };
  return { type: 'attack', figure: f.id, target: t.id, weapon: weapon.id };
}

/** The weapon a landing attack strikes with (what the parrier fears). */
function strikingWeapon(a: Figure): WeaponItem | undefined {
  const d = a.declared;
  const w = weaponById(a, d !== null && d.kind === 'attack' ? d.weapon : (a.hands[0] ?? ''));
  if (w) return w;
  for (const x of a.weapons) if (x.kind === 'natural') return x;
  return undefined;
}

function extraLands(s: AdndState, f: Figure): boolean {
  for (const l of s.landing) if (l.extra && l.attacker === f.id) return true;
  return false;
}

export function aiReact(s: AdndState, f: Figure): Command {
  const p = parryWeapon(f);
  if (!p || parryAc(f, p) < 1) return { type: 'pass', figure: f.id };
  // Its own blow (declared, or its extra attack) lands in this segment too (they resolve
  // together, R-A1): a parry would give up that blow for a little AC (3380eb42: the parrier
  // only defends in that segment), and two such fighters would parry each other without end.
  if (!parryKeepsAttack(f, p) && ((f.declared?.kind === 'attack' && f.next === s.now) || extraLands(s, f))) return { type: 'pass', figure: f.id };
  let worstId: string | null = null;
  let worstMax = -1;
  for (const l of s.landing) {
    if (l.target !== f.id) continue;
    let a: Figure | undefined;
    for (const x of s.figures) if (x.id === l.attacker) a = x;
    const w = a ? strikingWeapon(a) : undefined;
    if (!a || !w) continue;
    const max = maxDamageInto(a, w, f.size, null);
    if (worstId === null || max > worstMax) {
      worstId = a.id;
      worstMax = max;
    }
  }
  if (worstId !== null && f.hp <= worstMax) return { type: 'parry', figure: f.id, against: worstId };
  return { type: 'pass', figure: f.id };
}

export function aiExtra(s: AdndState, f: Figure): Command {
  const w = firstAttackWeapon(f);
  const t = bestTarget(s, f, w);
  return t && w ? { type: 'attack', figure: f.id, target: t.id } : { type: 'pass', figure: f.id };
}

export function spellKnown(id: string): boolean {
  return id in SPELLS;
}
