// What a damage spell does by the caster's level (1e PHB numbers as spells.json has them, R-A7):
// how many missiles or dice castSpell rolls, and explain's exact expected damage of a cast with
// its ledger (the core's exact distributions, as for a weapon's mean damage), the save for half
// counted from the d20 faces that make it.
import { Dist } from '../../core/dice/exact.ts';
import { type Ledger, type LedgerEntry, ledger } from '../../core/ledger.ts';
import { figureState, saveChance } from './combat.ts';
import type { AdndState, Figure } from './model.ts';
import { type SpellRow, saveNeed } from './tables.ts';

type Effect = SpellRow['effect'];

/** The level a figure casts at: its class level (after drains), a monster's whole hit dice. */
export function casterLevel(f: Figure): number {
  return f.monster ? Math.floor(f.hd) : f.level;
}

/** Magic missile: one missile per `levelsPerMissile` levels, rounded up (1 at levels 1-2, 2 at 3-4, 3 at 5-6), at least 1. */
export function missileCount(level: number, e: Effect): number {
  return Math.max(1, Math.ceil(level / (e.levelsPerMissile ?? 2)));
}

/** Fireball, lightning bolt: a die per caster level (up to `maxDice` where the data gives one); none at level 0. */
export function spellDice(level: number, e: Effect): { n: number; sides: number } {
  return { n: Math.min(level, e.maxDice ?? level), sides: e.diePerLevel ?? 6 };
}

export interface SpellDamage {
  expectedDamage: number;
  /** The chance the figure struck saves (for half), where the spell allows a save. */
  saveChance?: number;
  damage: Ledger;
}

export interface SpellOdds extends SpellDamage {
  /**
   * A spell striking the target's whole side: every figure struck. No sum over them: a player's
   * view drops the hidden ones from this list (server views.ts), a total would still count them.
   */
  targets?: (SpellDamage & { id: string })[];
}

/** A mean or percentage in words: at most 2 decimals (3.5, 10.08, 20). */
const num = (x: number) => String(Number(x.toFixed(2)));

// Exact means per dice text (a missile's "1d4+1"; "5d6" whole and halved, rounded down): computed
// once with the core's distributions, then looked up (explain runs at every step of a fight).
const means = new Map<string, { full: number; half: number }>();
function meansOf(dice: string): { full: number; half: number } {
  let m = means.get(dice);
  if (m === undefined) {
    const d = Dist.of(dice);
    m = { full: d.mean(), half: d.mapTotal((x) => Math.floor(x / 2)).mean() };
    means.set(dice, m);
  }
  return m;
}

/** Expected damage of `sp` cast by `c` on `v`, one figure it strikes: the ledger's total; null for a spell that deals none. */
export function spellDamage(c: Figure, sp: SpellRow, v: Figure): SpellDamage | null {
  const e = sp.effect;
  const level = casterLevel(c);
  const out: LedgerEntry[] = [];
  if (e.kind === 'missiles') {
    const n = missileCount(level, e);
    const each = meansOf(e.damage!).full;
    for (let i = 1; i <= n; i++) {
      const why = i === 1 ? ` (caster level ${level}: ${n} missile${n === 1 ? '' : 's'}, 1 per ${e.levelsPerMissile ?? 2} levels rounded up)` : '';
      out.push({ source: `missile ${i}${why}: ${e.damage}, mean ${num(each)}`, delta: each, rule: 'adnd-phb' });
    }
    const l = ledger(out);
    return { expectedDamage: l.total, damage: l };
  }
  if (e.kind !== 'damage') return null;
  const { n, sides } = spellDice(level, e);
  if (n <= 0) {
    const l = ledger([{ source: `caster level ${level}: no dice, no damage`, delta: 0, rule: 'adnd-phb' }]);
    return { expectedDamage: 0, damage: l };
  }
  // castSpell rolls the dice once; each figure struck saves for half, rounded down.
  const { full, half } = meansOf(`${n}d${sides}`);
  out.push({ source: `mean of ${n}d${sides} (caster level ${level}: a d${sides} per level)`, delta: full, rule: 'adnd-phb' });
  if (e.save === undefined) {
    const l = ledger(out);
    return { expectedDamage: l.total, damage: l };
  }
  const p = saveChance(v, e.save, 0);
  const need = saveNeed(v, e.save);
  out.push({ source: `${need.label} ${need.value}: ${num(p * 100)}% to save for half (rounded down, mean ${num(half)})`, delta: -p * (full - half), rule: 'adnd-phb' });
  const l = ledger(out);
  return { expectedDamage: l.total, saveChance: p, damage: l };
}

/**
 * The odds of `c` casting `sp` at `t` (explain's cast option): expected damage on the target
 * with its ledger; a spell striking the target's whole side (Fray's no-map fireball) adds every
 * figure it would strike, each with its own save.
 */
export function spellOdds(s: AdndState, c: Figure, sp: SpellRow, t: Figure): SpellOdds | null {
  const own = spellDamage(c, sp, t);
  if (own === null) return null;
  if (sp.effect.area !== 'side') return own;
  // As castSpell: everyone on the target's side, never the dead.
  const targets = s.figures.filter((v) => v.side === t.side && figureState(v, s.options) !== 'dead').map((v) => ({ id: v.id, ...spellDamage(c, sp, v)! }));
  return { ...own, targets };
}
