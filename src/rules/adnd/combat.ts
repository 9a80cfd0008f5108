// One swing resolved: d20 against the matrix need with every modifier in a ledger (R-A11,
// R-A4), damage by target size, critical hits (R-A10), disarm and entangle (R-A9), saving
// throws, hit points and the figure states.
//
// Damage dice are the core notation (src/core/dice/notation.ts: "1d8", "2d4", AD&D ranges such
// as "2-7"), rolled with the core roller and, for odds, the core's exact distributions.
// A swing runs in one of two modes with the same dice in the same order: `detail` (ledgers and
// faces, for the log) or not (numbers only, for the lab: no strings, no allocation).
import { Dist } from '../../core/dice/exact.ts';
import { type DiceExpr, diceBounds, parseDiceCached } from '../../core/dice/notation.ts';
import { rollDice, rollTotal } from '../../core/dice/roll.ts';
import type { DiceSource } from '../../core/dice/source.ts';
import { type Ledger, type LedgerEntry, ledger } from '../../core/ledger.ts';
import type { Emit, FigureState } from '../../engine/types.ts';
import { ev } from './clock.ts';
import type { AdndEvent, AdndOptions, AdndState, Figure, WeaponItem } from './model.ts';
import { CLASSES, CRITICALS, SPELLS, WEAPONS, dexRow, formatScore, saveNeed, saveNeedValue, strengthRow } from './tables.ts';
import { type Role, armourClass, armourClassInto, attackBonus, attackBonusInto, hits, isMissile, needInto, needLedger, weaponById } from './tohit.ts';

/**
 * Figure states for AD&D (documented in docs/rules/adnd.md). deathAt 0 (default): hp > 0
 * healthy, otherwise dead. deathAt -10 (option): 0 unconscious, -1..-9 dying, -10 or less dead.
 */
export function figureState(f: Pick<Figure, 'hp'>, opts: Pick<AdndOptions, 'deathAt'>): FigureState {
  if (f.hp > 0) return 'healthy';
  if (opts.deathAt === 0 || f.hp <= -10) return 'dead';
  return f.hp === 0 ? 'unconscious' : 'dying';
}

export function canFight(f: Figure): boolean {
  return f.hp > 0;
}

/** Takes `amount` hp from `t`; `why` names the cause in the log (null when not logging). */
export function hurt(s: AdndState, t: Figure, amount: number, why: string | null, emit: Emit<AdndEvent>): void {
  const before = figureState(t, s.options);
  t.hp -= amount;
  const after = figureState(t, s.options);
  if (after !== before) {
    // Its parry ends with the segment (settle); the other blows of this segment still strike it (R-A1).
    if (!canFight(t)) t.extraAt = 0;
    if (emit) emit(ev(s, 'state', { figure: t.id, from: before, to: after, hp: t.hp, why }));
  }
}

/** Gives `t` back `amount` hp, never above its maximum; `why` names the cause in the log. */
export function heal(s: AdndState, t: Figure, amount: number, why: string, emit: Emit<AdndEvent>): void {
  const before = figureState(t, s.options);
  t.hp = Math.min(t.maxHp, t.hp + amount);
  const after = figureState(t, s.options);
  if (after !== before && emit) emit(ev(s, 'state', { figure: t.id, from: before, to: after, hp: t.hp, why }));
}

/**
 * Standing and neither surprised nor held during segment `now`, so it may strike (an extra
 * attack) or parry in it. Surprise and holds last through their last segment; the figure
 * declares at its end (R-A3: surprised 4 segments, a long sword first lands in 9).
 */
export function actsIn(f: Figure, now: number): boolean {
  return canFight(f) && now > f.surprised && now > f.heldUntil;
}

/** The damage dice text a weapon rolls against a target of `size` (S-M / L columns). */
export function damageDice(w: WeaponItem, size: Figure['size']): string {
  if (w.kind === 'launcher' && w.missile) {
    const m = WEAPONS[w.missile];
    return size === 'L' ? m.damage.l : m.damage.sm;
  }
  return size === 'L' ? w.damage.l : w.damage.sm;
}

