// One swing resolved: d20 against the matrix need with every modifier in a ledger (R-A11,
// R-A4), damage by target size, critical hits (R-A10), disarm and entangle (R-A9), saving
// throws, hit points and the figure states.
import type { DiceSource } from '../../core/dice/source.ts';
import { type Ledger, type LedgerEntry, ledger } from '../../core/ledger.ts';
import type { FigureState } from '../../engine/types.ts';
import type { AdndOptions, Figure, WeaponItem } from './model.ts';
import { CRITICALS, SPELLS, WEAPONS, diceMax, dexRow, formatScore, rollDice, saveNeed, spec, strengthRow } from './tables.ts';
import { type Role, armourClass, attackBonus, hits, isMissile, needLedger } from './tohit.ts';

/**
 * Figure states for AD&D (documented in docs/rules/adnd.md). deathAt 0 (default): hp > 0
 * healthy, otherwise dead. deathAt -10 (option): 0 unconscious, -1..-9 dying, -10 or less dead.
 */
export function figureState(f: Figure, opts: Pick<AdndOptions, 'deathAt'>): FigureState {
  if (f.hp > 0) return 'healthy';
  if (opts.deathAt === 0 || f.hp <= -10) return 'dead';
  return f.hp === 0 ? 'unconscious' : 'dying';
}

export function canFight(f: Figure): boolean {
  return f.hp > 0;
}

/** The damage dice a weapon rolls against a target of `size` (S-M / L columns). */
export function damageDice(w: WeaponItem, size: Figure['size']): string {
  if (w.kind === 'launcher' && w.missile) {
    const m = WEAPONS[w.missile];
    return size === 'L' ? m.damage.l : m.damage.sm;
  }
  return size === 'L' ? w.damage.l : w.damage.sm;
}

/** Strength damage applies to hand weapons and thrown weapons, not to launchers or natural attacks. */
function strengthDamage(a: Figure, w: WeaponItem): LedgerEntry[] {
  if (w.kind === 'natural' || isMissile(w)) return [];
  return [{ source: `strength ${formatScore(a.str)} damage`, delta: strengthRow(a.str).dmg, rule: 'adnd-phb-strength' }];
}

function magicDamage(w: WeaponItem): LedgerEntry[] {
  return w.magicDmg !== 0 ? [{ source: `weapon magic ${w.name} damage`, delta: w.magicDmg, rule: 'adnd-phb' }] : [];
}

/** Maximum normal damage (critical base, R-A10): the dice's maximum plus the flat bonuses. */
export function maxDamage(a: Figure, w: WeaponItem, size: Figure['size']): Ledger {
  const dice = damageDice(w, size);
  return ledger([{ source: `maximum of ${w.name} ${dice}`, delta: diceMax(spec(dice)), rule: 'R-A10' }, ...strengthDamage(a, w), ...magicDamage(w)]);
}

export function meanDamage(a: Figure, w: WeaponItem, size: Figure['size']): number {
  const d = spec(damageDice(w, size));
  const flat = [...strengthDamage(a, w), ...magicDamage(w)].reduce((t, e) => t + e.delta, 0);
  return Math.max(d.n > 0 ? 1 : 0, (d.n * (d.sides + 1)) / 2 + d.plus + flat);
}

/** The critical table row for a third roll (R-A10), from options.criticalTable or the seed's table. */
export function criticalRow(roll: number, opts: Pick<AdndOptions, 'criticalTable'>): { multiplier: number; special: boolean; label: string } {
  const table = opts.criticalTable ?? CRITICALS;
  const r = table.find((row) => roll >= row.min && roll <= row.max);
  if (!r) return { multiplier: 1, special: false, label: 'no row in the critical table: maximum damage' };
  return { multiplier: r.multiplier, special: r.special ?? false, label: r.label ?? `x${r.multiplier} maximum damage` };
}

/** Average of dexterity and level (monsters: hit dice and dexterity, 11 when not given), R-A10. */
export function criticalThreshold(a: Figure): { value: number; why: string } {
  const dex = a.monster && !a.dexGiven ? 11 : a.dex.score;
  const lvl = a.monster ? Math.floor(a.hd) : a.level;
  return {
    value: (dex + lvl) / 2,
    why: a.monster ? `average of hit dice ${lvl} and dexterity ${dex}` : `average of dexterity ${dex} and level ${lvl}`,
  };
}

export interface SaveResult {
  kind: string;
  roll: number;
  need: number;
  mods: Ledger;
  saved: boolean;
  label: string;
}

export function savingThrow(f: Figure, kind: string, mods: LedgerEntry[], dice: DiceSource): SaveResult {
  const need = saveNeed(f, kind);
  const roll = dice.face(20);
  const m = ledger(mods);
  return { kind, roll, need: need.value, mods: m, saved: roll + m.total >= need.value, label: need.label };
}

export interface SwingResult {
  attacker: string;
  target: string;
  weapon: string;
  role: Role;
  mode: 'normal' | 'disarm';
  roll: number;
  bonus: Ledger;
  ac: Ledger;
  need: Ledger;
  hit: boolean;
  natural: 'hit' | 'miss' | null;
  critical: null | { confirm: number; threshold: number; why: string; third: number | null; parryMinus: number; multiplier: number; special: boolean; label: string };
  damage: Ledger | null;
  drain: { kind: string; amount: number } | null;
  save: SaveResult | null;
  disarmed: boolean;
  entangled: boolean;
}

