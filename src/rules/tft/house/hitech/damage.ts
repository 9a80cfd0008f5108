// HiTech armor and special ammunition (seed f04d4dae; RULINGS R-H8, R-H9, R-H12, R-H13).
import { InputError } from '../../../../core/errors.ts';
import type { LedgerEntry } from '../../../../core/ledger.ts';
import { dieThrough, hitThrough } from '../../odds.ts';

export interface HiTechHit {
  /** Damage dice faces as rolled. */
  faces: readonly number[];
  /** Damage adds (a broadsword's 2d has 0, a mace's 2d-1 has -1). Missiles: not a die, so no armor per die (dieThrough). */
  adds?: number;
  /** 'missile' (modern and low-tech missile weapons: armor per die) or 'melee' (armor once per attack). */
  mode: 'missile' | 'melee';
  /** Armor protection (per die against missiles, per attack in melee). */
  protection: number;
  /** Armor name for the ledger. */
  armorName?: string;
  /** Armor piercing (AP, HEAP): armor counts half, round up (R-H9). */
  ap?: boolean;
  /** Explosive (HE, HEAP): damage through armor is doubled (R-H9). */
  explosive?: boolean;
  /** Critical multiplier of this hit (3 on a roll of 3, 2 on a 4; R-H10: first hit of a burst only). */
  multiplier?: number;
  /** The figure is in the impact hex of a grenade or rocket: armor halved, round down (R-H12). */
  impactHex?: boolean;
  /**
   * A ready shield's hits stopped (tft-core shields). Against a missile: once per hit, after the
   * HiTech armor's per-die count, halved like all armor against AP and in the impact hex (the seed
   * is silent; project reading, shieldThrough). In melee: with the armor, once per attack.
   */
  shield?: number;
  /** Shield name for the ledger. */
  shieldName?: string;
}

export interface HiTechDamage {
  /** Damage the figure takes. */
  damage: number;
  /** Damage before armor (and before HE doubling): knockdown counts it under R-H13 (knockdownBasis). */
  beforeArmor: number;
  /** The protection that applied (per die for missiles). */
  protection: number;
  ledger: LedgerEntry[];
}

/** Armor protection after the impact-hex halving (R-H12) and AP (R-H9), with its ledger. */
export function effectiveProtection(p: number, ap: boolean, impactHex: boolean): { protection: number; notes: string[] } {
  let out = p;
  const notes: string[] = [];
  if (impactHex) {
    out = Math.floor(out / 2);
    notes.push(`halved in the impact hex (R-H12): ${out}`);
  }
  if (ap) {
    out = Math.ceil(out / 2);
    notes.push(`half against AP, round up (R-H9): ${out}`);
  }
  return { protection: out, notes };
}

/** effectiveProtection's number alone (no ledger notes: the engine's hot path). */
export function protectionAfter(p: number, ap: boolean, impactHex: boolean): number {
  const half = impactHex ? Math.floor(p / 2) : p;
  return ap ? Math.ceil(half / 2) : half;
}

/**
 * A missile hit through HiTech armor (per die, R-H8) meets a ready shield too: where the seed is
 * silent the core rule stands, armor and shield both stop hits (tft-core). The shield stops its
 * hits once per hit, after the armor's per-die count; "all forms of armor" are halved against AP
 * (R-H9, round up) and in the impact hex (R-H12, round down). `through` is the damage after the
 * per-die armor; the result never goes below 0. The engine (module.ts armorStops) and the odds
 * (odds.ts expectedHitDamage) both count a shield this way.
 */
export function shieldThrough(through: number, shieldStops: number, ap: boolean, impactHex: boolean): number {
  if (shieldStops <= 0) return through;
  return Math.max(0, through - protectionAfter(shieldStops, ap, impactHex));
}

/**
 * Damage of one hit against HiTech armor, as the core counts it before armor ((dice + adds) x
 * the multiplier, never below 0). Missiles: the protection comes off each die (dieThrough,
 * hitThrough; R-H8). Melee: the protection comes off the whole attack once. Explosive rounds
 * double what passes the armor (R-H9).
 */