/** What deals a hit's damage, for the ledger: a launcher's missile ("arrow", 3380eb42), else the weapon. */
export function damageName(w: WeaponItem): string {
  return w.kind === 'launcher' && w.missile ? WEAPONS[w.missile].name : w.name;
}

/** The parsed damage dice (core notation, cached: no parsing in the hot path). */
export function damageExpr(w: WeaponItem, size: Figure['size']): DiceExpr {
  return parseDiceCached(damageDice(w, size));
}

/**
 * The flat damage bonuses: strength (hand and thrown weapons, not launchers or natural
 * attacks) and the weapon's magic; entries into `out` when given.
 */
export function flatDamageInto(a: Figure, w: WeaponItem, out: LedgerEntry[] | null): number {
  let t = 0;
  if (w.kind !== 'natural' && !isMissile(w)) {
    const d = strengthRow(a.str).dmg;
    t += d;
    if (out) out.push({ source: `strength ${formatScore(a.str)} damage`, delta: d, rule: 'adnd-phb-strength' });
  }
  if (w.magicDmg !== 0) {
    t += w.magicDmg;
    if (out) out.push({ source: `weapon magic ${w.name} damage`, delta: w.magicDmg, rule: 'adnd-phb' });
  }
  return t;
}

/**
 * Maximum normal damage (critical base, R-A10): the most a normal hit does, i.e. the dice's
 * maximum plus the flat bonuses, but never less than a normal hit's least (1 with dice, else 0).
 */
export function maxDamageInto(a: Figure, w: WeaponItem, size: Figure['size'], out: LedgerEntry[] | null): number {
  const expr = damageExpr(w, size);
  const max = diceBounds(expr).max;
  if (out) out.push({ source: `maximum of ${damageName(w)} ${damageDice(w, size)}`, delta: max, rule: 'R-A10' });
  const sum = max + flatDamageInto(a, w, out);
  const dealt = clampHit(expr, sum);
  if (out && dealt !== sum) out.push({ source: leastText(expr), delta: dealt - sum, rule: 'adnd-phb' });
  return dealt;
}

export function maxDamage(a: Figure, w: WeaponItem, size: Figure['size']): Ledger {
  const e: LedgerEntry[] = [];
  maxDamageInto(a, w, size, e);
  return ledger(e);
}

/**
 * A hit does at least 1 point when the weapon rolls dice (adnd-phb), and never less than 0 (a
 * net's "0" with a strength penalty). The engine and the lab's odds (lab/odds.ts) floor alike.
 */
export function clampHit(expr: DiceExpr, total: number): number {
  const least = expr.dice.length > 0 ? 1 : 0;
  return Math.max(total, least);
}

/** The ledger line for clampHit's floor. */
function leastText(expr: DiceExpr): string {
  return expr.dice.length > 0 ? 'a hit does at least 1 point' : 'damage is never below 0';
}

/** The exact distribution of one normal (not critical) hit's damage: dice + flat, at least 1 (0 without dice). */
export function hitDamageDist(a: Figure, w: WeaponItem, size: Figure['size']): Dist {
  const expr = damageExpr(w, size);
  const flat = flatDamageInto(a, w, null);
  return Dist.of(expr).mapTotal((x) => clampHit(expr, x + flat));
}

// Exact mean of a hit's damage per (dice, flat bonus): computed once with Dist, then looked up.
const meanCache = new Map<DiceExpr, Map<number, number>>();

/** Expected damage of one normal hit (exact, from the core's distributions; cached). */
export function meanDamage(a: Figure, w: WeaponItem, size: Figure['size']): number {
  const expr = damageExpr(w, size);
  const flat = flatDamageInto(a, w, null);
  let byFlat = meanCache.get(expr);
  if (byFlat === undefined) {
    byFlat = new Map();
    meanCache.set(expr, byFlat);
  }
  let m = byFlat.get(flat);
  if (m === undefined) {
    m = Dist.of(expr).mapTotal((x) => clampHit(expr, x + flat)).mean();
    byFlat.set(flat, m);
  }
  return m;
}