/** Resolves one swing of `w` by `a` at `t` (the caller applies hp loss and status changes). */
export function swing(
  a: Figure,
  t: Figure,
  w: WeaponItem,
  role: Role,
  mode: 'normal' | 'disarm',
  opts: AdndOptions,
  dice: DiceSource,
): SwingResult {
  const disarm = mode === 'disarm';
  const bonus = attackBonus(a, w, role, disarm);
  const ac = armourClass(t, a.id);
  const need = needLedger(a, ac.total, disarm);
  const roll = dice.face(20);
  const hit = hits(roll, bonus.total, need.total, opts.naturalRolls);
  const natural = opts.naturalRolls && roll === 20 ? 'hit' : opts.naturalRolls && roll === 1 ? 'miss' : null;
  const res: SwingResult = {
    attacker: a.id,
    target: t.id,
    weapon: w.id,
    role,
    mode,
    roll,
    bonus,
    ac,
    need,
    hit,
    natural,
    critical: null,
    damage: null,
    drain: null,
    save: null,
    disarmed: false,
    entangled: false,
  };
  if (!hit) return res;
  if (disarm) {
    // The opponent saves vs petrification with strength, dexterity and the better of its
    // weapon's to-hit or damage bonus (seed 3380eb42, disarming; R-A9).
    const held = t.weapons.find((x) => x.id === t.hands[0]);
    const mods: LedgerEntry[] = [
      { source: `strength ${formatScore(t.str)}`, delta: strengthRow(t.str).hit, rule: '3380eb42' },
      { source: `dexterity ${formatScore(t.dex)}`, delta: dexRow(t.dex).hand, rule: '3380eb42' },
    ];
    if (held) mods.push({ source: `${held.name}: better of magic to-hit / damage`, delta: Math.max(held.magicHit, held.magicDmg), rule: '3380eb42' });
    res.save = savingThrow(t, 'petrification', mods, dice);
    res.disarmed = !res.save.saved;
    return res;
  }
  const size = t.size;
  const diceText = damageDice(w, size);
  const d = spec(diceText);
  if (roll === 20) {
    const th = criticalThreshold(a);
    const confirm = dice.face(20);
    if (confirm <= th.value) {
      const raw = dice.face(20);
      const parryMinus = t.parry && t.parry.against === a.id ? 3 : 0;
      const third = Math.max(1, raw - parryMinus);
      const row = criticalRow(third, opts);
      const max = maxDamage(a, w, size);
      const entries: LedgerEntry[] = [...max.entries];
      if (row.multiplier !== 1) entries.push({ source: `critical: ${row.label} (x${row.multiplier})`, delta: Math.round(max.total * (row.multiplier - 1)), rule: 'R-A10' });
      else entries.push({ source: `critical: ${row.label}`, delta: 0, rule: 'R-A10' });
      res.critical = { confirm, threshold: th.value, why: th.why, third: raw, parryMinus, multiplier: row.multiplier, special: row.special, label: row.label };
      res.damage = ledger(entries);
    } else {
      res.critical = { confirm, threshold: th.value, why: th.why, third: null, parryMinus: 0, multiplier: 1, special: false, label: 'not confirmed: normal damage' };
    }
  }
  if (!res.damage) {
    const r = rollDice(d, dice);
    const entries: LedgerEntry[] = [
      { source: `${w.name} ${diceText} rolled [${r.faces.join(', ')}]`, delta: r.total, rule: 'adnd-phb' },
      ...strengthDamage(a, w),
      ...magicDamage(w),
    ];
    const sum = entries.reduce((s, e) => s + e.delta, 0);
    if (d.n > 0 && sum < 1) entries.push({ source: 'a hit does at least 1 point', delta: 1 - sum, rule: 'adnd-phb' });
    res.damage = ledger(entries);
  }
  // Drains land once, whatever the critical multiplier (R-A10).
  if (w.drain) res.drain = { ...w.drain };
  const row = w.weapon ? WEAPONS[w.weapon] : undefined;
  if (row?.entangles) {
    const adj = t.monster && !t.dexGiven ? 0 : dexRow(t.dex).ac;
    res.save = savingThrow(t, 'petrification', [{ source: `dexterity ${formatScore(t.dex)} (defensive adjustment)`, delta: adj, rule: '3380eb42' }], dice);
    res.entangled = !res.save.saved;
  }
  return res;
}

/** Can `w` (attacker's) disarm the weapon `t` holds first? (R-A9 capability table) */
export function disarmMethod(w: WeaponItem, t: Figure): string | null {
  const row = w.weapon ? WEAPONS[w.weapon] : undefined;
  const held = t.weapons.find((x) => x.id === t.hands[0]);
  const trow = held?.weapon ? WEAPONS[held.weapon] : undefined;
  if (!row || !trow) return null;
  return row.disarms.find((m) => trow.disarmedBy.includes(m)) ?? null;
}

export function spellRow(id: string) {
  return SPELLS[id];
}