export function hitechDamage(h: HiTechHit): HiTechDamage {
  const mult = h.multiplier ?? 1;
  const adds = h.adds ?? 0;
  if (!Number.isInteger(h.protection) || h.protection < 0) throw new InputError([{ path: 'protection', message: `must be a whole number >= 0, got ${h.protection}` }]);
  if (h.faces.length === 0) throw new InputError([{ path: 'faces', message: 'a hit needs at least one damage die' }]);
  const sum = h.faces.reduce((t, f) => t + f, 0);
  const base = Math.max(0, sum + adds);
  const beforeArmor = base * mult;
  const ledger: LedgerEntry[] = [{ source: `damage dice ${h.faces.join('+')}`, delta: sum, rule: 'tft-core' }];
  if (adds) ledger.push({ source: 'damage adds', delta: base - sum, rule: 'tft-core' });
  if (mult !== 1) ledger.push({ source: `critical x${mult}`, delta: beforeArmor - base, rule: h.mode === 'missile' ? 'R-H10' : 'tft-core' });
  const eff = effectiveProtection(h.protection, !!h.ap, !!h.impactHex);
  const p = eff.protection;
  const armor = h.armorName ?? 'armor';
  const shield = h.shield ?? 0;
  if (!Number.isInteger(shield) || shield < 0) throw new InputError([{ path: 'shield', message: `must be a whole number >= 0, got ${h.shield}` }]);
  const shieldName = h.shieldName ?? 'shield';
  let through: number;
  if (h.mode === 'missile') {
    const perDie = h.faces.map((f) => dieThrough(f, mult, p));
    through = hitThrough(perDie.reduce((t, x) => t + x, 0), adds, mult);
    if (p > 0 || through !== beforeArmor)
      ledger.push({
        source: `${armor} stops ${p} per die${eff.notes.length ? ` (${eff.notes.join('; ')})` : ''}: dice ${perDie.join('+')}${adds ? `, adds ${adds * mult}` : ''}`,
        delta: through - beforeArmor,
        rule: 'R-H8',
      });
    if (shield > 0) {
      const after = shieldThrough(through, shield, !!h.ap, !!h.impactHex);
      const s = effectiveProtection(shield, !!h.ap, !!h.impactHex);
      ledger.push({ source: `${shieldName} stops ${s.protection} once, after the per-die armor${s.notes.length ? ` (${s.notes.join('; ')})` : ''}`, delta: after - through, rule: 'tft-core shields' });
      through = after;
    }
  } else {
    through = Math.max(0, beforeArmor - p - shield);
    if (p > 0 || shield > 0 || through !== beforeArmor)
      ledger.push({ source: `${armor}${shield > 0 ? ` and ${shieldName} stop` : ' stops'} ${p + shield} of the attack${eff.notes.length ? ` (${eff.notes.join('; ')})` : ''}`, delta: through - beforeArmor, rule: 'R-H8' });
  }
  let damage = through;
  if (h.explosive && through > 0) {
    damage = through * 2;
    ledger.push({ source: `explosive: damage through armor doubled`, delta: through, rule: 'R-H9' });
  }
  return { damage, beforeArmor, protection: p, ledger };
}

/**
 * R-H13: the damage that decides the 5-hit and 8-hit effects. Knockback armor (flak, nylon)
 * spreads the blow but not the shock: the damage before armor counts, or the damage taken where
 * that is more (an HE round doubles what passes the armor, R-H9, and flak must not make a figure
 * harder to knock down than the damage it takes; project reading). Other armor: the damage taken.
 */
export function knockdownBasis(beforeArmor: number, taken: number, armorKnockback: boolean): number {
  return armorKnockback && beforeArmor > taken ? beforeArmor : taken;
}

export type HeSplashMode = 'unarmored' | 'armored' | 'off';

/**
 * R-H9: an HE round's splash on a figure in one of the 6 hexes around the target: 1 point per
 * die the weapon rolled; by default armor does not reduce it (option: armor stops its
 * protection once, or no splash).
 */
export function heSplashDamage(dice: number, mode: HeSplashMode, protection = 0): number {
  if (mode === 'off') return 0;
  if (mode === 'unarmored') return dice;
  return Math.max(0, dice - protection);
}