/**
 * Whether a natural 20 that hits may be a critical (R-A10 switch, option `criticals`): the seed's
 * rule unless the scenario turns it off (plain 1e: a natural 20 just hits). The one test of the
 * switch: the engine's swing, explain's odds, the sheets and `fray odds --no-crits` ask it.
 */
export function criticalsOn(opts: { criticals?: AdndOptions['criticals'] }): boolean {
  return opts.criticals !== 'off';
}

/** The values of the switch, as a scenario's option and `fray odds` take them. */
export const CRITICAL_SWITCH = ['seed', 'off'] as const satisfies readonly AdndOptions['criticals'][];

/** How a figure's criticals read when the switch is off (explain, the lab's sheets, `fray odds`). */
export const CRITICALS_OFF = 'no critical hits: a natural 20 just hits (criticals: off, R-A10)';

/**
 * R-A5: a figure's chance in 100 of an extra attack a round: 5% x level for a fighter subclass,
 * and a true fighter's 5% (flat, or per level: option trueFighterBonus); 0 for any other figure.
 * With `out`, its ledger entries, each source starting with a word (it is printed after its
 * number: "25 level 5 × 5%"): the log's extra-attack roll and the lab's sheets.
 */
export function extraChanceInto(f: Figure, opts: Pick<AdndOptions, 'trueFighterBonus'>, out: LedgerEntry[] | null): number {
  if (f.cls === null || !CLASSES[f.cls].fighterSubclass) return 0;
  const perLevel = opts.trueFighterBonus === 'per-level';
  const tf = CLASSES[f.cls].trueFighter ? (perLevel ? 5 * f.level : 5) : 0;
  if (out) {
    out.push({ source: `level ${f.level} × 5%`, delta: 5 * f.level, rule: 'R-A5' });
    if (tf) out.push({ source: `true fighter${perLevel ? `, level ${f.level} × 5% (option)` : ''}`, delta: tf, rule: 'R-A5' });
  }
  return 5 * f.level + tf;
}

/** The critical table row for a third roll (R-A10), from options.criticalTable or the seed's table. */
export function criticalRow(roll: number, opts: Pick<AdndOptions, 'criticalTable'>): { multiplier: number; special: boolean; label: string } {
  const table = opts.criticalTable ?? CRITICALS;
  const r = table.find((row) => roll >= row.min && roll <= row.max);
  if (!r) return { multiplier: 1, special: false, label: 'no row in the critical table: maximum damage' };
  return { multiplier: r.multiplier, special: r.special ?? false, label: r.label ?? `x${r.multiplier} maximum damage` };
}

/** The multiplier alone (hot path: no object). */
export function criticalMultiplier(roll: number, opts: Pick<AdndOptions, 'criticalTable'>): number {
  const table = opts.criticalTable ?? CRITICALS;
  for (const row of table) if (roll >= row.min && roll <= row.max) return row.multiplier;
  return 1;
}

/** Average of dexterity and level (monsters: hit dice and dexterity, 11 when not given), R-A10. */
export function criticalThresholdValue(a: Figure): number {
  const dex = a.monster && !a.dexGiven ? 11 : a.dex.score;
  const lvl = a.monster ? Math.floor(a.hd) : a.level;
  return (dex + lvl) / 2;
}

export function criticalThreshold(a: Figure): { value: number; why: string; ledger: Ledger } {
  const dex = a.monster && !a.dexGiven ? 11 : a.dex.score;
  const lvl = a.monster ? Math.floor(a.hd) : a.level;
  return {
    value: criticalThresholdValue(a),
    why: a.monster ? `average of hit dice ${lvl} and dexterity ${dex}` : `average of dexterity ${dex} and level ${lvl}`,
    ledger: thresholdLedger(dex, a.monster ? 'hit dice' : 'level', lvl, a.monster && !a.dexGiven),
  };
}

/**
 * The critical threshold as a sum (R-A10): half the dexterity (its score: 18/50 counts 18) plus
 * half the level or hit dice, so an odd sum ends in .5 and confirms on no more faces than the
 * even sum below it ("6.5 half of dexterity 13 [R-A10] + 2 half of level 4 [R-A10] = 8.5").
 */
export function thresholdLedger(dex: number, levelWord: string, level: number, dexAssumed = false): Ledger {
  return ledger([
    { source: `half of dexterity ${dex}${dexAssumed ? ' (assumed: not given)' : ''}`, delta: dex / 2, rule: 'R-A10' },
    { source: `half of ${levelWord} ${level}`, delta: level / 2, rule: 'R-A10' },
  ]);
}

/** The confirmation d20's faces that make a critical (R-A10: d20 <= threshold), 0 to 20. */
export function confirmFaces(threshold: number): number {
  return Math.max(0, Math.min(20, Math.floor(threshold)));
}

export interface SaveResult {
  kind: string;
  roll: number;
  need: number;
  mods: Ledger;
  saved: boolean;
  label: string;
}

/**
 * The modifiers of the save against a hit to disarm (seed 3380eb42, disarming; R-A9): strength,
 * dexterity and the better of the to-hit or damage bonus of the weapon aimed at; entries into
 * `out` when given. The engine's swing and explain's odds both count it here.
 */
export function disarmSaveInto(t: Figure, held: WeaponItem | undefined, out: LedgerEntry[] | null): number {
  const str = strengthRow(t.str).hit;
  const dex = dexRow(t.dex).hand;
  const magic = held ? Math.max(held.magicHit, held.magicDmg) : 0;
  if (out) {
    out.push({ source: `strength ${formatScore(t.str)}`, delta: str, rule: '3380eb42' }, { source: `dexterity ${formatScore(t.dex)}`, delta: dex, rule: '3380eb42' });
    if (held) out.push({ source: `${held.name}: better of magic to-hit / damage`, delta: magic, rule: '3380eb42' });
  }
  return str + dex + magic;
}

/**
 * The modifier of the save against an entangling hit (seed 3380eb42, entangling: "dexterity bonus
 * applies"; R-A9): the target's dexterity defensive adjustment, none for a monster whose
 * dexterity is not given; entries into `out` when given. The engine's swing and explain's odds both count it here.
 */
export function entangleSaveInto(t: Figure, out: LedgerEntry[] | null): number {
  const adj = t.monster && !t.dexGiven ? 0 : dexRow(t.dex).ac;
  if (out) out.push({ source: `dexterity ${formatScore(t.dex)} (defensive adjustment)`, delta: adj, rule: '3380eb42' });
  return adj;
}

/** Whether a saving throw's d20 `roll` with modifiers `mod` makes `need` (no natural 1 or 20 on saves). */
export function savedBy(roll: number, mod: number, need: number): boolean {
  return roll + mod >= need;
}

/** A saving throw with its modifiers' ledger (the log). */
export function savingThrow(f: Figure, kind: string, mods: LedgerEntry[], dice: DiceSource): SaveResult {
  const need = saveNeed(f, kind);
  const roll = dice.face(20);
  const m = ledger(mods);
  return { kind, roll, need: need.value, mods: m, saved: savedBy(roll, m.total, need.value), label: need.label };
}

/** The same saving throw as a yes/no (the same d20), for the lab. */
export function saves(f: Figure, kind: string, modTotal: number, dice: DiceSource): boolean {
  return savedBy(dice.face(20), modTotal, saveNeedValue(f, kind));
}

/** The exact chance that `f` makes the saving throw: the d20's faces that save, counted (explain's odds). */
export function saveChance(f: Figure, kind: string, modTotal: number): number {
  const need = saveNeedValue(f, kind);
  let n = 0;
  for (let roll = 1; roll <= 20; roll++) if (savedBy(roll, modTotal, need)) n++;
  return n / 20;
}

export interface SwingCritical {
  confirm: number;
  threshold: number;
  why: string;
  third: number | null;
  parryMinus: number;
  multiplier: number;
  special: boolean;
  label: string;
}

export interface SwingResult {
  attacker: string;
  target: string;
  weapon: string;
  role: Role;
  mode: 'normal' | 'disarm';
  roll: number;
  /** Ledgers with `detail`; null in the lab's mode. */
  bonus: Ledger | null;
  ac: Ledger | null;
  need: Ledger | null;
  hit: boolean;
  natural: 'hit' | 'miss' | null;
  critical: SwingCritical | null;
  /** Damage ledger with `detail` (null on a miss or a disarm attempt). */
  damage: Ledger | null;
  /** Damage dealt (0 on a miss), in both modes. */
  dealt: number;
  drain: { kind: 'level' | 'strength'; amount: number } | null;
  save: SaveResult | null;
  disarmed: boolean;
  entangled: boolean;
}

const EMPTY: SwingResult = {
  attacker: '',
  target: '',
  weapon: '',
  role: 'alone',
  mode: 'normal',
  roll: 0,
  bonus: null,
  ac: null,
  need: null,
  hit: false,
  natural: null,
  critical: null,
  damage: null,
  dealt: 0,
  drain: null,
  save: null,
  disarmed: false,
  entangled: false,
};
// The lab's mode reuses one result: applySwing reads it before the next swing is resolved.
const scratch: SwingResult = { ...EMPTY };

/**
 * The weapon a hit to disarm with `w` aims at (R-A9, seed 3380eb42: "the opponent is holding/using
 * a weapon appropriate to that method of disarming"): `aim`, the attacker's choice, while `t`
 * holds it and one of `w`'s methods can disarm it; with no `aim`, the first such weapon in `t`'s
 * hands (primary first); none when there is no such weapon.
 */
export function disarmTarget(w: WeaponItem, t: Figure, aim?: string): { weapon: WeaponItem; method: string } | null {
  const row = w.weapon ? WEAPONS[w.weapon] : undefined;
  if (!row) return null;
  for (const h of t.hands) {
    if (aim !== undefined && h !== aim) continue;
    const held = weaponById(t, h);
    const trow = held?.weapon ? WEAPONS[held.weapon] : undefined;
    if (!held || !trow) continue;
    for (const m of row.disarms) if (trow.disarmedBy.includes(m)) return { weapon: held, method: m };
  }
  return null;
}

/**
 * Resolves one swing of `w` by `a` at `t` (the caller applies hp loss and status changes): a hit
 * to disarm `aimed` (R-A9: disarmTarget's weapon, whose magic the save counts), or with null a
 * blow for damage. With `detail` every number carries its ledger and the faces; without, only the
 * numbers, from the same dice in the same order (the same fight either way).
 */
export function swing(
  a: Figure,
  t: Figure,
  w: WeaponItem,
  role: Role,
  aimed: WeaponItem | null,
  opts: AdndOptions,
  dice: DiceSource,
  detail = true,
): SwingResult {
  const disarm = aimed !== null;
  const mode = disarm ? 'disarm' : 'normal';
  let res: SwingResult;
  let bonusTotal: number;
  let needTotal: number;
  if (detail) {
    const bonus = attackBonus(a, w, role, disarm);
    const ac = armourClass(t, a.id);
    const need = needLedger(a, ac.total, disarm);
    bonusTotal = bonus.total;
    needTotal = need.total;
    res = { ...EMPTY, bonus, ac, need };
  } else {
    bonusTotal = attackBonusInto(a, w, role, disarm, null);
    needTotal = needInto(a, armourClassInto(t, a.id, null), disarm, null);
    res = scratch;
    res.bonus = res.ac = res.need = res.damage = null;
    res.critical = null;
    res.drain = null;
    res.save = null;
    res.disarmed = res.entangled = false;
    res.dealt = 0;
  }
  res.attacker = a.id;
  res.target = t.id;
  res.weapon = w.id;
  res.role = role;
  res.mode = mode;
  const roll = dice.face(20);
  res.roll = roll;
  res.hit = hits(roll, bonusTotal, needTotal, opts.naturalRolls);
  res.natural = opts.naturalRolls && roll === 20 ? 'hit' : opts.naturalRolls && roll === 1 ? 'miss' : null;
  if (!res.hit) return res;
  if (disarm) {
    if (detail) {
      const mods: LedgerEntry[] = [];
      disarmSaveInto(t, aimed, mods);
      res.save = savingThrow(t, 'petrification', mods, dice);
      res.disarmed = !res.save.saved;
    } else res.disarmed = !saves(t, 'petrification', disarmSaveInto(t, aimed, null), dice);
    return res;
  }
  const size = t.size;
  const expr = damageExpr(w, size);
  let critical = false;
  if (roll === 20 && criticalsOn(opts)) {
    const th = criticalThresholdValue(a);
    const confirm = dice.face(20);
    if (confirm <= th) {
      critical = true;
      const raw = dice.face(20);
      const parryMinus = t.parry !== null && t.parry.against === a.id ? 3 : 0;
      const third = Math.max(1, raw - parryMinus);
      if (detail) {
        const row = criticalRow(third, opts);
        const entries: LedgerEntry[] = [];
        const max = maxDamageInto(a, w, size, entries);
        if (row.multiplier !== 1) entries.push({ source: `critical: ${row.label} (x${row.multiplier})`, delta: Math.round(max * (row.multiplier - 1)), rule: 'R-A10' });
        else entries.push({ source: `critical: ${row.label}`, delta: 0, rule: 'R-A10' });
        res.critical = { confirm, threshold: th, why: criticalThreshold(a).why, third: raw, parryMinus, multiplier: row.multiplier, special: row.special, label: row.label };
        res.damage = ledger(entries);
        res.dealt = res.damage.total;
      } else {
        const max = maxDamageInto(a, w, size, null);
        res.dealt = max + Math.round(max * (criticalMultiplier(third, opts) - 1));
      }
    } else if (detail) {
      res.critical = { confirm, threshold: th, why: criticalThreshold(a).why, third: null, parryMinus: 0, multiplier: 1, special: false, label: 'not confirmed: normal damage' };
    }
  }
  if (!critical) {
    if (detail) {
      const r = rollDice(expr, dice);
      const entries: LedgerEntry[] = [{ source: `${damageName(w)} ${damageDice(w, size)} rolled [${r.faces.join(', ')}]`, delta: r.total, rule: 'adnd-phb' }];
      const sum = r.total + flatDamageInto(a, w, entries);
      const dealt = clampHit(expr, sum);
      if (dealt !== sum) entries.push({ source: leastText(expr), delta: dealt - sum, rule: 'adnd-phb' });
      res.damage = ledger(entries);
      res.dealt = dealt;
    } else res.dealt = clampHit(expr, rollTotal(expr, dice) + flatDamageInto(a, w, null));
  }
  // Drains land once, whatever the critical multiplier (R-A10).
  if (w.drain) res.drain = detail ? { ...w.drain } : w.drain;
  const row = w.weapon ? WEAPONS[w.weapon] : undefined;
  if (row?.entangles) {
    if (detail) {
      const mods: LedgerEntry[] = [];
      entangleSaveInto(t, mods);
      res.save = savingThrow(t, 'petrification', mods, dice);
      res.entangled = !res.save.saved;
    } else res.entangled = !saves(t, 'petrification', entangleSaveInto(t, null), dice);
  }
  return res;
}

export function spellRow(id: string) {
  return SPELLS[id];
}
